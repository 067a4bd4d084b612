import { fillSeriesFromBooks } from './series-fill.js';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { ReadingProgress, type ReadingStatus } from '../entities/reading-progress.entity.js';
import { Series } from '../entities/series.entity.js';
import { fold, likePattern } from '../domain/search-text.js';
import type { SeriesCounts } from '../domain/series-counts.js';
import type { FacetName, Facets, MetadataFilters } from '../domain/catalog-filters.js';
import { countFacets, metadataConditions, type Sql } from './metadata-filters.js';
import { metadataSearch } from './metadata-search.js';
import { currentViewer } from '../services/viewer-context.js';
import {
  restrictedMaySeeSeries,
  viewerMayMissBooksOfVisibleSeries,
  visibleBookSql,
  visibleLibraryFilter,
  visibleSeriesSql,
} from './library-access.js';
import type { ListCache } from './list-cache.js';
import { refreshCounts, refreshSeriesCounts } from './series-counts.js';
import { visibleSeriesAggregates } from './series-visible-counts.js';
import type { SeriesCoverSource } from '../domain/series-cover.js';
import { chunks, placeholders, toDate, toNullableNumber, toNumber, type SqlDialect } from './sql-values.js';

export { refreshCounts, refreshSeriesCounts } from './series-counts.js';

export interface SeriesFilters extends MetadataFilters {
  q?: string;
  libraryId?: string;
  readingStatus?: ReadingStatus;
  seriesStatus?: string;
  hasMissing?: boolean;
}

export interface SeriesSummary extends SeriesCounts {
  id: string;
  libraryId: string;
  name: string;
  status: string | null;
  totalVolumes: number | null;
  coverBookId: string | null;
  /** The uploaded cover's file name (it changes with every upload, so it also versions the cover's address). */
  coverImage: string | null;
  providerCoverUrl: string | null;
  description: string | null;
  updatedAt: Date;
  /** On the current viewer's own want-to-read shelf (per viewer, like the counts). */
  wantToRead: boolean;
}

export type SeriesChanges = Partial<
  Pick<
    Series,
    | 'status'
    | 'authors'
    | 'description'
    | 'publishers'
    | 'startYear'
    | 'totalVolumes'
    | 'genres'
    | 'language'
    | 'readingDirection'
    | 'imprint'
    | 'tags'
    | 'ageRating'
    | 'ageRatingAge'
    | 'metadataSources'
    | 'lockedFields'
  >
>;

interface SummaryRow {
  id: string;
  library_id: string;
  name: string;
  status: string | null;
  total_volumes: number | null;
  book_count: number | string;
  read_count: number | string;
  started_count: number | string;
  owned_count: number | string;
  missing_count: number | string;
  chapter_count: number | string;
  first_chapter: number | string | null;
  last_chapter: number | string | null;
  cover_book_id: string | null;
  cover_image: string | null;
  cover_url: string | null;
  description: string | null;
  updated_at: Date | number | string;
  /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
  want_to_read: boolean | number;
}

function summary(row: SummaryRow): SeriesSummary {
  return {
    id: row.id,
    libraryId: row.library_id,
    name: row.name,
    status: row.status,
    totalVolumes: row.total_volumes,
    bookCount: toNumber(row.book_count),
    readCount: toNumber(row.read_count),
    startedCount: toNumber(row.started_count),
    ownedCount: toNumber(row.owned_count),
    missingCount: toNumber(row.missing_count),
    chapterCount: toNumber(row.chapter_count),
    firstChapter: toNullableNumber(row.first_chapter),
    lastChapter: toNullableNumber(row.last_chapter),
    coverBookId: row.cover_book_id,
    coverImage: row.cover_image,
    providerCoverUrl: row.cover_url,
    description: row.description,
    updatedAt: toDate(row.updated_at),
    wantToRead: row.want_to_read === true || Number(row.want_to_read) === 1,
  };
}

/**
 * The reading-status filter on the reader's stored aggregates (SPEC §2's derivation, in SQL): one lookup of the
 * unique (user, series) index per series. A reader has a state row only for the series they started; a viewer
 * without a user has read nothing. A reader kept from some books of the series they see (`visibleBooks`, on `b`)
 * has the status of the books they see, read from their progress of them (below).
 */
