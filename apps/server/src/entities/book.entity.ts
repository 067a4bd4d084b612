import { defineEntity, p } from '@mikro-orm/core';
import type { Author } from '../domain/people.js';
import type { StoryArc } from '../indexer/formats/types.js';
import { addedStringList, createdAt, metadataSources, updatedAt, uuidPrimaryKey } from './columns.js';
import { Library } from './library.entity.js';
import { Series } from './series.entity.js';

export const BOOK_FORMATS = ['cbz', 'cbr', 'cb7', 'cbt', 'pdf', 'epub'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];
export const VOLUME_KINDS = ['regular', 'hors_serie', 'integrale', 'one_shot', 'chapter'] as const;
export type VolumeKind = (typeof VOLUME_KINDS)[number];
export const LOCKABLE_BOOK_FIELDS = [
  'title',
  'authors',
  'summary',
  'isbn',
  'publish_date',
  'language',
  'volume',
  'volume_end',
  'chapter',
  'chapter_end',
  'kind',
  'count',
  'genres',
  'publishers',
  'tags',
  'age_rating',
  'imprint',
  'web_links',
  'story_arcs',
  'series_group',
  'characters',
  'teams',
  'locations',
  'comic_format',
  'black_and_white',
] as const;
export type LockableBookField = (typeof LOCKABLE_BOOK_FIELDS)[number];

export const BookSchema = defineEntity({
  name: 'Book',
  tableName: 'books',
  properties: {
    id: uuidPrimaryKey(),
    library: () => p.manyToOne(Library).deleteRule('cascade'),
    /** Null for files directly in the library root ("unclassified"). */
    series: () => p.manyToOne(Series).nullable().deleteRule('set null'),
    title: p.string().length(1024),
    /** Volume number; fractional volumes (12.5) exist. */
    volume: p.double().nullable(),
    /** Last volume of an omnibus file (T01-T05), else null. */
    volumeEnd: p.double().nullable(),
    volumeKind: p.enum(VOLUME_KINDS).default('regular'),
    /** First chapter the file holds (`c045` → 45, `v01 c001-008` → 1); fractional chapters (10.5) exist. */
    chapter: p.double().nullable(),
    /** Last chapter of a range (`c001-008` → 8), else null. */
    chapterEnd: p.double().nullable(),
    format: p.enum(BOOK_FORMATS),
    pageCount: p.integer().nullable(),
    /** Each person with their role (domain/people.ts). */
    authors: p.json<Author[]>().onCreate(() => []),
    summary: p.text().nullable(),
    /** ComicInfo `Count`: how many books the series has in all. */
    count: p.integer().nullable(),
    genres: addedStringList(),
    publishers: addedStringList(),
    imprint: p.string().length(200).nullable(),
    tags: addedStringList(),
    /** As the file wrote it ("Teen"); `ageRatingAge` is its minimum age (domain/age-ratings.ts), kept to filter on. */
    ageRating: p.string().length(100).nullable(),
    ageRatingAge: p.integer().nullable(),
    webLinks: addedStringList(),
    storyArcs: p
      .json<StoryArc[]>()
      .onCreate(() => [])
      .default('[]'),
    seriesGroup: p.string().length(200).nullable(),
    characters: addedStringList(),
    teams: addedStringList(),
    locations: addedStringList(),
    /** ComicInfo `Format` ("Trade Paperback"), not the container: that is `format`. */
    comicFormat: p.string().length(100).nullable(),
    blackAndWhite: p.boolean().nullable(),
    metadataSources: metadataSources<LockableBookField>(),
    isbn: p.string().length(17).nullable(),
    /** ISO 8601 calendar date (YYYY-MM-DD). */
    publishDate: p.string().length(10).nullable(),
    language: p.string().length(35).nullable(),
    lockedFields: p.json<LockableBookField[]>().onCreate(() => []),
    /** Folded series name, title and authors (domain/search-text.ts): what `q` matches. */
    searchText: p.text().default(''),
    /** Folded series name ('' when unclassified) — the first key of the default order. */
    sortSeries: p.string().length(1024).default(''),
    /** `volume`, or a large number so unnumbered books come last on both databases. */
    volumeSort: p.double().default(1e9),
    /** `chapter`, or a large number so books without one come after the chapters of their volume. */
    chapterSort: p.double().default(1e9),
    /** Folded title — the key of the title order. */
    sortTitle: p.string().length(1024).default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One index per order the API offers, so a page is read in index order instead of sorting every match.
  indexes: [
    { properties: ['library', 'series', 'volume'] },
    { properties: ['sortSeries', 'volumeSort', 'chapterSort', 'sortTitle', 'id'] },
    { properties: ['library', 'sortSeries', 'volumeSort', 'chapterSort', 'sortTitle', 'id'] },
    { properties: ['series', 'volumeSort', 'chapterSort', 'sortTitle', 'id'] },
    { properties: ['sortTitle', 'id'] },
    { properties: ['createdAt', 'id'] },
    // The single-valued filters and their facets (the list ones are in book_facets).
    { properties: ['language'] },
    { properties: ['comicFormat'] },
    { properties: ['ageRatingAge'] },
    { properties: ['publishDate'] },
    // A restricted reader's series views (repositories/library-access.ts): whether a series has a book rated above
    // their age, or any rated book at all, is one probe of this index per series.
    { properties: ['series', 'ageRatingAge'] },
  ],
});
export class Book extends BookSchema.class {}
BookSchema.setClass(Book);
