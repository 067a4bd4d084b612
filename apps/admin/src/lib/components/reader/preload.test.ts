import { describe, expect, it } from 'vitest';
import { preloadOrder } from './preload.js';

describe('preloadOrder', () => {
  const spreads = [[1], [2, 3], [4], [5, 6], [7]];
  it('fetches the next two screens whole, then the previous one', () => {
    expect(preloadOrder(spreads, 0)).toEqual([2, 3, 4]);
    expect(preloadOrder(spreads, 1)).toEqual([4, 5, 6, 1]);
    expect(preloadOrder(spreads, 4)).toEqual([5, 6]);
  });
  it('looks further ahead when asked (a webtoon scrolls fast)', () => {
    expect(preloadOrder([[1], [2], [3], [4], [5]], 0, 3)).toEqual([2, 3, 4]);
  });
});
