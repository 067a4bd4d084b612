import { withBase } from '../../paths.js';

/** The server's limits for `?width=` (openapi.yaml getBookPage). */
const MIN_WIDTH = 16;
const MAX_WIDTH = 4096;

/**
 * The width to ask a page image at: the screen's width in device pixels, rounded UP to a step (200 px) so that
 * small changes of the window (a scrollbar, a rotated phone of almost the same size) ask the same URL and the
 * browser's cache is reused. Never below what the screen shows, never past the server's maximum.
 */
export function pageRequestWidth(viewportWidth: number, devicePixelRatio: number, step = 200): number {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const pixels = Math.max(1, viewportWidth) * ratio;
  const rounded = Math.ceil(pixels / step) * step;
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, rounded));
}

/** The image of page `n` (1-based) at that width: a plain REST URL the <img> loads with the session cookie. */
export function pageImageUrl(bookId: string, page: number, width: number): string {
  return withBase(`/api/v1/books/${encodeURIComponent(bookId)}/pages/${page}?width=${width}`);
}
