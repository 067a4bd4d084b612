import { randomUUID } from 'node:crypto';
import type { JobParameters, JobRepositoryOptions, UniqueOpts } from 'agenda';
import type { SqlParams } from './connection.js';
import { addUniqueFilter } from './filters.js';
import { definitionParams, rowToJob, type JobRow } from './rows.js';
import type { JobTable } from './table.js';
import { Where } from './where.js';

const INSERT = `INSERT INTO {t} (id, name, priority, next_run_at, type, repeat_timezone, repeat_interval, data,
    repeat_at, disabled, fork, last_modified_by, debounce_started_at, start_date, end_date, skip_days, created_at,
    updated_at)
  VALUES (@id, @name, @priority, @next_run_at, @type, @repeat_timezone, @repeat_interval, @data, @repeat_at,
    @disabled, @fork, @last_modified_by, @debounce_started_at, @start_date, @end_date, @skip_days, @now, @now)`;

/** The definition columns save() may overwrite; `nextRunAt` is an expression so the upsert can keep the old value. */
function definitionSet(nextRunAt: string): string {
  return `priority = @priority, next_run_at = ${nextRunAt}, type = @type, repeat_timezone = @repeat_timezone,
    repeat_interval = @repeat_interval, data = @data, repeat_at = @repeat_at, disabled = @disabled, fork = @fork,
    last_modified_by = @last_modified_by, start_date = @start_date, end_date = @end_date, skip_days = @skip_days,
    updated_at = @now`;
}

function insert(table: JobTable, params: SqlParams, debounceStartedAt: number | null): JobRow {
  const row = table
    .statement(`${INSERT} RETURNING *`)
    .get({ ...params, id: randomUUID(), debounce_started_at: debounceStartedAt });
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  return row;
}

/**
 * every() saves type 'single': one row per name, upserted. A next run that is already due does not replace the stored
 * one (COALESCE), so restarting the app does not move a recurring job that is scheduled later back to "now".
 */
function upsertSingle(table: JobTable, params: SqlParams, now: number): JobRow {
  const due = params.next_run_at !== null && Number(params.next_run_at) <= now;
  const row = table
    .statement(
      `${INSERT} ON CONFLICT (name) WHERE type = 'single'
       DO UPDATE SET ${definitionSet(due ? 'COALESCE(next_run_at, @next_run_at)' : '@next_run_at')} RETURNING *`,
    )
    .get({ ...params, id: randomUUID(), debounce_started_at: null });
  if (!row) throw new Error('INSERT … ON CONFLICT … RETURNING returned no row');
  return row;
}

/** The next run and debounce start of a debounced save, given the matching job already stored (if any). */
function debounced(
  debounce: NonNullable<UniqueOpts['debounce']>,
  existing: JobRow | undefined,
  nextRunAt: number | null,
  now: number,
): { nextRunAt: number | null; startedAt: number | null } {
  if (!existing)
    return { nextRunAt: debounce.strategy === 'leading' ? nextRunAt : now + debounce.delay, startedAt: now };
  const startedAt = existing.debounce_started_at ?? now;
  if (debounce.strategy === 'leading') return { nextRunAt: existing.next_run_at, startedAt };
  if (debounce.maxWait && now - startedAt >= debounce.maxWait) return { nextRunAt: now, startedAt: null };
  return { nextRunAt: now + debounce.delay, startedAt };
}

/**
 * A job with a `unique` constraint updates the matching job instead of adding another. Lookup and write share one
 * BEGIN IMMEDIATE transaction, so two processes saving the same unique job cannot both insert it.
 */
function saveUnique(
  table: JobTable,
  params: SqlParams,
  unique: Record<string, unknown>,
  opts: UniqueOpts | undefined,
  now: number,
): JobRow {
  return table.immediate(() => {
    const where = new Where();
    where.add(`name = ${where.param(params.name ?? null)}`);
    addUniqueFilter(where, unique);
    const existing = table.statement(`SELECT * FROM {t} ${where.toSql()} ORDER BY rowid LIMIT 1`).get(where.params);
    const debounce = opts?.debounce;
    if (existing && opts?.insertOnly && !debounce) return existing;
    const next = debounce
      ? debounced(debounce, existing, params.next_run_at as number | null, now)
      : { nextRunAt: params.next_run_at as number | null, startedAt: null };
    if (!existing) return insert(table, { ...params, next_run_at: next.nextRunAt }, next.startedAt);
    const row = table
      .statement(
        `UPDATE {t} SET ${definitionSet('@next_run_at')}, debounce_started_at = @debounce_started_at
        WHERE id = @id RETURNING *`,
      )
      .get({ ...params, id: existing.id, next_run_at: next.nextRunAt, debounce_started_at: next.startedAt });
    return row ?? existing;
  });
}

/** JobRepository.saveJob: update by id, upsert a 'single' job, honour `unique`, or insert. */
export function saveJob<DATA>(
  table: JobTable,
  job: JobParameters<DATA>,
  options: JobRepositoryOptions | undefined,
): JobParameters<DATA> {
  const { _id, unique, uniqueOpts, ...props } = job;
  const now = Date.now();
  const params = definitionParams(props, options?.lastModifiedBy, now);
  let row: JobRow | undefined;
  if (_id) {
    // Only the definition is written: locks, run times, failures and progress belong to saveJobState.
    row = table
      .statement(`UPDATE {t} SET ${definitionSet('@next_run_at')} WHERE id = @id AND name = @name RETURNING *`)
      .get({ ...params, id: String(_id) });
    // A job removed meanwhile is not resurrected; Agenda expects the data back unchanged.
    if (!row) return job;
  } else if (props.type === 'single') {
    row = upsertSingle(table, params, now);
  } else if (unique) {
    row = saveUnique(table, params, unique, uniqueOpts, now);
  } else {
    row = insert(table, params, null);
  }
  return rowToJob(row) as JobParameters<DATA>;
}
