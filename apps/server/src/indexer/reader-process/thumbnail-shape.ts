import type { ResizeOptions } from 'sharp';
import { THUMBNAIL_BOX } from '../formats/index.js';

/**
 * A cover at least this many times taller than wide is a strip (a webtoon's page): fitted inside the card's box it
 * would be a sliver (80×400), which the card then stretches and crops to its middle.
 */
export const STRIP_RATIO = 2;

/** An upright image's size (EXIF orientations 5 to 8 turn it a quarter). */
export function uprightSize(meta: { width?: number; height?: number; orientation?: number }) {
  const { width = 0, height = 0, orientation = 1 } = meta;
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * How a cover becomes a thumbnail: inside the 300×400 box, never enlarged; a strip is cut from its top at the
 * card's shape (3:4), at the card's resolution or its own width if narrower, so the card shows the strip's opening.
 */
export function thumbnailResize(
  size: { width: number; height: number },
  box: { width: number; height: number } = THUMBNAIL_BOX,
): ResizeOptions & { width: number; height: number } {
  if (size.width > 0 && size.height >= STRIP_RATIO * size.width) {
    const width = Math.min(box.width, size.width);
    return { width, height: Math.round((width * box.height) / box.width), fit: 'cover', position: 'top' };
  }
  return { width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true };
}
