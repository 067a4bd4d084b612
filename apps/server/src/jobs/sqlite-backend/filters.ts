import type { JobsQueryOptions, JobsSort, RemoveJobsOptions } from 'agenda';
import { columnValue } from './rows.js';
import { Where, addDataFilter, addDataMatch, addJsonMatch, isPlainObject } from './where.js';

/** A list bound as one JSON parameter: no placeholder per element, so no limit on the number of variables. */
function inList(where: Where, values: readonly unknown[]): string {
  return `SELECT value FROM json_each(${where.param(JSON.stringify(values.map(String)))})`;
}

/**
 * The jobs that cancel/disable/enable address. Null when no criterion was given: like the other backends, an empty
 * selection touches nothing rather than everything (purgeAllJobs is the explicit way to empty the table).
 */
export function jobSelection(options: RemoveJobsOptions): Where | null {
  const where = new Where();
  if (options.id) where.add(`id = ${where.param(String(options.id))}`);
  else if (options.ids && options.ids.length > 0) where.add(`id IN (${inList(where, options.ids)})`);
  if (options.name) where.add(`name = ${where.param(options.name)}`);
  else if (options.names && options.names.length > 0) where.add(`name IN (${inList(where, options.names)})`);
  else if (options.notNames && options.notNames.length > 0)
    where.add(`name NOT IN (${inList(where, options.notNames)})`);
  if (options.data !== undefined) addDataFilter(where, options.data);
  return where.isEmpty ? null : where;
}

/** The SQL part of queryJobs; the state filter needs computeJobState and is applied afterwards. */
export function querySelection(options: JobsQueryOptions): Where {
  const where = new Where();
  if (options.name) where.add(`name = ${where.param(options.name)}`);
  else if (options.names && options.names.length > 0) where.add(`name IN (${inList(where, options.names)})`);
  if (options.id) where.add(`id = ${where.param(options.id)}`);
  else if (options.ids && options.ids.length > 0) where.add(`id IN (${inList(where, options.ids)})`);
  if (options.search) {
    // LIKE is case-insensitive for ASCII in SQLite, like the other backends' case-insensitive search.
    const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.add(`name LIKE ${where.param(pattern)} ESCAPE '\\'`);
  }
  if (options.data !== undefined) addDataFilter(where, options.data);
  if (options.includeDisabled === false) where.add('disabled = 0');
  return where;
}

/** Columns a `unique` key may name besides `data.*`; keys are validated because identifiers cannot be bound. */
const UNIQUE_COLUMNS = new Set([
  'id',
  'name',
  'priority',
  'next_run_at',
  'type',
  'locked_at',
  'last_finished_at',
  'failed_at',
  'fail_count',
  'fail_reason',
  'repeat_timezone',
  'last_run_at',
  'repeat_interval',
  'repeat_at',
  'disabled',
  'progress',
  'fork',
  'last_modified_by',
  'debounce_started_at',
  'start_date',
  'end_date',
]);

/** Adds a job's `unique` constraint, e.g. `{ 'data.bookId': 7 }`, as conditions on the matching existing job. */
export function addUniqueFilter(where: Where, unique: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(unique)) {
    if (key === 'data') {
      addDataFilter(where, value);
    } else if (key.startsWith('data.')) {
      const segments = key.slice('data.'.length).split('.');
      if (isPlainObject(value)) addDataMatch(where, segments, value);
      else addJsonMatch(where, segments, value);
    } else {
      const column = key === '_id' ? 'id' : key.replace(/([A-Z])/g, '_$1').toLowerCase();
      if (!UNIQUE_COLUMNS.has(column)) throw new Error(`Invalid unique constraint field: ${JSON.stringify(key)}`);
      const bound = columnValue(value);
      where.add(bound === null ? `"${column}" IS NULL` : `"${column}" = ${where.param(bound)}`);
    }
  }
}

const SORT_COLUMNS: Record<keyof JobsSort, string> = {
  nextRunAt: 'next_run_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  priority: 'priority',
  name: 'name',
  data: 'data',
};

/** ORDER BY for queryJobs. Nulls go last either way, and rowid breaks ties so that pages do not overlap. */
export function orderBy(sort: JobsSort | undefined): string {
  const parts: string[] = [];
  for (const [key, direction] of Object.entries(sort ?? {})) {
    const column = SORT_COLUMNS[key as keyof JobsSort] as string | undefined;
    if (column === undefined || direction === undefined) continue;
    parts.push(`${column} ${direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`);
  }
  if (parts.length === 0) parts.push('next_run_at DESC NULLS LAST', 'last_run_at DESC NULLS LAST');
  return [...parts, 'rowid ASC'].join(', ');
}
