import { randomBytes } from 'node:crypto';
import { viewerCacheKey, type Viewer } from '../domain/viewer.js';
import type { CatalogVersion } from '../repositories/catalog-version.js';
import { currentViewer } from './viewer-context.js';

export interface Freshness {
  /** Changes whenever anything a catalog shows changes (ADR 7's catalog version), and with each process start. */
  tag: string;
  /**
   * When this process first showed the catalog as it now is to this reader (whole seconds, as HTTP dates): what an
   * If-Modified-Since is compared with. Later than every date this reader was sent for an earlier state (by this
   * process, or by any other before their access last changed), so after a change within the second of a date
   * already sent it is the next second, ahead of the clock for a moment.
   */
  modifiedAt: Date;
  /** The Last-Modified to send: `modifiedAt`, or null while it is still ahead of the clock (RFC 9110 §8.8.2.1). */
  lastModified: Date | null;
}

/** Readers remembered at once; past this the memory starts again (a later `modifiedAt` is only ever safe). */
const MAX_READERS = 10_000;
const SECOND = 1000;

/**
 * Validators for conditional requests on catalog documents (OPDS feeds), from the same catalog version that keys
 * the list cache: a matching request is answered 304 before any list query runs. The version counts from zero in
 * each process (PostgreSQL) or is only a number (SQLite), so a random start tag keeps a restarted server from
 * reusing an old tag for different content.
 *
 * `modifiedAt` may be later than the true change (a restart), never earlier, so a client that trusts it never keeps
 * a stale copy. It is kept per reader, with what the reader was shown (the catalog version and the viewer's cache
 * key: user, role, visible libraries). Any change of either moves the reader's date past every date sent to them
 * before, even within the same second: a library granted and then taken back leaves the catalog version as it was
 * and returns the viewer to its earlier key, and the date must still be new, or an If-Modified-Since from while the
 * library was granted would be answered 304 and the app would go on showing it. Only dates actually sent need
 * passing, and none is sent before the clock reaches it, so a date is never more than a second ahead.
 *
 * This memory is the process's own, and several processes may share one database (ADR 13): another one may have
 * sent the reader a later date while the library was granted, and this one may never have seen the grant at all.
 * So the state also holds when the user's access last changed (`users.access_changed_at`, written with the change
 * and read with the credential), and a state's date is past that change's second: every date sent anywhere for what
 * the reader saw before was at most that second, since none is sent before the clock reaches it.
 */
export class CatalogFreshness {
  private readonly startTag = randomBytes(4).toString('hex');
  private readonly readers = new Map<string, { state: string; at: number; sentUpTo: number }>();
  /** After the memory started again: later than any date sent before, as a reader's own last date would be. */
  private forgottenUntil = 0;

  constructor(
    private readonly version: CatalogVersion,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Null when the version cannot be known (a lost PostgreSQL listener): then nothing is conditional. */
  async current(): Promise<Freshness | null> {
    const version = await this.version.current();
    if (version === null) return null;
    const viewer = currentViewer();
    const key = readerOf(viewer);
    const accessChangedAt = viewer.accessChangedAt ?? null;
    const state = `${version}\n${viewerCacheKey(viewer)}\n${accessChangedAt ?? '-'}`;
    const now = toSecond(this.now().getTime());
    let reader = this.readers.get(key);
    if (reader?.state !== state) {
      if (!reader && this.readers.size >= MAX_READERS) this.forget();
      const sentUpTo = reader?.sentUpTo ?? this.forgottenUntil - SECOND;
      // Any process may have sent a date up to the change's own second, for what the reader saw before it.
      const afterAccessChange = accessChangedAt === null ? 0 : toSecond(accessChangedAt) + SECOND;
      reader = { state, at: Math.max(now, sentUpTo + SECOND, afterAccessChange), sentUpTo };
      this.readers.set(key, reader);
    }
    const sendable = reader.at <= now;
    if (sendable) reader.sentUpTo = Math.max(reader.sentUpTo, reader.at);
    return {
      tag: `${this.startTag}.${version}`,
      modifiedAt: new Date(reader.at),
      lastModified: sendable ? new Date(reader.at) : null,
    };
  }

  private forget(): void {
    for (const { sentUpTo } of this.readers.values()) {
      this.forgottenUntil = Math.max(this.forgottenUntil, sentUpTo + SECOND);
    }
    this.readers.clear();
  }
}

const toSecond = (ms: number): number => Math.floor(ms / SECOND) * SECOND;

/** Whose dates are kept together: a user's, whatever their grants or credential; without a user, the viewer's own. */
function readerOf(viewer: Viewer): string {
  return viewer.userId === null ? `viewer:${viewerCacheKey(viewer)}` : `user:${viewer.userId}`;
}
