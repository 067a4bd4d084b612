import type { JobItemError } from '../entities/job-item-error.entity.js';
import { JOB_STAGES, type Job, type JobStage, type JobStatus, type JobType } from '../entities/job.entity.js';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import type { Logger } from '../logger.js';
import type { JobFilters, JobRepository } from '../repositories/job.repository.js';
import { viewerSeesEveryLibrary } from '../repositories/library-access.js';
import { seesEveryLibrary, type Viewer } from '../domain/viewer.js';

/** Where jobs are handed for execution (Agenda); the service records them, the queue runs them. */
export interface JobQueue {
  enqueue(job: Job): Promise<string | undefined>;
  /** Drops a queued job that has not started. */
  remove(job: Job): Promise<void>;
  /** Settles when the job, running in this process, has ended (its status written); undefined when it runs elsewhere. */
  ended?(jobId: string): Promise<void> | undefined;
}

export const TERMINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'completed_with_errors', 'failed', 'cancelled'];
export const isTerminal = (status: JobStatus) => TERMINAL_STATUSES.includes(status);

export interface JobDetails {
  job: Job;
  itemErrors: JobItemError[];
}

const SHOWN_ITEM_ERRORS = 100;

export class JobService {
  private queue: JobQueue | undefined;

  constructor(
    private readonly jobs: JobRepository,
    private readonly logger: Logger,
  ) {}

  /** The job runtime registers itself once it is up; until then jobs wait in the table. */
  attachQueue(queue: JobQueue): void {
    this.queue = queue;
  }

  /** Starts a job, or returns the one of the same type already queued or running for the library. */
  async start(
    type: JobType,
    libraryId: string | null,
    params: Record<string, unknown>,
  ): Promise<{ job: Job; created: boolean }> {
    const result = await this.jobs.createOrGetActive(type, libraryId, params);
    if (result.created) {
      this.logger.info({ jobId: result.job.id, type, libraryId }, 'job queued');
      const agendaId = await this.queue?.enqueue(result.job);
      if (agendaId) await this.jobs.setAgendaId(result.job.id, agendaId);
    }
    return result;
  }

  /**
   * Until the job has ended (or is gone): at its end when it runs in this process, else looked at again every
   * `pollMs` (another process may run it, or it waits in the queue).
   */
  async untilEnded(id: string, pollMs = 250): Promise<void> {
    for (;;) {
      const job = await this.jobs.fresh(id);
      if (!job || isTerminal(job.status)) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.queue?.ended?.(id) ?? new Promise<void>(() => undefined),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, pollMs))),
      ]);
      clearTimeout(timer);
    }
  }

  async get(id: string): Promise<JobDetails> {
    const job = await this.require(id);
    return { job, itemErrors: await this.jobs.itemErrors(id, SHOWN_ITEM_ERRORS) };
  }

  /**
   * The job, for a viewer who sees every library: jobs span libraries and name their paths, so a reader limited to
   * some libraries sees none (a 404, as for a job that does not exist). Its events and reports go through here.
   */
  async require(id: string): Promise<Job> {
    const job = viewerSeesEveryLibrary() ? await this.jobs.fresh(id) : null;
    if (!job) throw new NotFoundError('Job', id);
    return job;
  }

  async page(filters: JobFilters, page: number, limit: number): Promise<{ items: Job[]; total: number }> {
    if (!viewerSeesEveryLibrary()) return { items: [], total: 0 };
    return this.jobs.page(filters, (page - 1) * limit, limit);
  }

  /**
   * Cooperative cancellation: the flag is set and the handler stops at its next check. A job that has not
   * started yet is cancelled at once.
   */
  async cancel(id: string): Promise<Job> {
    const job = await this.require(id);
    if ((await this.jobs.requestCancel(id)) === 'finished') {
      throw new ConflictError(`Job ${id} has already finished (${job.status}).`);
    }
    if (job.status === 'queued') {
      await this.queue?.remove(job);
      await this.jobs.finish(id, 'cancelled');
    }
    this.logger.info({ jobId: id }, 'job cancellation requested');
    return this.require(id);
  }

  /**
   * Polls the job until it ends (works across processes), yielding an event whenever it changed: `progress`, then
   * `end` once it has finished, or `gone` when the job was deleted meanwhile. A client that reconnects with the id
   * of the last event it got is not sent that state again, but is always sent the `end`.
   *
   * The viewer is named by the caller, not read from the request's context: a stream is pulled long after the
   * request that opened it, by whatever writes it out. A viewer who may not see the job gets the 404 of `require`.
   */
  async *events(viewer: Viewer, id: string, lastEventId: string | undefined, signal: AbortSignal, intervalMs = 250) {
    if (!seesEveryLibrary(viewer)) throw new NotFoundError('Job', id);
    let lastSent: string | undefined;
    while (!signal.aborted) {
      const job = await this.jobs.fresh(id);
      if (!job) {
        yield { kind: 'gone', jobId: id } satisfies JobEvent;
        return;
      }
      const eventId = jobEventId(job);
      const terminal = isTerminal(job.status);
      // The item being worked on changes the event but not its id: ids name how far the job got.
      const fingerprint = `${eventId}|${job.currentItem}`;
      const alreadyHeld = lastSent === undefined ? !terminal && eventId === lastEventId : fingerprint === lastSent;
      if (!alreadyHeld) yield { kind: terminal ? 'end' : 'progress', id: eventId, job } satisfies JobEvent;
      lastSent = fingerprint;
      if (terminal) return;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  /** True when the client's last event was this finished job's `end`: it has everything there is to send. */
  endAlreadySent(job: Job, lastEventId: string | undefined): boolean {
    return isTerminal(job.status) && jobEventId(job) === lastEventId;
  }
}

export type JobEvent = { kind: 'progress' | 'end'; id: string; job: Job } | { kind: 'gone'; jobId: string };

/**
 * The id of a job event: its stage (queued, running, finished), then items processed, whether the total is known
 * (a first scan learns it only when it has listed every folder), item errors and the cancel request, dot-separated.
 * Each of these only grows while a job runs, so the ids of one job's events never go back and the `end` has the
 * greatest; the same id is the same progress, whichever connection sent it.
 */
export function jobEventId(job: Job): string {
  const status = isTerminal(job.status) ? 2 : job.status === 'running' ? 1 : 0;
  // A scan's count starts again at each stage: the stage comes first, so ids still only grow.
  const stage = job.stage === null ? 0 : JOB_STAGES.indexOf(job.stage as JobStage);
  const totalKnown = job.total === null ? 0 : 1;
  return [status, Math.max(stage, 0), job.processed, totalKnown, job.itemErrorsCount, job.cancelRequested ? 1 : 0].join(
    '.',
  );
}
