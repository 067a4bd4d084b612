import { isWide, type Layout, type PageSize } from './reader-modes.js';

/** One screen of a paged reader: one page, or two in reading order (the first read first). */
export type Spread = readonly number[];

export type ConcreteLayout = Exclude<Layout, 'auto'>;

/**
 * What "auto" means on this screen: two pages side by side on a landscape screen, with the cover alone (the way
 * a printed book opens); one page on a portrait screen, where two would be too small to read.
 */
export function concreteLayout(layout: Layout, screen: { width: number; height: number }): ConcreteLayout {
  if (layout !== 'auto') return layout;
  return screen.width > screen.height ? 'double-cover' : 'single';
}

/**
 * The screens of a book of `total` pages. In double layouts, pages are paired in reading order; a wide page (a
 * double-page spread scanned as one image) stands alone and the pairing starts again after it, so the pages that
 * face each other in print still face each other; a page left without a partner (before a wide page, the last
 * one) stands alone. "double-cover" shows the first page alone, like a book's cover.
 */
export function buildSpreads(
  total: number,
  sizes: readonly (PageSize | undefined)[],
  layout: ConcreteLayout,
): Spread[] {
  const spreads: Spread[] = [];
  const wide = (page: number) => isWide(sizes[page - 1]);
  let page = 1;
  if (layout === 'double-cover' && total >= 1) {
    spreads.push([1]);
    page = 2;
  }
  while (page <= total) {
    if (layout === 'single' || wide(page) || page === total || wide(page + 1)) {
      spreads.push([page]);
      page += 1;
    } else {
      spreads.push([page, page + 1]);
      page += 2;
    }
  }
  return spreads;
}

/** The index of the spread that shows `page` (the first one when the page is out of range). */
export function spreadIndexOf(spreads: readonly Spread[], page: number): number {
  const index = spreads.findIndex((spread) => spread.includes(page));
  if (index >= 0) return index;
  return page > 0 && spreads.length > 0 && page > (spreads.at(-1)?.at(-1) ?? 0) ? spreads.length - 1 : 0;
}

/** The pages of a spread from left to right on the screen: right to left reading puts the first page on the right. */
export const onScreenOrder = (spread: Spread, rtl: boolean): number[] => (rtl ? [...spread].reverse() : [...spread]);
