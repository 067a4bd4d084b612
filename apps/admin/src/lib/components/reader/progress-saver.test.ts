import { describe, expect, it } from 'vitest';
import { handClock } from '../../hand-clock.js';
import { createProgressSaver, type ProgressUpdate } from './progress-saver.js';

const page = (n: number): ProgressUpdate => ({ status: 'reading', page: n });

describe('createProgressSaver', () => {
  it('saves the first move at once, then at most every interval, always ending on the last position', () => {
    const { clock, advance } = handClock();
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
    const { clock, advance, pending } = handClock();
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
    const { clock, advance } = handClock();
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
    const { clock, advance } = handClock();
    const saved: ProgressUpdate[] = [];
    const saver = createProgressSaver((update) => saved.push(update), 2000, clock);
    saver.push(page(2));
    saver.push(page(3));
    saver.dispose();
    advance(5000);
    expect(saved).toEqual([page(2)]);
  });
});
