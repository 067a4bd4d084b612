import { describe, expect, it } from 'vitest';
import { createProgressSaver, type ProgressUpdate, type SaverClock } from './progress-saver.js';

/** A hand-driven clock: time moves only when the test says so. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let ids = 0;
  const clock: SaverClock = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = ++ids;
      timers.push({ at: now + ms, callback, id });
      return id;
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

const page = (n: number): ProgressUpdate => ({ status: 'reading', page: n });

describe('createProgressSaver', () => {
  it('saves the first move at once, then at most every interval, always ending on the last position', () => {
    const { clock, advance } = fakeClock();
    const saved: ProgressUpdate[] = [];
    const saver = createProgressSaver((update) => saved.push(update), 2000, clock);
    saver.push(page(2));
    expect(saved).toEqual([page(2)]);
    for (let n = 3; n <= 10; n++) {
      advance(100);
      saver.push(page(n));
    }
    expect(saved).toEqual([page(2)]);
    advance(2000);
    expect(saved).toEqual([page(2), page(10)]);
  });

  it('saves "read" at once, even inside the interval', () => {
    const { clock, advance, pending } = fakeClock();
    const saved: ProgressUpdate[] = [];
    const saver = createProgressSaver((update) => saved.push(update), 2000, clock);
    saver.push(page(4));
    advance(300);
    saver.push(page(5));
    saver.push({ status: 'read' });
    expect(saved).toEqual([page(4), { status: 'read' }]);
    expect(pending()).toBe(0);
  });

  it('flushes what waits when the reader leaves, and never repeats the same position', () => {
    const { clock, advance } = fakeClock();
    const saved: ProgressUpdate[] = [];
    const saver = createProgressSaver((update) => saved.push(update), 2000, clock);
    saver.push(page(2));
    saver.push(page(3));
    saver.flush();
    expect(saved).toEqual([page(2), page(3)]);
    advance(5000);
    saver.push(page(3));
    saver.flush();
    expect(saved).toEqual([page(2), page(3)]);
  });

  it('drops what waits once disposed', () => {
    const { clock, advance } = fakeClock();
    const saved: ProgressUpdate[] = [];
    const saver = createProgressSaver((update) => saved.push(update), 2000, clock);
    saver.push(page(2));
    saver.push(page(3));
    saver.dispose();
    advance(5000);
    expect(saved).toEqual([page(2)]);
  });
});
