import { randomBytes } from 'node:crypto';
import { viewerCacheKey } from '../domain/viewer.js';
import type { CatalogVersion } from '../repositories/catalog-version.js';
import { currentViewer } from './viewer-context.js';

export interface Freshness {
  /** Changes whenever anything a catalog shows changes (ADR 7's catalog version), and with each process start. */
  tag: string;
  /** When this process first showed the catalog in its current state to this viewer (whole seconds, as HTTP dates). */
  modifiedAt: Date;
}

/** Viewers remembered at once; past this the memory starts again (a later `modifiedAt` is only ever safe). */
const MAX_VIEWERS = 10_000;

/**
 * Validators for conditional requests on catalog documents (OPDS feeds), from the same catalog version that keys
 * the list cache: a matching request is answered 304 before any list query runs. The version counts from zero in
 * each process (PostgreSQL) or is only a number (SQLite), so a random start tag keeps a restarted server from
 * reusing an old tag for different content. `modifiedAt` may be later than the true change (a restart), never
 * earlier, so a client that trusts it never keeps a stale copy. It is kept per viewer (its user and visible
 * libraries): a reader granted another library is a new viewer, first seen now, so an If-Modified-Since from before
 * the grant is not answered 304 although the catalog version did not change.
 */
export class CatalogFreshness {
  private readonly startTag = randomBytes(4).toString('hex');
  private readonly seen = new Map<string, { version: number; at: Date }>();

  constructor(
    private readonly version: CatalogVersion,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Null when the version cannot be known (a lost PostgreSQL listener): then nothing is conditional. */
  async current(): Promise<Freshness | null> {
    const version = await this.version.current();
    if (version === null) return null;
    const viewer = viewerCacheKey(currentViewer());
    let seen = this.seen.get(viewer);
    if (seen?.version !== version) {
      if (this.seen.size >= MAX_VIEWERS) this.seen.clear();
      seen = { version, at: new Date(Math.floor(this.now().getTime() / 1000) * 1000) };
      this.seen.set(viewer, seen);
    }
    return { tag: `${this.startTag}.${version}`, modifiedAt: seen.at };
  }
}
