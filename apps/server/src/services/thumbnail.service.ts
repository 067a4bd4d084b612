import path from 'node:path';
import type { BookReader } from '../indexer/book-reader.js';
import { ReaderPoolClosedError } from '../indexer/reader-process/reader-pool.js';
import type { BookFormat } from '../indexer/formats/index.js';
import type { Logger } from '../logger.js';

/** Stored as the thumbnail path of a book whose file has no usable cover. */
export const NO_THUMBNAIL = '';

/** Cover thumbnails under DATA_DIR/thumbnails, made by the reader processes (JPEG inside 300×400, ADR 6). */
export class ThumbnailService {
  readonly directory: string;

  constructor(
    dataDir: string,
    private readonly reader: BookReader,
    /** Thumbnails made at once. */
    readonly concurrency: number,
    private readonly logger: Logger,
  ) {
    this.directory = path.join(dataDir, 'thumbnails');
  }

  /**
   * Writes the thumbnail of a book and returns its file name, or NO_THUMBNAIL when the book has no usable
   * cover (recorded so later scans do not try again until the file changes).
   */
  async generate(file: string, format: BookFormat, bookId: string, signal?: AbortSignal): Promise<string> {
    const name = `${bookId}.jpg`;
    try {
      return (await this.reader.thumbnail(file, format, path.join(this.directory, name), signal)) ? name : NO_THUMBNAIL;
    } catch (error) {
      signal?.throwIfAborted();
      // Shutting down says nothing about the book: it must not be recorded as coverless.
      if (error instanceof ReaderPoolClosedError) throw error;
      this.logger.debug({ err: error, bookId }, 'no thumbnail');
      return NO_THUMBNAIL;
    }
  }

  pathOf(name: string): string {
    return path.join(this.directory, path.basename(name));
  }
}
