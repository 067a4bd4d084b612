import type { Spread } from './spreads.js';

/**
 * The pages to fetch ahead, most useful first: every page of the next `ahead` spreads in reading order (the next
 * screen, not only the next page), then the previous spread (a reader who turns back sees it at once). In the
 * vertical modes `spreads` are single pages and the next ones come first the same way.
 */
export function preloadOrder(spreads: readonly Spread[], index: number, ahead = 2): number[] {
  const pages: number[] = [];
  for (let next = index + 1; next <= Math.min(spreads.length - 1, index + ahead); next++) pages.push(...spreads[next]!);
  if (index > 0) pages.push(...spreads[index - 1]!);
  return pages;
}
