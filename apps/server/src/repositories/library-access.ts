import { seesEveryLibrary } from '../domain/viewer.js';
import { currentViewer } from '../services/viewer-context.js';
import { placeholders } from './sql-values.js';

/**
 * Library access, in one place for every transport: the repositories' browsing queries (lists, counts, search, one
 * book, series or library by id, a book's file) add these conditions for the current viewer (services/viewer-context),
 * so REST, tRPC, OPDS and KOReader sync all see the same libraries. A thing of a library the viewer may not see is
 * simply not found (a 404, never a 403 that would confirm it exists). Internal queries (scans, aggregates, jobs) do not
 * use them: they run for the system.
 */

/** A SQL condition keeping rows whose `column` (a library id) the viewer may see; null when they see every library. */
export function visibleLibrarySql(column: string): { sql: string; params: string[] } | null {
  const ids = currentViewer().libraryIds;
  if (ids === null) return null;
  if (ids.length === 0) return { sql: '1 = 0', params: [] };
  return { sql: `${column} in (${placeholders(ids.length)})`, params: [...ids] };
}

/** Adds the viewer's library condition to a list of SQL conditions and their parameters. */
export function whereVisible(column: string, where: string[], params: unknown[]): void {
  const condition = visibleLibrarySql(column);
  if (!condition) return;
  where.push(condition.sql);
  params.push(...condition.params);
}

/** The same for a MikroORM query on a library reference: `{ $in: ids }`, or undefined when every library is seen. */
export function visibleLibraryFilter(): { $in: string[] } | undefined {
  const ids = currentViewer().libraryIds;
  return ids === null ? undefined : { $in: [...ids] };
}

/** Whether the viewer may see what spans every library: jobs and their reports, the folders under the root. */
export function viewerSeesEveryLibrary(): boolean {
  return seesEveryLibrary(currentViewer());
}

/**
 * Reading lists the viewer may see: their own and the shared ones. Nobody, admins included, sees another user's
 * private list (issue 32); a viewer without a user (the system, the bootstrap token before any user) sees the shared
 * ones only. `alias` names the `reading_lists` row.
 */
export function visibleReadingListSql(alias: string): { sql: string; params: string[] } {
  const { userId } = currentViewer();
  if (userId === null) return { sql: `${alias}.shared`, params: [] };
  return { sql: `(${alias}.owner_id = ? or ${alias}.shared)`, params: [userId] };
}

/**
 * Saved filters the viewer may see, as a MikroORM condition: their own and the shared ones (as reading lists). A saved
 * filter holds a list's parameters only; what it finds is the list operation's, under this same library access.
 */
export function visibleSavedFilters(): { shared: true } | { $or: [{ owner: string }, { shared: true }] } {
  const { userId } = currentViewer();
  return userId === null ? { shared: true } : { $or: [{ owner: userId }, { shared: true }] };
}
