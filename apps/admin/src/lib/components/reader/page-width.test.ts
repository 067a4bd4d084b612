import { describe, expect, it } from 'vitest';
import { pageImageUrl, pageRequestWidth } from './page-width.js';

describe('pageRequestWidth', () => {
  it('asks the screen width in device pixels, rounded up to a step of 200', () => {
    expect(pageRequestWidth(360, 3)).toBe(1200); // 1080 → 1200
    expect(pageRequestWidth(1280, 1)).toBe(1400);
    expect(pageRequestWidth(1200, 1)).toBe(1200);
    expect(pageRequestWidth(412, 2.625)).toBe(1200); // 1081.5 → 1200
  });

  it('gives the same width for close window sizes, so the browser cache is reused', () => {
    const widths = new Set([1201, 1250, 1300, 1399, 1400].map((width) => pageRequestWidth(width, 1)));
    expect([...widths]).toEqual([1400]);
  });

  it('stays within the server limits and survives odd ratios', () => {
    expect(pageRequestWidth(3000, 2)).toBe(4096);
    expect(pageRequestWidth(0, 1)).toBe(200);
    expect(pageRequestWidth(800, Number.NaN)).toBe(800);
    expect(pageRequestWidth(800, 0)).toBe(800);
  });
});

describe('pageImageUrl', () => {
  it('is the REST page route with the width', () => {
    expect(pageImageUrl('b1', 3, 1200)).toBe('/api/v1/books/b1/pages/3?width=1200');
  });
});
