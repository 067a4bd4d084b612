export type ProgressUpdate = { status: 'reading'; page: number } | { status: 'read' };

export interface ProgressSaver {
  /** The reader is now here: saved at once if the last save is old enough, else when the interval has passed. */
  push(update: ProgressUpdate): void;
  /** Saves what is waiting now (leaving the page, hiding the tab). */
  flush(): void;
  /** Stops the timer without saving (the page is gone and flushed). */
  dispose(): void;
}

export interface SaverClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: SaverClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const same = (a: ProgressUpdate | null, b: ProgressUpdate | null) =>
  a !== null && b !== null && a.status === b.status && (a.status === 'read' || a.page === (b as typeof a).page);

/**
 * Saves reading progress at most once per `intervalMs` while the reader turns pages (a reader flicking through 30
 * pages sends a handful of writes, not 30), always saves the last position (a trailing save), and never sends the
 * same position twice in a row. "Read" is saved at once: it is the state a reader expects to see right after.
 */
export function createProgressSaver(
  save: (update: ProgressUpdate) => void,
  intervalMs = 2000,
  clock: SaverClock = realClock,
): ProgressSaver {
  let lastSavedAt = Number.NEGATIVE_INFINITY;
  let lastSaved: ProgressUpdate | null = null;
  let waiting: ProgressUpdate | null = null;
  let timer: unknown = null;

  function send() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const update = waiting;
    waiting = null;
    if (update === null || same(update, lastSaved)) return;
    lastSaved = update;
    lastSavedAt = clock.now();
    save(update);
  }

  return {
    push(update) {
      waiting = update;
      const wait = lastSavedAt + intervalMs - clock.now();
      if (update.status === 'read' || wait <= 0) send();
      else if (timer === null) timer = clock.setTimeout(send, wait);
    },
    flush: send,
    dispose() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      waiting = null;
    },
  };
}
