import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, stringList, updatedAt, uuidPrimaryKey } from './columns.js';
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
    authors: stringList(),
    summary: p.text().nullable(),
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
  ],
});
export class Book extends BookSchema.class {}
BookSchema.setClass(Book);
