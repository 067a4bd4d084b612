import type { Release } from '@shelfmark/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { KEPT_CANDIDATES, rankCandidates } from './release-candidates.js';

const release = (title: string, extra: Partial<Release> = {}): Release => ({
  guid: title,
  title,
  sizeBytes: 80_000_000,
  indexer: 'Nyaa',
  protocol: 'torrent',
  seeders: 10,
  leechers: 0,
  publishDate: null,
  downloadUrl: null,
  infoUrl: null,
  categories: [7030],
  ...extra,
});

describe('rankCandidates', () => {
  it('keeps releases covering the volume, the exact one first, then packs, then other names', () => {
    const ranked = rankCandidates(
      [
        release('Blacksad T01-T06 Intégrale', { seeders: 500 }),
        release('Blacksad T03 (2000)', { seeders: 1 }),
        release('Blacksad T04 (2005)'),
        release('Other Story T03', { seeders: 900 }),
      ],
      'Blacksad',
      3,
      null,
    );
    expect(ranked.map((candidate) => [candidate.release.title, candidate.exact, candidate.rank])).toEqual([
      ['Blacksad T03 (2000)', true, 0],
      ['Blacksad T01-T06 Intégrale', false, 1],
      ['Other Story T03', false, 2],
    ]);
  });

  it('prefers the language asked for, then a plausible size, then seeders', () => {
    const ranked = rankCandidates(
      [
        release('Blacksad T03 ENGLISH', { seeders: 50 }),
        release('Blacksad T03 FRENCH', { seeders: 5, sizeBytes: 1_000 }),
        release('Blacksad T03 FRENCH CBZ', { seeders: 1 }),
      ],
      'Blacksad',
      3,
      'fr',
    );
    expect(ranked.map((candidate) => candidate.release.title)).toEqual([
      'Blacksad T03 FRENCH CBZ',
      'Blacksad T03 FRENCH',
      'Blacksad T03 ENGLISH',
    ]);
  });

  it(`keeps at most ${KEPT_CANDIDATES}`, () => {
    const many = Array.from({ length: 12 }, (_, i) => release(`Blacksad T03 v${i}`, { guid: String(i) }));
    expect(rankCandidates(many, 'Blacksad', 3, null)).toHaveLength(KEPT_CANDIDATES);
  });
});
