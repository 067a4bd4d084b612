import type { EntityManager } from '@mikro-orm/sql';
import type { LockableSeriesField, Series } from '../entities/series.entity.js';
import { fileMayWrite, isEmptyValue, withSources, type MetadataSources } from '../domain/metadata-sources.js';
import type { Author } from '../domain/people.js';
import { seriesFromBooks, type SeriesFromBooks } from '../domain/series-from-books.js';
import { executeBatch } from './bound-statements.js';
import { lockRowsForEdit } from './row-locks.js';
import {
  chunks,
  placeholders,
  toJsonList,
  toJsonObject,
  toNullableNumber,
  toStringList,
  updateFromValues,
  type SqlDialect,
  type ValuesColumn,
} from './sql-values.js';

/**
 * The series fields its books fill, by lock (and source) name, with the entity properties each writes (the first is
 * the one whose emptiness counts).
 */
const FILLED: ReadonlyArray<readonly [LockableSeriesField, readonly (keyof SeriesFromBooks & keyof Series)[]]> = [
  ['description', ['description', 'descriptionFromVolume']],
  ['publishers', ['publishers']],
  ['imprint', ['imprint']],
  ['genres', ['genres']],
  ['tags', ['tags']],
  ['age_rating', ['ageRating', 'ageRatingAge']],
  ['language', ['language']],
  ['start_year', ['startYear']],
  ['authors', ['authors']],
  ['total_volumes', ['totalVolumes']],
];

/**
 * What a fill writes to a series row, every filled column at once (its stored value where that field did not
 * change): one statement per batch instead of one per series, which was most of a first scan's fill.
 */
const WRITTEN_COLUMNS: ReadonlyArray<ValuesColumn & { property: keyof SeriesFromBooks | 'metadataSources' }> = [
  { name: 'description', type: 'text', property: 'description' },
  { name: 'description_from_volume', type: 'double precision', property: 'descriptionFromVolume' },
  { name: 'publishers', type: 'jsonb', property: 'publishers' },
  { name: 'imprint', type: 'text', property: 'imprint' },
  { name: 'genres', type: 'jsonb', property: 'genres' },
  { name: 'tags', type: 'jsonb', property: 'tags' },
  { name: 'age_rating', type: 'text', property: 'ageRating' },
  { name: 'age_rating_age', type: 'integer', property: 'ageRatingAge' },
  { name: 'language', type: 'text', property: 'language' },
  { name: 'start_year', type: 'integer', property: 'startYear' },
  { name: 'authors', type: 'jsonb', property: 'authors' },
  { name: 'total_volumes', type: 'integer', property: 'totalVolumes' },
  { name: 'metadata_sources', type: 'jsonb', property: 'metadataSources' },
];

/** Series written per statement (14 values a row): statements of a size the databases plan quickly. */
const ROWS_PER_STATEMENT = 100;

type List = string[] | string;

interface SeriesRow {
  id: string;
  description: string | null;
  description_from_volume: number | string | null;
  publishers: List;
  imprint: string | null;
  genres: List;
  tags: List;
  age_rating: string | null;
  age_rating_age: number | null;
  language: string | null;
  start_year: number | null;
  authors: Author[] | string;
  total_volumes: number | null;
  locked_fields: List;
  metadata_sources: MetadataSources<LockableSeriesField> | string;
}

interface BookRow {
  series_id: string;
  volume: number | string | null;
  chapter: number | string | null;
  summary: string | null;
  publishers: List;
  imprint: string | null;
  genres: List;
  tags: List;
  age_rating: string | null;
  age_rating_age: number | null;
  language: string | null;
  publish_date: string | null;
  authors: Author[] | string;
  count: number | null;
}

const stored = (row: SeriesRow): SeriesFromBooks => ({
  description: row.description,
  descriptionFromVolume: toNullableNumber(row.description_from_volume),
  publishers: toStringList(row.publishers),
  imprint: row.imprint,
  genres: toStringList(row.genres),
  tags: toStringList(row.tags),
  ageRating: row.age_rating,
  ageRatingAge: row.age_rating_age,
  language: row.language,
  startYear: row.start_year,
  authors: toJsonList(row.authors),
  totalVolumes: row.total_volumes,
});

