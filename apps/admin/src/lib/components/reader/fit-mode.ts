import { FIT_MODES, type FitMode } from './reader-modes.js';

export type { FitMode };

const KEY = 'shelfmark.reader.fit';

/**
 * The reader's last choice in this browser. Until one is made: fit-height on a landscape screen (the whole page
 * visible), fit-width on a portrait one (a phone), where a page at full height would be wider than the screen.
 */
export function storedFitMode(
  storage: Pick<Storage, 'getItem'> | undefined,
  viewport: { width: number; height: number },
): FitMode {
  const fallback: FitMode = viewport.width < viewport.height ? 'width' : 'height';
  try {
    const stored = storage?.getItem(KEY);
    return FIT_MODES.includes(stored as FitMode) ? (stored as FitMode) : fallback;
  } catch {
    // Storage can be refused (private mode, blocked storage): the default is fine.
    return fallback;
  }
}

export function storeFitMode(storage: Pick<Storage, 'setItem'> | undefined, mode: FitMode): void {
  try {
    storage?.setItem(KEY, mode);
  } catch {
    // Not remembered, still applied.
  }
}
