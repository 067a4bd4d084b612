import { describe, expect, it } from 'vitest';
import { chapterSpan, ownedProgress } from './progress.js';

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

describe('chapterSpan', () => {
  const counts = { missing_count: 0, total_volumes: null };
  it('shows the loose chapters of a series made only of chapters', () => {
    expect(
      chapterSpan({ ...counts, owned_count: 0, chapter_count: 120, first_chapter: 1, last_chapter: 120.5 }),
    ).toEqual({ count: 120, first: 1, last: 120.5 });
  });

  it('leaves a series with volumes, or without chapters, to its volume counts', () => {
    expect(
      chapterSpan({ ...counts, owned_count: 3, chapter_count: 5, first_chapter: 20, last_chapter: 24 }),
    ).toBeNull();
    expect(
      chapterSpan({ ...counts, owned_count: 0, chapter_count: 0, first_chapter: null, last_chapter: null }),
    ).toBeNull();
  });
});
