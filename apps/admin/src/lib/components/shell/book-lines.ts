import type { TranslationFunctions } from '../../../i18n/i18n-types.js';
import { bookNumbersLabel, type BookNumbers } from '../books/book-numbers.js';

type CardBook = BookNumbers & { title: string; series: string | null };

/**
 * What a book's card says, on two lines: the series (the title when it has none), then its number and its title when
 * the title is more than the series' name again ("Harbour Lights 2" in "Harbour Lights" says "Vol. 2" alone). A
 * series is never named twice on one card.
 */
export function bookLines(book: CardBook, LL: TranslationFunctions, locale: string): { first: string; second: string } {
  const numbers = bookNumbersLabel(book, LL, locale);
  if (!book.series) return { first: book.title, second: numbers };
  const title = book.title.trim();
  const normalized = (text: string) => text.toLocaleLowerCase(locale).normalize('NFD').replace(/\p{M}/gu, '');
  const repeatsSeries = normalized(title).includes(normalized(book.series));
  const second = [numbers, repeatsSeries || title === '' ? '' : title].filter(Boolean).join(' – ');
  return { first: book.series, second: second || (repeatsSeries ? title : '') };
}
