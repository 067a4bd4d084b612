/**
 * Wrong credentials per client address, counted only when they fail (not while a request is in flight: a reading
 * app with 32 parallel page requests must not trip the limit by being fast). Past `attempts` within `windowMs`,
 * the address is refused until its window ends.
 */
export class FailedSignIns {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly attempts: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `client` may try again, or 0 when it may now. */
  blockedFor(client: string): number {
    const entry = this.current(client);
    return entry && entry.count >= this.attempts ? Math.ceil((entry.resetAt - this.now()) / 1000) : 0;
  }

  recordFailure(client: string): void {
    const entry = this.current(client);
    if (entry) entry.count++;
    else this.failures.set(client, { count: 1, resetAt: this.now() + this.windowMs });
    // Bounded: expired windows go when the map grows (many addresses, as in a scan of the catalog).
    if (this.failures.size > 10_000) for (const key of [...this.failures.keys()]) this.current(key);
  }

  private current(client: string) {
    const entry = this.failures.get(client);
    if (entry && entry.resetAt <= this.now()) {
      this.failures.delete(client);
      return undefined;
    }
    return entry;
  }
}
