export interface PlaceUpdate {
  /** An EPUB CFI. */
  position: string;
  /** 0 to 1. */
  percentage: number;
}

export interface PlaceSaver {
  push(update: PlaceUpdate): void;
  flush(): void;
  dispose(): void;
}

/**
 * Saves the reader's place at most once per `intervalMs` (paging through a chapter sends a few writes, not one per
 * page), always the last place (a trailing save), never the same place and share twice, one save after the other so an
 * older place never lands after a newer one.
 */
export function createPlaceSaver(save: (update: PlaceUpdate) => Promise<void>, intervalMs = 1500): PlaceSaver {
  let lastSavedAt = Number.NEGATIVE_INFINITY;
  let lastSaved = '';
  let waiting: PlaceUpdate | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();

  function send() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const update = waiting;
    waiting = null;
    if (update === null) return;
    // A new layout (text size, window) can keep the place and change the share of the book: both count.
    const key = `${update.position} ${update.percentage.toFixed(4)}`;
    if (key === lastSaved) return;
    lastSaved = key;
    lastSavedAt = Date.now();
    chain = chain.then(() => save(update));
  }

  return {
    push(update) {
      waiting = update;
      const wait = lastSavedAt + intervalMs - Date.now();
      if (wait <= 0) send();
      else timer ??= setTimeout(send, wait);
    },
    flush: send,
    dispose() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      waiting = null;
    },
  };
}
