import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { BookFormat } from '../entities/book.entity.js';
import { DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { BookReader } from '../indexer/book-reader.js';
import { BookFileError, type PageImage } from '../indexer/formats/index.js';
import type { BookFileRepository } from '../repositories/book-file.repository.js';
import type { BookPageRepository } from '../repositories/book-page.repository.js';
import type { SeriesRepository } from '../repositories/series.repository.js';
import type { LibrariesRoot } from './libraries-root.js';
import { NO_THUMBNAIL, type ThumbnailService } from './thumbnail.service.js';

export const CONTENT_TYPES: Record<BookFormat, string> = {
  cbz: 'application/vnd.comicbook+zip',
  cbr: 'application/vnd.comicbook-rar',
  cb7: 'application/x-cb7',
  cbt: 'application/x-cbt',
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
};

export interface LocatedFile {
  /** The `book_files` row. */
  fileId: string;
  absolute: string;
  fileName: string;
  format: BookFormat;
  contentType: string;
  sizeBytes: number;
  /** Modification time in whole milliseconds: with the size, what tells one version of the file from another. */
  mtimeMs: number;
  pageCount: number | null;
}

/** The book exists but its file is not on disk any more (moved, deleted, unmounted). */
export class BookFileUnavailableError extends DomainError {
  constructor(detail: string) {
    super(404, 'file-unavailable', 'File unavailable', detail);
  }
}

/** The file is there but this page cannot be decoded (corrupt, encrypted, unsupported compression). */
export class PageUnreadableError extends DomainError {
  constructor(detail: string) {
    super(422, 'page-unreadable', 'Page unreadable', detail);
  }
}

/** Serving what is inside books: the file itself, its pages, its thumbnail. */
export class BookFileService {
  constructor(
    private readonly files: BookFileRepository,
    private readonly root: LibrariesRoot,
    private readonly thumbnails: ThumbnailService,
    private readonly reader: BookReader,
    private readonly seriesCounts: Pick<SeriesRepository, 'refreshAggregates'>,
    private readonly measuredPages?: BookPageRepository,
  ) {}

  async locate(bookId: string): Promise<LocatedFile> {
    const row = await this.files.forBook(bookId);
    if (!row) throw new NotFoundError('Book', bookId);
    const libraryRoot = (await this.root.resolveFolder(row.libraryRootPath).catch(() => null))?.absolute;
    if (!libraryRoot) throw new BookFileUnavailableError('The library folder of this book is missing.');
    const absolute = path.join(libraryRoot, ...row.path.split('/'));
    // The stored path never contains '..' (the walker builds it), and it must still be a regular file.
    const info = await stat(absolute).catch(() => null);
    if (!info?.isFile())
      throw new BookFileUnavailableError('The file of this book is gone; a rescan will remove the book.');
    return {
      fileId: row.fileId,
      absolute,
      fileName: path.basename(absolute),
      format: row.format,
      contentType: CONTENT_TYPES[row.format],
      sizeBytes: info.size,
      mtimeMs: Math.floor(info.mtimeMs),
      pageCount: row.pageCount,
    };
  }

  /** Page `page` (1-based); `jpeg` asks for a JPEG whatever the page's own type (OPDS-PSE). */
  async page(
    bookId: string,
    page: number,
    width: number | undefined,
    options: { jpeg?: boolean } = {},
  ): Promise<PageImage> {
    const file = await this.locate(bookId);
    if (file.format === 'epub') throw new ValidationError('EPUB books have no fixed pages; download the file instead.');
    if (file.pageCount !== null && page > file.pageCount) throw new NotFoundError('Page', String(page));
    try {
      const image = await this.reader.page(file.absolute, file.format, page, width, options);
      await this.recordSize(file, page, image);
      return image;
    } catch (error) {
      if (error instanceof BookFileError && error.kind === 'not_found') throw new NotFoundError('Page', String(page));
      if (error instanceof BookFileError) throw new PageUnreadableError(`This page cannot be read (${error.kind}).`);
      throw error;
    }
  }

  /**
   * An entry of a solid RAR or 7z is not measured with the others (GET /books/{id}/pages): its size is recorded the
   * first time it is read here. The reader process sends the page's own size with the (maybe scaled) image.
   */
  private async recordSize(file: LocatedFile, page: number, image: PageImage): Promise<void> {
    if (!this.measuredPages || !image.original || (file.format !== 'cbr' && file.format !== 'cb7')) return;
    try {
      await this.measuredPages.recordSize(file.fileId, file, page, image.original);
    } catch {
      // The page was read: it is answered even when its size cannot be kept now (the next read records it).
    }
  }

  /** The thumbnail file, made now if the scan has not made it yet. */
  async thumbnail(bookId: string): Promise<string> {
    const row = await this.files.forBook(bookId);
    if (!row) throw new NotFoundError('Book', bookId);
    if (row.thumbnailPath === NO_THUMBNAIL) throw new NotFoundError('Thumbnail of book', bookId);
    if (row.thumbnailPath) return this.thumbnails.pathOf(row.thumbnailPath);
    const file = await this.locate(bookId);
    const made = await this.thumbnails.generate(file.absolute, file.format, bookId);
    await this.files.setThumbnail(row.fileId, made, row.stored);
    if (made === NO_THUMBNAIL) {
      // A series' cover is its first book not known to lack one (series-counts.ts): this one now is known to.
      if (row.seriesId !== null) await this.seriesCounts.refreshAggregates([row.seriesId]);
      throw new NotFoundError('Thumbnail of book', bookId);
    }
    return this.thumbnails.pathOf(made);
  }
}
