import type { EntityManager } from '@mikro-orm/sql';
import { BookFile } from '../entities/book-file.entity.js';
import type { BookFormat } from '../entities/book.entity.js';
import { visibleBookSql, whereVisibleBook } from './library-access.js';

export interface BookFileRow {
  fileId: string;
  path: string;
  format: BookFormat;
  pageCount: number | null;
  thumbnailPath: string | null;
  libraryRootPath: string;
  seriesId: string | null;
  /** The file as the last scan stored it: a thumbnail made from it is recorded only while it is still that file. */
  stored: StoredVersion;
}

export interface StoredVersion {
  sizeBytes: number;
  mtimeMs: number;
}

export class BookFileRepository {
  constructor(private readonly em: EntityManager) {}

  /** Null when the book has no file, or is in a library the viewer may not see (its file, pages and thumbnail 404). */
  async forBook(bookId: string): Promise<BookFileRow | null> {
    const visible = visibleBookSql('b');
    const [row] = await this.em.execute<
      {
        id: string;
        path: string;
        format: BookFormat;
        page_count: number | null;
        thumbnail_path: string | null;
        root_path: string;
        size_bytes: number | string;
        mtime_ms: number | string;
        series_id: string | null;
      }[]
    >(
      `select f.id, f.path, f.format, b.page_count, f.thumbnail_path, l.root_path, f.size_bytes, f.mtime_ms,
              b.series_id
         from book_files f join books b on b.id = f.book_id join libraries l on l.id = f.library_id
        where f.book_id = ?${visible ? ` and ${visible.sql}` : ''}`,
      [bookId, ...(visible?.params ?? [])],
    );
    if (!row) return null;
    return {
      fileId: row.id,
      path: row.path,
      format: row.format,
      pageCount: row.page_count,
      thumbnailPath: row.thumbnail_path,
      libraryRootPath: row.root_path,
      seriesId: row.series_id,
      // PostgreSQL answers bigints as strings.
      stored: { sizeBytes: Number(row.size_bytes), mtimeMs: Number(row.mtime_ms) },
    };
  }

  /**
   * The books whose file has this partial hash (KOReader's document id), in the libraries the current viewer may see
   * (a book elsewhere is never found, so KOReader sync neither moves nor answers it). A hash shared by several files
   * (the same file in two libraries) finds each.
   */
  async booksWithPartialHash(
    partialHash: string,
  ): Promise<{ bookId: string; format: BookFormat; pageCount: number | null }[]> {
    const where = ['f.partial_hash = ?'];
    const params: unknown[] = [partialHash];
    whereVisibleBook('b', where, params);
    const rows = await this.em.execute<{ book_id: string; format: BookFormat; page_count: number | null }[]>(
      `select f.book_id, b.format, b.page_count
         from book_files f join books b on b.id = f.book_id
        where ${where.join(' and ')}
        order by f.book_id`,
      params,
    );
    return rows.map((row) => ({ bookId: row.book_id, format: row.format, pageCount: row.page_count }));
  }

  /**
   * Records a thumbnail made on request, unless one was recorded meanwhile or a scan stored another version of the
   * file while it was being made (it would be the old cover, kept by later rewrites that leave the cover as is).
   */
  async setThumbnail(fileId: string, thumbnailPath: string, madeFrom: StoredVersion): Promise<void> {
    await this.em.nativeUpdate(
      BookFile,
      { id: fileId, thumbnailPath: null, sizeBytes: madeFrom.sizeBytes, mtimeMs: madeFrom.mtimeMs },
      { thumbnailPath },
    );
  }
}
