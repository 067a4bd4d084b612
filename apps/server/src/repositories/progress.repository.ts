import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { ReadingProgress, type ReadingStatus } from '../entities/reading-progress.entity.js';
import { whereVisible } from './library-access.js';
import { refreshCounts } from './series-counts.js';
import type { SqlDialect } from './sql-values.js';

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
    const where = ['id = ?'];
    const params: unknown[] = [bookId];
    whereVisible('library_id', where, params);
    const [row] = await this.em.execute<{ page_count: number | null; series_id: string | null }[]>(
      `select page_count, series_id from books where ${where.join(' and ')}`,
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
