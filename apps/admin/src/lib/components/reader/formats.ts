import { withBase } from '../../paths.js';
import type { BookFormat } from '../books/book-types.js';

/** The formats the web reader shows page by page; EPUB has its own reader (components/epub). */
const PAGED: readonly BookFormat[] = ['cbz', 'cbr', 'cb7', 'cbt', 'pdf'];

export const isReadableInBrowser = (format: BookFormat): boolean => PAGED.includes(format) || format === 'epub';

export const bookFileUrl = (bookId: string): string => withBase(`/api/v1/books/${encodeURIComponent(bookId)}/file`);

/** Where the reader opens: the saved page of a book being read, else the first page. */
export function openingPage(book: { reading_status: string; current_page: number | null; page_count: number | null }) {
  const last = book.page_count ?? 1;
  if (book.reading_status !== 'reading' || book.current_page === null) return 1;
  return Math.min(Math.max(1, book.current_page), Math.max(1, last));
}
