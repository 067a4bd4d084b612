import path from 'node:path';
import * as messages from '../domain/job-messages.js';
import { fileMetadata } from '../domain/file-metadata.js';
import type { FileFields } from '../domain/metadata-backfill.js';
import type { BookReader } from '../indexer/book-reader.js';
import { BookFileError } from '../indexer/formats/index.js';
import { ReaderPoolClosedError } from '../indexer/reader-process/reader-pool.js';
import type { JobContext } from '../jobs/job-context.js';
import type { BackfillFile, MetadataBackfillRepository } from '../repositories/metadata-backfill.repository.js';
import type { SeriesRepository } from '../repositories/series.repository.js';
import type { JobService } from './job.service.js';
import type { LibraryService } from './library.service.js';

/** Files read and stored per transaction. */
const PAGE_SIZE = 250;

export interface MetadataBackfillReport extends Record<string, unknown> {
  /** The readable books of the library when the job started. */
  books: number;
  read: number;
  /** Books given at least one value. */
  filled: number;
  errors: number;
  /** Series refreshed from their books. */
  series: number;
  duration_ms: number;
}

function errorMessage(error: unknown): messages.JobItemError {
  if (error instanceof BookFileError) return messages.bookFileFailed(error.kind, error.message);
  return messages.FILE_UNREADABLE;
}

/**
 * Issue 31 item 2: books stored before the scan kept every ComicInfo and OPF field get them without a rescan. One
 * `metadata_backfill` job per library marked by the upgrade's migration reads only each file's metadata entry
 * (BookReader.readMetadata: never a page), fills the fields that are empty, unlocked and neither a provider's nor an
 * admin's (domain/metadata-backfill.ts), then refreshes what the series touched take from their books. The mark is
 * cleared when the job ends, so it runs once; a job cancelled or stopped by a failure leaves it, and the next start
 * runs it again (it fills only what is still empty: a second run changes nothing the first wrote).
 */
export class MetadataBackfillService {
  constructor(
    private readonly repository: MetadataBackfillRepository,
    private readonly series: SeriesRepository,
    private readonly libraries: LibraryService,
    private readonly reader: BookReader,
    private readonly jobs: JobService,
    private readonly concurrency: number,
  ) {}

  /** At start-up: a job for each library still marked (the one already queued or running is kept). */
  async startPending(): Promise<void> {
    for (const libraryId of await this.repository.pendingLibraries())
      await this.jobs.start('metadata_backfill', libraryId, {});
  }

  async run(context: JobContext): Promise<MetadataBackfillReport> {
    const started = Date.now();
    const libraryId = context.libraryId!;
    const library = await this.libraries.require(libraryId);
    const root = await this.libraries.scannableRoot(library);
    const total = await this.repository.countReadableFiles(libraryId);
    const report: MetadataBackfillReport = { books: total, read: 0, filled: 0, errors: 0, series: 0, duration_ms: 0 };
    context.progress({ processed: 0, total, currentItem: null });
    const touched = new Set<string>();
    let processed = 0;
    let after = '';
    for (;;) {
      context.throwIfCancelled();
      const page = await this.repository.readableFilesAfter(libraryId, after, PAGE_SIZE);
      if (page.length === 0) break;
      after = page.at(-1)!.path;
      const read = await this.readPage(root, page, context);
      report.read += read.length;
      report.errors += page.length - read.length;
      context.throwIfCancelled();
      const { filled, seriesIds } = await this.repository.fill(read);
      report.filled += filled;
      for (const id of seriesIds) touched.add(id);
      processed += page.length;
      // Past the total when files were added since it was counted: the total follows.
      context.progress({ processed, total: Math.max(total, processed), currentItem: after });
    }
    const seriesIds = [...touched];
    if (seriesIds.length > 0) {
      await this.series.fillFromBooks(seriesIds);
      await this.series.refreshCounts(seriesIds);
    }
    report.series = seriesIds.length;
    await this.repository.clearPending(libraryId);
    report.duration_ms = Date.now() - started;
    return report;
  }

  /** The metadata of a page of files, `concurrency` at a time; a file that cannot be read is an item error. */
  private async readPage(
    root: string,
    files: readonly BackfillFile[],
    context: JobContext,
  ): Promise<{ bookId: string; fields: FileFields }[]> {
    const read: { bookId: string; fields: FileFields }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        context.throwIfCancelled();
        try {
          const metadata = await this.reader.readMetadata(path.join(root, file.path), file.format, context.signal);
          read.push({
            bookId: file.bookId,
            fields: { ...fileMetadata(metadata), publishDate: metadata.publishDate ?? null },
          });
        } catch (error) {
          context.throwIfCancelled();
          // Shutting down says nothing about the file: the job stops and runs again at the next start.
          if (error instanceof ReaderPoolClosedError) throw error;
          context.itemError(file.path, errorMessage(error));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, files.length) }, worker));
    return read;
  }
}
