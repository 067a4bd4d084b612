import { isPaged, type Direction, type FitMode, type PageSize } from './reader-modes.js';

/** A webtoon page is a slice of one long strip: at least this many times taller than wide. */
const STRIP_RATIO = 3;
/** The widest a page is drawn at fit width when the reader chose nothing (CSS px, centred in a wider window). */
export const DEFAULT_MAX_WIDTH = 800;

/** ComicInfo's `Format` (stored as `comic_format`) says Webtoon, or most pages of known size are strips. */
export function looksLikeWebtoon(comicFormat: string | null | undefined, sizes: readonly (PageSize | undefined)[]) {
  if (comicFormat?.trim().toLowerCase() === 'webtoon') return true;
  const known = sizes.filter((size): size is { width: number; height: number } => !!size?.width && !!size.height);
  const strips = known.filter((size) => size.height >= STRIP_RATIO * size.width).length;
  return known.length > 0 && strips * 2 > known.length;
}

interface SavedChoices {
  reading_direction: Direction;
  direction_source: 'reader' | 'series' | 'library';
  fit: FitMode | null;
  scroll_fit: FitMode | null;
  max_width: number | null;
}

/**
 * The direction the reader opens in: the reader's or the series' choice when there is one; otherwise a webtoon
 * scrolls as one (the library's default is no choice for this series), and anything else takes the library's.
 */
export function openingDirection(
  saved: Pick<SavedChoices, 'reading_direction' | 'direction_source'> | null,
  book: { comicFormat: string | null | undefined; sizes: readonly (PageSize | undefined)[] },
): Direction {
  if (saved && saved.direction_source !== 'library') return saved.reading_direction;
  if (looksLikeWebtoon(book.comicFormat, book.sizes)) return 'webtoon';
  return saved?.reading_direction ?? 'ltr';
}

/**
 * The fit of each family of modes, never one from the other: turning pages uses `fit`, a scrolled column
 * `scroll_fit`. With nothing saved, the mode's default: a column fills the width; pages fill the height on a
 * landscape screen (the whole page seen) and the width on a portrait one (a phone).
 */
export function fitFor(
  direction: Direction,
  saved: Pick<SavedChoices, 'fit' | 'scroll_fit'> | null,
  screen: { width: number; height: number },
): FitMode {
  if (!isPaged(direction)) return saved?.scroll_fit ?? 'width';
  return saved?.fit ?? (screen.width < screen.height ? 'width' : 'height');
}

/** Which saved field a fit chosen in `direction` goes to. */
export const fitField = (direction: Direction): 'fit' | 'scroll_fit' => (isPaged(direction) ? 'fit' : 'scroll_fit');
