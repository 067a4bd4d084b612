import type { SaverClock } from './throttled-saver.js';

/** A clock for tests: time moves only when the test says so (`advance`), running the timers then due. */
export function handClock() {
  let now = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let ids = 0;
  const clock: SaverClock = {
    now: () => now,
    setTimeout(callback, ms) {
      timers.push({ at: now + ms, callback, id: ++ids });
      return ids;
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer.id !== handle);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((t) => t !== timer);
      timer.callback();
    }
  };
  return { clock, advance, pending: () => timers.length };
}
