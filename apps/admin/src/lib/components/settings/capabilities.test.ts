import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../../i18n/i18n-util.js';
import { loadAllLocales } from '../../../i18n/i18n-util.sync.js';
import { capabilityLabel } from './capabilities.js';

loadAllLocales();

describe('capability labels', () => {
  it('reads the capability names as words, in English and French', () => {
    const en = i18nObject('en');
    const fr = i18nObject('fr');
    expect(capabilityLabel('series.description', en)).toBe('Summary');
    expect(capabilityLabel('series.startYear', en)).toBe('Start year');
    expect(capabilityLabel('volumes.isbn', en)).toBe('Volumes: ISBN');
    expect(capabilityLabel('volumes', en)).toBe('Volumes');
    expect(capabilityLabel('series.description', fr)).toBe('Résumé');
    expect(capabilityLabel('volumes.publishDate', fr)).toBe('Tomes : Date de parution');
    expect(capabilityLabel('search', fr)).toBe('Recherche de sorties');
  });

  it('says an unknown one in plain words instead of its code', () => {
    const en = i18nObject('en');
    expect(capabilityLabel('series.seriesMood', en)).toBe('Series mood');
    expect(capabilityLabel('cover_art', en)).toBe('Cover art');
  });
});
