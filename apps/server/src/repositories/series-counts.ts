import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { VolumeKind } from '../entities/book.entity.js';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';
import { coverBookOf, seriesCoverSource } from '../domain/series-cover.js';
import { onDeckBook, seriesCounts, type SeriesBookFacts } from '../domain/series-counts.js';
import { executeBatch } from './bound-statements.js';
import { chunks, placeholders, toDate, toNullableNumber, updateFromValues, type SqlDialect } from './sql-values.js';

const COUNT_COLUMNS = [
  { name: 'book_count', type: 'integer' },
  { name: 'owned_count', type: 'integer' },
  { name: 'missing_count', type: 'integer' },
  { name: 'chapter_count', type: 'integer' },
  { name: 'first_chapter', type: 'double precision' },
  { name: 'last_chapter', type: 'double precision' },
  { name: 'cover_book_id', type: 'uuid' },
] as const;

type BookFacts = SeriesBookFacts & { id: string };

/** A book of a series as the aggregates read it (here over every book; series-visible-counts.ts over a reader's). */
export interface SeriesBookRow {
  series_id: string;
  id: string;
  volume: number | string | null;
  volume_end: number | string | null;
  volume_kind: VolumeKind;
  chapter: number | string | null;
  chapter_end: number | string | null;
  thumbnail_path: string | null;
  parse_status: string | null;
}

interface SeriesBooks {
  /** The series' books in reading order, as unread: each reader's statuses are laid over them. */
  books: BookFacts[];
  /** The books that have a cover, in reading order (domain/series-cover.ts picks one). */
  withCover: string[];
}

/** The books of these series in reading order (volume, chapter, title), with what the aggregates need. */
async function booksOf(
  em: EntityManager,
  dialect: SqlDialect,
  batch: readonly string[],
): Promise<Map<string, SeriesBooks>> {
  const rows = (await executeBatch<SeriesBookRow[]>(
    em,
    dialect,
    `select b.series_id, b.id, b.volume, b.volume_end, b.volume_kind, b.chapter, b.chapter_end, f.thumbnail_path,
            f.parse_status
       from books b
       left join book_files f on f.book_id = b.id
      where b.series_id in (${placeholders(batch.length)})
      order by b.series_id, b.volume_sort, b.chapter_sort, b.sort_title, b.id`,
    batch,
    'all',
  ))!;
  const bySeries = new Map<string, SeriesBooks>(batch.map((id) => [id, { books: [], withCover: [] }]));
  for (const book of rows) {
    const entry = bySeries.get(book.series_id)!;
    entry.books.push({
      id: book.id,
      volume: toNullableNumber(book.volume),
      volumeEnd: toNullableNumber(book.volume_end),
      volumeKind: book.volume_kind,
      chapter: toNullableNumber(book.chapter),
      chapterEnd: toNullableNumber(book.chapter_end),
      readingStatus: 'unread',
    });
    if (book.parse_status !== 'error' && book.thumbnail_path !== '') entry.withCover.push(book.id);
  }
  return bySeries;
}

/** Writes the reader-independent aggregates of the series (book, owned, missing and chapter counts, cover). */
async function writeSeriesCounts(
  em: EntityManager,
  dialect: SqlDialect,
  batch: readonly string[],
  bySeries: Map<string, SeriesBooks>,
  { chosenCovers = true }: CountOptions = {},
): Promise<void> {
  // Without a count of its own, a series expects the volumes its approved provider link knows (SPEC §3): both in one
  // query, a batch's refresh being a few statements whatever its number of series.
  const expected = (await executeBatch<
    {
      id: string;
      total_volumes: number | null;
      provider_count: number | string | null;
      cover_source: string;
      cover_chosen_book_id: string | null;
    }[]
  >(
    em,
    dialect,
    `select s.id, s.total_volumes, p.n as provider_count, ${
      chosenCovers
        ? 's.cover_source, s.cover_chosen_book_id'
        : `'first_book' as cover_source, null as cover_chosen_book_id`
    } from series s
       left join (select l.series_id, count(e.id) as n from external_metadata_links l
                    join external_book_metadata e on e.link_id = l.id
                   where l.status = 'approved' and l.series_id in (${placeholders(batch.length)})
                   group by l.series_id) p on p.series_id = s.id
      where s.id in (${placeholders(batch.length)})`,
    [...batch, ...batch],
    'all',
  ))!;
  const updates = expected.map((row) => {
    const { books, withCover } = bySeries.get(row.id)!;
    const cover = coverBookOf(seriesCoverSource(row.cover_source), row.cover_chosen_book_id, withCover);
    const counts = seriesCounts(books, row.total_volumes ?? toNullableNumber(row.provider_count));
    return [
      row.id,
      counts.bookCount,
      counts.ownedCount,
      counts.missingCount,
      counts.chapterCount,
      counts.firstChapter,
      counts.lastChapter,
      cover,
    ];
  });
  if (updates.length === 0) return;
  const { sql, params } = updateFromValues(dialect, 'series', COUNT_COLUMNS, updates);
  await executeBatch(em, dialect, sql, params, 'run');
}

