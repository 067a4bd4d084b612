import { abortReason } from './abort.js';
import type { RateLimit } from './types.js';

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * At most `requests` starts within any sliding window of `perMilliseconds`, granted in arrival order. The window is
 * exact (the start times are remembered), so a batch runs at the published rate and never slower.
 */
export class RateLimiter {
  private readonly starts: number[] = [];
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly limit: RateLimit | undefined,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (limit && (!(limit.requests >= 1) || !(limit.perMilliseconds > 0))) {
      throw new RangeError(`Invalid rate limit: ${limit.requests} per ${limit.perMilliseconds} ms`);
    }
  }

  /** Resolves when the caller may start a request; rejects when `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (!this.limit) return Promise.resolve();
    if (this.queue.length === 0 && this.tryStart()) return Promise.resolve();

    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.queue.indexOf(waiter);
          if (index >= 0) this.queue.splice(index, 1);
          reject(abortReason(signal as AbortSignal));
          this.drain();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.drain();
    });
  }

  /** How many callers are waiting (for tests and diagnostics). */
  get waiting(): number {
    return this.queue.length;
  }

  private tryStart(): boolean {
    const { requests, perMilliseconds } = this.limit as RateLimit;
    const now = this.now();
    while (this.starts.length > 0 && (this.starts[0] as number) + perMilliseconds <= now) this.starts.shift();
    if (this.starts.length >= requests) return false;
    this.starts.push(now);
    return true;
  }

  private drain(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.queue.length > 0 && this.tryStart()) {
      const waiter = this.queue.shift() as Waiter;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve();
    }
    if (this.queue.length === 0) return;
    const oldest = this.starts[0] as number;
    const delay = Math.max(0, oldest + (this.limit as RateLimit).perMilliseconds - this.now());
    // Timers may fire a fraction of a millisecond early; tryStart re-checks and drain re-arms if so.
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, Math.ceil(delay));
  }
}
