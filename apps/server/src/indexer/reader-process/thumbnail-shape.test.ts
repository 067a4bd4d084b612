import { describe, expect, it } from 'vitest';
import { thumbnailResize, uprightSize } from './thumbnail-shape.js';

describe('the thumbnail of a cover', () => {
  it('fits a page inside the card box, never enlarged', () => {
    expect(thumbnailResize({ width: 1200, height: 1800 })).toEqual({
      width: 300,
      height: 400,
      fit: 'inside',
      withoutEnlargement: true,
    });
    // A double-page spread and a tall manga page are still pages.
    expect(thumbnailResize({ width: 2400, height: 1800 }).fit).toBe('inside');
    expect(thumbnailResize({ width: 1000, height: 1900 }).fit).toBe('inside');
  });

  it('cuts a strip from its top at the card shape and resolution, or its own width when narrower', () => {
    expect(thumbnailResize({ width: 800, height: 12_000 })).toEqual({
      width: 300,
      height: 400,
      fit: 'cover',
      position: 'top',
    });
    expect(thumbnailResize({ width: 150, height: 900 })).toEqual({
      width: 150,
      height: 200,
      fit: 'cover',
      position: 'top',
    });
  });

  it('reads the upright size of a turned image', () => {
    expect(uprightSize({ width: 1600, height: 1200, orientation: 6 })).toEqual({ width: 1200, height: 1600 });
    expect(uprightSize({ width: 1600, height: 1200 })).toEqual({ width: 1600, height: 1200 });
  });
});
