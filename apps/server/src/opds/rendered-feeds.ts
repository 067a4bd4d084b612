/**
 * Rendered feeds by ETag. An ETag names one catalog version, one URL, one link base and one viewer (user and visible
 * libraries, opds/conditional.ts), which is everything a feed's bytes depend on, so a document rendered once is served again as is until the catalog changes (a popular
 * feed, or an app re-reading a series while pages stream). Least recently used entries go first once the bodies
 * pass `maxBytes`; entries also expire after `ttlMs`, as the list cache's do (ADR 7: a SQLite version number can be
 * reused after a rolled-back write).
 */
export class RenderedFeeds {
  private readonly entries = new Map<string, { type: string; body: Buffer; storedAt: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(etag: string): { type: string; body: Buffer } | undefined {
    const hit = this.entries.get(etag);
    if (hit && this.now() - hit.storedAt >= this.ttlMs) {
      this.entries.delete(etag);
      this.bytes -= hit.body.length;
      return undefined;
    }
    if (hit) {
      this.entries.delete(etag);
      this.entries.set(etag, hit);
    }
    return hit;
  }

  set(etag: string, type: string, body: Buffer): void {
    if (body.length > this.maxBytes / 4) return;
    const old = this.entries.get(etag);
    if (old) this.bytes -= old.body.length;
    this.entries.delete(etag);
    this.entries.set(etag, { type, body, storedAt: this.now() });
    this.bytes += body.length;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.body.length;
    }
  }
}
