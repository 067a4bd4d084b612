import type { EntityManager } from '@mikro-orm/sql';
import { BookPage } from '../entities/book-page.entity.js';
import type { MeasuredPage, PageMediaType } from '../indexer/formats/index.js';

/** The file as it was when its pages were measured: a different size or time means another file. */
export interface FileFingerprint {
  sizeBytes: number;
  mtimeMs: number;
}

export interface StoredPage extends MeasuredPage {
  number: number;
}

interface PageRow {
  number: number | string;
  media_type: PageMediaType;
  width: number | string | null;
  height: number | string | null;
  file_size: number | string;
  file_mtime_ms: number | string;
}

const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The measured pages of book files (book_pages). Callers check library access first (BookFileService.locate). */
export class BookPageRepository {
  constructor(private readonly em: EntityManager) {}

  /** The file's pages in order, or null when they were never measured or were measured on another version. */
  async forFile(fileId: string, file: FileFingerprint): Promise<StoredPage[] | null> {
    const rows = await this.em.execute<PageRow[]>(
      `select number, media_type, width, height, file_size, file_mtime_ms
         from book_pages where book_file_id = ? order by number`,
      [fileId],
    );
    const first = rows[0];
    if (!first) return null;
    if (Number(first.file_size) !== file.sizeBytes || Number(first.file_mtime_ms) !== file.mtimeMs) return null;
    return rows.map((row) => ({
      number: Number(row.number),
      mediaType: row.media_type,
      width: orNull(row.width),
      height: orNull(row.height),
    }));
  }

  /** Replaces whatever was stored for the file (an older version's pages) with these. */
  async replace(fileId: string, file: FileFingerprint, pages: readonly MeasuredPage[]): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await em.nativeDelete(BookPage, { bookFile: fileId });
      if (pages.length === 0) return;
      await em.insertMany(
        BookPage,
        pages.map((page, index) => ({
          bookFile: fileId,
          number: index + 1,
          mediaType: page.mediaType,
          width: page.width,
          height: page.height,
          fileSize: file.sizeBytes,
          fileMtimeMs: file.mtimeMs,
        })),
      );
    });
  }

  /**
   * Fills in the size of a page that was not measured (an entry of a solid archive) once the page route has read it.
   * Only for the same version of the file, and never overwrites a size already known.
   */
  async recordSize(
    fileId: string,
    file: FileFingerprint,
    number: number,
    measured: { width: number; height: number; mediaType: PageMediaType },
  ): Promise<void> {
    const where = 'book_file_id = ? and number = ? and width is null and file_size = ? and file_mtime_ms = ?';
    const params = [fileId, number, file.sizeBytes, file.mtimeMs];
    // Read first: most pages read are measured already, and on SQLite even an update of no row takes the write lock,
    // which would queue page reads behind a running scan.
    const [unmeasured] = await this.em.execute<{ n: number }[]>(`select 1 as n from book_pages where ${where}`, params);
    if (!unmeasured) return;
    await this.em.execute(
      `update book_pages set width = ?, height = ?, media_type = ? where ${where}`,
      [measured.width, measured.height, measured.mediaType, ...params],
      'run',
    );
  }
}
