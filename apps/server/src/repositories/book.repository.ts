import type { FacetName, Facets, MetadataFilters } from '../domain/catalog-filters.js';
import { countFacets, metadataConditions, type Sql } from './metadata-filters.js';
import { metadataSearch } from './metadata-search.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { ParseStatus } from '../entities/book-file.entity.js';
import { Book, type BookFormat, type LockableBookField, type VolumeKind } from '../entities/book.entity.js';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';
import { bookSearchText, chapterSort, fold, likePattern, volumeSort } from '../domain/search-text.js';
import { visibleBookSql } from './library-access.js';
import { currentViewer } from '../services/viewer-context.js';
import type { ListCache } from './list-cache.js';
import { lockRowsForEdit } from './row-locks.js';
import type { MessageParams } from '../domain/job-messages.js';
import { withSources, type MetadataSources } from '../domain/metadata-sources.js';
import { authorNames, type Author } from '../domain/people.js';
import type { StoryArc } from '../indexer/formats/types.js';
import {
  placeholders,
  toDate,
  toJsonList,
  toJsonObject,
  toNullableNumber,
  toNumber,
  toStringList,
  type SqlDialect,
} from './sql-values.js';

export interface BookFilters extends MetadataFilters {
  q?: string;
  libraryId?: string;
  /** By name, in every library (REST `series`). */
  series?: string;
  seriesId?: string;
  readingStatus?: ReadingStatus;
  format?: BookFormat;
  parseStatus?: ParseStatus;
}

export type BookSort = 'series' | 'title' | 'recently_added' | 'recently_read';

