/** The book formats Shelfmark indexes. A file's real container decides which one applies (see sniff.ts). */
export type BookFormat = 'cbz' | 'cbr' | 'cb7' | 'cbt' | 'pdf' | 'epub';

import type { Author } from '../../domain/people.js';

/** A story arc the book is part of, with its place in the arc when the file gives one. */
export interface StoryArc {
  name: string;
  number: number | null;
}

/**
 * What a book's own file says about it. Every field is optional: absent means the file did not say. Lists hold each
 * value once (first spelling kept, compared without case), in the file's order.
 */
export interface EmbeddedMetadata {
  title?: string;
  /** Each person with their part: ComicInfo's role elements, OPF creators and contributors with their relator. */
  authors?: Author[];
  summary?: string;
  /** ComicInfo `Count`: how many books the series has in all. */
  count?: number;
  publishers?: string[];
  imprint?: string;
  genres?: string[];
  tags?: string[];
  /** The file's rating as written ("Teen", "Mature 17+"); its minimum age comes from domain/age-ratings.ts. */
  ageRating?: string;
  /** http(s) addresses only (ComicInfo `Web`, space- or comma-separated; OPF identifiers that are URLs). */
  webLinks?: string[];
  storyArcs?: StoryArc[];
  seriesGroup?: string;
  characters?: string[];
  teams?: string[];
  locations?: string[];
  /** ComicInfo `Format` ("Trade Paperback", "Webtoon"…), as written: not the file's container format. */
  comicFormat?: string;
  /** ComicInfo `BlackAndWhite` = `Yes`. */
  blackAndWhite?: boolean;
  /** Digits only (ISBN-10 may end in X), checksum verified. */
  isbn?: string;
  language?: string;
  /** YYYY-MM-DD, or YYYY-MM-01 / YYYY-01-01 when only the month or the year is known. */
  publishDate?: string;
  series?: string;
  /** ComicInfo `Number`: the book's own number (see domain/book-numbers.ts for what it becomes). */
  number?: number;
  /** ComicInfo `Volume` when it is a volume number. */
  volume?: number;
  /** ComicInfo `Volume` when it is a year: the start year of the run, as western comics are tagged. */
  runYear?: number;
  /** `rtl` when ComicInfo says `Manga` = `YesAndRightToLeft`: its series is read right to left. */
  readingDirection?: 'rtl';
}

export interface BookInspection {
  /** The format the file really is, which may differ from its extension (a `.cbr` that is a ZIP reports `cbz`). */
  format: BookFormat;
  /** Number of pages, or null when the book has no fixed pages (reflowable EPUB). */
  pageCount: number | null;
  metadata: EmbeddedMetadata;
  /**
   * What identifies the cover entry's bytes (ZIP-based books only: name, CRC-32 and size from the central directory,
   * no extra read). Absent for other containers, or when there is no cover entry.
   */
  coverFingerprint?: string;
}

export type PageMediaType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif';

export interface PageImage {
  data: Buffer;
  mediaType: PageMediaType;
  /** The size and type of the page as stored, when `data` was scaled or converted from it (reader processes). */
  original?: { width: number; height: number; mediaType: PageMediaType };
}

/** Decoded pixels, 8 bits per channel, row after row (a PDF page rendered for its thumbnail). */
export interface RawImage {
  data: Buffer;
  /** None: not an encoded image (lets code read `mediaType` of either kind). */
  mediaType?: never;
  raw: { width: number; height: number; channels: 3 };
}
