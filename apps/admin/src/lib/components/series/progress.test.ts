import { describe, expect, it } from 'vitest';
import { ownedProgress } from './progress.js';

describe('owned / expected progress', () => {
  it('measures owned volumes against the series total', () => {
    expect(ownedProgress({ owned_count: 21, missing_count: 2, total_volumes: 23 })).toEqual({
      owned: 21,
      expected: 23,
      ratio: 21 / 23,
    });
  });

  it("falls back to owned + missing (the provider's count) when the series has no total", () => {
    expect(ownedProgress({ owned_count: 3, missing_count: 7, total_volumes: null })).toEqual({
      owned: 3,
      expected: 10,
      ratio: 0.3,
    });
  });

  it('caps at full when more volumes are owned than expected', () => {
    expect(ownedProgress({ owned_count: 12, missing_count: 0, total_volumes: 10 })?.ratio).toBe(1);
    expect(ownedProgress({ owned_count: 2, missing_count: 0, total_volumes: 0 })?.ratio).toBe(1);
  });

  it('draws an empty bar when nothing of an expected run is owned, and none when nothing is known', () => {
    expect(ownedProgress({ owned_count: 0, missing_count: 0, total_volumes: 5 })).toEqual({
      owned: 0,
      expected: 5,
      ratio: 0,
    });
    expect(ownedProgress({ owned_count: 0, missing_count: 0, total_volumes: null })).toBeNull();
  });
});
