import path from 'node:path';
import type { JobContext } from '../jobs/job-context.js';
import type { BookNeedingThumbnail, ScanRepository } from '../repositories/scan.repository.js';
import { NO_THUMBNAIL, type ThumbnailService } from './thumbnail.service.js';

/** Thumbnails recorded per statement. */
const RECORD_BATCH = 100;
/**
 * Books waiting for their cover at most: two indexing batches, so the readers do not run dry between two batches,
 * while a 100k-book scan never holds more than this (the others are found again by the pass after indexing).
 */
export const COVER_QUEUE_CAPACITY = 500;

/**
 * Covers sent to the reader processes per request they run at once: as many wait in their queue as run. PDFs go to
 * one reader only (reader-pool.ts); with no more in flight than run, a few PDFs waiting for it could hold every slot
 * while the other reader had nothing to do (and then took PDFs too, loading MuPDF).
 */
const IN_FLIGHT_PER_SLOT = 2;

interface QueuedCover extends BookNeedingThumbnail {
  file: string;
}

/**
 * The covers of one scan, made by the reader processes while the server goes on with its own work. During indexing
 * (the server busy on one core, the readers free on the other) each stored batch offers its books, taken while there
 * is room; after indexing, a pass over the books still needing a cover feeds the same queue a page at a time. Covers
 * are recorded a hundred per statement, and those written are recorded even when the scan stops (cancel, shutdown):
 * the next scan skips them. The first failure (cancel, shutdown, the database) stops the queue and is thrown by
 * `push` and `drain`.
 */
export class CoverQueue {
  private readonly waiting: QueuedCover[] = [];
  private running = 0;
  private made: { fileId: string; thumbnailPath: string }[] = [];
  private recording: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;
  private stopped = false;
  private waiters: (() => void)[] = [];
  /** Set once the scan reports the covers as its progress (after indexing, which reports its own). */
  private progress: { base: number; total: number } | undefined;
  /** Books found to have no usable cover. */
  readonly coverless: string[] = [];
  /** Covers written so far. */
  written = 0;
  /** Books done so far, with a cover or without. */
  processed = 0;

  constructor(
    private readonly thumbnails: ThumbnailService,
    private readonly scans: ScanRepository,
    private readonly libraryId: string,
    private readonly context: JobContext,
    private readonly capacity = COVER_QUEUE_CAPACITY,
  ) {}

  /**
   * The files just stored at `paths` (relative to `root`): those that parsed and need a cover are queued while there
   * is room, the others are left to the pass after indexing. Never waits for covers: indexing goes on at its pace.
   */
  async offer(root: string, paths: string[]): Promise<void> {
    const room = this.capacity - this.waiting.length;
    if (this.stopped || this.failure || room <= 0 || paths.length === 0) return;
    // Not the PDFs: made last, together (ScanService.finishCovers), they never share a reader with other covers.
    this.enqueue(root, await this.scans.booksNeedingThumbnailsAt(this.libraryId, paths, room, { pdfs: false }));
  }

  /** Queues `books` (paths relative to `root`), then waits until there is room for more. */
  async push(root: string, books: readonly BookNeedingThumbnail[]): Promise<void> {
    this.enqueue(root, books);
    while (this.waiting.length >= this.capacity && !this.failure) await this.nextCover();
    this.throwFailure();
  }

  /**
   * From now on each cover made is the job's progress, out of `stillNeeded` (the books without a recorded thumbnail,
   * which include the covers made and not recorded yet).
   */
  reportProgress(stillNeeded: number): void {
    const total = Math.max(stillNeeded - this.made.length, 0);
    this.progress = { base: this.processed, total };
    this.context.progress({ stage: 'covers', currentItem: null, processed: 0, total });
  }

  /** Waits until every queued cover is made and recorded; throws what stopped the queue, if anything did. */
  async drain(): Promise<void> {
    while (this.waiting.length > 0 || this.running > 0) await this.nextCover();
    await this.record().catch((error: unknown) => this.fail(error));
    this.throwFailure();
  }

  /**
   * Drops the covers not started, waits for those running and records what was written: what a stopping scan
   * keeps. Never throws (the scan is already failing or done).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.length = 0;
    while (this.running > 0) await this.nextCover();
    await this.record().catch(() => undefined);
  }

  private enqueue(root: string, books: readonly BookNeedingThumbnail[]): void {
    if (this.stopped || this.failure) return;
    for (const book of books) this.waiting.push({ ...book, file: path.join(root, book.path) });
    while (this.running < this.thumbnails.concurrency * IN_FLIGHT_PER_SLOT && this.waiting.length > 0) {
      this.running++;
      void this.work();
    }
  }

  /** One of `concurrency` loops taking covers from the queue until it is empty or stopped; never rejects. */
  private async work(): Promise<void> {
    try {
      for (let book = this.waiting.shift(); book; book = this.waiting.shift()) await this.cover(book);
    } catch (error) {
      this.fail(error);
    } finally {
      this.running--;
      this.wake();
    }
  }

  private async cover(book: QueuedCover): Promise<void> {
    this.context.throwIfCancelled();
    const written = await this.thumbnails.generate(book.file, book.format, book.bookId, this.context.signal);
    this.made.push({ fileId: book.fileId, thumbnailPath: written });
    if (written === NO_THUMBNAIL) this.coverless.push(book.bookId);
    else this.written++;
    this.processed++;
    if (this.progress) {
      const processed = Math.min(this.processed - this.progress.base, this.progress.total);
      this.context.progress({ processed, currentItem: book.path });
    }
    this.wake();
    if (this.made.length >= RECORD_BATCH) await this.record();
  }

  /** Records the covers made so far, one statement after the other. */
  private record(): Promise<void> {
    const batch = this.made;
    this.made = [];
    if (batch.length > 0) this.recording = this.recording.then(() => this.scans.setThumbnails(batch));
    return this.recording;
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    this.waiting.length = 0;
  }

  private throwFailure(): void {
    if (this.failure) throw this.failure.error;
  }

  private nextCover(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
