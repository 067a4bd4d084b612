import type { BookFormat } from '../entities/book.entity.js';
import type { BookEntry } from '../repositories/book.repository.js';
import { CONTENT_TYPES } from '../services/book-file.service.js';

/** Formats whose pages can be streamed one by one (OPDS-PSE); EPUB is reflowable and has none. */
export function streamsPages(book: BookEntry): boolean {
  return book.format !== 'epub' && book.pageCount !== null && book.pageCount > 0;
}

export function mediaTypeOf(format: BookFormat): string {
  return CONTENT_TYPES[format];
}

const KIND_LABELS: Record<BookEntry['volumeKind'], string> = {
  regular: 'Vol.',
  hors_serie: 'HS',
  integrale: 'Omnibus',
  one_shot: 'One-shot',
  chapter: 'Vol.',
};

/** `10`, or `10–18` for a range (an en dash, as in print). */
function numberRange(start: number, end: number | null): string {
  return end === null || end === start ? String(start) : `${start}–${end}`;
}

/** "Vol. 2 – Ch. 10–18", "Ch. 15" for a loose chapter, "HS 1", "Omnibus 1–5"; null for a book without numbers. */
export function bookNumbersLabel(
  book: Pick<BookEntry, 'volume' | 'volumeEnd' | 'chapter' | 'chapterEnd' | 'volumeKind'>,
): string | null {
  const kind = KIND_LABELS[book.volumeKind];
  const volume =
    book.volume !== null
      ? `${kind} ${numberRange(book.volume, book.volumeEnd)}`
      : book.volumeKind === 'regular' || book.volumeKind === 'chapter'
        ? null
        : kind;
  const chapter = book.chapter === null ? null : `Ch. ${numberRange(book.chapter, book.chapterEnd)}`;
  const parts = [volume, chapter].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(' – ');
}

/** Where a reading app files the book in its series: its volume, else its chapter. */
export function seriesPosition(book: Pick<BookEntry, 'volume' | 'chapter'>): number | null {
  return book.volume ?? book.chapter;
}

/**
 * The title an app shows: the volume and chapter first ("Vol. 3 – Le Gardien", "Vol. 2 – Ch. 10–18 – …"), and the series in lists that mix series
 * ("Les Légendaires, Vol. 3 – Le Gardien"). A title that only repeats the series name is not written twice.
 */
export function displayTitle(book: BookEntry, nameSeries: boolean): string {
  const volume = bookNumbersLabel(book);
  const series = book.seriesName;
  const repeatsSeries = series !== null && book.title.trim().toLowerCase() === series.trim().toLowerCase();
  const core = volume === null ? book.title : repeatsSeries ? volume : `${volume} – ${book.title}`;
  if (series === null || (repeatsSeries && volume === null) || (!nameSeries && !repeatsSeries)) return core;
  return `${series}, ${core}`;
}

/** A language tag as both catalog formats accept it (BCP 47 shape), or null. */
export function languageTag(language: string | null): string | null {
  return language !== null && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language : null;
}

/** A publication date as `YYYY-MM-DD` (what both formats accept), or null. */
export function publishedDate(date: string | null): string | null {
  return date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}
