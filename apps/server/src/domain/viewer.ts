import { restrictionsKey, type ReaderRestrictions } from './reader-restrictions.js';

/**
 * Who a read is for: the user whose progress it shows, and the libraries they may see. Every transport (REST, tRPC,
 * OPDS, KOReader sync) resolves the caller to a viewer once; the services and repositories read it from the request's
 * context (services/viewer-context.ts), so library access is enforced in one place whatever the transport.
 */
export interface Viewer {
  /** The user whose progress is read and written; null for the system (jobs, start-up) and the anonymous. */
  readonly userId: string | null;
  readonly role: 'admin' | 'reader';
  /** The libraries this viewer may see; null means every library (admins, the system). */
  readonly libraryIds: readonly string[] | null;
  /**
   * What a reader may see inside those libraries (age rating, labels); absent or null: everything in them. Only
   * readers carry any: an admin, or an admin's read token, is never restricted.
   */
  readonly restrictions?: ReaderRestrictions | null;
  /**
   * When what this user may see last changed (epoch ms, from `users.access_changed_at`), so that a catalog date
   * comes after it in every process (services/catalog-freshness.ts). Absent or null: never, or no user. Not part of
   * the cache key: it changes no answer's bytes, only how old they are.
   */
  readonly accessChangedAt?: number | null;
}

/** Background work (scans, metadata jobs, start-up): every library, nobody's progress. */
export const SYSTEM_VIEWER: Viewer = Object.freeze({ userId: null, role: 'admin', libraryIds: null });

/** A caller with no valid credential: public operations only, and no library. */
export const ANONYMOUS_VIEWER: Viewer = Object.freeze({ userId: null, role: 'reader', libraryIds: Object.freeze([]) });

export function canSeeLibrary(viewer: Viewer, libraryId: string): boolean {
  return viewer.libraryIds === null || viewer.libraryIds.includes(libraryId);
}

/**
 * Whether the viewer sees the whole server: every library, and so also what spans libraries (jobs, the folders under
 * the libraries root). Admins and an admin's read token do; a reader limited to granted libraries does not.
 */
export function seesEveryLibrary(viewer: Viewer): boolean {
  return viewer.libraryIds === null;
}

/**
 * What a cached answer shown to this viewer depends on: whose progress it shows, which libraries it may list and
 * what it may see in them (its restrictions).
 * Two viewers with the same key see the same bytes; any difference (another user, one more granted library) gives
 * another key, so a cache keyed by it never hands one reader another's list, feed or 304.
 */
export function viewerCacheKey(viewer: Viewer): string {
  const libraries = viewer.libraryIds === null ? 'all' : [...viewer.libraryIds].sort().join(',');
  return `${viewer.role}:${viewer.userId ?? '-'}:${libraries}:${restrictionsKey(viewer.restrictions)}`;
}
