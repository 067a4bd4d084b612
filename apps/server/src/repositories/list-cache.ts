import type { CatalogVersion } from './catalog-version.js';

interface Entry {
  version: number;
  storedAt: number;
  value: unknown;
}

/**
 * Remembers what a list query found (its total and the ids of one page) until the catalog changes, so paging
 * and repeated filters over 100k books cost a lookup instead of a count over every match. Rows themselves are
 * always read fresh by id. Entries also expire after `ttlMs`, which bounds staleness should a version ever be
 * reused (a SQLite transaction rolled back after a read saw its uncommitted bump).
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly version: CatalogVersion,
    private readonly maxEntries = 2000,
    private readonly ttlMs = 60_000,
  ) {}

  async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = await this.version.current();
    if (version === null) return compute();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.storedAt < this.ttlMs) {
      // Re-inserting keeps the Map in least-recently-used order for eviction.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as T;
    }
    const value = await compute();
    this.entries.delete(key);
    this.entries.set(key, { version, storedAt: now, value });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}
