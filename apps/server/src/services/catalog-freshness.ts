import { randomBytes } from 'node:crypto';
import type { CatalogVersion } from '../repositories/catalog-version.js';

export interface Freshness {
  /** Changes whenever anything a catalog shows changes (ADR 7's catalog version), and with each process start. */
  tag: string;
  /** When this process first saw the catalog in its current state (whole seconds, as HTTP dates carry). */
  modifiedAt: Date;
}

/**
 * Validators for conditional requests on catalog documents (OPDS feeds), from the same catalog version that keys
 * the list cache: a matching request is answered 304 before any list query runs. The version counts from zero in
 * each process (PostgreSQL) or is only a number (SQLite), so a random start tag keeps a restarted server from
 * reusing an old tag for different content. `modifiedAt` may be later than the true change (a restart), never
 * earlier, so a client that trusts it never keeps a stale copy.
 */
export class CatalogFreshness {
  private readonly startTag = randomBytes(4).toString('hex');
  private seen: { version: number; at: Date } | null = null;

  constructor(
    private readonly version: CatalogVersion,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Null when the version cannot be known (a lost PostgreSQL listener): then nothing is conditional. */
  async current(): Promise<Freshness | null> {
    const version = await this.version.current();
    if (version === null) return null;
    if (this.seen?.version !== version) {
      this.seen = { version, at: new Date(Math.floor(this.now().getTime() / 1000) * 1000) };
    }
    return { tag: `${this.startTag}.${version}`, modifiedAt: this.seen.at };
  }
}