function readingStatusFilter(status: ReadingStatus, userId: string | null, visibleBooks: Sql | null): Sql {
  if (userId === null) return status === 'unread' ? { sql: '1 = 1', params: [] } : { sql: '1 = 0', params: [] };
  if (visibleBooks) return visibleReadingStatusFilter(status, userId, visibleBooks);
  const state = 'select 1 from series_reader_state st where st.user_id = ? and st.series_id = s.id';
  const sql = {
    read: `s.book_count > 0 and exists (${state} and st.read_count = s.book_count)`,
    unread: `not exists (${state})`,
    reading: `exists (${state} and st.read_count < s.book_count)`,
  }[status];
  return { sql, params: [userId] };
}

/**
 * The same over the books the reader may see: read when they are some and all read, unread when none is started,
 * reading otherwise. A series none of whose books the reader started has no state row: its lookup comes first.
 */
function visibleReadingStatusFilter(status: ReadingStatus, userId: string, visibleBooks: Sql): Sql {
  const state = 'exists (select 1 from series_reader_state st where st.user_id = ? and st.series_id = s.id)';
  const books = `select 1 from books b where b.series_id = s.id and ${visibleBooks.sql}`;
  const progress = 'select 1 from reading_progress rp where rp.book_id = b.id and rp.user_id = ?';
  const started: Sql = {
    sql: `exists (${books} and exists (${progress} and rp.status <> 'unread'))`,
    params: [...visibleBooks.params, userId],
  };
  const unfinished: Sql = {
    sql: `exists (${books} and not exists (${progress} and rp.status = 'read'))`,
    params: [...visibleBooks.params, userId],
  };
  if (status === 'unread') return { sql: `(not ${state} or not ${started.sql})`, params: [userId, ...started.params] };
  if (status === 'read')
    return {
      sql: `${state} and exists (${books}) and not ${unfinished.sql}`,
      params: [userId, ...visibleBooks.params, ...unfinished.params],
    };
  return {
    sql: `${state} and ${started.sql} and ${unfinished.sql}`,
    params: [userId, ...started.params, ...unfinished.params],
  };
}

export const SERIES_SORTS = [
  'name_asc',
  'name_desc',
  'added_asc',
  'added_desc',
  'updated_asc',
  'updated_desc',
  'year_asc',
  'year_desc',
] as const;
export type SeriesSort = (typeof SERIES_SORTS)[number];

/** The name order, the whole of `name` and the tie-break of every other key (each has an index ending so). */
const NAME_KEYS = ['s.sort_name', 's.library_id', 's.name'];
const SORT_KEYS: Record<string, string[]> = {
  name: NAME_KEYS,
  added: ['s.created_at', ...NAME_KEYS],
  updated: ['s.updated_at', ...NAME_KEYS],
  year: ['s.start_year', ...NAME_KEYS],
};

function orderBy(keys: readonly string[], direction: 'asc' | 'desc'): string {
  return keys.map((key) => (direction === 'desc' ? `${key} desc` : key)).join(', ');
}

