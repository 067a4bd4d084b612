import { normaliseTitle } from './matching.js';

/** One book of a ComicRack reading list, as the file names it. */
export interface CblEntry {
  series: string;
  /** The issue number as written: `1`, `12.5`, `1.MU`, `½`. */
  number: string | null;
  /** ComicRack's volume: the series' start year for US comics (`2015`), or a volume number. */
  volume: string | null;
  year: string | null;
}

export interface CblList {
  name: string;
  entries: CblEntry[];
}

/** A book the entry may name: what the catalog knows of it. */
export interface CblCandidate {
  bookId: string;
  seriesName: string;
  seriesStartYear: number | null;
  volume: number | null;
  chapter: number | null;
  /** From the book's publish date. */
  year: number | null;
}

export type CblMatchStatus = 'matched' | 'ambiguous' | 'missing';

export interface CblMatch {
  entry: CblEntry;
  status: CblMatchStatus;
  /** The book matched; null unless matched. */
  bookId: string | null;
  /** The books it could be, when ambiguous (the reader chooses one). */
  candidateIds: string[];
}

/** The key entries and series meet on: the matching domain's title normalisation (accent, case, article blind). */
export const cblSeriesKey = (name: string): string => normaliseTitle(name);

const asNumber = (text: string | null): number | null =>
  text !== null && /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : null;

/**
 * Matches each entry to a book among the candidates of its series (by normalised name): by number (a volume, or a
 * chapter for books numbered so), then, among several, by the series' start year (`Volume` of US comics) or volume
 * number, then by the book's year. One left: matched; several: ambiguous; none, or a number that is not a plain
 * number (`1.MU` names a variant no file name carries): missing.
 */
export function matchCblEntries(entries: readonly CblEntry[], candidates: readonly CblCandidate[]): CblMatch[] {
  // A list names a series many times and a series has many books: each name is normalised once.
  const keys = new Map<string, string>();
  const keyOf = (name: string) => {
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = cblSeriesKey(name)));
    return key;
  };
  const bySeries = new Map<string, CblCandidate[]>();
  for (const candidate of candidates) {
    const key = keyOf(candidate.seriesName);
    const books = bySeries.get(key);
    if (books) books.push(candidate);
    else bySeries.set(key, [candidate]);
  }
  return entries.map((entry) => {
    const number = asNumber(entry.number);
    let found = (bySeries.get(keyOf(entry.series)) ?? []).filter((book) =>
      number === null ? false : book.volume === number || (book.volume === null && book.chapter === number),
    );
    const volume = asNumber(entry.volume);
    const year = asNumber(entry.year);
    for (const narrow of [
      (book: CblCandidate) => volume !== null && (book.seriesStartYear === volume || book.volume === volume),
      (book: CblCandidate) => year !== null && book.year === year,
    ]) {
      if (found.length <= 1) break;
      const narrowed = found.filter(narrow);
      if (narrowed.length > 0) found = narrowed;
    }
    if (found.length === 1) return { entry, status: 'matched', bookId: found[0]!.bookId, candidateIds: [] };
    if (found.length > 1) return { entry, status: 'ambiguous', bookId: null, candidateIds: found.map((b) => b.bookId) };
    return { entry, status: 'missing', bookId: null, candidateIds: [] };
  });
}

/**
 * The list's books with newly matched entries' books placed where the file puts them: each after the book of the
 * nearest earlier entry that is in the list (first when none is), so the file's order holds around them and the
 * owner's own reordering of the rest is kept. A book already in the list stays where it is.
 */
export function placeMatched(
  listBookIds: readonly string[],
  entries: readonly { position: number; bookId: string | null }[],
  newlyMatched: ReadonlySet<number>,
): string[] {
  const list = [...listBookIds];
  const inList = new Set(list);
  const sorted = [...entries].sort((a, b) => a.position - b.position);
  sorted.forEach((entry, index) => {
    if (!newlyMatched.has(entry.position) || entry.bookId === null || inList.has(entry.bookId)) return;
    let at = 0;
    for (let earlier = index - 1; earlier >= 0; earlier--) {
      const before = sorted[earlier]!.bookId;
      if (before !== null && inList.has(before)) {
        at = list.indexOf(before) + 1;
        break;
      }
    }
    list.splice(at, 0, entry.bookId);
    inList.add(entry.bookId);
  });
  return list;
}
