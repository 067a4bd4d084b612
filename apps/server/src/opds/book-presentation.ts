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
  chapter: 'Ch.',
};

function formatVolume(book: BookEntry): string | null {
  if (book.volume === null)
    return book.volumeKind === 'regular' || book.volumeKind === 'chapter' ? null : KIND_LABELS[book.volumeKind];
  return `${KIND_LABELS[book.volumeKind]} ${book.volume}`;
}

/**
 * The title an app shows: the volume first ("Vol. 3 – Le Gardien"), and the series in lists that mix series
 * ("Les Légendaires, Vol. 3 – Le Gardien"). A title that only repeats the series name is not written twice.
 */
export function displayTitle(book: BookEntry, nameSeries: boolean): string {
  const volume = formatVolume(book);
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
