import type { ReadingStatus } from '../entities/reading-progress.entity.js';
import { NoReaderError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { ProgressRecord, ProgressRepository, ProgressValues } from '../repositories/progress.repository.js';
import { currentViewer } from './viewer-context.js';

export type { ProgressRecord } from '../repositories/progress.repository.js';

/** What a client says about a reader's place in a book; anything left out is derived or cleared. */
export interface ProgressChange {
  /** Left out: `read` when the page is the last one or the percentage reaches 1, else `reading`. */
  status?: ReadingStatus;
  /** 1-based page (CBZ/CBR/PDF); kept within the book's pages. */
  page?: number;
  /** An EPUB locator or a KOReader xpointer, kept verbatim. */
  position?: string;
  /** 0 to 1; left out with a page of a book whose page count is known, the page's share of the book. */
  percentage?: number;
  /** The client that wrote it (KOReader's device name and id); left out for the server's own clients. */
  device?: string;
  deviceId?: string;
}

/** REST's and the admin's progress input, checked as the contract says (`reading` needs a page within the book). */
export interface ProgressInput {
  status: ReadingStatus;
  currentPage?: number;
  position?: string;
  percentage?: number;
}

/** The values a change leaves the record with (a pure function of the change and the book). */
export function progressValues(change: ProgressChange, pageCount: number | null, now: Date): ProgressValues {
  const page =
    change.page === undefined ? null : Math.max(1, pageCount === null ? change.page : Math.min(change.page, pageCount));
  const percentage =
    change.percentage === undefined || !Number.isFinite(change.percentage)
      ? null
      : Math.min(1, Math.max(0, change.percentage));
  const status =
    change.status ??
    ((pageCount !== null && page !== null && page >= pageCount) || (percentage !== null && percentage >= 1)
      ? 'read'
      : 'reading');
  const device = { device: change.device ?? null, deviceId: change.deviceId ?? null };
  if (status === 'unread')
    return { status, currentPage: null, position: null, percentage: null, lastReadAt: null, ...device };
  if (status === 'read')
    return {
      status,
      currentPage: pageCount ?? page,
      position: change.position ?? null,
      percentage: 1,
      lastReadAt: now,
      ...device,
    };
  return {
    status,
    currentPage: page,
    position: change.position ?? null,
    percentage: percentage ?? (page !== null && pageCount ? page / pageCount : null),
    lastReadAt: now,
    ...device,
  };
}

/**
 * The current viewer's user: who a write is for. A viewer without one (the bootstrap token before any user exists,
 * the system) has no progress to write: 409 `no-reader`.
 */
export function currentReader(): string {
  const { userId } = currentViewer();
  if (userId === null) throw new NoReaderError();
  return userId;
}

/**
 * Reading progress, one record per reader and book that every client writes and reads back: REST and the admin's
 * reader (the current viewer's), OPDS-PSE page streaming, and KOReader sync (`record` / `get` with the user it
 * authenticated). Each write refreshes that reader's state of the book's series (filters, on deck).
 */
export class ProgressService {
  constructor(private readonly progress: ProgressRepository) {}

  /** The reader's record of the book, or null when they have none (unread). */
  get(userId: string, bookId: string): Promise<ProgressRecord | null> {
    return this.progress.get(userId, bookId);
  }

  /** Writes the reader's place in the book (404 when the book does not exist). */
  async record(userId: string, bookId: string, change: ProgressChange): Promise<ProgressRecord> {
    const book = await this.progress.target(bookId);
    if (!book) throw new NotFoundError('Book', bookId);
    return this.progress.save(userId, bookId, book.seriesId, progressValues(change, book.pageCount, new Date()));
  }

  /** PUT /books/{id}/progress and the admin's reader, for the current viewer. */
  async set(bookId: string, input: ProgressInput): Promise<ProgressRecord> {
    const userId = currentReader();
    const book = await this.progress.target(bookId);
    if (!book) throw new NotFoundError('Book', bookId);
    if (input.status === 'reading') {
      // A reflowable book (EPUB) has no pages: its place is the locator in `position`.
      if (input.currentPage === undefined && input.position === undefined) {
        throw new ValidationError('current_page or position is required when status is reading', [
          { path: '/body/current_page', message: 'is required with status reading (or a position)', code: 'required' },
        ]);
      }
      if (input.currentPage !== undefined && book.pageCount !== null && input.currentPage > book.pageCount) {
        throw new ValidationError(`current_page must be between 1 and ${book.pageCount}`, [
          {
            path: '/body/current_page',
            message: `must be at most ${book.pageCount}, the book's page count`,
            code: 'maximum',
            limit: book.pageCount,
          },
        ]);
      }
    }
    const change: ProgressChange = { status: input.status };
    if (input.status === 'reading' && input.currentPage !== undefined) change.page = input.currentPage;
    if (input.position !== undefined) change.position = input.position;
    if (input.percentage !== undefined) change.percentage = input.percentage;
    return this.progress.save(userId, bookId, book.seriesId, progressValues(change, book.pageCount, new Date()));
  }

  /**
   * A reading app fetched page `page` (1-based) while streaming the book (OPDS-PSE). Progress only moves forward:
   * apps fetch ahead of the reader and jump around, so a fetch never takes a book back, and the first page alone
   * (a cover preview) starts nothing. The last page marks the book read when `lastPageMarksRead`. Nothing is
   * written for a viewer without a user (the page is still served).
   */
  async pageStreamed(bookId: string, page: number, lastPageMarksRead: boolean): Promise<void> {
    const { userId } = currentViewer();
    if (userId === null) return;
    const book = await this.progress.target(bookId);
    if (!book || book.pageCount === null) return;
    const current = await this.progress.get(userId, bookId);
    if (current?.status === 'read') return;
    if (page >= book.pageCount && lastPageMarksRead) {
      await this.progress.save(
        userId,
        bookId,
        book.seriesId,
        progressValues({ status: 'read' }, book.pageCount, new Date()),
      );
      return;
    }
    if (page < 2 || page <= (current?.currentPage ?? 0)) return;
    const change: ProgressChange = { status: 'reading', page: Math.min(page, book.pageCount) };
    await this.progress.save(userId, bookId, book.seriesId, progressValues(change, book.pageCount, new Date()));
  }
}
