/**
 * The page a reader of a vertical strip is on: the last page whose top is above the reading line (a third down the
 * viewport), so a page counts as reached once it fills most of the screen. `tops` are the pages' offsets from the
 * top of the strip, in page order. Returns a 1-based page number.
 */
export function pageAtScroll(tops: readonly number[], scrollTop: number, viewportHeight: number): number {
  const line = scrollTop + viewportHeight / 3;
  let low = 0;
  let high = tops.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (tops[middle]! <= line) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found + 1;
}

/** At the bottom of the strip the last page is reached, even when it is shorter than the reading line. */
export const atBottom = (scrollTop: number, viewportHeight: number, scrollHeight: number): boolean =>
  scrollTop + viewportHeight >= scrollHeight - 2;
