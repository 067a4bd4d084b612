export interface ThrottledSaver<T> {
  /** The reader is now here: saved at once if the last save is old enough, else when the interval has passed. */
  push(update: T): void;
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

export interface ThrottleOptions<T> {
  intervalMs: number;
  /** Whether two places are the same (the second is then not sent). */
  same: (a: T, b: T) => boolean;
  /** A place saved at once whatever the interval (e.g. "read": what the reader expects to see right after). */
  urgent?: (update: T) => boolean;
  clock?: SaverClock;
}

/**
 * Saves a reader's place at most once per interval while pages turn (flicking through 30 pages sends a handful of
 * writes, not 30), always the last place (a trailing save), never the same place twice in a row, and one save after
 * the other, so an older place never lands after a newer one. The comic and the EPUB readers share it.
 */
export function createThrottledSaver<T>(
  save: (update: T) => void | Promise<void>,
  { intervalMs, same, urgent = () => false, clock = realClock }: ThrottleOptions<T>,
): ThrottledSaver<T> {
  let lastSavedAt = Number.NEGATIVE_INFINITY;
  let lastSaved: T | null = null;
  let waiting: T | null = null;
  let timer: unknown = null;
  /** The save under way, if it returned a promise: the next one waits for it. */
  let inFlight: Promise<void> | null = null;

  function run(update: T) {
    const started: unknown = inFlight ? inFlight.then(() => save(update)) : save(update);
    if (!(started instanceof Promise)) return;
    const tracked: Promise<void> = started
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (inFlight === tracked) inFlight = null;
      });
    inFlight = tracked;
  }

  function send() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const update = waiting;
    waiting = null;
    if (update === null || (lastSaved !== null && same(update, lastSaved))) return;
    lastSaved = update;
    lastSavedAt = clock.now();
    run(update);
  }

  return {
    push(update) {
      waiting = update;
      const wait = lastSavedAt + intervalMs - clock.now();
      if (urgent(update) || wait <= 0) send();
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
