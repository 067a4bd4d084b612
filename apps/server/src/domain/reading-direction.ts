/**
 * How a comic is read, and the per-reader choices the comic reader keeps per series. Stored as plain text columns
 * (checked here, and by the contract on the way in) rather than enum columns: on SQLite an enum is a CHECK
 * constraint, and adding one to `series` or `libraries` would rebuild those tables and their triggers.
 */
export const READING_DIRECTIONS = ['ltr', 'rtl', 'vertical', 'webtoon'] as const;
export type ReadingDirection = (typeof READING_DIRECTIONS)[number];
export const DEFAULT_READING_DIRECTION: ReadingDirection = 'ltr';

export const READER_LAYOUTS = ['auto', 'single', 'double', 'double-cover'] as const;
export type ReaderLayout = (typeof READER_LAYOUTS)[number];
export const READER_FITS = ['width', 'height', 'screen', 'original'] as const;
export type ReaderFit = (typeof READER_FITS)[number];
export const READER_BACKGROUNDS = ['dark', 'grey', 'light'] as const;
export type ReaderBackground = (typeof READER_BACKGROUNDS)[number];

export function isReadingDirection(value: unknown): value is ReadingDirection {
  return typeof value === 'string' && (READING_DIRECTIONS as readonly string[]).includes(value);
}

/** A stored value read back: anything unknown (a hand-edited row) counts as no choice. */
export function readingDirectionOrNull(value: string | null | undefined): ReadingDirection | null {
  return isReadingDirection(value) ? value : null;
}

export function oneOfOrNull<T extends string>(allowed: readonly T[], value: string | null | undefined): T | null {
  return value !== null && value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export type DirectionSource = 'reader' | 'series' | 'library';

/** The direction in effect for a reader: their own choice, else the series', else the library's default. */
export function effectiveDirection(
  own: ReadingDirection | null,
  series: ReadingDirection | null,
  library: ReadingDirection,
): { direction: ReadingDirection; source: DirectionSource } {
  if (own) return { direction: own, source: 'reader' };
  if (series) return { direction: series, source: 'series' };
  return { direction: library, source: 'library' };
}
