import { defineEntity, p } from '@mikro-orm/core';
import type { Author } from '../domain/people.js';
import { addedStringList, createdAt, metadataSources, stringList, updatedAt, uuidPrimaryKey } from './columns.js';
import { Library } from './library.entity.js';

export const LOCKABLE_SERIES_FIELDS = [
  'status',
  'authors',
  'description',
  'publishers',
  'start_year',
  'total_volumes',
  'genres',
  'language',
  'reading_direction',
  'imprint',
  'tags',
  'age_rating',
] as const;
export type LockableSeriesField = (typeof LOCKABLE_SERIES_FIELDS)[number];

export const SeriesSchema = defineEntity({
  name: 'Series',
  tableName: 'series',
  properties: {
    id: uuidPrimaryKey(),
    library: () => p.manyToOne(Library).deleteRule('cascade'),
    /** The name of the folder that holds the books; also the path element of the series endpoints. */
    name: p.string().length(1024),
    /** Folder of the series relative to the library root (POSIX). */
    folderPath: p.string().length(4096),
    /** Normalised status (ongoing, ended…) or the raw lowercased provider status when unmapped. */
    status: p.string().length(200).nullable(),
    /** The provider's status as received, lowercased, so a mapping change can re-normalise it. */
    rawStatus: p.string().length(200).nullable(),
    /** Each person with their role (domain/people.ts). */
    authors: p.json<Author[]>().onCreate(() => []),
    description: p.text().nullable(),
    /** The volume of the book whose summary is the description, when it was filled from its books. */
    descriptionFromVolume: p.double().nullable(),
    imprint: p.string().length(200).nullable(),
    tags: addedStringList(),
    ageRating: p.string().length(100).nullable(),
    ageRatingAge: p.integer().nullable(),
    metadataSources: metadataSources<LockableSeriesField>(),
    publishers: stringList(),
    startYear: p.integer().nullable(),
    totalVolumes: p.integer().nullable(),
    genres: stringList(),
    language: p.string().length(35).nullable(),
    /** domain/reading-direction.ts; null: the library's default applies. */
    readingDirection: p.string().length(16).nullable(),
    coverUrl: p.string().length(2048).nullable(),
    lockedFields: p.json<LockableSeriesField[]>().onCreate(() => []),
    /** Folded name (domain/search-text.ts): what `q` matches and the first key of the order. */
    sortName: p.string().length(1024).default(''),
    // Aggregates of the series' books, kept by SeriesRepository.refreshCounts after every write that can change
    // them, so lists and their filters never aggregate 100k books per request. What each reader read is in
    // series_reader_state.
    bookCount: p.integer().default(0),
    ownedCount: p.integer().default(0),
    missingCount: p.integer().default(0),
    /**
     * Loose chapters (books with a chapter and no volume): how many chapter numbers they cover (ranges expanded) and
     * the first and last, so a series made of chapters shows "Ch. 1–120" where volume counts say nothing.
     */
    chapterCount: p.integer().default(0),
    firstChapter: p.double().nullable(),
    lastChapter: p.double().nullable(),
    /**
     * The book whose thumbnail is the series' cover (SeriesRepository.refreshCounts): the chosen one while it is in the
     * series and has a cover, else the first book with a cover in volume order.
     */
    coverBookId: p.uuid().nullable(),
    /** domain/series-cover.ts: where the admin wants the cover from; the scan never changes it. */
    coverSource: p.string().length(16).default('first_book'),
    /** The book the admin chose (`coverSource` 'book'); no foreign key: a book that leaves only falls back. */
    coverChosenBookId: p.uuid().nullable(),
    /** File name of the uploaded cover under DATA_DIR/series-covers (`coverSource` 'upload'); random per upload. */
    coverImage: p.string().length(64).nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ properties: ['library', 'name'] }],
  // Each list order read straight from an index (GET /series `sort`): a page walks index entries, in
  // either direction, instead of sorting every series.
  indexes: [
    { properties: ['sortName', 'library', 'name'] },
    { properties: ['library', 'sortName', 'name'] },
    { properties: ['createdAt', 'sortName', 'library', 'name'] },
    { properties: ['updatedAt', 'sortName', 'library', 'name'] },
    { properties: ['startYear', 'sortName', 'library', 'name'] },
    // The single-valued filters and their facets (the list ones are in series_facets).
    { properties: ['language'] },
    { properties: ['ageRatingAge'] },
  ],
});
export class Series extends SeriesSchema.class {}
SeriesSchema.setClass(Series);
