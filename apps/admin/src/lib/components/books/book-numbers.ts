import type { TranslationFunctions } from '../../../i18n/i18n-types.js';
import type { BookItem } from './book-types.js';

/** What a heading needs: the numbers and the title. */
type Headed = BookNumbers & Pick<BookItem, 'title'>;

export type BookNumbers = Pick<BookItem, 'volume' | 'volume_end' | 'chapter' | 'chapter_end' | 'kind'>;

/** `10`, or `10–18` for a range, in the page's language (`10,5` in French). */
function range(start: number, end: number | null, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return end === null || end === start ? format.format(start) : `${format.format(start)}–${format.format(end)}`;
}

/**
 * A book's place in its series as readers write it: "Vol. 2 – Ch. 10–18", "Ch. 15" for a loose chapter, "HS 1",
 * "Omnibus" for an unnumbered one; empty for a book with no number at all.
 */
export function bookNumbersLabel(book: BookNumbers, LL: TranslationFunctions, locale: string): string {
  const prefix = LL.books.numbers.volume[book.kind]();
  const parts: string[] = [];
  if (book.volume !== null) parts.push(`${prefix} ${range(book.volume, book.volume_end, locale)}`);
  else if (book.kind !== 'regular' && book.kind !== 'chapter') parts.push(prefix);
  if (book.chapter !== null)
    parts.push(`${LL.books.numbers.chapter()} ${range(book.chapter, book.chapter_end, locale)}`);
  return parts.join(' – ');
}

/** The title with the book's place in front, as the reader shows it: "Vol. 2 – Ch. 10–18 – The Black Swordsman". */
export function bookHeading(book: Headed, LL: TranslationFunctions, locale: string): string {
  const numbers = bookNumbersLabel(book, LL, locale);
  return numbers === '' ? book.title : `${numbers} – ${book.title}`;
}
