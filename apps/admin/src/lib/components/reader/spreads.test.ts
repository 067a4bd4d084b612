import { describe, expect, it } from 'vitest';
import { buildSpreads, concreteLayout, onScreenOrder, spreadIndexOf } from './spreads.js';

const portrait = { width: 1600, height: 2400 };
const wide = { width: 3200, height: 2400 };
const unknown = { width: null, height: null };
const pages = (n: number, overrides: Record<number, typeof wide | typeof unknown> = {}) =>
  Array.from({ length: n }, (_, i) => overrides[i + 1] ?? portrait);

describe('buildSpreads', () => {
  it('shows one page a screen in single layout, wide pages included', () => {
    expect(buildSpreads(3, pages(3, { 2: wide }), 'single')).toEqual([[1], [2], [3]]);
  });
  it('pairs from the first page in double layout, the odd last page alone', () => {
    expect(buildSpreads(5, pages(5), 'double')).toEqual([[1, 2], [3, 4], [5]]);
  });
  it('shows the cover alone, then pairs 2-3, 4-5, in double-cover layout', () => {
    expect(buildSpreads(6, pages(6), 'double-cover')).toEqual([[1], [2, 3], [4, 5], [6]]);
  });
  it('keeps a wide page alone and starts pairing again after it', () => {
    // A volume whose middle is a double-page spread scanned as one image (page 5).
    expect(buildSpreads(8, pages(8, { 5: wide }), 'double-cover')).toEqual([[1], [2, 3], [4], [5], [6, 7], [8]]);
    expect(buildSpreads(7, pages(7, { 4: wide }), 'double')).toEqual([[1, 2], [3], [4], [5, 6], [7]]);
  });
  it('treats a page of unknown size as a single page that pairs', () => {
    expect(buildSpreads(4, pages(4, { 2: unknown }), 'double')).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(buildSpreads(3, [], 'double')).toEqual([[1, 2], [3]]);
  });
  it('handles tiny books', () => {
    expect(buildSpreads(1, pages(1), 'double-cover')).toEqual([[1]]);
    expect(buildSpreads(0, [], 'double')).toEqual([]);
  });
});

describe('concreteLayout', () => {
  it('is double with the cover alone on a landscape screen and single on a portrait one', () => {
    expect(concreteLayout('auto', { width: 1366, height: 768 })).toBe('double-cover');
    expect(concreteLayout('auto', { width: 360, height: 740 })).toBe('single');
    expect(concreteLayout('double', { width: 360, height: 740 })).toBe('double');
  });
});

describe('spreadIndexOf and onScreenOrder', () => {
  const spreads = buildSpreads(6, pages(6), 'double-cover');
  it('finds the spread of a page, and clamps pages out of range', () => {
    expect(spreadIndexOf(spreads, 1)).toBe(0);
    expect(spreadIndexOf(spreads, 3)).toBe(1);
    expect(spreadIndexOf(spreads, 6)).toBe(3);
    expect(spreadIndexOf(spreads, 99)).toBe(3);
    expect(spreadIndexOf(spreads, 0)).toBe(0);
  });
  it('puts the first page of a spread on the right when reading right to left', () => {
    expect(onScreenOrder([2, 3], false)).toEqual([2, 3]);
    expect(onScreenOrder([2, 3], true)).toEqual([3, 2]);
  });
});
