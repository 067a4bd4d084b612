/** Where a series' cover comes from, as an administrator chose it (openapi.yaml `SeriesCoverChoice`). */
export const SERIES_COVER_SOURCES = ['first_book', 'book', 'upload'] as const;
export type SeriesCoverSource = (typeof SERIES_COVER_SOURCES)[number];

export function seriesCoverSource(value: string | null | undefined): SeriesCoverSource {
  return (SERIES_COVER_SOURCES as readonly string[]).includes(value ?? '')
    ? (value as SeriesCoverSource)
    : 'first_book';
}

/**
 * The book whose thumbnail shows as the series' cover: the chosen one while it is still in the series with a cover
 * (a rescan keeps the choice; a book that left falls back without losing it), else the first book with a cover.
 */
export function coverBookOf(
  source: SeriesCoverSource,
  chosenBookId: string | null,
  booksWithCover: readonly string[],
): string | null {
  if (source === 'book' && chosenBookId !== null && booksWithCover.includes(chosenBookId)) return chosenBookId;
  return booksWithCover[0] ?? null;
}