/** Series for the browsing API, and the aggregates of their books that lists filter and show. */
export class SeriesRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ListCache,
    private readonly dialect: SqlDialect,
  ) {}

  async page(
    filters: SeriesFilters,
    offset: number,
    limit: number,
    sort: SeriesSort = 'name_asc',
  ): Promise<{ items: SeriesSummary[]; total: number }> {
    const { where, rank } = await this.filterSql(filters);
    const { userId } = currentViewer();
    const params = where.flatMap((condition) => condition.params);
    const whereSql = where.length === 0 ? '' : `where ${where.map((condition) => condition.sql).join(' and ')}`;
    // The items carry the reader's counts: one reader's page is never another's.
    const key = JSON.stringify(['series', userId, whereSql, params, sort, rank, offset, limit]);
    const { total, items } = await this.cache.remember(key, async () => {
      const count = await this.count(whereSql, params);
      if (offset >= count) return { total: count, items: [] };
      const [by, direction] = sort.split('_') as [string, 'asc' | 'desc'];
      if (rank) {
        // One walk over the matches, ranked: a search's matches are few beside every series.
        // Series without a year last in either direction, as below (a boolean sorts false first on both databases).
        const order = `${by === 'year' ? 's.start_year is null, ' : ''}${orderBy(SORT_KEYS[by]!, direction)}`;
        const rows = await this.em.execute<{ id: string }[]>(
          `select s.id from series s ${whereSql} order by ${rank.sql}, ${order} limit ? offset ?`,
          [...params, ...rank.params, limit, offset],
        );
        return { total: count, items: await this.summaries(rows.map((row) => row.id)) };
      }
      if (by !== 'year') {
        const rows = await this.em.execute<{ id: string }[]>(
          `select s.id from series s ${whereSql} order by ${orderBy(SORT_KEYS[by]!, direction)} limit ? offset ?`,
          [...params, limit, offset],
        );
        return { total: count, items: await this.summaries(rows.map((row) => row.id)) };
      }
      // Series with a year first in either direction, then those without one by name: two index walks, since the
      // databases disagree on where nulls sort (first on SQLite, last on PostgreSQL).
      const and = whereSql === '' ? 'where' : `${whereSql} and`;
      const dated = await this.count(`${and} s.start_year is not null`, params);
      const ids: string[] = [];
      if (offset < dated) {
        const rows = await this.em.execute<{ id: string }[]>(
          `select s.id from series s ${and} s.start_year is not null
            order by ${orderBy(SORT_KEYS.year!, direction)} limit ? offset ?`,
          [...params, limit, offset],
        );
        ids.push(...rows.map((row) => row.id));
      }
      if (ids.length < limit && offset + ids.length < count) {
        const rows = await this.em.execute<{ id: string }[]>(
          `select s.id from series s ${and} s.start_year is null order by ${orderBy(NAME_KEYS, 'asc')} limit ? offset ?`,
          [...params, limit - ids.length, Math.max(0, offset - dated)],
        );
        ids.push(...rows.map((row) => row.id));
      }
      return { total: count, items: await this.summaries(ids) };
    });
    return { items, total };
  }

  /** How many series match the filters (the count of a value no facet table holds: a reading status). */
  async total(filters: SeriesFilters): Promise<number> {
    const { where } = await this.filterSql(filters);
    const { userId } = currentViewer();
    const params = where.flatMap((condition) => condition.params);
    const whereSql = where.length === 0 ? '' : `where ${where.map((condition) => condition.sql).join(' and ')}`;
    const key = JSON.stringify(['series-total', userId, whereSql, params]);
    const { items } = await this.cache.remember(key, async () => ({ items: [await this.count(whereSql, params)] }));
    return items[0]!;
  }

  /** The count of each value of each facet asked for under the filters, over the viewer's libraries only. */
  async facets(filters: SeriesFilters, names: readonly FacetName[]): Promise<Facets> {
    const { userId } = currentViewer();
    const key = JSON.stringify(['series-facets', userId, filters, [...names].sort()]);
    const { items } = await this.cache.remember(key, async () => {
      const facets = await countFacets(this.em, this.cache, 'series', names, filters, async (except) => {
        const { where } = await this.filterSql(filters, except);
        const visible = visibleSeriesSql('s') ? 1 : 0;
        return { joins: { sql: '', params: [] }, where, bare: where.length === visible };
      });
      return { items: Object.entries(facets) };
    });
    return Object.fromEntries(items);
  }

  /**
   * The conditions of the list filters on series `s`, the viewer's libraries among them; `except` leaves out one
   * facet's own filter (it counts its alternatives).
   */
  private async filterSql(filters: SeriesFilters, except?: FacetName): Promise<{ where: Sql[]; rank: Sql | null }> {
    const where: Sql[] = [];
    const visible = visibleSeriesSql('s');
    if (visible) where.push(visible);
    if (filters.libraryId !== undefined) where.push({ sql: 's.library_id = ?', params: [filters.libraryId] });
    let rank: Sql | null = null;
    if (filters.q !== undefined && fold(filters.q) !== '') {
      const name: Sql = { sql: `s.sort_name like ? escape '\\'`, params: [likePattern(filters.q)] };
      const metadata = await metadataSearch(this.em, this.cache, 'series', filters.q);
      // Name matches first, then the series found by their authors, genres, tags, publishers or books' arcs.
      if (metadata) {
        where.push({ sql: `(${name.sql} or ${metadata.sql})`, params: [...name.params, ...metadata.params] });
        rank = { sql: `case when ${name.sql} then 0 else 1 end`, params: name.params };
      } else where.push(name);
    }
    if (filters.readingStatus !== undefined)
      where.push(
        readingStatusFilter(
          filters.readingStatus,
          currentViewer().userId,
          viewerMayMissBooksOfVisibleSeries() ? visibleBookSql('b') : null,
        ),
      );
    if (filters.seriesStatus !== undefined) where.push({ sql: 's.status = ?', params: [filters.seriesStatus] });
    if (filters.hasMissing !== undefined)
      where.push({ sql: filters.hasMissing ? 's.missing_count > 0' : 's.missing_count = 0', params: [] });
    where.push(...metadataConditions('series', filters, except));
    return { where, rank };
  }

  private async count(whereSql: string, params: unknown[]): Promise<number> {
    const [row] = await this.em.execute<{ n: number | string }[]>(
      `select count(*) as n from series s ${whereSql}`,
      params,
    );
    return toNumber(row?.n ?? 0);
  }

  /**
   * The reader's on-deck book ids of the series they have in progress (see `onDeckBook`), the most recently read
   * series first: their stored `on_deck_book_id` and `last_read_at`, read along the (user, last read) index.
   */
  async onDeck(
    libraryId: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[]; total: number }> {
    const { userId } = currentViewer();
    if (userId === null) return { ids: [], total: 0 };
    // A series on deck has a book read, so a read time: saying so lets the index walk skip the rows without one
    // (PostgreSQL puts their nulls first in a backward walk).
    const where = ['st.user_id = ?', 'st.on_deck_book_id is not null', 'st.last_read_at is not null'];
    const params: unknown[] = [userId];
    const visible = visibleSeriesSql('s');
    const joins: string[] = [];
    if (visible || libraryId !== undefined) joins.push('join series s on s.id = st.series_id');
    if (visible) {
      where.push(visible.sql);
      params.push(...visible.params);
    }
    // A restricted reader's on-deck book is judged by its own rating too: one they may not see is not offered.
    const book = visibleBookSql('b');
    if (book && visible) {
      joins.push('join books b on b.id = st.on_deck_book_id');
      where.push(book.sql);
      params.push(...book.params);
    }
    if (libraryId !== undefined) {
      where.push('s.library_id = ?');
      params.push(libraryId);
    }
    const join = joins.join(' ');
    const from = `from series_reader_state st ${join} where ${where.join(' and ')}`;
    const key = JSON.stringify(['on-deck', from, params, offset, limit]);
    return this.cache.remember(key, async () => {
      const [row] = await this.em.execute<{ n: number | string }[]>(`select count(*) as n ${from}`, params);
      const total = toNumber(row?.n ?? 0);
      if (offset >= total) return { total, items: [], ids: [] };
      const rows = await this.em.execute<{ id: string }[]>(
        `select st.on_deck_book_id as id ${from} order by st.last_read_at desc, st.series_id desc limit ? offset ?`,
        [...params, limit, offset],
      );
      const ids = rows.map((row) => row.id);
      return { total, items: ids, ids };
    });
  }

  /**
   * The rows of these series, fresh, in the order given, with the current reader's counts; those of libraries the
   * viewer may not see are skipped.
   */
  async summaries(ids: string[]): Promise<SeriesSummary[]> {
    if (ids.length === 0) return [];
    const visible = visibleSeriesSql('s');
    const { userId } = currentViewer();
    // A viewer without a user matches no state or shelf row (null = null is not true): everything unread, unwanted.
    // The lists that cache these rows key them by viewer, and the shelf's table bumps the catalog version (ADR 19).
    const rows = await this.em.execute<SummaryRow[]>(
      `select s.id, s.library_id, s.name, s.status, s.total_volumes, s.book_count,
              coalesce(st.read_count, 0) as read_count, coalesce(st.started_count, 0) as started_count,
              s.owned_count, s.missing_count, s.chapter_count, s.first_chapter, s.last_chapter, s.cover_book_id, s.cover_image,
              s.cover_url, s.description, s.updated_at,
              exists (select 1 from want_to_read w where w.user_id = ? and w.series_id = s.id) as want_to_read
         from series s left join series_reader_state st on st.series_id = s.id and st.user_id = ?
        where s.id in (${placeholders(ids.length)})${visible ? ` and ${visible.sql}` : ''}`,
      [userId, userId, ...ids, ...(visible?.params ?? [])],
    );
    const byId = new Map(rows.map((row) => [row.id, summary(row)]));
    const found = ids.flatMap((id) => byId.get(id) ?? []);
    return viewerMayMissBooksOfVisibleSeries() ? this.overVisibleBooks(found, userId) : found;
  }

  /**
   * The summaries with their counts, the reader's counts and cover made over the books the reader may see: a series
   * they see may hold books kept from them, which its stored aggregates count (issue 39: never counted, a 404).
   */
  private async overVisibleBooks(found: SeriesSummary[], userId: string | null): Promise<SeriesSummary[]> {
    const visibleBooks = visibleBookSql('b');
    if (!visibleBooks || found.length === 0) return found;
    const ids = found.map((series) => series.id);
    const aggregates = await visibleSeriesAggregates(this.em, ids, userId, visibleBooks);
    return found.map((series) => ({ ...series, ...aggregates.get(series.id) }));
  }

  async summary(id: string): Promise<SeriesSummary | null> {
    const [found] = await this.summaries([id]);
    return found ?? null;
  }

  /**
   * Whether the viewer may see this book of a series they see. Inside a visible series only unrated books can be kept
   * from a reader (library-access.ts), so everyone else is answered without a query.
   */
  async seesBookOfVisibleSeries(bookId: string): Promise<boolean> {
    if (!viewerMayMissBooksOfVisibleSeries()) return true;
    const visible = visibleBookSql('b');
    const rows = await this.em.execute<{ id: string }[]>(
      `select b.id from books b where b.id = ?${visible ? ` and ${visible.sql}` : ''}`,
      [bookId, ...(visible?.params ?? [])],
    );
    return rows.length > 0;
  }

  /** Null for a series the viewer may not see (another library, or kept from a restricted reader), as for none. */
  async findById(id: string): Promise<Series | null> {
    const library = visibleLibraryFilter();
    const series = await this.em.findOne(Series, library === undefined ? { id } : { id, library });
    return series && (await restrictedMaySeeSeries(this.em, series.id)) ? series : null;
  }

  async findByName(libraryId: string, name: string): Promise<Series | null> {
    if (visibleLibraryFilter()?.$in.includes(libraryId) === false) return null;
    const series = await this.em.findOne(Series, { library: libraryId, name });
    return series && (await restrictedMaySeeSeries(this.em, series.id)) ? series : null;
  }

  async update(series: Series, changes: SeriesChanges): Promise<Series> {
    this.em.assign(series, changes);
    await this.em.flush();
    return series;
  }

  /**
   * Records where the series' cover comes from and refreshes the cover in effect (`cover_book_id`), in one
   * transaction; answers the uploaded image's file name it replaced, if any, for the caller to remove.
   */
  async setCover(
    series: Series,
    cover: { source: SeriesCoverSource; chosenBookId: string | null; image: string | null },
  ): Promise<string | null> {
    const replaced = series.coverImage ?? null;
    await this.em.transactional(async (em) => {
      em.assign(series, { coverSource: cover.source, coverChosenBookId: cover.chosenBookId, coverImage: cover.image });
      await em.flush();
      await refreshCounts(em, this.dialect, [series.id]);
    });
    return replaced === cover.image ? null : replaced;
  }

  /** Whether the book is one of the series' and has a cover (its thumbnail is not recorded as impossible). */
  async hasBookWithCover(seriesId: string, bookId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select b.id from books b left join book_files f on f.book_id = b.id
        where b.id = ? and b.series_id = ? and (f.thumbnail_path is null or f.thumbnail_path <> '')
          and (f.parse_status is null or f.parse_status <> 'error')`,
      [bookId, seriesId],
    );
    return rows.length > 0;
  }

  /** Statuses present on the viewer's series plus every non-null mapped status, distinct and sorted. */
  async statuses(): Promise<string[]> {
    const visible = visibleSeriesSql('s');
    const rows = await this.em.execute<{ status: string }[]>(
      `select s.status from series s where s.status is not null${visible ? ` and ${visible.sql}` : ''}
       union
       select mapped_status as status from status_mappings where mapped_status is not null`,
      visible?.params ?? [],
    );
    return [...new Set(rows.map((row) => row.status))].sort((a, b) => a.localeCompare(b));
  }

  /**
   * Sets every book of the series to read (last page) or unread for this reader, in one transaction; returns how
   * many books changed status.
   */
  async markAll(userId: string, seriesId: string, status: 'read' | 'unread'): Promise<number> {
    return this.em.transactional(async (em) => {
      // A restricted reader's series may hold books they may not see (unrated ones): those are not theirs to mark.
      const visible = visibleBookSql('b');
      const books = await em.execute<{ id: string; page_count: number | null; status: ReadingStatus | null }[]>(
        `select b.id, b.page_count, rp.status from books b
           left join reading_progress rp on rp.book_id = b.id and rp.user_id = ?
          where b.series_id = ?${visible ? ` and ${visible.sql}` : ''}`,
        [userId, seriesId, ...(visible?.params ?? [])],
      );
      const now = new Date();
      let changed = 0;
      const toInsert: {
        id: string;
        user: string;
        book: string;
        status: ReadingStatus;
        currentPage: number | null;
        lastReadAt: Date | null;
        updatedAt: Date;
      }[] = [];
      for (const book of books) {
        const current = book.status ?? 'unread';
        if (current === status) continue;
        changed++;
        const currentPage = status === 'read' ? book.page_count : null;
        const lastReadAt = status === 'read' ? now : null;
        // A book marked read is read to the end; one marked unread has no place in it any more.
        const place = { position: null, percentage: status === 'read' ? 1 : null };
        if (book.status === null) {
          toInsert.push({
            id: randomUUID(),
            user: userId,
            book: book.id,
            status,
            currentPage,
            lastReadAt,
            updatedAt: now,
          });
        } else {
          await em.nativeUpdate(
            ReadingProgress,
            { user: userId, book: book.id },
            { status, currentPage, ...place, lastReadAt, updatedAt: now },
          );
        }
      }
      for (const batch of chunks(toInsert))
        await em.insertMany(
          ReadingProgress,
          batch.map((row) => ({ ...row, percentage: status === 'read' ? 1 : null })),
        );
      if (changed > 0) await refreshCounts(em, this.dialect, [seriesId], userId);
      return changed;
    });
  }

  /** Recomputes the series' aggregates, and every reader's state of them (or only `userId`'s, after their write). */
  refreshCounts(seriesIds: readonly string[], userId?: string): Promise<void> {
    return this.em.transactional((em) => refreshCounts(em, this.dialect, seriesIds, userId));
  }

  /** Recomputes the series' own aggregates (counts, cover) only: what a book's cover found missing can change. */
  refreshAggregates(seriesIds: readonly string[]): Promise<void> {
    return this.em.transactional((em) => refreshSeriesCounts(em, this.dialect, seriesIds));
  }

  /** Fills what the series' books say into the fields no one else set (series-fill.ts). */
  fillFromBooks(seriesIds: readonly string[]): Promise<void> {
    return fillSeriesFromBooks(this.em, this.dialect, seriesIds);
  }

  async fillLibraryFromBooks(libraryId: string): Promise<void> {
    const rows = await this.em.execute<{ id: string }[]>('select id from series where library_id = ?', [libraryId]);
    await this.fillFromBooks(rows.map((row) => row.id));
  }

  async refreshLibraryCounts(libraryId: string): Promise<void> {
    const rows = await this.em.execute<{ id: string }[]>('select id from series where library_id = ?', [libraryId]);
    for (const batch of chunks(rows.map((row) => row.id))) await this.refreshCounts(batch);
  }
}
