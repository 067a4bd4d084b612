import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../src/rate-limiter.js';

// On a clock of our own (fake timers: Date and setTimeout move only when told), so each grant's time is exact and a
// busy machine's late timers cannot move it: the limiter's rule is about when, not about how fast the machine is.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const limiterOf = (limit: ConstructorParameters<typeof RateLimiter>[0]) => new RateLimiter(limit, () => Date.now());

/** Starts `count` acquisitions at once, runs the clock until all are granted, and returns each grant's time. */
async function grantTimes(limiter: RateLimiter, count: number): Promise<number[]> {
  const started = Date.now();
  const grants = Promise.all(Array.from({ length: count }, () => limiter.acquire().then(() => Date.now() - started)));
  await vi.runAllTimersAsync();
  return grants;
}

describe('RateLimiter', () => {
  it('grants a burst up to the limit at once, then one slot per expiring start', async () => {
    const times = await grantTimes(limiterOf({ requests: 3, perMilliseconds: 100 }), 9);
    // Exactly the published rate: never sooner, and never a window later than it may.
    expect(times).toEqual([0, 0, 0, 100, 100, 100, 200, 200, 200]);
  });

  it('never lets more than `requests` starts into any sliding window', async () => {
    const times = await grantTimes(limiterOf({ requests: 2, perMilliseconds: 60 }), 8);
    for (let index = 2; index < times.length; index++) {
      // The start two places earlier must be a whole window before this one.
      expect((times[index] as number) - (times[index - 2] as number)).toBeGreaterThanOrEqual(60);
    }
    expect(times.at(-1)).toBe(180);
  });

  it('grants waiters in arrival order', async () => {
    const limiter = limiterOf({ requests: 1, perMilliseconds: 20 });
    const order: number[] = [];
    const all = Promise.all(Array.from({ length: 5 }, (_, index) => limiter.acquire().then(() => order.push(index))));
    await vi.runAllTimersAsync();
    await all;
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('rejects an aborted wait at once and gives its turn to the next waiter', async () => {
    const limiter = limiterOf({ requests: 1, perMilliseconds: 150 });
    await limiter.acquire();
    const controller = new AbortController();
    const started = Date.now();
    const abandoned = limiter.acquire(controller.signal);
    const abandonedAt = abandoned.catch((error: unknown) => ({ error, at: Date.now() - started }));
    let nextAt = -1;
    const next = limiter.acquire().then(() => (nextAt = Date.now() - started));
    expect(limiter.waiting).toBe(2);
    await vi.advanceTimersByTimeAsync(20);
    controller.abort();
    const { error, at } = (await abandonedAt) as { error: Error; at: number };
    expect(error.name).toBe('AbortError');
    expect(at).toBe(20);
    expect(limiter.waiting).toBe(1);
    await vi.runAllTimersAsync();
    await next;
    // The turn the abandoned wait gave up: the next one starts as soon as the window allows.
    expect(nextAt).toBe(150);
  });

  it('rejects at once with an already aborted signal, without taking a slot', async () => {
    const limiter = limiterOf({ requests: 1, perMilliseconds: 10_000 });
    await expect(limiter.acquire(AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    // Granted without the clock moving: the refused call took no slot.
    await limiter.acquire();
    expect(limiter.waiting).toBe(0);
  });

  it('rejects with the reason of the signal when it is an error', async () => {
    const limiter = limiterOf({ requests: 1, perMilliseconds: 10_000 });
    await limiter.acquire();
    const reason = new Error('deadline');
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  });

  it('does not throttle a plugin without a rate limit', async () => {
    const times = await grantTimes(limiterOf(undefined), 50);
    expect(Math.max(...times)).toBe(0);
  });

  it('refuses a limit that would never grant anything', () => {
    expect(() => new RateLimiter({ requests: 0, perMilliseconds: 1000 })).toThrow(RangeError);
    expect(() => new RateLimiter({ requests: 1, perMilliseconds: 0 })).toThrow(RangeError);
  });
});
