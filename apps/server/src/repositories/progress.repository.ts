import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { placeAfterReread, samePlace, type StoredPlace } from '../domain/progress-refit.js';
import { ReadingProgress, type ReadingStatus } from '../entities/reading-progress.entity.js';
import { whereVisibleBook } from './library-access.js';
import { refreshCounts } from './series-counts.js';
import { chunks, placeholders, toNullableNumber, type SqlDialect } from './sql-values.js';

/** One reader's place in one book (entities/reading-progress.entity.ts). */
export interface ProgressRecord {
  bookId: string;
  status: ReadingStatus;
  currentPage: number | null;
  position: string | null;
  percentage: number | null;
  device: string | null;
  deviceId: string | null;
  lastReadAt: Date | null;
  updatedAt: Date;
}

export type ProgressValues = Omit<ProgressRecord, 'bookId' | 'updatedAt'>;

/** What the progress rules need of a book. */
export interface ProgressTarget {
  pageCount: number | null;
  seriesId: string | null;
}

function record(row: ReadingProgress): ProgressRecord {
  return {
    bookId: row.book.id,
    status: row.status,
    currentPage: row.currentPage ?? null,
    position: row.position ?? null,
    percentage: row.percentage === null || row.percentage === undefined ? null : Number(row.percentage),
    device: row.device ?? null,
    deviceId: row.deviceId ?? null,
    lastReadAt: row.lastReadAt ?? null,
    updatedAt: row.updatedAt,
  };
}

/** Reading progress per (reader, book), and the reader's series state that follows it. */
export class ProgressRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly dialect: SqlDialect,
  ) {}

  /** The book a write is for; null (a 404) when it does not exist or is in a library the viewer may not see. */
  async target(bookId: string): Promise<ProgressTarget | null> {
    const where = ['b.id = ?'];
    const params: unknown[] = [bookId];
    whereVisibleBook('b', where, params);
    const [row] = await this.em.execute<{ page_count: number | null; series_id: string | null }[]>(
      `select b.page_count, b.series_id from books b where ${where.join(' and ')}`,
      params,
    );
    return row ? { pageCount: row.page_count, seriesId: row.series_id } : null;
  }

  async get(userId: string, bookId: string): Promise<ProgressRecord | null> {
    const row = await this.em.fork().findOne(ReadingProgress, { user: userId, book: bookId });
    return row ? record(row) : null;
  }

  /** Writes the reader's record of the book and refreshes their state of its series, in one transaction. */
  async save(userId: string, bookId: string, seriesId: string | null, values: ProgressValues): Promise<ProgressRecord> {
    return this.em.fork().transactional(async (em) => {
      const updatedAt = new Date();
      const existing = await em.findOne(ReadingProgress, { user: userId, book: bookId });
      if (existing) em.assign(existing, { ...values, updatedAt });
      else em.create(ReadingProgress, { id: randomUUID(), user: userId, book: bookId, ...values, updatedAt });
      await em.flush();
      if (seriesId !== null) await refreshCounts(em, this.dialect, [seriesId], userId);
      return { bookId, ...values, updatedAt };
    });
  }
}

/**
 * After the files of these books were read again (a scan's changed files): every reader's place in each book is fitted
 * to the file it now is (domain/progress-refit.ts), so none is left on a page the book no longer has or on a position
 * in bytes that are gone. Runs in the caller's transaction, the one that wrote the new page counts, and reads them
 * from there. Statuses stay, so the series' reader states (counts, on deck) do not change; `updated_at` stays too:
 * the reader did not move, and KOReader sync compares it with its pushes.
 */
export async function fitProgressToRereadFiles(
  em: EntityManager,
  files: readonly { bookId: string; contentChanged: boolean }[],
): Promise<number> {
  const changed = new Map(files.map((file) => [file.bookId, file.contentChanged]));
  let fitted = 0;
  for (const ids of chunks([...changed.keys()])) {
    const rows = await em.execute<
      {
        id: string;
        book_id: string;
        status: ReadingStatus;
        current_page: number | null;
        position: string | null;
        percentage: number | string | null;
        page_count: number | null;
      }[]
    >(
      `select rp.id, rp.book_id, rp.status, rp.current_page, rp.position, rp.percentage, b.page_count
         from reading_progress rp join books b on b.id = rp.book_id
        where rp.book_id in (${placeholders(ids.length)}) and rp.status <> 'unread'`,
      ids,
    );
    for (const row of rows) {
      const place: StoredPlace = {
        status: row.status,
        currentPage: row.current_page,
        position: row.position,
        percentage: toNullableNumber(row.percentage),
      };
      const next = placeAfterReread(place, {
        pageCount: row.page_count,
        contentChanged: changed.get(row.book_id) ?? false,
      });
      if (samePlace(place, next)) continue;
      await em.execute(
        'update reading_progress set current_page = ?, position = ?, percentage = ? where id = ?',
        [next.currentPage, next.position, next.percentage, row.id],
        'run',
      );
      fitted++;
    }
  }
  return fitted;
}
