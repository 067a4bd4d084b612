import type { EntityManager } from '@mikro-orm/sql';
import type { LockableBookField } from '../entities/book.entity.js';
import type { BookFormat, StoryArc } from '../indexer/formats/index.js';
import { backfilledFields, type FileFields } from '../domain/metadata-backfill.js';
import type { MetadataSources } from '../domain/metadata-sources.js';
import { authorNames, type Author } from '../domain/people.js';
import { bookSearchText } from '../domain/search-text.js';
import { executeBatch } from './bound-statements.js';
import { lockRowsForEdit } from './row-locks.js';
import {
  chunks,
  placeholders,
  timestampParam,
  toJsonList,
  toJsonObject,
  toStringList,
  updateFromValues,
  type SqlColumnType,
  type SqlDialect,
  type ValuesColumn,
} from './sql-values.js';

/** A stored file the backfill reads, keyed on its path (the order it pages through the library in). */
export interface BackfillFile {
  bookId: string;
  path: string;
  format: BookFormat;
}

/** The file's fields by column, in the order the backfill writes them. */
const FIELD_COLUMNS: ReadonlyArray<{ field: keyof FileFields; name: string; type: SqlColumnType }> = [
  { field: 'authors', name: 'authors', type: 'jsonb' },
  { field: 'summary', name: 'summary', type: 'text' },
  { field: 'isbn', name: 'isbn', type: 'text' },
  { field: 'publishDate', name: 'publish_date', type: 'text' },
  { field: 'language', name: 'language', type: 'text' },
  { field: 'count', name: 'count', type: 'integer' },
  { field: 'genres', name: 'genres', type: 'jsonb' },
  { field: 'publishers', name: 'publishers', type: 'jsonb' },
  { field: 'imprint', name: 'imprint', type: 'text' },
  { field: 'tags', name: 'tags', type: 'jsonb' },
  { field: 'ageRating', name: 'age_rating', type: 'text' },
  { field: 'ageRatingAge', name: 'age_rating_age', type: 'integer' },
  { field: 'webLinks', name: 'web_links', type: 'jsonb' },
  { field: 'storyArcs', name: 'story_arcs', type: 'jsonb' },
  { field: 'seriesGroup', name: 'series_group', type: 'text' },
  { field: 'characters', name: 'characters', type: 'jsonb' },
  { field: 'teams', name: 'teams', type: 'jsonb' },
  { field: 'locations', name: 'locations', type: 'jsonb' },
  { field: 'comicFormat', name: 'comic_format', type: 'text' },
  { field: 'blackAndWhite', name: 'black_and_white', type: 'boolean' },
];

const WRITTEN_COLUMNS: ValuesColumn[] = [
  ...FIELD_COLUMNS.map(({ name, type }) => ({ name, type })),
  { name: 'metadata_sources', type: 'jsonb' },
  { name: 'search_text', type: 'text' },
  { name: 'updated_at', type: 'timestamptz' },
];

/** Books written per statement (23 values a row), as the scan writes its changed books. */
const ROWS_PER_STATEMENT = 100;

type List = string[] | string;

interface StoredRow {
  id: string;
  series_id: string | null;
  series_name: string | null;
  title: string;
  search_text: string;
  authors: Author[] | string;
  summary: string | null;
  isbn: string | null;
  publish_date: string | null;
  language: string | null;
  count: number | null;
  genres: List;
  publishers: List;
  imprint: string | null;
  tags: List;
  age_rating: string | null;
  age_rating_age: number | null;
  web_links: List;
  story_arcs: StoryArc[] | string;
  series_group: string | null;
  characters: List;
  teams: List;
  locations: List;
  comic_format: string | null;
  black_and_white: boolean | number | null;
  locked_fields: List;
  metadata_sources: MetadataSources<LockableBookField> | string;
}

const storedFields = (row: StoredRow): FileFields => ({
  authors: toJsonList(row.authors),
  summary: row.summary,
  isbn: row.isbn,
  publishDate: row.publish_date,
  language: row.language,
  count: row.count,
  genres: toStringList(row.genres),
  publishers: toStringList(row.publishers),
  imprint: row.imprint,
  tags: toStringList(row.tags),
  ageRating: row.age_rating,
  ageRatingAge: row.age_rating_age,
  webLinks: toStringList(row.web_links),
  storyArcs: toJsonList(row.story_arcs),
  seriesGroup: row.series_group,
  characters: toStringList(row.characters),
  teams: toStringList(row.teams),
  locations: toStringList(row.locations),
  comicFormat: row.comic_format,
  // SQLite stores booleans as 0 and 1.
  blackAndWhite: row.black_and_white === null ? null : Boolean(row.black_and_white),
});

