import type { EntityManager } from '@mikro-orm/sql';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';
import type { BookService } from './book.service.js';
import type { ReaderProgressPort } from './kosync.service.js';

/**
 * KOReader sync over today's progress, one record per book shared by everyone (before per-reader progress: the
 * "progress" work replaces this with its ProgressService). It keeps no device, so a pull tells our own progress
 * from KOReader's by time alone, and an EPUB's xpointer lives only in KOReader's record.
 */
export class SharedProgressAdapter implements ReaderProgressPort {
  constructor(
    private readonly em: EntityManager,
    private readonly books: BookService,
  ) {}

  async read(_userId: string, bookIds: readonly string[]) {
    const found = new Map<
      string,
      { status: ReadingStatus; currentPage: number | null; deviceId: string | null; updatedAt: Date }
    >();
    if (bookIds.length === 0) return found;
    const rows = await this.em.execute<
      { book_id: string; status: ReadingStatus; current_page: number | null; updated_at: Date | string | number }[]
    >(
      `select book_id, status, current_page, updated_at from reading_progress
        where book_id in (${bookIds.map(() => '?').join(', ')})`,
      [...bookIds],
    );
    for (const row of rows) {
      found.set(row.book_id, {
        status: row.status,
        currentPage: row.current_page,
        deviceId: null,
        updatedAt: new Date(row.updated_at),
      });
    }
    return found;
  }

  async write(_userId: string, bookId: string, write: Parameters<ReaderProgressPort['write']>[2]): Promise<void> {
    if (write.status === 'read') await this.books.setProgress(bookId, { status: 'read' });
    else if (write.currentPage !== null) {
      await this.books.setProgress(bookId, { status: 'reading', currentPage: write.currentPage });
    } else {
      // An EPUB's place is its xpointer, which this table cannot hold: started, at no page.
      await this.books.setProgress(bookId, { status: 'reading', currentPage: 1 });
    }
  }
}
