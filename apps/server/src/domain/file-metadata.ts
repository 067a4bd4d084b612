import type { LockableBookField } from '../entities/book.entity.js';
import type { EmbeddedMetadata, StoryArc } from '../indexer/formats/types.js';
import { ageOfRating, isNoRating } from './age-ratings.js';
import { uniqueAuthors, type Author } from './people.js';

/** What a book's file says beyond its title and numbers, as the book stores it (issue 31). */
export interface FileMetadata {
  authors: Author[];
  summary: string | null;
  isbn: string | null;
  language: string | null;
  count: number | null;
  genres: string[];
  publishers: string[];
  imprint: string | null;
  tags: string[];
  ageRating: string | null;
  ageRatingAge: number | null;
  webLinks: string[];
  storyArcs: StoryArc[];
  seriesGroup: string | null;
  characters: string[];
  teams: string[];
  locations: string[];
  comicFormat: string | null;
  blackAndWhite: boolean | null;
}

/**
 * The fields a scan writes from the file, by the lock (and source) name that covers each: a locked field, or one a
 * provider or an admin wrote, keeps its stored value. `ageRatingAge` follows `ageRating`.
 */
export const FILE_METADATA_FIELDS: ReadonlyArray<readonly [keyof FileMetadata | 'publishDate', LockableBookField]> = [
  ['authors', 'authors'],
  ['summary', 'summary'],
  ['isbn', 'isbn'],
  ['publishDate', 'publish_date'],
  ['language', 'language'],
  ['count', 'count'],
  ['genres', 'genres'],
  ['publishers', 'publishers'],
  ['imprint', 'imprint'],
  ['tags', 'tags'],
  ['ageRating', 'age_rating'],
  ['ageRatingAge', 'age_rating'],
  ['webLinks', 'web_links'],
  ['storyArcs', 'story_arcs'],
  ['seriesGroup', 'series_group'],
  ['characters', 'characters'],
  ['teams', 'teams'],
  ['locations', 'locations'],
  ['comicFormat', 'comic_format'],
  ['blackAndWhite', 'black_and_white'],
];

/** A parser's metadata as stored: absent values null or empty, a rating that says "no rating" dropped. */
export function fileMetadata(metadata: EmbeddedMetadata): FileMetadata {
  const rating = metadata.ageRating?.trim();
  const ageRating = rating && !isNoRating(rating) ? rating : null;
  return {
    authors: uniqueAuthors(metadata.authors ?? []),
    summary: metadata.summary ?? null,
    isbn: metadata.isbn ?? null,
    language: metadata.language ?? null,
    count: metadata.count ?? null,
    genres: metadata.genres ?? [],
    publishers: metadata.publishers ?? [],
    imprint: metadata.imprint ?? null,
    tags: metadata.tags ?? [],
    ageRating,
    ageRatingAge: ageOfRating(ageRating),
    webLinks: metadata.webLinks ?? [],
    storyArcs: metadata.storyArcs ?? [],
    seriesGroup: metadata.seriesGroup ?? null,
    characters: metadata.characters ?? [],
    teams: metadata.teams ?? [],
    locations: metadata.locations ?? [],
    comicFormat: metadata.comicFormat ?? null,
    blackAndWhite: metadata.blackAndWhite ?? null,
  };
}
