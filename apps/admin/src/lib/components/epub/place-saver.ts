import { createThrottledSaver, type SaverClock, type ThrottledSaver } from '../../throttled-saver.js';

export interface PlaceUpdate {
  /** An EPUB CFI. */
  position: string;
  /** 0 to 1. */
  percentage: number;
}

export type PlaceSaver = ThrottledSaver<PlaceUpdate>;

/** A new layout (text size, window) can keep the place and change the share of the book: both count. */
export const samePlace = (a: PlaceUpdate, b: PlaceUpdate) =>
  a.position === b.position && a.percentage.toFixed(4) === b.percentage.toFixed(4);

/** The EPUB reader's place, at most once per `intervalMs` (see createThrottledSaver). */
export function createPlaceSaver(
  save: (update: PlaceUpdate) => Promise<void>,
  intervalMs = 1500,
  clock?: SaverClock,
): PlaceSaver {
  return createThrottledSaver(save, { intervalMs, same: samePlace, clock });
}