/**
 * What the books give a series, field by field: written where the field is not locked, not a provider's or an
 * admin's, and empty or already the books' (`file`, refreshed as the books change); each written field's source
 * becomes `file`. Answers the properties to write, or null when nothing changes.
 */
export function seriesFillChanges(
  current: SeriesFromBooks,
  locked: readonly LockableSeriesField[],
  sources: MetadataSources<LockableSeriesField>,
  fill: SeriesFromBooks,
): (Partial<SeriesFromBooks> & { metadataSources: MetadataSources<LockableSeriesField> }) | null {
  const values: Partial<SeriesFromBooks> = {};
  const written: [LockableSeriesField, unknown][] = [];
  for (const [field, properties] of FILLED) {
    if (!fileMayWrite(field, locked, sources)) continue;
    if (!isEmptyValue(current[properties[0]!]) && sources[field] !== 'file') continue;
    if (properties.every((property) => JSON.stringify(current[property]) === JSON.stringify(fill[property]))) continue;
    for (const property of properties) Object.assign(values, { [property]: fill[property] });
    written.push([field, fill[properties[0]!]]);
  }
  if (written.length === 0) return null;
  return { ...values, metadataSources: withSources(sources, 'file', written) };
}

/** Fills the series from their books (seriesFillChanges), each batch in a transaction on the series rows locked. */
export async function fillSeriesFromBooks(
  em: EntityManager,
  dialect: SqlDialect,
  seriesIds: readonly string[],
): Promise<void> {
  for (const batch of chunks([...seriesIds])) {
    await em.transactional(async (tx) => {
      // Locked until the batch commits: an admin's edit or a provider's sync in between would be overwritten.
      await lockRowsForEdit(tx, dialect, 'series', batch);
      const series = (await executeBatch<SeriesRow[]>(
        tx,
        dialect,
        `select id, description, description_from_volume, publishers, imprint, genres, tags, age_rating,
                age_rating_age, language, start_year, authors, total_volumes, locked_fields, metadata_sources
           from series where id in (${placeholders(batch.length)})`,
        batch,
        'all',
      ))!;
      const books = (await executeBatch<BookRow[]>(
        tx,
        dialect,
        `select series_id, volume, chapter, summary, publishers, imprint, genres, tags, age_rating, age_rating_age,
                language, publish_date, authors, count
           from books where series_id in (${placeholders(batch.length)})
          order by series_id, volume_sort, chapter_sort, sort_title, id`,
        batch,
        'all',
      ))!;
      const bySeries = new Map<string, BookRow[]>();
      for (const book of books) {
        const list = bySeries.get(book.series_id);
        if (list) list.push(book);
        else bySeries.set(book.series_id, [book]);
      }
      const updates: unknown[][] = [];
      for (const row of series) {
        const fill = seriesFromBooks(
          (bySeries.get(row.id) ?? []).map((book) => ({
            volume: toNullableNumber(book.volume),
            chapter: toNullableNumber(book.chapter),
            summary: book.summary,
            publishers: toStringList(book.publishers),
            imprint: book.imprint,
            genres: toStringList(book.genres),
            tags: toStringList(book.tags),
            ageRating: book.age_rating,
            ageRatingAge: book.age_rating_age,
            language: book.language,
            publishDate: book.publish_date,
            authors: toJsonList(book.authors),
            count: book.count,
          })),
        );
        const current = stored(row);
        const changes = seriesFillChanges(
          current,
          toStringList(row.locked_fields) as LockableSeriesField[],
          toJsonObject(row.metadata_sources) ?? {},
          fill,
        );
        if (!changes) continue;
        const next = { ...current, ...changes };
        updates.push([
          row.id,
          ...WRITTEN_COLUMNS.map(({ type, property }) =>
            type === 'jsonb' ? JSON.stringify(next[property]) : next[property],
          ),
        ]);
      }
      for (const rows of chunks(updates, ROWS_PER_STATEMENT)) {
        const { sql, params } = updateFromValues(dialect, 'series', WRITTEN_COLUMNS, rows);
        await executeBatch(tx, dialect, sql, params, 'run');
      }
    });
  }
}
