import type { EntityManager } from '@mikro-orm/sql';
import type { ReaderRestrictions } from '../domain/reader-restrictions.js';
import { seesEveryLibrary } from '../domain/viewer.js';
import { currentViewer } from '../services/viewer-context.js';
import { placeholders } from './sql-values.js';

/**
 * Library access, in one place for every transport: the repositories' browsing queries (lists, counts, search, one
 * book, series or library by id, a book's file) add these conditions for the current viewer (services/viewer-context),
 * so REST, tRPC, OPDS and KOReader sync all see the same libraries. A thing of a library the viewer may not see is
 * simply not found (a 404, never a 403 that would confirm it exists). Internal queries (scans, aggregates, jobs) do not
 * use them: they run for the system.
 *
 * A reader's restrictions (issue 39: age rating, labels) are added by the same conditions for books and series
 * (`visibleBookSql`, `visibleSeriesSql`), so every query that keeps a reader to their libraries keeps them to what
 * they may see in them. A book is judged by its own rating; a series by its highest (its own `age_rating_age` and
 * every book's); labels are the series', for its books too.
 */

type Sql = { sql: string; params: unknown[] };

/** A SQL condition keeping rows whose `column` (a library id) the viewer may see; null when they see every library. */
export function visibleLibrarySql(column: string): { sql: string; params: string[] } | null {
  const ids = currentViewer().libraryIds;
  if (ids === null) return null;
  if (ids.length === 0) return { sql: '1 = 0', params: [] };
  return { sql: `${column} in (${placeholders(ids.length)})`, params: [...ids] };
}

/** Adds the viewer's library condition to a list of SQL conditions and their parameters. */
export function whereVisible(column: string, where: string[], params: unknown[]): void {
  push(visibleLibrarySql(column), where, params);
}

/** Whether the viewer has restrictions beyond their libraries: then no shortcut counting by library alone holds. */
export function viewerIsRestricted(): boolean {
  return (currentViewer().restrictions ?? null) !== null;
}

/**
 * Whether the viewer's restrictions can hide books inside a series they see: then that series' stored aggregates
 * (counts, the reader's state, the cover), made of every book, are not theirs. Labels are the series' own, for its
 * books too, and a series is seen only when its highest rating is within the reader's maximum, so its rated books
 * all are: only its unrated books, for a reader who does not allow them, can be hidden (see `visibleSeriesSql`).
 */
export function viewerMayMissBooksOfVisibleSeries(): boolean {
  const restrictions = currentViewer().restrictions ?? null;
  return restrictions !== null && !restrictions.allowUnrated;
}

/**
 * A SQL condition keeping books (`alias` names the `books` row) the viewer may see: their library, and for a
 * restricted reader the book's own age rating and its series' labels. Null when the viewer sees every book.
 */
export function visibleBookSql(alias: string): Sql | null {
  const parts: Sql[] = [];
  const library = visibleLibrarySql(`${alias}.library_id`);
  if (library) parts.push(library);
  const restrictions = currentViewer().restrictions ?? null;
  if (restrictions) {
    const age = bookAgeSql(`${alias}.age_rating_age`, restrictions);
    if (age) parts.push(age);
    parts.push(...labelSql(`${alias}.series_id`, restrictions));
  }
  return joined(parts);
}

/**
 * The same for series (`alias` names the `series` row): their library, and for a restricted reader their highest age
 * rating (the series' own and each book's, read from the books' (series_id, age_rating_age) index) and their labels.
 */
export function visibleSeriesSql(alias: string): Sql | null {
  const parts: Sql[] = [];
  const library = visibleLibrarySql(`${alias}.library_id`);
  if (library) parts.push(library);
  const restrictions = currentViewer().restrictions ?? null;
  if (restrictions) {
    const { ageMax, allowUnrated } = restrictions;
    const own = `${alias}.age_rating_age`;
    const books = `select 1 from books rb where rb.series_id = ${alias}.id`;
    if (ageMax !== null)
      parts.push({
        sql: `(${own} is null or ${own} <= ?) and not exists (${books} and rb.age_rating_age > ?)`,
        params: [ageMax, ageMax],
      });
    if (!allowUnrated)
      parts.push({ sql: `(${own} is not null or exists (${books} and rb.age_rating_age is not null))`, params: [] });
    parts.push(...labelSql(`${alias}.id`, restrictions));
  }
  return joined(parts);
}

/**
 * Whether the viewer may see this series beyond its library (a restricted reader: its rating and labels), for a
 * series a repository found by id or name under the library condition alone. One query, for a restricted reader only.
 */
export async function restrictedMaySeeSeries(em: EntityManager, seriesId: string): Promise<boolean> {
  const visible = viewerIsRestricted() ? visibleSeriesSql('s') : null;
  if (!visible) return true;
  const rows = await em.execute<{ id: string }[]>(`select s.id from series s where s.id = ? and ${visible.sql}`, [
    seriesId,
    ...visible.params,
  ]);
  return rows.length > 0;
}

/** Adds `visibleBookSql(alias)` to a list of SQL conditions and their parameters. */
export function whereVisibleBook(alias: string, where: string[], params: unknown[]): void {
  push(visibleBookSql(alias), where, params);
}

/** Adds `visibleSeriesSql(alias)` to a list of SQL conditions and their parameters. */
export function whereVisibleSeries(alias: string, where: string[], params: unknown[]): void {
  push(visibleSeriesSql(alias), where, params);
}

function bookAgeSql(column: string, { ageMax, allowUnrated }: ReaderRestrictions): Sql | null {
  if (ageMax !== null)
    return { sql: allowUnrated ? `(${column} <= ? or ${column} is null)` : `${column} <= ?`, params: [ageMax] };
  return allowUnrated ? null : { sql: `${column} is not null`, params: [] };
}

/** Series (`seriesId` names its id) carrying one of the included labels, if any, and none of the excluded. */
function labelSql(seriesId: string, { labelsInclude, labelsExclude }: ReaderRestrictions): Sql[] {
  const carrying = (names: readonly string[]) =>
    `exists (select 1 from series_labels rsl join labels rl on rl.id = rsl.label_id
      where rsl.series_id = ${seriesId} and rl.name in (${placeholders(names.length)}))`;
  const parts: Sql[] = [];
  if (labelsInclude.length > 0) parts.push({ sql: carrying(labelsInclude), params: [...labelsInclude] });
  if (labelsExclude.length > 0) parts.push({ sql: `not ${carrying(labelsExclude)}`, params: [...labelsExclude] });
  return parts;
}

function joined(parts: Sql[]): Sql | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  return { sql: parts.map((part) => `(${part.sql})`).join(' and '), params: parts.flatMap((part) => part.params) };
}

function push(condition: Sql | null, where: string[], params: unknown[]): void {
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