/** The one-time metadata backfill's queries (services/metadata-backfill.service.ts). */
export class MetadataBackfillRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly dialect: SqlDialect,
  ) {}

  /** The libraries whose stored books still wait for the backfill. */
  async pendingLibraries(): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from libraries where metadata_backfill_pending = ? order by created_at, id`,
      [this.dialect === 'postgresql' ? true : 1],
    );
    return rows.map((row) => row.id);
  }

  async clearPending(libraryId: string): Promise<void> {
    await this.em.execute(
      'update libraries set metadata_backfill_pending = ? where id = ?',
      [this.dialect === 'postgresql' ? false : 0, libraryId],
      'run',
    );
  }

  /** The files the backfill reads: those indexing could read (an unreadable one has nothing to give). */
  async countReadableFiles(libraryId: string): Promise<number> {
    const [row] = await this.em.execute<{ n: number | string }[]>(
      `select count(*) as n from book_files where library_id = ? and parse_status <> 'error'`,
      [libraryId],
    );
    return Number(row?.n ?? 0);
  }

  /** The next `limit` readable files after `afterPath`, in path order (a page of a walk that new rows do not shift). */
  async readableFilesAfter(libraryId: string, afterPath: string, limit: number): Promise<BackfillFile[]> {
    const rows = await this.em.execute<{ book_id: string; path: string; format: BookFormat }[]>(
      `select f.book_id, f.path, b.format from book_files f join books b on b.id = f.book_id
        where f.library_id = ? and f.parse_status <> 'error' and f.path > ?
        order by f.path limit ?`,
      [libraryId, afterPath, limit],
    );
    return rows.map((row) => ({ bookId: row.book_id, path: row.path, format: row.format }));
  }

  /**
   * Fills what the files give these books (domain/metadata-backfill.ts), in one transaction on the rows locked and
   * read again inside it: an admin's edit or a provider's sync committed meanwhile is seen and kept. Answers how
   * many books changed and their series.
   */
  async fill(
    entries: readonly { bookId: string; fields: FileFields }[],
  ): Promise<{ filled: number; seriesIds: string[] }> {
    if (entries.length === 0) return { filled: 0, seriesIds: [] };
    const byBook = new Map(entries.map((entry) => [entry.bookId, entry.fields]));
    const seriesIds = new Set<string>();
    let filled = 0;
    await this.em.fork().transactional(async (em) => {
      const ids = [...byBook.keys()];
      await lockRowsForEdit(em, this.dialect, 'books', ids);
      const at = timestampParam(this.dialect, new Date());
      const updates: unknown[][] = [];
      for (const batch of chunks(ids)) {
        const rows = (await executeBatch<StoredRow[]>(
          em,
          this.dialect,
          `select b.id, b.series_id, s.name as series_name, b.title, b.search_text, b.locked_fields, b.metadata_sources,
                  ${FIELD_COLUMNS.map(({ name }) => `b.${name}`).join(', ')}
             from books b left join series s on s.id = b.series_id
            where b.id in (${placeholders(batch.length)})`,
          batch,
          'all',
        ))!;
        for (const row of rows) {
          const current = storedFields(row);
          const changes = backfilledFields(
            current,
            byBook.get(row.id)!,
            toStringList(row.locked_fields) as LockableBookField[],
            toJsonObject(row.metadata_sources) ?? {},
          );
          if (!changes) continue;
          const next: FileFields = { ...current, ...changes.values };
          updates.push([
            row.id,
            ...FIELD_COLUMNS.map(({ field, type }) =>
              type === 'jsonb'
                ? JSON.stringify(next[field])
                : type === 'boolean' && this.dialect === 'sqlite' && next[field] !== null
                  ? Number(next[field])
                  : next[field],
            ),
            JSON.stringify(changes.metadataSources),
            // Authors are searched by name: a book that had none may have some now (same names: same text).
            current.authors.length === 0 && next.authors.length > 0
              ? bookSearchText(row.series_name, row.title, authorNames(next.authors))
              : row.search_text,
            at,
          ]);
          filled++;
          if (row.series_id !== null) seriesIds.add(row.series_id);
        }
      }
      for (const rows of chunks(updates, ROWS_PER_STATEMENT)) {
        const { sql, params } = updateFromValues(this.dialect, 'books', WRITTEN_COLUMNS, rows);
        await executeBatch(em, this.dialect, sql, params, 'run');
      }
    });
    return { filled, seriesIds: [...seriesIds] };
  }
}
