import type { Agenda } from 'agenda';
import { openConnection } from '../../../src/jobs/sqlite-backend/connection.js';

export const RACE_JOB = 'race';

export interface RunLog {
  record(jobId: string, worker: string): void;
  /** Runs per job id, and which workers took part. */
  summary(): { perJob: Map<string, number>; workers: Set<string> };
  close(): void;
}

/** Every run goes to a table of the shared file, so runs in another process count too. Duplicates are kept on purpose. */
export function openRunLog(path: string): RunLog {
  const db = openConnection({ path, busyTimeoutMs: 10_000 });
  db.exec('CREATE TABLE IF NOT EXISTS race_runs (job_id TEXT NOT NULL, worker TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO race_runs (job_id, worker) VALUES (@job_id, @worker)');
  return {
    record: (jobId, worker) => insert.run({ job_id: jobId, worker }),
    summary: () => {
      const rows = db.prepare<{ job_id: string; worker: string }>('SELECT job_id, worker FROM race_runs').all();
      const perJob = new Map<string, number>();
      for (const row of rows) perJob.set(row.job_id, (perJob.get(row.job_id) ?? 0) + 1);
      return { perJob, workers: new Set(rows.map((row) => row.worker)) };
    },
    close: () => db.close(),
  };
}

/**
 * One job at a time per worker (lockLimit 1): otherwise the first worker to poll locks all 50 jobs at once and there
 * is no race. The short sleep keeps each lock held across other workers' polls.
 */
export function defineRaceJob(agenda: Agenda, runs: RunLog, worker: string): void {
  agenda.define(
    RACE_JOB,
    async (job) => {
      runs.record(String(job.attrs._id), worker);
      await new Promise((resolve) => setTimeout(resolve, 15));
    },
    { concurrency: 1, lockLimit: 1 },
  );
}
