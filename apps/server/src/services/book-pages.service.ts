import { ValidationError } from '../domain/errors.js';
import type { BookReader } from '../indexer/book-reader.js';
import { BookFileError } from '../indexer/formats/index.js';
import type { BookPageRepository, StoredPage } from '../repositories/book-page.repository.js';
import { PageUnreadableError, type BookFileService } from './book-file.service.js';

/**
 * The pages of a book with their sizes, for the comic reader's spreads. Measured once from image headers in a reader
 * process (ADR 8), then read from the database until the file changes.
 */
export class BookPagesService {
  /** One measurement per file version at a time: a reader opening a book asks once, but several tabs may too. */
  private readonly measuring = new Map<string, Promise<StoredPage[]>>();

  constructor(
    private readonly files: BookFileService,
    private readonly pages: BookPageRepository,
    private readonly reader: BookReader,
  ) {}

  async list(bookId: string): Promise<StoredPage[]> {
    const file = await this.files.locate(bookId);
    if (file.format === 'epub') throw new ValidationError('EPUB books have no fixed pages; download the file instead.');
    const stored = await this.pages.forFile(file.fileId, file);
    if (stored) return stored;
    const key = `${file.fileId}:${file.sizeBytes}:${file.mtimeMs}`;
    let running = this.measuring.get(key);
    if (!running) {
      running = this.measure(file.fileId, file.absolute, file.format, file).finally(() => this.measuring.delete(key));
      this.measuring.set(key, running);
    }
    return running;
  }

  private async measure(
    fileId: string,
    absolute: string,
    format: Parameters<BookReader['pages']>[1],
    fingerprint: { sizeBytes: number; mtimeMs: number },
  ): Promise<StoredPage[]> {
    let measured;
    try {
      measured = await this.reader.pages(absolute, format);
    } catch (error) {
      if (error instanceof BookFileError) throw new PageUnreadableError(`The pages cannot be read (${error.kind}).`);
      throw error;
    }
    try {
      await this.pages.replace(fileId, fingerprint, measured);
    } catch (error) {
      // Another server process stored the same file's pages at the same moment: theirs are as good as ours.
      const stored = await this.pages.forFile(fileId, fingerprint);
      if (!stored) throw error;
      return stored;
    }
    return measured.map((page, index) => ({ number: index + 1, ...page }));
  }
}
