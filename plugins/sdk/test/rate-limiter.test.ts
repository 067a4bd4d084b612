import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/rate-limiter.js';

/** Starts `count` acquisitions at once and returns when each was granted, in ms from the start. */
async function grantTimes(limiter: RateLimiter, count: number): Promise<number[]> {
  const started = performance.now();
  return Promise.all(Array.from({ length: count }, () => limiter.acquire().then(() => performance.now() - started)));
}

describe('RateLimiter', () => {
  it('grants a burst up to the limit at once, then one slot per expiring start', async () => {
    const limiter = new RateLimiter({ requests: 3, perMilliseconds: 100 });
    const times = await grantTimes(limiter, 9);
    expect(times.slice(0, 3).every((time) => time < 30)).toBe(true);
    // Floor: the 7th start cannot come before 2 windows; precise means close to it, not a multiple of it.
    expect(times[8]).toBeGreaterThanOrEqual(195);
    expect(times[8]).toBeLessThan(200 * 1.2 + 30);
  });

  it('never lets more than `requests` starts into any sliding window', async () => {
    const limiter = new RateLimiter({ requests: 2, perMilliseconds: 60 });
    const times = await grantTimes(limiter, 8);
    for (let index = 2; index < times.length; index++) {
      // The start two places earlier must be a whole window before this one.
      expect((times[index] as number) - (times[index - 2] as number)).toBeGreaterThanOrEqual(55);
    }
  });

  it('grants waiters in arrival order', async () => {
    const limiter = new RateLimiter({ requests: 1, perMilliseconds: 20 });
    const order: number[] = [];
    await Promise.all(Array.from({ length: 5 }, (_, index) => limiter.acquire().then(() => order.push(index))));
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('rejects an aborted wait at once and gives its turn to the next waiter', async () => {
    const limiter = new RateLimiter({ requests: 1, perMilliseconds: 150 });
    await limiter.acquire();
    const controller = new AbortController();
    const started = performance.now();
    const abandoned = limiter.acquire(controller.signal);
    const next = limiter.acquire();
    expect(limiter.waiting).toBe(2);
    setTimeout(() => controller.abort(), 20);
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(100);
    expect(limiter.waiting).toBe(1);
    await next;
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(300);
  });

  it('rejects at once with an already aborted signal, without taking a slot', async () => {
    const limiter = new RateLimiter({ requests: 1, perMilliseconds: 10_000 });
    await expect(limiter.acquire(AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    const started = performance.now();
    await limiter.acquire();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('rejects with the reason of the signal when it is an error', async () => {
    const limiter = new RateLimiter({ requests: 1, perMilliseconds: 10_000 });
    await limiter.acquire();
    const reason = new Error('deadline');
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  });

  it('does not throttle a plugin without a rate limit', async () => {
    const times = await grantTimes(new RateLimiter(undefined), 50);
    expect(Math.max(...times)).toBeLessThan(50);
  });

  it('refuses a limit that would never grant anything', () => {
    expect(() => new RateLimiter({ requests: 0, perMilliseconds: 1000 })).toThrow(RangeError);
    expect(() => new RateLimiter({ requests: 1, perMilliseconds: 0 })).toThrow(RangeError);
  });
});
