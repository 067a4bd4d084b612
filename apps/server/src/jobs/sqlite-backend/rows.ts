import { toJobId, type JobParameters } from 'agenda';
import type { SqlParams, SqlValue } from './connection.js';

/** A row of the jobs table as better-sqlite3 returns it. */
export interface JobRow {
  id: string;
  name: string;
  priority: number;
  next_run_at: number | null;
  type: string;
  locked_at: number | null;
  last_finished_at: number | null;
  failed_at: number | null;
  fail_count: number | null;
  fail_reason: string | null;
  repeat_timezone: string | null;
  last_run_at: number | null;
  repeat_interval: string | number | null;
  data: string;
  repeat_at: string | null;
  disabled: number;
  progress: number | null;
  fork: number;
  last_modified_by: string | null;
  debounce_started_at: number | null;
  start_date: number | null;
  end_date: number | null;
  skip_days: string | null;
  created_at: number;
  updated_at: number;
}

/** Dates arrive as Date objects from Agenda, but a caller of the repository may hand over ISO text or numbers. */
export function toMs(value: Date | string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(ms)) throw new TypeError(`Invalid date for the SQLite job backend: ${String(value)}`);
  return ms;
}

function toDate(ms: number | null): Date | undefined {
  return ms === null ? undefined : new Date(ms);
}

export function rowToJob(row: JobRow): JobParameters {
  return {
    _id: toJobId(row.id),
    name: row.name,
    priority: row.priority,
    nextRunAt: row.next_run_at === null ? null : new Date(row.next_run_at),
    type: row.type === 'single' ? 'single' : 'normal',
    lockedAt: toDate(row.locked_at),
    lastFinishedAt: toDate(row.last_finished_at),
    failedAt: toDate(row.failed_at),
    failCount: row.fail_count ?? undefined,
    failReason: row.fail_reason ?? undefined,
    repeatTimezone: row.repeat_timezone ?? undefined,
    lastRunAt: toDate(row.last_run_at),
    repeatInterval: row.repeat_interval ?? undefined,
    data: JSON.parse(row.data) as unknown,
    repeatAt: row.repeat_at ?? undefined,
    disabled: row.disabled !== 0,
    progress: row.progress ?? undefined,
    fork: row.fork !== 0,
    lastModifiedBy: row.last_modified_by ?? undefined,
    debounceStartedAt: toDate(row.debounce_started_at),
    startDate: toDate(row.start_date),
    endDate: toDate(row.end_date),
    skipDays: row.skip_days === null ? undefined : (JSON.parse(row.skip_days) as number[]),
  };
}

/** `data` is always stored as JSON text; undefined becomes JSON null, as the other backends return null for it. */
export function dataToJson(data: unknown): string {
  return JSON.stringify(data ?? null) ?? 'null';
}

/**
 * Parameters for the columns a job's definition owns: what `Job.save()` may write. The processor's columns
 * (locked_at, last_run_at, fail_*, progress, ...) are left to `saveJobState`, as Agenda strips them from save().
 */
export function definitionParams(job: JobParameters, lastModifiedBy: string | undefined, now: number): SqlParams {
  return {
    name: job.name,
    priority: job.priority,
    next_run_at: toMs(job.nextRunAt),
    type: job.type,
    repeat_timezone: job.repeatTimezone ?? null,
    repeat_interval: job.repeatInterval ?? null,
    data: dataToJson(job.data),
    repeat_at: job.repeatAt ?? null,
    disabled: job.disabled ? 1 : 0,
    fork: job.fork ? 1 : 0,
    last_modified_by: lastModifiedBy ?? null,
    start_date: toMs(job.startDate),
    end_date: toMs(job.endDate),
    skip_days: job.skipDays ? JSON.stringify(job.skipDays) : null,
    now,
  };
}

/** Converts a value compared against a plain column (used by `unique` keys outside `data`). */
export function columnValue(value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return value;
  return JSON.stringify(value);
}
