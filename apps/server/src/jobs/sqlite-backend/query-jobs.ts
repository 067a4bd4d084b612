import {
  computeJobState,
  toJobId,
  type JobState,
  type JobWithState,
  type JobsOverview,
  type JobsQueryOptions,
  type JobsResult,
} from 'agenda';
import { orderBy, querySelection } from './filters.js';
import { rowToJob, type JobRow } from './rows.js';
import type { JobTable } from './table.js';

function withState(row: JobRow, now: Date): JobWithState {
  const job = rowToJob(row);
  return { ...job, _id: toJobId(row.id), state: computeJobState(job, now) };
}

function matchesState(job: JobWithState, state: JobState): boolean {
  // computeJobState never yields 'paused': it is the disabled flag, whatever the timestamps say.
  return state === 'paused' ? job.disabled === true : job.state === state;
}

/**
 * JobRepository.queryJobs. Without a state filter, paging happens in SQL; a state is computed from several columns by
 * Agenda's computeJobState, so with one the matching rows are filtered here and paged afterwards.
 */
export function queryJobs(table: JobTable, options: JobsQueryOptions = {}): JobsResult {
  const { state, skip = 0, limit = 0 } = options;
  const now = new Date();
  const where = querySelection(options);
  const select = `SELECT * FROM {t} ${where.toSql()} ORDER BY ${orderBy(options.sort)}`;
  if (!state) {
    const page = table.statement(`${select} LIMIT @limit OFFSET @skip`).all({
      ...where.params,
      // LIMIT -1 is SQLite's "no limit".
      limit: limit > 0 ? limit : -1,
      skip: Math.max(0, skip),
    });
    const count = table.statement<{ total: number }>(`SELECT COUNT(*) AS total FROM {t} ${where.toSql()}`);
    return { jobs: page.map((row) => withState(row, now)), total: count.get(where.params)?.total ?? 0 };
  }
  const matching = table
    .statement(select)
    .all(where.params)
    .map((row) => withState(row, now))
    .filter((job) => matchesState(job, state));
  const end = limit > 0 ? skip + limit : undefined;
  return { jobs: matching.slice(skip, end), total: matching.length };
}

/** JobRepository.getJobsOverview: per name, how many jobs are in each state; paused is counted on top of the state. */
export function jobsOverview(table: JobTable): JobsOverview[] {
  const now = new Date();
  const overviews = new Map<string, JobsOverview>();
  for (const row of table.statement('SELECT * FROM {t} ORDER BY name').all()) {
    let overview = overviews.get(row.name);
    if (!overview) {
      overview = {
        name: row.name,
        total: 0,
        running: 0,
        scheduled: 0,
        queued: 0,
        completed: 0,
        failed: 0,
        repeating: 0,
        paused: 0,
      };
      overviews.set(row.name, overview);
    }
    const job = rowToJob(row);
    overview.total++;
    overview[computeJobState(job, now)]++;
    if (job.disabled) overview.paused++;
  }
  return [...overviews.values()];
}
