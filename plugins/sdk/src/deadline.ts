/**
 * A countdown that can be paused: the whole-call deadline excludes the time spent waiting for the rate limit, so a
 * busy plugin queue does not turn into timeouts. Pauses nest (concurrent requests of one call may all be waiting).
 */
export class Deadline {
  private remainingMs: number;
  private resumedAt = 0;
  private pauses = 0;
  private timer: NodeJS.Timeout | undefined;
  private done = false;

  constructor(
    timeoutMs: number,
    private readonly onExpire: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.remainingMs = timeoutMs;
    this.arm();
  }

  pause(): void {
    if (this.done) return;
    this.pauses += 1;
    if (this.pauses > 1) return;
    this.remainingMs -= this.now() - this.resumedAt;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  resume(): void {
    if (this.done || this.pauses === 0) return;
    this.pauses -= 1;
    if (this.pauses === 0) this.arm();
  }

  clear(): void {
    this.done = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    this.resumedAt = this.now();
    this.timer = setTimeout(
      () => {
        this.done = true;
        this.onExpire();
      },
      Math.max(0, this.remainingMs),
    );
  }
}
