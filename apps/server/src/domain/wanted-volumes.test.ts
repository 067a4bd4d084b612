import { describe, expect, it } from 'vitest';
import { grabStatusAt, MAX_EXPECTED_VOLUMES, missingVolumes, wantedStatus } from './wanted-volumes.js';

const book = (volume: number | null, volumeEnd: number | null = null, volumeKind = 'regular') => ({
  volume,
  volumeEnd,
  volumeKind,
});

describe('missingVolumes', () => {
  it('misses 1..total_volumes that no book holds, omnibus ranges counted, hors-séries not', () => {
    const books = [book(1), book(3, 5, 'integrale'), book(2, null, 'hors_serie')];
    expect(missingVolumes(books, [], 7)).toEqual([
      { volume: 2, title: null },
      { volume: 6, title: null },
      { volume: 7, title: null },
    ]);
  });

  it("takes a linked provider's numbered volumes instead, with their titles; one matched to a book is held", () => {
    const provided = [
      { volumeNumber: 1, title: 'Un', hasBook: false },
      { volumeNumber: 2, title: null, hasBook: false },
      { volumeNumber: 2, title: 'Deux', hasBook: false },
      { volumeNumber: 4, title: 'Quatre', hasBook: true },
    ];
    expect(missingVolumes([book(1)], provided, 40)).toEqual([{ volume: 2, title: 'Deux' }]);
  });

  it('misses nothing without a total nor a link, and caps a mistyped total', () => {
    expect(missingVolumes([book(1)], [], null)).toEqual([]);
    expect(missingVolumes([], [], 99_999)).toHaveLength(MAX_EXPECTED_VOLUMES);
  });
});

describe('wanted status', () => {
  it('is grabbed or imported from the latest grab, missing after a failed or expired one', () => {
    expect(wantedStatus(null)).toBe('missing');
    expect(wantedStatus({ status: 'grabbed' })).toBe('grabbed');
    expect(wantedStatus({ status: 'imported' })).toBe('imported');
    expect(wantedStatus({ status: 'failed' })).toBe('missing');
    expect(wantedStatus({ status: 'expired' })).toBe('missing');
  });

  it('expires a grab still grabbed after the expiry', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    const hour = 3_600_000;
    expect(grabStatusAt({ status: 'grabbed', at }, at.getTime() + hour - 1, hour)).toBe('grabbed');
    expect(grabStatusAt({ status: 'grabbed', at }, at.getTime() + hour, hour)).toBe('expired');
    expect(grabStatusAt({ status: 'imported', at }, at.getTime() + 10 * hour, hour)).toBe('imported');
  });
});
