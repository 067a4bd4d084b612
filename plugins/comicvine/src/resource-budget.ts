/**
 * ComicVine allows a fixed number of requests per resource (search, volume, issues…) in any rolling hour, on top of the
 * one-per-second pacing the host enforces from the manifest. The host knows a single window per plugin, so this second
 * limit is counted here: once a resource's budget is spent, calls fail at once with the wait instead of spending
 * requests that would only earn a ban.
 */
export class ResourceBudget {
  private readonly starts = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one request to `resource` and returns 0, or returns the milliseconds to wait and records nothing. */
  take(resource: string): number {
    const now = this.now();
    const recent = (this.starts.get(resource) ?? []).filter((start) => now - start < this.windowMs);
    if (recent.length >= this.limit) {
      this.starts.set(resource, recent);
      const oldest = recent[0] ?? now;
      return Math.max(1, oldest + this.windowMs - now);
    }
    recent.push(now);
    this.starts.set(resource, recent);
    return 0;
  }
}
