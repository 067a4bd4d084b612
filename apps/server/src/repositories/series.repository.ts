import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { VolumeKind } from '../entities/book.entity.js';
import { ReadingProgress, type ReadingStatus } from '../entities/reading-progress.entity.js';
import { Series } from '../entities/series.entity.js';
import { fold, likePattern } from '../domain/search-text.js';
import { onDeckBook, seriesCounts, type SeriesBookFacts, type SeriesCounts } from '../domain/series-counts.js';
import { visibleLibraryFilter, visibleLibrarySql, whereVisible } from './library-access.js';
import type { ListCache } from './list-cache.js';
import {
  chunks,
  placeholders,
  toDate,
  toNullableNumber,
  toNumber,
  updateFromValues,
  type SqlDialect,
} from './sql-values.js';

export interface SeriesFilters {
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
  providerCoverUrl: string | null;
  description: string | null;
  updatedAt: Date;
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
  cover_url: string | null;
  description: string | null;
  updated_at: Date | number | string;
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
    providerCoverUrl: row.cover_url,
    description: row.description,
    updatedAt: toDate(row.updated_at),
  };
}

/** The reading-status filter, on the stored aggregates (SPEC §2's derivation, in SQL). */
const READING_STATUS_SQL: Record<ReadingStatus, string> = {
  read: 's.book_count > 0 and s.read_count = s.book_count',
  unread: 's.started_count = 0',
  reading: 's.started_count > 0 and s.read_count < s.book_count',
};

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
    const where: string[] = [];
    const params: unknown[] = [];
    whereVisible('s.library_id', where, params);
    if (filters.libraryId !== undefined) {
      where.push('s.library_id = ?');
      params.push(filters.libraryId);
    }
    if (filters.q !== undefined && fold(filters.q) !== '') {
      where.push(`s.sort_name like ? escape '\\'`);
      params.push(likePattern(filters.q));
    }
    if (filters.readingStatus !== undefined) where.push(READING_STATUS_SQL[filters.readingStatus]);
    if (filters.seriesStatus !== undefined) {
      where.push('s.status = ?');
      params.push(filters.seriesStatus);
    }
    if (filters.hasMissing !== undefined)
      where.push(filters.hasMissing ? 's.missing_count > 0' : 's.missing_count = 0');
    const whereSql = where.length === 0 ? '' : `where ${where.join(' and ')}`;
    const key = JSON.stringify(['series', whereSql, params, sort, offset, limit]);
    const { total, items } = await this.cache.remember(key, async () => {
      const count = await this.count(whereSql, params);
      if (offset >= count) return { total: count, items: [] };
      const [by, direction] = sort.split('_') as [string, 'asc' | 'desc'];
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

  private async count(whereSql: string, params: unknown[]): Promise<number> {
    const [row] = await this.em.execute<{ n: number | string }[]>(
      `select count(*) as n from series s ${whereSql}`,
      params,
    );
    return toNumber(row?.n ?? 0);
  }

  /**
   * The on-deck book ids of the series in progress (see `onDeckBook`), the most recently read series first: the
   * stored `on_deck_book_id` and `last_read_at`, read along their index.
   */
  async onDeck(
    libraryId: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[]; total: number }> {
    // A series on deck has a book read, so a read time: saying so lets the index walk skip the series never read
    // (PostgreSQL puts their nulls first in a backward walk).
    const where = ['s.on_deck_book_id is not null', 's.last_read_at is not null'];
    const params: unknown[] = [];
    whereVisible('s.library_id', where, params);
    if (libraryId !== undefined) {
      where.push('s.library_id = ?');
      params.push(libraryId);
    }
    const whereSql = `where ${where.join(' and ')}`;
    const key = JSON.stringify(['on-deck', whereSql, params, offset, limit]);
    return this.cache.remember(key, async () => {
      const total = await this.count(whereSql, params);
      if (offset >= total) return { total, items: [], ids: [] };
      const rows = await this.em.execute<{ id: string }[]>(
        `select s.on_deck_book_id as id from series s ${whereSql}
          order by s.last_read_at desc, s.id desc limit ? offset ?`,
        [...params, limit, offset],
      );
      const ids = rows.map((row) => row.id);
      return { total, items: ids, ids };
    });
  }

  /** The rows of these series, fresh, in the order given; those of libraries the viewer may not see are skipped. */
  private async summaries(ids: string[]): Promise<SeriesSummary[]> {
    if (ids.length === 0) return [];
    const visible = visibleLibrarySql('s.library_id');
    const rows = await this.em.execute<SummaryRow[]>(
      `select s.id, s.library_id, s.name, s.status, s.total_volumes, s.book_count, s.read_count, s.started_count,
              s.owned_count, s.missing_count, s.chapter_count, s.first_chapter, s.last_chapter, s.cover_book_id, s.cover_url, s.description, s.updated_at
         from series s where s.id in (${placeholders(ids.length)})${visible ? ` and ${visible.sql}` : ''}`,
      [...ids, ...(visible?.params ?? [])],
    );
    const byId = new Map(rows.map((row) => [row.id, summary(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async summary(id: string): Promise<SeriesSummary | null> {
    const [found] = await this.summaries([id]);
    return found ?? null;
  }

  /** Null for a series of a library the viewer may not see, as for one that does not exist. */
  findById(id: string): Promise<Series | null> {
    const library = visibleLibraryFilter();
    return this.em.findOne(Series, library === undefined ? { id } : { id, library });
  }

  async findByName(libraryId: string, name: string): Promise<Series | null> {
    if (visibleLibraryFilter()?.$in.includes(libraryId) === false) return null;
    return this.em.findOne(Series, { library: libraryId, name });
  }

  async update(series: Series, changes: SeriesChanges): Promise<Series> {
    this.em.assign(series, changes);
    await this.em.flush();
    return series;
  }

  /** Statuses present on the viewer's series plus every non-null mapped status, distinct and sorted. */
  async statuses(): Promise<string[]> {
    const visible = visibleLibrarySql('library_id');
    const rows = await this.em.execute<{ status: string }[]>(
      `select status from series where status is not null${visible ? ` and ${visible.sql}` : ''}
       union
       select mapped_status as status from status_mappings where mapped_status is not null`,
      visible?.params ?? [],
    );
    return [...new Set(rows.map((row) => row.status))].sort((a, b) => a.localeCompare(b));
  }

  /**
   * Sets every book of the series to read (last page) or unread, in one transaction; returns how many books
   * changed status.
   */
  async markAll(seriesId: string, status: 'read' | 'unread'): Promise<number> {
    return this.em.transactional(async (em) => {
      const books = await em.execute<{ id: string; page_count: number | null; status: ReadingStatus | null }[]>(
        `select b.id, b.page_count, rp.status from books b left join reading_progress rp on rp.book_id = b.id
          where b.series_id = ?`,
        [seriesId],
      );
      const now = new Date();
      let changed = 0;
      const toInsert: {
        id: string;
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
        if (book.status === null) {
          toInsert.push({ id: randomUUID(), book: book.id, status, currentPage, lastReadAt, updatedAt: now });
        } else {
          await em.nativeUpdate(
            ReadingProgress,
            { book: book.id },
            { status, currentPage, lastReadAt, updatedAt: now },
          );
        }
      }
      for (const batch of chunks(toInsert)) await em.insertMany(ReadingProgress, batch);
      if (changed > 0) await refreshCounts(em, this.dialect, [seriesId]);
      return changed;
    });
  }

  refreshCounts(seriesIds: readonly string[]): Promise<void> {
    return this.em.transactional((em) => refreshCounts(em, this.dialect, seriesIds));
  }

  async refreshLibraryCounts(libraryId: string): Promise<void> {
    const rows = await this.em.execute<{ id: string }[]>('select id from series where library_id = ?', [libraryId]);
    for (const batch of chunks(rows.map((row) => row.id))) await this.refreshCounts(batch);
  }
}

const COUNT_COLUMNS = [
  { name: 'book_count', type: 'integer' },
  { name: 'read_count', type: 'integer' },
  { name: 'started_count', type: 'integer' },
  { name: 'owned_count', type: 'integer' },
  { name: 'missing_count', type: 'integer' },
  { name: 'chapter_count', type: 'integer' },
  { name: 'first_chapter', type: 'double precision' },
  { name: 'last_chapter', type: 'double precision' },
  { name: 'cover_book_id', type: 'uuid' },
  { name: 'last_read_at', type: 'timestamptz' },
  { name: 'on_deck_book_id', type: 'uuid' },
] as const;

/** Recomputes the stored aggregates of these series from their books (see domain/series-counts.ts). */
export async function refreshCounts(
  em: EntityManager,
  dialect: SqlDialect,
  seriesIds: readonly string[],
): Promise<void> {
  for (const batch of chunks(seriesIds)) {
    const expected = await em.execute<{ id: string; total_volumes: number | null }[]>(
      `select id, total_volumes from series where id in (${placeholders(batch.length)})`,
      batch,
    );
    const books = await em.execute<
      {
        series_id: string;
        id: string;
        volume: number | string | null;
        volume_end: number | string | null;
        volume_kind: VolumeKind;
        chapter: number | string | null;
        chapter_end: number | string | null;
        status: ReadingStatus | null;
        last_read_at: Date | number | string | null;
        progress_at: Date | number | string | null;
        thumbnail_path: string | null;
        parse_status: string | null;
      }[]
    >(
      `select b.series_id, b.id, b.volume, b.volume_end, b.volume_kind, b.chapter, b.chapter_end, rp.status,
              rp.last_read_at, rp.updated_at as progress_at, f.thumbnail_path, f.parse_status
         from books b
         left join reading_progress rp on rp.book_id = b.id
         left join book_files f on f.book_id = b.id
        where b.series_id in (${placeholders(batch.length)})
        order by b.series_id, b.volume_sort, b.chapter_sort, b.sort_title, b.id`,
      batch,
    );
    // Without a count of its own, a series expects the volumes its approved provider link knows (SPEC §3).
    const providerCounts = await em.execute<{ series_id: string; n: number | string }[]>(
      `select l.series_id, count(e.id) as n from external_metadata_links l
         join external_book_metadata e on e.link_id = l.id
        where l.status = 'approved' and l.series_id in (${placeholders(batch.length)})
        group by l.series_id`,
      batch,
    );
    const providerCount = new Map(providerCounts.map((row) => [row.series_id, toNumber(row.n)]));
    const bySeries = new Map<
      string,
      { facts: (SeriesBookFacts & { id: string })[]; cover: string | null; lastReadAt: number | null }
    >(batch.map((id) => [id, { facts: [], cover: null, lastReadAt: null }]));
    for (const book of books) {
      const entry = bySeries.get(book.series_id)!;
      // A book read or being read always has a time: its read time, else (progress restored without one) the
      // progress' own.
      const readAt = book.status === null || book.status === 'unread' ? null : (book.last_read_at ?? book.progress_at);
      if (readAt !== null) entry.lastReadAt = Math.max(entry.lastReadAt ?? 0, toDate(readAt).getTime());
      entry.facts.push({
        id: book.id,
        volume: toNullableNumber(book.volume),
        volumeEnd: toNullableNumber(book.volume_end),
        volumeKind: book.volume_kind,
        chapter: toNullableNumber(book.chapter),
        chapterEnd: toNullableNumber(book.chapter_end),
        readingStatus: book.status ?? 'unread',
      });
      if (entry.cover === null && book.parse_status !== 'error' && book.thumbnail_path !== '') entry.cover = book.id;
    }
    const updates = expected.map((row) => {
      const { facts, cover, lastReadAt } = bySeries.get(row.id)!;
      const counts = seriesCounts(facts, row.total_volumes ?? providerCount.get(row.id) ?? null);
      return [
        row.id,
        counts.bookCount,
        counts.readCount,
        counts.startedCount,
        counts.ownedCount,
        counts.missingCount,
        counts.chapterCount,
        counts.firstChapter,
        counts.lastChapter,
        cover,
        // SQLite stores datetimes as epoch milliseconds, PostgreSQL as timestamptz.
        lastReadAt === null ? null : dialect === 'sqlite' ? lastReadAt : new Date(lastReadAt),
        onDeckBook(facts)?.id ?? null,
      ];
    });
    if (updates.length === 0) continue;
    const { sql, params } = updateFromValues(dialect, 'series', COUNT_COLUMNS, updates);
    await em.execute(sql, params, 'run');
  }
}
