import type { FitMode, PageSize } from './reader-modes.js';

/** A page whose size is not known yet is drawn at the usual comic page shape (2:3) until its image says. */
const DEFAULT_RATIO = 2 / 3;

export const ratioOf = (size: PageSize | undefined): number =>
  size && size.width && size.height ? size.width / size.height : DEFAULT_RATIO;

export interface Box {
  width: number;
  height: number;
}

/**
 * The CSS size of each page of a spread (all at one height, side by side) for a fit mode in the `box` the reader
 * has, times `zoom`: width = the spread fills the width; height = the spread fills the height; screen = all of it
 * visible (the smaller of the two); original = the images' own pixels (as CSS pixels, capped by nothing). At fit
 * width no page is wider than `maxWidth`.
 */
export function fitSizes(
  pages: readonly (PageSize | undefined)[],
  box: Box,
  fit: FitMode,
  zoom = 1,
  maxWidth = Infinity,
): Box[] {
  if (pages.length === 0 || box.width <= 0 || box.height <= 0) return pages.map(() => ({ width: 0, height: 0 }));
  const ratios = pages.map(ratioOf);
  const totalRatio = ratios.reduce((sum, ratio) => sum + ratio, 0);
  let height: number;
  // Fit width stops at the reader's maximum width per page: a strip is never stretched across a wide window.
  if (fit === 'width') height = Math.min(box.width, maxWidth * pages.length) / totalRatio;
  else if (fit === 'height') height = box.height;
  else if (fit === 'screen') height = Math.min(box.height, box.width / totalRatio);
  else {
    const known = pages.map((page) => page?.height ?? null).filter((value): value is number => value !== null);
    height = known.length > 0 ? Math.max(...known) : box.height;
  }
  height *= zoom;
  return ratios.map((ratio) => ({ width: Math.round(ratio * height), height: Math.round(height) }));
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The next zoom step (×1.25 in, ÷1.25 out), kept between the fitted size and four times it. */
export function stepZoom(zoom: number, direction: 'in' | 'out'): number {
  const next = direction === 'in' ? zoom * 1.25 : zoom / 1.25;
  return clampZoom(Math.abs(next - 1) < 0.01 ? 1 : next);
}

export const clampZoom = (zoom: number): number =>
  Number.isFinite(zoom) ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) : MIN_ZOOM;

/**
 * Where to scroll so that the point of the content under (x, y) of the viewport stays under it after the zoom
 * goes from `from` to `to` (a pinch or a wheel zooms around the fingers, not the corner).
 */
export function scrollAfterZoom(
  scroll: { left: number; top: number },
  at: { x: number; y: number },
  from: number,
  to: number,
): { left: number; top: number } {
  const factor = to / from;
  return {
    left: Math.max(0, (scroll.left + at.x) * factor - at.x),
    top: Math.max(0, (scroll.top + at.y) * factor - at.y),
  };
}
