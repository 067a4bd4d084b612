import { viewerCacheKey } from '../domain/viewer.js';
import { currentViewer } from '../services/viewer-context.js';
import type { CatalogVersion } from './catalog-version.js';

interface Entry {
  version: number;
  storedAt: number;
  weight: number;
  value: unknown;
}

/**
 * Remembers what a list query found (its total and the rows of one page) until the catalog changes, so paging and
 * repeated filters over 100k books cost a lookup instead of a count over every match (ADR 7). Every table the rows
 * come from bumps the catalog version, so a hit is as fresh as a query. Entries also expire after `ttlMs`, which
 * bounds staleness should a version ever be reused (a SQLite transaction rolled back after a read saw its
 * uncommitted bump), and the cache holds at most `maxWeight` rows in all, least recently used going first.
 * Every entry is keyed by the current viewer too (its user, whose progress the rows show, and the libraries it may
 * see), so one reader is never handed a list computed for another; `shared` is only for answers that depend on
 * neither (counts of the libraries named in the key). `weight`: the rows an answer holds, when more than its items
 * (a list's details hold every book id).
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();
  /** Computations under way, so 32 clients asking for the same cold page run its query once. */
  private readonly inflight = new Map<string, { version: number; promise: Promise<unknown> }>();
  private weight = 0;

  constructor(
    private readonly version: CatalogVersion,
    private readonly maxWeight = 20_000,
    private readonly ttlMs = 60_000,
  ) {}

  async remember<T extends { items: readonly unknown[] }>(
    query: string,
    compute: () => Promise<T>,
    {
      shared = false,
      weight = (found) => found.items.length + 1,
    }: { shared?: boolean; weight?: (value: T) => number } = {},
  ): Promise<T> {
    const key = shared ? `*\n${query}` : `${viewerCacheKey(currentViewer())}\n${query}`;
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
    const running = this.inflight.get(key);
    if (running && running.version === version) return running.promise as Promise<T>;
    const promise = compute();
    this.inflight.set(key, { version, promise });
    let value: T;
    try {
      value = await promise;
    } finally {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    }
    this.drop(key);
    const entry = { version, storedAt: now, weight: weight(value), value };
    this.entries.set(key, entry);
    this.weight += entry.weight;
    for (const oldest of this.entries.keys()) {
      if (this.weight <= this.maxWeight) break;
      this.drop(oldest);
    }
    return value;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
