import type { EntityManager } from '@mikro-orm/sql';
import { BookFile } from '../entities/book-file.entity.js';
import type { BookFormat } from '../entities/book.entity.js';
import { visibleLibrarySql } from './library-access.js';

export interface BookFileRow {
  fileId: string;
  path: string;
  format: BookFormat;
  pageCount: number | null;
  thumbnailPath: string | null;
  libraryRootPath: string;
}

export class BookFileRepository {
  constructor(private readonly em: EntityManager) {}

  /** Null when the book has no file, or is in a library the viewer may not see (its file, pages and thumbnail 404). */
  async forBook(bookId: string): Promise<BookFileRow | null> {
    const visible = visibleLibrarySql('f.library_id');
    const [row] = await this.em.execute<
      {
        id: string;
        path: string;
        format: BookFormat;
        page_count: number | null;
        thumbnail_path: string | null;
        root_path: string;
      }[]
    >(
      `select f.id, f.path, f.format, b.page_count, f.thumbnail_path, l.root_path
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
    };
  }

  async setThumbnail(fileId: string, thumbnailPath: string): Promise<void> {
    await this.em.nativeUpdate(BookFile, { id: fileId }, { thumbnailPath });
  }
}
