import type {
  JobId,
  JobParameters,
  JobRepository,
  JobRepositoryOptions,
  JobsOverview,
  JobsQueryOptions,
  JobsResult,
  RemoveJobsOptions,
} from 'agenda';
import { retryWhileBusy } from './busy.js';
import { openConnection } from './connection.js';
import { jobSelection } from './filters.js';
import { lockJob, nextJobToRun, saveJobState, unlockJob, unlockJobs } from './job-state.js';
import { jobsOverview, queryJobs } from './query-jobs.js';
import { rowToJob } from './rows.js';
import { saveJob } from './save-job.js';
import { createSchemaSql } from './schema.js';
import { JobTable } from './table.js';

export interface SqliteJobRepositoryOptions {
  path: string;
  tableName: string;
  /** How long an operation may wait in all for other connections' locks. */
  busyTimeoutMs: number;
}

/** The synchronous part of a lock wait (SQLite's busy_timeout); the rest is waited out without blocking, see busy.ts. */
const SYNC_BUSY_WAIT_MS = 25;

/**
 * Agenda's storage on a SQLite file. better-sqlite3 is synchronous: each operation is one statement or one transaction
 * done before the next event-loop turn, and the promise carries its result (after any waits for a locked database).
 */
export class SqliteJobRepository implements JobRepository {
  private readonly options: SqliteJobRepositoryOptions;
  private table: JobTable | undefined;
  private connecting: Promise<void> | undefined;

  constructor(options: SqliteJobRepositoryOptions) {
    this.options = options;
  }

  connect(): Promise<void> {
    if (this.table) return Promise.resolve();
    this.connecting ??= retryWhileBusy(() => this.open(), this.options.busyTimeoutMs)
      .then((table) => {
        this.table = table;
      })
      .finally(() => {
        this.connecting = undefined;
      });
    return this.connecting;
  }

  private open(): JobTable {
    const db = openConnection({ path: this.options.path, busyTimeoutMs: SYNC_BUSY_WAIT_MS });
    try {
      const table = new JobTable(db, this.options.tableName);
      table.immediate(() => db.exec(createSchemaSql(this.options.tableName)));
      return table;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Closes the connection; a later connect() opens a new one. */
  disconnect(): Promise<void> {
    const table = this.table;
    this.table = undefined;
    try {
      table?.db.close();
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private use<Result>(fn: (table: JobTable) => Result): Promise<Result> {
    return retryWhileBusy(() => {
      if (!this.table) throw new Error('The SQLite job backend is not connected');
      return fn(this.table);
    }, this.options.busyTimeoutMs);
  }

  queryJobs(options?: JobsQueryOptions): Promise<JobsResult> {
    return this.use((table) => queryJobs(table, options));
  }

  getJobsOverview(): Promise<JobsOverview[]> {
    return this.use((table) => jobsOverview(table));
  }

  getDistinctJobNames(): Promise<string[]> {
    return this.use((table) =>
      table
        .statement<{ name: string }>('SELECT DISTINCT name FROM {t} ORDER BY name')
        .all()
        .map((row) => row.name),
    );
  }

  getJobById(id: string): Promise<JobParameters | null> {
    return this.use((table) => {
      const row = table.statement('SELECT * FROM {t} WHERE id = @id').get({ id });
      return row ? rowToJob(row) : null;
    });
  }

  /** Jobs that are due, as the other backends count them (locked and disabled ones included). */
  getQueueSize(): Promise<number> {
    return this.use(
      (table) =>
        table
          .statement<{ size: number }>('SELECT COUNT(*) AS size FROM {t} WHERE next_run_at < @now')
          .get({ now: Date.now() })?.size ?? 0,
    );
  }

  removeJobs(options: RemoveJobsOptions): Promise<number> {
    return this.use((table) => {
      const where = jobSelection(options);
      return where ? table.statement(`DELETE FROM {t} ${where.toSql()}`).run(where.params).changes : 0;
    });
  }

  disableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, 1);
  }

  enableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, 0);
  }

  private setDisabled(options: RemoveJobsOptions, disabled: 0 | 1): Promise<number> {
    return this.use((table) => {
      const where = jobSelection(options);
      if (!where) return 0;
      const sql = `UPDATE {t} SET disabled = ${disabled}, updated_at = @updated_at ${where.toSql()}`;
      return table.statement(sql).run({ ...where.params, updated_at: Date.now() }).changes;
    });
  }

  purgeAllJobs(): Promise<number> {
    return this.use((table) => table.statement('DELETE FROM {t}').run().changes);
  }

  saveJob<DATA = unknown>(
    job: JobParameters<DATA>,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters<DATA>> {
    return this.use((table) => saveJob(table, job, options));
  }

  saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    return this.use((table) => saveJobState(table, job, options));
  }

  lockJob(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    return this.use((table) => lockJob(table, job, options));
  }

  /**
   * Agenda calls this without awaiting or catching it (when a lock limit is hit, or a job is not due soon after all),
   * so a rejection would be an unhandled one that can end the process. A lock that is not released expires anyway.
   */
  unlockJob(job: JobParameters): Promise<void> {
    const id = job._id;
    if (!id) return Promise.resolve();
    return this.use((table) => unlockJob(table, id)).catch(() => undefined);
  }

  unlockJobs(jobIds: (JobId | string)[]): Promise<void> {
    return this.use((table) => unlockJobs(table, jobIds));
  }

  getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    return this.use((table) => nextJobToRun(table, jobName, nextScanAt, lockDeadline, now, options));
  }
}
