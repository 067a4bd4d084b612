import { describe, expect, it } from 'vitest';
import { atBottom, pageAtScroll } from './scroll-position.js';

describe('pageAtScroll', () => {
  const tops = [0, 1000, 2000, 3000];
  it('is the last page whose top passed a third of the viewport', () => {
    expect(pageAtScroll(tops, 0, 900)).toBe(1);
    expect(pageAtScroll(tops, 600, 900)).toBe(1);
    expect(pageAtScroll(tops, 700, 900)).toBe(2);
    expect(pageAtScroll(tops, 5000, 900)).toBe(4);
    expect(pageAtScroll([], 0, 900)).toBe(1);
  });
  it('knows the bottom of the strip', () => {
    expect(atBottom(3100, 900, 4000)).toBe(true);
    expect(atBottom(3000, 900, 4000)).toBe(false);
  });
});
