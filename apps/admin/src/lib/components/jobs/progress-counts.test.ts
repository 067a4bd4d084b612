import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../../i18n/i18n-util.js';
import { loadAllLocales } from '../../../i18n/i18n-util.sync.js';
import { progressCounts } from './progress-counts.js';
import type { Job } from './types.js';

loadAllLocales();
const en = i18nObject('en');
const fr = i18nObject('fr');
const enNumber = (value: number) => new Intl.NumberFormat('en').format(value);
const frNumber = (value: number) => new Intl.NumberFormat('fr').format(value);
const progress = (extra: Partial<Job['progress']>): Job['progress'] => ({
  processed: 0,
  total: null,
  percent: null,
  current_item: null,
  stage: null,
  ...extra,
});

describe("a running job's counts line", () => {
  it("tells a scan's stage in words, in each language, since each stage counts from 0", () => {
    expect(progressCounts(en, progress({ stage: 'listing' }), enNumber)).toBe('Listing the folders…');
    expect(progressCounts(fr, progress({ stage: 'listing' }), frNumber)).toBe('Inventaire des dossiers…');
    const reading = progress({ stage: 'reading', processed: 1200, total: 3000 });
    expect(progressCounts(en, reading, enNumber)).toBe('Reading files: 1,200 of 3,000');
    expect(progressCounts(fr, reading, frNumber)).toBe('Lecture des fichiers : 1\u202f200 sur 3\u202f000');
    const readingWhileListing = progress({ stage: 'reading', processed: 1200, total: null });
    expect(progressCounts(en, readingWhileListing, enNumber)).toBe('Reading files: 1,200 (still listing the folders…)');
    expect(progressCounts(fr, readingWhileListing, frNumber)).toBe(
      'Lecture des fichiers : 1\u202f200 (inventaire des dossiers en cours…)',
    );
    const covers = progress({ stage: 'covers', processed: 5, total: 299 });
    expect(progressCounts(en, covers, enNumber)).toBe('Making covers: 5 of 299');
    expect(progressCounts(fr, covers, frNumber)).toBe('Création des couvertures : 5 sur 299');
  });

  it('names a stage with nothing to do', () => {
    expect(progressCounts(en, progress({ stage: 'covers', processed: 0, total: 0 }), enNumber)).toBe(
      'Making covers: 0 of 0',
    );
  });

  it('counts other jobs without a stage', () => {
    expect(progressCounts(en, progress({ processed: 3, total: 10 }), enNumber)).toBe('3 of 10');
    expect(progressCounts(en, progress({ processed: 3 }), enNumber)).toBe('3 processed');
    expect(progressCounts(fr, progress({}), frNumber)).toBe('Comptage…');
  });
});
