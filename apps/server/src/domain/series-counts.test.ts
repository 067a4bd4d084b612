import { describe, expect, it } from 'vitest';
import {
  countedFactsChanged,
  looseChapters,
  onDeckBook,
  ownedVolumes,
  seriesCounts,
  seriesReadingStatus,
  type CountedFacts,
  type SeriesBookFacts,
} from './series-counts.js';

const book = (volume: number | null, extra: Partial<SeriesBookFacts> = {}): SeriesBookFacts => ({
  volume,
  volumeEnd: null,
  volumeKind: 'regular',
  chapter: null,
  chapterEnd: null,
  readingStatus: 'unread',
  ...extra,
});

describe('ownedVolumes', () => {
  it('counts each volume once, whatever the number of files holding it', () => {
    expect(ownedVolumes([book(1), book(2), book(2)])).toBe(2);
  });

  it('expands omnibus ranges', () => {
    expect(ownedVolumes([book(1, { volumeEnd: 5 }), book(6)])).toBe(6);
    expect(ownedVolumes([book(1, { volumeEnd: 5 }), book(3)])).toBe(5);
  });

  it('leaves hors-séries, chapters and fractional specials out of the run', () => {
    expect(
      ownedVolumes([book(1), book(1, { volumeKind: 'hors_serie' }), book(12, { volumeKind: 'chapter' }), book(2.5)]),
    ).toBe(1);
  });

  it('counts an unnumbered regular book as one volume held', () => {
    expect(ownedVolumes([book(null), book(null, { volumeKind: 'one_shot' })])).toBe(2);
  });

  it('bounds a mistyped range', () => {
    expect(ownedVolumes([book(1, { volumeEnd: 1_000_000 })])).toBeLessThanOrEqual(501);
  });
});

describe('seriesCounts', () => {
  it('derives read, started and missing counts', () => {
    const counts = seriesCounts(
      [book(1, { readingStatus: 'read' }), book(2, { readingStatus: 'reading' }), book(4)],
      5,
    );
    expect(counts).toEqual({
      bookCount: 3,
      readCount: 1,
      startedCount: 2,
      ownedCount: 3,
      missingCount: 2,
      chapterCount: 0,
      firstChapter: null,
      lastChapter: null,
    });
  });

  it('has nothing missing when the expected count is unknown or already reached', () => {
    expect(seriesCounts([book(1)], null).missingCount).toBe(0);
    expect(seriesCounts([book(1), book(2)], 1).missingCount).toBe(0);
  });
});

describe('seriesReadingStatus', () => {
  it.each([
    [{ bookCount: 3, readCount: 3, startedCount: 3 }, 'read'],
    [{ bookCount: 3, readCount: 0, startedCount: 0 }, 'unread'],
    [{ bookCount: 3, readCount: 1, startedCount: 1 }, 'reading'],
    [{ bookCount: 3, readCount: 0, startedCount: 1 }, 'reading'],
    [{ bookCount: 0, readCount: 0, startedCount: 0 }, 'unread'],
  ] as const)('%o → %s', (counts, expected) => {
    expect(seriesReadingStatus(counts)).toBe(expected);
  });
});

describe('looseChapters', () => {
  const chapter = (start: number, end: number | null = null) =>
    book(null, { volumeKind: 'chapter', chapter: start, chapterEnd: end });

  it('counts the chapter numbers of books without a volume, ranges expanded, and gives the first and last', () => {
    expect(looseChapters([chapter(3), chapter(1, 2), chapter(10.5), chapter(2)])).toEqual({
      chapterCount: 4,
      firstChapter: 1,
      lastChapter: 10.5,
    });
  });

  it('leaves chapters bound in a volume to that volume, and is empty without loose chapters', () => {
    expect(looseChapters([book(1, { chapter: 1, chapterEnd: 8 })])).toEqual({
      chapterCount: 0,
      firstChapter: null,
      lastChapter: null,
    });
  });

  it('never counts a loose chapter as a volume held', () => {
    expect(ownedVolumes([chapter(1), book(null, { chapter: 2 }), book(1)])).toBe(1);
  });
});

describe('onDeckBook', () => {
  const run = (...statuses: SeriesBookFacts['readingStatus'][]) =>
    statuses.map((readingStatus, i) => book(i + 1, { readingStatus }));

  it('is the first unread book after the furthest one read', () => {
    expect(onDeckBook(run('read', 'read', 'unread', 'unread'))?.volume).toBe(3);
    expect(onDeckBook(run('read', 'unread', 'read', 'unread', 'unread'))?.volume).toBe(4);
  });

  it('falls back to the first unread book when nothing unread follows the furthest read', () => {
    expect(onDeckBook(run('read', 'unread', 'unread', 'read'))?.volume).toBe(2);
  });

  it('is null while a book of the series is being read (that book is the one to continue)', () => {
    expect(onDeckBook(run('read', 'reading', 'unread'))).toBeNull();
    expect(onDeckBook(run('reading', 'unread', 'unread'))).toBeNull();
  });

  it('is null for a series not started or read to the end', () => {
    expect(onDeckBook(run('unread', 'unread'))).toBeNull();
    expect(onDeckBook(run('read', 'read'))).toBeNull();
    expect(onDeckBook([])).toBeNull();
  });
});

describe('countedFactsChanged', () => {
  const stored: CountedFacts = {
    seriesId: 's1',
    volume: 3,
    volumeEnd: null,
    chapter: null,
    chapterEnd: null,
    volumeKind: 'regular',
    sortTitle: 'tome 3',
  };
  const quiet = { parseStatusChanged: false, wasCoverless: false };

  it("is false for a tagger's save: same series, numbers, kind and order", () => {
    expect(countedFactsChanged(stored, { ...stored }, quiet)).toBe(false);
  });

  it('is true when anything the aggregates read changes, or the book can become the cover', () => {
    const changes: Partial<CountedFacts>[] = [
      { seriesId: 's2' },
      { seriesId: null },
      { volume: 4 },
      { volumeEnd: 5 },
      { chapter: 12 },
      { chapterEnd: 14 },
      { volumeKind: 'one_shot' },
      { sortTitle: 'tome 03' },
    ];
    for (const change of changes) expect(countedFactsChanged(stored, { ...stored, ...change }, quiet)).toBe(true);
    expect(countedFactsChanged(stored, stored, { ...quiet, parseStatusChanged: true })).toBe(true);
    expect(countedFactsChanged(stored, stored, { ...quiet, wasCoverless: true })).toBe(true);
  });
});