export interface BookSummary {
  id: string;
  libraryId: string;
  seriesId: string | null;
  seriesName: string | null;
  title: string;
  volume: number | null;
  volumeEnd: number | null;
  chapter: number | null;
  chapterEnd: number | null;
  volumeKind: VolumeKind;
  format: BookFormat;
  sizeBytes: number;
  pageCount: number | null;
  parseStatus: ParseStatus;
  parseError: string | null;
  /** What `parseError` says as an item error code, as stored (the DTO checks it is one it knows), and its values. */
  parseErrorCode: string | null;
  parseErrorParams: MessageParams | null;
  authors: Author[];
  readingStatus: ReadingStatus;
  currentPage: number | null;
  lastReadAt: Date | null;
  /** False when the file has no usable cover or could not be read. */
  hasCover: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** What a catalog entry (OPDS) shows of a book beyond the list columns. */
export interface BookEntry extends BookSummary {
  summary: string | null;
  isbn: string | null;
  publishDate: string | null;
  language: string | null;
  /** What catalogs show of each entry beside its credits: publishers, and genres and tags as subjects. */
  publishers: string[];
  genres: string[];
  tags: string[];
}

/** What a book's file, a provider or an admin says of it beyond the catalog entry (issue 31). */
export interface BookMetadata {
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
  metadataSources: MetadataSources<LockableBookField>;
}

/** The columns of BookMetadata, read by `details`. */
const METADATA_COLUMNS = `b.count, b.genres, b.publishers, b.imprint, b.tags, b.age_rating, b.age_rating_age,
  b.web_links, b.story_arcs, b.series_group, b.characters, b.teams, b.locations, b.comic_format, b.black_and_white,
  b.metadata_sources`;

interface MetadataRow {
  count: number | null;
  genres: string[] | string;
  publishers: string[] | string;
  imprint: string | null;
  tags: string[] | string;
  age_rating: string | null;
  age_rating_age: number | null;
  web_links: string[] | string;
  story_arcs: StoryArc[] | string;
  series_group: string | null;
  characters: string[] | string;
  teams: string[] | string;
  locations: string[] | string;
  comic_format: string | null;
  black_and_white: boolean | number | null;
  metadata_sources: MetadataSources<LockableBookField> | string;
}

function metadata(row: MetadataRow): BookMetadata {
  return {
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
    metadataSources: toJsonObject(row.metadata_sources) ?? {},
  };
}

export interface BookDetails extends BookEntry, BookMetadata {
  lockedFields: LockableBookField[];
  /** The current reader's place in a reflowable book (an EPUB locator) and how far through it, 0 to 1. */
  readingPosition: string | null;
  readingPercentage: number | null;
  file: { path: string; mtime: Date } & Pick<
    BookSummary,
    'parseStatus' | 'parseError' | 'parseErrorCode' | 'parseErrorParams'
  >;
}

export type BookChanges = Partial<
  Pick<
    Book,
    | 'title'
    | 'authors'
    | 'summary'
    | 'isbn'
    | 'publishDate'
    | 'language'
    | 'lockedFields'
    | 'volume'
    | 'volumeEnd'
    | 'chapter'
    | 'chapterEnd'
    | 'volumeKind'
    | 'count'
    | 'genres'
    | 'publishers'
    | 'imprint'
    | 'tags'
    | 'ageRating'
    | 'ageRatingAge'
    | 'webLinks'
    | 'storyArcs'
    | 'seriesGroup'
    | 'characters'
    | 'teams'
    | 'locations'
    | 'comicFormat'
    | 'blackAndWhite'
    | 'metadataSources'
  >
>;

const ORDER: Record<BookSort, string> = {
  series: 'b.sort_series, b.volume_sort, b.chapter_sort, b.sort_title, b.id',
  title: 'b.sort_title, b.id',
  recently_added: 'b.created_at desc, b.id desc',
  // Only books the reader has a read time for are in this order (the join below): their (user, last read) index.
  recently_read: 'rp.last_read_at desc, rp.book_id desc',
};

interface SummaryRow {
  id: string;
  library_id: string;
  series_id: string | null;
  series_name: string | null;
  title: string;
  volume: number | string | null;
  volume_end: number | string | null;
  chapter: number | string | null;
  chapter_end: number | string | null;
  volume_kind: VolumeKind;
  format: BookFormat;
  size_bytes: number | string | null;
  page_count: number | null;
  authors: Author[] | string;
  reading_status: ReadingStatus | null;
  current_page: number | null;
  last_read_at: Date | number | string | null;
  thumbnail_path: string | null;
  parse_status: ParseStatus | null;
  parse_error: string | null;
  parse_error_code: string | null;
  parse_error_params: MessageParams | string | null;
  created_at: Date | number | string;
  updated_at: Date | number | string;
}

const SUMMARY_COLUMNS = `b.id, b.library_id, b.series_id, s.name as series_name, b.title, b.volume, b.volume_end,
  b.chapter, b.chapter_end, b.volume_kind, b.format, f.size_bytes, b.page_count, b.authors, rp.status as reading_status,
  rp.current_page, rp.last_read_at, f.thumbnail_path, f.parse_status, f.parse_error,
  f.parse_error_code, f.parse_error_params, b.created_at, b.updated_at`;
const ENTRY_COLUMNS = `${SUMMARY_COLUMNS}, b.summary, b.isbn, b.publish_date, b.language, b.publishers, b.genres, b.tags`;

interface EntryRow extends SummaryRow {
  summary: string | null;
  isbn: string | null;
  publish_date: string | null;
  language: string | null;
  publishers: string[] | string;
  genres: string[] | string;
  tags: string[] | string;
}
/** The current reader's progress joins on the first parameter (a null reader matches none: all unread). */
const SUMMARY_JOINS = `left join series s on s.id = b.series_id
  left join book_files f on f.book_id = b.id
  left join reading_progress rp on rp.book_id = b.id and rp.user_id = ?`;

function entry(row: EntryRow): BookEntry {
  return {
    ...summary(row),
    summary: row.summary,
    isbn: row.isbn,
    publishDate: row.publish_date,
    language: row.language,
    publishers: toStringList(row.publishers),
    genres: toStringList(row.genres),
    tags: toStringList(row.tags),
  };
}

function summary(row: SummaryRow): BookSummary {
  return {
    id: row.id,
    libraryId: row.library_id,
    seriesId: row.series_id,
    seriesName: row.series_name,
    title: row.title,
    volume: toNullableNumber(row.volume),
    volumeEnd: toNullableNumber(row.volume_end),
    chapter: toNullableNumber(row.chapter),
    chapterEnd: toNullableNumber(row.chapter_end),
    volumeKind: row.volume_kind,
    format: row.format,
    sizeBytes: toNullableNumber(row.size_bytes) ?? 0,
    pageCount: row.page_count,
    // A book whose file row is not written yet is still to be analysed.
    parseStatus: row.parse_status ?? 'pending',
    parseError: row.parse_error,
    parseErrorCode: row.parse_error_code,
    parseErrorParams: toJsonObject(row.parse_error_params),
    authors: toJsonList(row.authors),
    readingStatus: row.reading_status ?? 'unread',
    currentPage: row.current_page,
    lastReadAt: row.last_read_at === null ? null : toDate(row.last_read_at),
    // '' marks a file analysed without a cover (thumbnail.service NO_THUMBNAIL); null is "not made yet".
    hasCover: row.parse_status !== 'error' && row.thumbnail_path !== '',
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/**
 * ` and <the viewer's access condition>` on books `b`, or nothing: a book of another library, or one the reader's
 * restrictions keep from them, is not found.
 */
const andVisible = () => {
  const condition = visibleBookSql('b');
  return condition ? ` and ${condition.sql}` : '';
};
const visibleParams = () => visibleBookSql('b')?.params ?? [];

/** Books for the browsing API: paged lists, details and edits, each with the current reader's progress. */
export class BookRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ListCache,
    private readonly dialect: SqlDialect,
  ) {}

  page(
    filters: BookFilters,
    sort: BookSort,
    offset: number,
    limit: number,
  ): Promise<{ items: BookSummary[]; total: number }> {
    return this.pageOf('summary', filters, sort, offset, limit);
  }

  /** The same page as `page`, each book with what a catalog entry shows (summary, ISBN, language, date). */
  entries(
    filters: BookFilters,
    sort: BookSort,
    offset: number,
    limit: number,
  ): Promise<{ items: BookEntry[]; total: number }> {
    return this.pageOf('entry', filters, sort, offset, limit);
  }

  /** The count of each value of each facet asked for under the filters, over the viewer's libraries only. */
  async facets(filters: BookFilters, names: readonly FacetName[]): Promise<Facets> {
    const { userId } = currentViewer();
    const key = JSON.stringify(['book-facets', userId, filters, [...names].sort()]);
    const { items } = await this.cache.remember(key, async () => {
      const facets = await countFacets(this.em, this.cache, 'book', names, filters, async (except) => {
        const { joins, where } = await this.filterSql(filters, null, except);
        const visible = visibleBookSql('b') ? 1 : 0;
        return { joins, where, bare: joins.sql.trim() === '' && where.length === visible };
      });
      return { items: Object.entries(facets) };
    });
    return Object.fromEntries(items);
  }

  /**
   * The joins and conditions of the list filters, the viewer's libraries among them; `except` leaves out one
   * facet's own filter (it counts its alternatives). `sort` adds what its order needs.
   */
  private async filterSql(
    filters: BookFilters,
    sort: BookSort | null,
    except?: FacetName,
  ): Promise<{ joins: Sql; where: Sql[]; rank: Sql | null }> {
    const where: Sql[] = [];
    const { userId } = currentViewer();
    let needsProgress = sort === 'recently_read';
    let needsFile = false;
    const visible = visibleBookSql('b');
    if (visible) where.push(visible);
    if (filters.libraryId !== undefined) where.push({ sql: 'b.library_id = ?', params: [filters.libraryId] });
    if (filters.series !== undefined)
      where.push({ sql: 'b.series_id in (select id from series where name = ?)', params: [filters.series] });
    if (filters.seriesId !== undefined) where.push({ sql: 'b.series_id = ?', params: [filters.seriesId] });
    if (filters.format !== undefined) where.push({ sql: 'b.format = ?', params: [filters.format] });
    if (filters.parseStatus !== undefined) {
      needsFile = true;
      where.push({ sql: `coalesce(f.parse_status, 'pending') = ?`, params: [filters.parseStatus] });
    }
    let rank: Sql | null = null;
    if (filters.q !== undefined && fold(filters.q) !== '') {
      const name: Sql = { sql: `b.search_text like ? escape '\\'`, params: [likePattern(filters.q)] };
      const metadata = await metadataSearch(this.em, this.cache, 'book', filters.q);
      // Name (series, title, author) matches first, then those found only by their genres, tags, arcs, publishers.
      if (metadata) {
        where.push({ sql: `(${name.sql} or ${metadata.sql})`, params: [...name.params, ...metadata.params] });
        rank = { sql: `case when ${name.sql} then 0 else 1 end`, params: name.params };
      } else where.push(name);
    }
    if (filters.readingStatus !== undefined) {
      needsProgress = true;
      where.push(
        filters.readingStatus === 'unread'
          ? { sql: `(rp.status is null or rp.status = 'unread')`, params: [] }
          : { sql: 'rp.status = ?', params: [filters.readingStatus] },
      );
    }
    if (sort === 'recently_read') where.push({ sql: 'rp.last_read_at is not null', params: [] });
    where.push(...metadataConditions('book', filters, except));
    // The reader's own progress, one unique (user, book) lookup per book.
    const progressJoin = `join reading_progress rp on rp.book_id = b.id and rp.user_id = ?`;
    const joins = [
      sort === 'recently_read' ? progressJoin : needsProgress ? `left ${progressJoin}` : '',
      needsFile ? 'left join book_files f on f.book_id = b.id' : '',
    ].join(' ');
    return { joins: { sql: joins, params: needsProgress ? [userId] : [] }, where, rank };
  }

  private async pageOf<D extends 'summary' | 'entry'>(
    detail: D,
    filters: BookFilters,
    sort: BookSort,
    offset: number,
    limit: number,
  ): Promise<{ items: (D extends 'entry' ? BookEntry : BookSummary)[]; total: number }> {
    const { userId } = currentViewer();
    const { joins, where, rank } = await this.filterSql(filters, sort);
    const filterJoins = joins.sql;
    const whereSql = where.length === 0 ? '' : `where ${where.map((condition) => condition.sql).join(' and ')}`;
    const params = where.flatMap((condition) => condition.params);
    const queryParams = [...joins.params, ...params];
    // The items carry the reader's progress: one reader's page is never another's.
    const key = JSON.stringify(['books', detail, userId, filterJoins, whereSql, params, sort, rank, offset, limit]);
    const { total, items } = await this.cache.remember(key, async () => {
      const [countRow] = await this.em.execute<{ n: number | string }[]>(
        `select count(*) as n from books b ${filterJoins} ${whereSql}`,
        queryParams,
      );
      const count = toNumber(countRow?.n ?? 0);
      if (offset >= count) return { total: count, items: [] };
      // Only ids, read from the narrow sort index: a deep page walks index entries, never joined rows.
      const rows = await this.em.execute<{ id: string }[]>(
        `select b.id from books b ${filterJoins} ${whereSql} order by ${rank ? `${rank.sql}, ` : ''}${ORDER[sort]} limit ? offset ?`,
        [...queryParams, ...(rank?.params ?? []), limit, offset],
      );
      const ids = rows.map((row) => row.id);
      return { total: count, items: detail === 'entry' ? await this.entryRows(ids) : await this.summaries(ids) };
    });
    return { items: items as (D extends 'entry' ? BookEntry : BookSummary)[], total };
  }

  /** The catalog entries of these books, fresh, in the order given (ids of books that are gone are skipped). */
  async entryRows(ids: string[]): Promise<BookEntry[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.execute<EntryRow[]>(
      `select ${ENTRY_COLUMNS} from books b ${SUMMARY_JOINS} where b.id in (${placeholders(ids.length)})`,
      [currentViewer().userId, ...ids],
    );
    const byId = new Map(rows.map((row) => [row.id, entry(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The rows of these books, fresh, in the order given (ids of books that are gone are skipped). */
  async summaries(ids: string[]): Promise<BookSummary[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.execute<SummaryRow[]>(
      `select ${SUMMARY_COLUMNS} from books b ${SUMMARY_JOINS} where b.id in (${placeholders(ids.length)})`,
      [currentViewer().userId, ...ids],
    );
    const byId = new Map(rows.map((row) => [row.id, summary(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async details(id: string): Promise<BookDetails | null> {
    const [row] = await this.em.execute<
      (EntryRow &
        MetadataRow & {
          locked_fields: LockableBookField[] | string;
          path: string | null;
          mtime_ms: number | string | null;
          reading_position: string | null;
          reading_percentage: number | string | null;
        })[]
    >(
      `select ${ENTRY_COLUMNS}, ${METADATA_COLUMNS}, b.locked_fields, f.path, f.mtime_ms, rp.position as reading_position,
              rp.percentage as reading_percentage
         from books b ${SUMMARY_JOINS} where b.id = ?${andVisible()}`,
      [currentViewer().userId, id, ...visibleParams()],
    );
    if (!row) return null;
    const book = entry(row);
    return {
      ...book,
      ...metadata(row),
      lockedFields: toStringList(row.locked_fields) as LockableBookField[],
      readingPosition: row.reading_position,
      readingPercentage: toNullableNumber(row.reading_percentage),
      file: {
        path: row.path ?? '',
        mtime: new Date(toNullableNumber(row.mtime_ms) ?? 0),
        parseStatus: book.parseStatus,
        parseError: book.parseError,
        parseErrorCode: book.parseErrorCode,
        parseErrorParams: book.parseErrorParams,
      },
    };
  }

  /**
   * Applies an edit; the search text follows the title and authors. `written`: the fields the admin set, whose
   * source becomes `admin` (a scan no longer changes them).
   */
  async update(id: string, changes: BookChanges, written: readonly LockableBookField[] = []): Promise<boolean> {
    return this.em.transactional(async (em) => {
      // Locked until the edit commits (row-locks.ts): a scan or a sync writing this book meanwhile waits for it, and
      // the search and sort columns below follow what the row holds now, not what it held before their write.
      await lockRowsForEdit(em, this.dialect, 'books', [id]);
      const book = await em.findOne(Book, { id }, { refresh: true });
      if (!book) return false;
      await em.populate(book, ['series']);
      em.assign(book, {
        ...changes,
        metadataSources: withSources(
          book.metadataSources,
          'admin',
          written.map((field) => [field, true]),
        ),
      });
      em.assign(
        book,
        derivedColumns(
          book.series?.name ?? null,
          book.title,
          book.authors,
          toNullableNumber(book.volume),
          book.volumeKind,
          toNullableNumber(book.chapter),
        ),
      );
      await em.flush();
      return true;
    });
  }

  /**
   * Fills the derived search and sort columns of books stored before they existed (an upgrade); a no-op query
   * once every book has them, since a title is never empty.
   */
  async backfillDerivedColumns(): Promise<number> {
    let filled = 0;
    for (;;) {
      const rows = await this.em.execute<
        {
          id: string;
          title: string;
          authors: Author[] | string;
          volume: number | string | null;
          chapter: number | string | null;
          volume_kind: VolumeKind;
          series_name: string | null;
        }[]
      >(
        `select b.id, b.title, b.authors, b.volume, b.chapter, b.volume_kind, s.name as series_name
           from books b left join series s on s.id = b.series_id where b.sort_title = '' limit 500`,
      );
      if (rows.length === 0) return filled;
      await this.em.transactional(async (em) => {
        for (const row of rows) {
          await em.nativeUpdate(
            Book,
            { id: row.id },
            derivedColumns(
              row.series_name,
              row.title,
              toJsonList(row.authors),
              toNullableNumber(row.volume),
              row.volume_kind,
              toNullableNumber(row.chapter),
            ),
          );
        }
      });
      filled += rows.length;
    }
  }
}

/** The search and sort columns of a book, computed from what it shows. */
export function derivedColumns(
  seriesName: string | null,
  title: string,
  authors: readonly Author[],
  volume: number | null,
  volumeKind: VolumeKind,
  chapter: number | null,
): Pick<Book, 'searchText' | 'sortSeries' | 'volumeSort' | 'chapterSort' | 'sortTitle'> {
  return {
    searchText: bookSearchText(seriesName, title, authorNames(authors)),
    sortSeries: seriesName === null ? '' : fold(seriesName),
    volumeSort: volumeSort(volume, volumeKind),
    chapterSort: chapterSort(chapter),
    // Never '' (which marks a row still to backfill), even for a title of blanks.
    sortTitle: fold(title) || '_',
  };
}
