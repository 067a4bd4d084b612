import type { TranslationFunctions } from '../../../i18n/i18n-types.js';

/**
 * Every display of a reader's place in a book goes through here. `current_page` is already 1-based (the reader
 * opens page 1 of 10 as `current_page: 1`): nothing adds one to it. An EPUB has no pages to speak of (its page
 * count is unknown or the publisher's): its place is a percentage (`reading_percentage`, 0 to 1), never a page.
 */
export interface ProgressFacts {
  format: string;
  reading_status: 'unread' | 'reading' | 'read';
  current_page: number | null;
  page_count: number | null;
  /** Only the book page has it (BookDetails); lists give none. */
  reading_percentage?: number | null;
}

/** Whether the book's place is told in pages (comics, PDF) rather than as a percentage (EPUB). */
export const hasPages = (book: Pick<ProgressFacts, 'format'>): boolean => book.format !== 'epub';

/** The page reached, 1-based and within the book, or null when there is none to show. */
export function pageReached(book: ProgressFacts): { page: number; count: number } | null {
  if (!hasPages(book) || book.reading_status !== 'reading') return null;
  if (book.current_page === null || book.page_count === null || book.page_count < 1) return null;
  return { page: Math.min(Math.max(1, book.current_page), book.page_count), count: book.page_count };
}

/** How far the reader is, 0–100: 100 once read; null when unread or when nothing says. */
export function progressPercent(book: ProgressFacts): number | null {
  if (book.reading_status === 'read') return 100;
  if (book.reading_status !== 'reading') return null;
  if (!hasPages(book)) {
    return book.reading_percentage == null ? null : Math.round(Math.min(1, Math.max(0, book.reading_percentage)) * 100);
  }
  const at = pageReached(book);
  return at ? Math.round((at.page / at.count) * 100) : null;
}

/** "Page 2 of 10" for a paged book, "35% read" for an EPUB, null when there is nothing to tell. */
export function progressText(book: ProgressFacts, LL: TranslationFunctions): string | null {
  const at = pageReached(book);
  if (at) return LL.shelf.progress(at);
  if (hasPages(book) || book.reading_status !== 'reading') return null;
  const percent = progressPercent(book);
  return percent === null ? null : LL.shelf.readPercent({ percent });
}
