import type { JobId, JobParameters, JobRepositoryOptions } from 'agenda';
import { rowToJob, toMs } from './rows.js';
import type { JobTable } from './table.js';

/**
 * Finds and locks the next job of a name in one statement: a job that is unlocked and due before `nextScanAt`, or
 * one whose lock is older than `lockDeadline` (its Agenda died or stalled). The UPDATE takes the write lock before
 * its subquery reads, so two connections or processes can never both lock the same job.
 */
export function nextJobToRun(
  table: JobTable,
  jobName: string,
  nextScanAt: Date,
  lockDeadline: Date,
  now: Date | undefined,
  options: JobRepositoryOptions | undefined,
): JobParameters | undefined {
  const row = table
    .statement(
      `UPDATE {t} SET locked_at = @locked_at, last_modified_by = @by, updated_at = @updated_at
       WHERE id = (
         SELECT id FROM {t}
         WHERE name = @name AND disabled = 0
           AND ((locked_at IS NULL AND next_run_at <= @next_scan_at) OR locked_at <= @lock_deadline)
         ORDER BY next_run_at ASC NULLS LAST, priority DESC, rowid ASC
         LIMIT 1)
       RETURNING *`,
    )
    .get({
      name: jobName,
      next_scan_at: nextScanAt.getTime(),
      lock_deadline: lockDeadline.getTime(),
      locked_at: (now ?? new Date()).getTime(),
      updated_at: Date.now(),
      by: options?.lastModifiedBy ?? null,
    });
  return row ? rowToJob(row) : undefined;
}

/** Locks one known job if it is still unlocked, enabled and due at the time the caller saw. */
export function lockJob(
  table: JobTable,
  job: JobParameters,
  options: JobRepositoryOptions | undefined,
): JobParameters | undefined {
  if (!job._id) return undefined;
  const row = table
    .statement(
      `UPDATE {t} SET locked_at = @now, last_modified_by = @by, updated_at = @now
       WHERE id = @id AND name = @name AND locked_at IS NULL AND next_run_at IS @next_run_at AND disabled = 0
       RETURNING *`,
    )
    .get({
      id: String(job._id),
      name: job.name,
      next_run_at: toMs(job.nextRunAt),
      now: Date.now(),
      by: options?.lastModifiedBy ?? null,
    });
  return row ? rowToJob(row) : undefined;
}

export function unlockJob(table: JobTable, id: JobId | string): void {
  // A job whose nextRunAt is null is being run right now: Job.run() clears it before the handler starts.
  table.statement('UPDATE {t} SET locked_at = NULL WHERE id = @id AND next_run_at IS NOT NULL').run({ id: String(id) });
}

export function unlockJobs(table: JobTable, ids: (JobId | string)[]): void {
  if (ids.length === 0) return;
  table
    .statement('UPDATE {t} SET locked_at = NULL WHERE id IN (SELECT value FROM json_each(@ids))')
    .run({ ids: JSON.stringify(ids.map(String)) });
}

/** What the processor writes around a run (and touch() writes). A job removed meanwhile is an error, as elsewhere. */
export function saveJobState(table: JobTable, job: JobParameters, options: JobRepositoryOptions | undefined): void {
  if (!job._id) throw new Error('Cannot save job state without job ID');
  const { changes } = table
    .statement(
      `UPDATE {t} SET locked_at = @locked_at, next_run_at = @next_run_at, last_run_at = @last_run_at,
         progress = @progress, fail_reason = @fail_reason, fail_count = @fail_count, failed_at = @failed_at,
         last_finished_at = @last_finished_at, last_modified_by = @last_modified_by, updated_at = @updated_at
       WHERE id = @id AND name = @name`,
    )
    .run({
      id: String(job._id),
      name: job.name,
      locked_at: toMs(job.lockedAt),
      next_run_at: toMs(job.nextRunAt),
      last_run_at: toMs(job.lastRunAt),
      progress: job.progress ?? null,
      fail_reason: job.failReason ?? null,
      fail_count: job.failCount ?? null,
      failed_at: toMs(job.failedAt),
      last_finished_at: toMs(job.lastFinishedAt),
      last_modified_by: options?.lastModifiedBy ?? null,
      updated_at: Date.now(),
    });
  if (changes !== 1) {
    throw new Error(
      `job ${String(job._id)} (name: ${job.name}) cannot be updated in the database, maybe it does not exist anymore?`,
    );
  }
}
