import type { AuthorRole } from './people.js';

/**
 * The metadata filters `GET /series` and `GET /books` share (and their facets): a list matches any of its values,
 * different filters must all match.
 */
export interface MetadataFilters {
  genre?: string[];
  publisher?: string[];
  tag?: string[];
  author?: string[];
  /** Applies to every `author` given; alone, any credit in one of these roles. */
  authorRole?: AuthorRole[];
  ageMax?: number;
  /** Whether items without an age rating are kept (`include` unless told). */
  unrated?: 'include' | 'exclude';
  language?: string[];
  yearFrom?: number;
  yearTo?: number;
  comicFormat?: string[];
  storyArc?: string[];
}

export const FACET_NAMES = [
  'genre',
  'publisher',
  'tag',
  'author',
  'author_role',
  'language',
  'comic_format',
  'story_arc',
  'age_max',
] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export interface FacetCount<V = string> {
  value: V;
  count: number;
}

export type Facets = Partial<Record<Exclude<FacetName, 'age_max'>, FacetCount[]>> & {
  age_max?: FacetCount<number | null>[];
};

/** At most this many values per facet, the most frequent (plus the values filtered on). */
export const FACET_VALUE_LIMIT = 200;
