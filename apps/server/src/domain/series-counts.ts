import type { VolumeKind } from '../entities/book.entity.js';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';

export interface SeriesBookFacts {
  volume: number | null;
  volumeEnd: number | null;
  volumeKind: VolumeKind;
  chapter: number | null;
  chapterEnd: number | null;
  readingStatus: ReadingStatus;
}

export interface SeriesCounts {
  bookCount: number;
  readCount: number;
  /** Books read or being read: a series with any is not `unread`. */
  startedCount: number;
  /** Volumes of the numbered run the library holds (see `ownedVolumes`). */
  ownedCount: number;
  missingCount: number;
  /** Chapter numbers the loose chapters (no volume) cover, and their first and last (see `looseChapters`). */
  chapterCount: number;
  firstChapter: number | null;
  lastChapter: number | null;
}

/** What a book's series aggregates are made of, besides reading progress. */
export interface CountedFacts {
  seriesId: string | null;
  volume: number | null;
  volumeEnd: number | null;
  chapter: number | null;
  chapterEnd: number | null;
  volumeKind: VolumeKind;
  sortTitle: string;
}

/**
 * Whether a changed book can change its series' aggregates: its series, its numbers or order, or whether it can be
 * the cover (its parse status changed, or a thumbnail found impossible that the re-analysis clears).
 */
export function countedFactsChanged(
  stored: CountedFacts,
  next: CountedFacts,
  cover: { parseStatusChanged: boolean; wasCoverless: boolean },
): boolean {
  const numbers = ['volume', 'volumeEnd', 'chapter', 'chapterEnd'] as const;
  return (
    next.seriesId !== stored.seriesId ||
    numbers.some((field) => next[field] !== stored[field]) ||
    next.volumeKind !== stored.volumeKind ||
    next.sortTitle !== stored.sortTitle ||
    cover.parseStatusChanged ||
    cover.wasCoverless
  );
}

/** Guards against a mistyped range such as T1-T9999 expanding into thousands of volumes. */
const MAX_RANGE = 500;

/**
 * The volumes of the main run the books cover: regular volumes, omnibus ranges expanded (T01-T05 owns 1 to 5) and
 * intégrales. Hors-séries, chapters and fractional specials (12.5) are not volumes of the run, so they neither fill
 * nor hide a gap. A regular book with no number still counts as one volume held (a one-shot, an unnamed file).
 */
export function ownedVolumes(books: readonly SeriesBookFacts[]): number {
  const numbers = new Set<number>();
  let unnumbered = 0;
  for (const book of books) {
    if (book.volumeKind !== 'regular' && book.volumeKind !== 'integrale' && book.volumeKind !== 'one_shot') continue;
    if (book.volume === null) {
      // A chapter is not a volume, whatever its kind says.
      if (book.volumeKind !== 'integrale' && book.chapter === null) unnumbered++;
      continue;
    }
    if (!Number.isInteger(book.volume)) continue;
    const end = book.volumeEnd !== null && Number.isInteger(book.volumeEnd) ? book.volumeEnd : book.volume;
    for (let n = book.volume; n <= Math.min(end, book.volume + MAX_RANGE); n++) numbers.add(n);
  }
  return numbers.size + unnumbered;
}

/**
 * The chapters held outside any volume (a manga's or web comic's loose chapters): how many chapter numbers they
 * cover (`c001-008` covers 8; a fractional 10.5 counts as one of its own) and the first and last. Chapters inside a
 * volume (`v01 c001-008`) are part of that volume and counted with it.
 */
export function looseChapters(
  books: readonly SeriesBookFacts[],
): Pick<SeriesCounts, 'chapterCount' | 'firstChapter' | 'lastChapter'> {
  const numbers = new Set<number>();
  let first: number | null = null;
  let last: number | null = null;
  for (const book of books) {
    if (book.volume !== null || book.chapter === null) continue;
    const end = book.chapterEnd !== null && book.chapterEnd >= book.chapter ? book.chapterEnd : book.chapter;
    numbers.add(book.chapter);
    if (Number.isInteger(book.chapter) && Number.isInteger(end))
      for (let n = book.chapter; n <= Math.min(end, book.chapter + MAX_RANGE); n++) numbers.add(n);
    else numbers.add(end);
    first = first === null ? book.chapter : Math.min(first, book.chapter);
    last = last === null ? end : Math.max(last, end);
  }
  return { chapterCount: numbers.size, firstChapter: first, lastChapter: last };
}

export function seriesCounts(books: readonly SeriesBookFacts[], expectedVolumes: number | null): SeriesCounts {
  const ownedCount = ownedVolumes(books);
  return {
    bookCount: books.length,
    readCount: books.filter((book) => book.readingStatus === 'read').length,
    startedCount: books.filter((book) => book.readingStatus !== 'unread').length,
    ownedCount,
    missingCount: expectedVolumes === null ? 0 : Math.max(0, expectedVolumes - ownedCount),
    ...looseChapters(books),
  };
}

/** SPEC §2: all books read → read; none read or started → unread; otherwise reading. */
export function seriesReadingStatus(
  counts: Pick<SeriesCounts, 'bookCount' | 'readCount' | 'startedCount'>,
): ReadingStatus {
  if (counts.bookCount > 0 && counts.readCount === counts.bookCount) return 'read';
  if (counts.startedCount === 0) return 'unread';
  return 'reading';
}

/**
 * The book on deck: in a series in progress (a book read, a book unread, none being read), the first unread book
 * after the furthest one read, in reading order; when nothing unread follows it (a reader who skipped ahead, or read
 * a hors-série first), the first unread book. `books` are in reading order (volume, chapter, hors-séries last). Null
 * for a series not started or read to the end, and while one of its books is being read: that book is what to
 * "continue reading", and a series shown in both rows would be named twice (Komga's rule too).
 */
export function onDeckBook<B extends { readingStatus: ReadingStatus }>(books: readonly B[]): B | null {
  if (books.some((book) => book.readingStatus === 'reading')) return null;
  let furthest = -1;
  books.forEach((book, i) => {
    if (book.readingStatus !== 'unread') furthest = i;
  });
  if (furthest < 0) return null;
  const unread = (book: B) => book.readingStatus === 'unread';
  return books.slice(furthest + 1).find(unread) ?? books.find(unread) ?? null;
}