/**
 * Rewrites the readers' states of these series (all readers, or only `userId`): one query reads every reader's
 * progress of the batch, one delete and one multi-row insert write the states, whatever the number of books or
 * readers. Only series a reader started get a row.
 */
async function writeReaderStates(
  em: EntityManager,
  dialect: SqlDialect,
  batch: readonly string[],
  bySeries: Map<string, SeriesBooks>,
  userId: string | undefined,
): Promise<void> {
  const forUser = userId === undefined ? '' : 'and rp.user_id = ?';
  const progress = (await executeBatch<
    {
      user_id: string;
      series_id: string;
      book_id: string;
      status: ReadingStatus;
      last_read_at: Date | number | string | null;
      updated_at: Date | number | string;
    }[]
  >(
    em,
    dialect,
    `select rp.user_id, b.series_id, rp.book_id, rp.status, rp.last_read_at, rp.updated_at
       from reading_progress rp join books b on b.id = rp.book_id
      where b.series_id in (${placeholders(batch.length)}) and rp.status <> 'unread' ${forUser}`,
    userId === undefined ? batch : [...batch, userId],
    'all',
  ))!;
  // series → reader → (book → status, newest read time)
  type ReaderFacts = { statuses: Map<string, ReadingStatus>; lastReadAt: number };
  const readers = new Map<string, Map<string, ReaderFacts>>();
  for (const row of progress) {
    const bySeriesReader = readers.get(row.series_id) ?? new Map<string, ReaderFacts>();
    readers.set(row.series_id, bySeriesReader);
    const reader = bySeriesReader.get(row.user_id) ?? { statuses: new Map<string, ReadingStatus>(), lastReadAt: 0 };
    bySeriesReader.set(row.user_id, reader);
    reader.statuses.set(row.book_id, row.status);
    // A book read or being read always has a time: its read time, else (progress restored without one) the
    // progress' own.
    reader.lastReadAt = Math.max(reader.lastReadAt, toDate(row.last_read_at ?? row.updated_at).getTime());
  }
  const rows: unknown[][] = [];
  for (const [seriesId, bySeriesReader] of readers) {
    const { books } = bySeries.get(seriesId)!;
    for (const [reader, { statuses, lastReadAt }] of bySeriesReader) {
      const facts = books.map((book) => ({ ...book, readingStatus: statuses.get(book.id) ?? 'unread' }));
      const counts = seriesCounts(facts, null);
      rows.push([
        randomUUID(),
        reader,
        seriesId,
        counts.readCount,
        counts.startedCount,
        // SQLite stores datetimes as epoch milliseconds, PostgreSQL as timestamptz.
        dialect === 'sqlite' ? lastReadAt : new Date(lastReadAt),
        onDeckBook(facts)?.id ?? null,
      ]);
    }
  }
  await executeBatch(
    em,
    dialect,
    `delete from series_reader_state where series_id in (${placeholders(batch.length)})${
      userId === undefined ? '' : ' and user_id = ?'
    }`,
    userId === undefined ? batch : [...batch, userId],
    'run',
  );
  for (const part of chunks(rows, 100)) {
    await executeBatch(
      em,
      dialect,
      `insert into series_reader_state (id, user_id, series_id, read_count, started_count, last_read_at, on_deck_book_id)
         values ${part.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      part.flat(),
      'run',
    );
  }
}

/**
 * Recomputes the stored reader-independent aggregates of these series from their books (domain/series-counts.ts).
 * What migrations written before per-reader progress call: it touches no reader state.
 */
export interface CountOptions {
  /**
   * Whether the series' cover follows the admin's choice (`cover_source`). False only for the migrations that run
   * before the migration adding those columns (Migration20261129020100): on a database upgraded from further back,
   * they refresh counts against the schema of their time, and every series then shows its first book's cover.
   */
  chosenCovers?: boolean;
}

export async function refreshSeriesCounts(
  em: EntityManager,
  dialect: SqlDialect,
  seriesIds: readonly string[],
  options: CountOptions = {},
): Promise<void> {
  for (const batch of chunks(seriesIds)) {
    await writeSeriesCounts(em, dialect, batch, await booksOf(em, dialect, batch), options);
  }
}

/**
 * Recomputes the aggregates of these series and the readers' states of them: every reader's (a scan added or
 * removed books), or only `userId`'s (their own progress changed; the series' counts are then unchanged).
 */
export async function refreshCounts(
  em: EntityManager,
  dialect: SqlDialect,
  seriesIds: readonly string[],
  userId?: string,
  options: CountOptions = {},
): Promise<void> {
  for (const batch of chunks(seriesIds)) {
    const bySeries = await booksOf(em, dialect, batch);
    if (userId === undefined) await writeSeriesCounts(em, dialect, batch, bySeries, options);
    await writeReaderStates(em, dialect, batch, bySeries, userId);
  }
}
