import type { Author } from './people.js';

/** What a series takes from one of its books. */
export interface BookFactsForSeries {
  volume: number | null;
  chapter: number | null;
  summary: string | null;
  publishers: readonly string[];
  imprint: string | null;
  genres: readonly string[];
  tags: readonly string[];
  ageRating: string | null;
  ageRatingAge: number | null;
  language: string | null;
  /** YYYY-MM-DD */
  publishDate: string | null;
  authors: readonly Author[];
  /** ComicInfo `Count`. */
  count: number | null;
}

/** What the books say of their series; empty values where none says anything. */
export interface SeriesFromBooks {
  description: string | null;
  /** The volume of the book the description is taken from (null for an unnumbered one). */
  descriptionFromVolume: number | null;
  publishers: string[];
  imprint: string | null;
  genres: string[];
  tags: string[];
  ageRating: string | null;
  ageRatingAge: number | null;
  language: string | null;
  startYear: number | null;
  authors: Author[];
  totalVolumes: number | null;
}

/**
 * Values by how many books give them, most first, the first given first among equals; compared without case, the
 * first spelling kept.
 */
function byFrequency(lists: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, { value: string; count: number; first: number }>();
  let order = 0;
  for (const list of lists) {
    for (const key of new Set(list.map((value) => value.toLocaleLowerCase()))) {
      const value = list.find((item) => item.toLocaleLowerCase() === key)!;
      const seen = counts.get(key);
      if (seen) seen.count++;
      else counts.set(key, { value, count: 1, first: order++ });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).map(({ value }) => value);
}

/** Each value once, in the order the books (in reading order) first give it; compared without case. */
function union(lists: readonly (readonly string[])[]): string[] {
  const seen = new Map<string, string>();
  for (const list of lists)
    for (const value of list) if (!seen.has(value.toLocaleLowerCase())) seen.set(value.toLocaleLowerCase(), value);
  return [...seen.values()];
}

const single = (value: string | null): string[] => (value === null || value.trim() === '' ? [] : [value]);

/**
 * A series' metadata from its books, given in reading order (issue 31): the description of the first numbered book
 * with a summary (the first book with one when none is numbered), the publishers by how many books name them and
 * the most common imprint and language, the genres and tags of all, the highest age rating (a rating whose age is
 * unknown only when no book has a known one), the earliest book's year, each author with their role by how many
 * books credit them, and the series' count as its books say it (the largest, a later issue knowing more).
 */
export function seriesFromBooks(books: readonly BookFactsForSeries[]): SeriesFromBooks {
  const withSummary = books.filter((book) => book.summary !== null && book.summary.trim() !== '');
  const described = withSummary.find((book) => book.volume !== null || book.chapter !== null) ?? withSummary[0] ?? null;

  let rated: BookFactsForSeries | null = null;
  for (const book of books) {
    if (book.ageRating === null) continue;
    if (rated === null) rated = book;
    else if (book.ageRatingAge !== null && (rated.ageRatingAge === null || book.ageRatingAge > rated.ageRatingAge))
      rated = book;
  }

  const years = books.flatMap((book) => {
    const year = book.publishDate === null ? NaN : Number(book.publishDate.slice(0, 4));
    return Number.isInteger(year) && year >= 1000 ? [year] : [];
  });

  // Each credit as a key (role and folded name), counted like any value; the first spelling is the one shown.
  const authorsByKey = new Map<string, Author>();
  const authorKeys = books.map((book) =>
    book.authors.map((author) => {
      const key = `${author.role}\u0000${author.name.toLocaleLowerCase()}`;
      if (!authorsByKey.has(key)) authorsByKey.set(key, author);
      return key;
    }),
  );
  const counts = books.flatMap((book) => (book.count !== null && book.count > 0 ? [book.count] : []));

  return {
    description: described?.summary ?? null,
    descriptionFromVolume: described?.volume ?? null,
    publishers: byFrequency(books.map((book) => book.publishers)),
    imprint: byFrequency(books.map((book) => single(book.imprint)))[0] ?? null,
    genres: union(books.map((book) => book.genres)),
    tags: union(books.map((book) => book.tags)),
    ageRating: rated?.ageRating ?? null,
    ageRatingAge: rated?.ageRatingAge ?? null,
    language: byFrequency(books.map((book) => single(book.language)))[0] ?? null,
    startYear: years.length > 0 ? Math.min(...years) : null,
    authors: byFrequency(authorKeys).map((key) => authorsByKey.get(key)!),
    totalVolumes: counts.length > 0 ? Math.max(...counts) : null,
  };
}
