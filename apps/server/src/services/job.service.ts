import type { JobItemError } from '../entities/job-item-error.entity.js';
import type { Job, JobStatus, JobType } from '../entities/job.entity.js';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import type { Logger } from '../logger.js';
import type { JobFilters, JobRepository } from '../repositories/job.repository.js';

/** Where jobs are handed for execution (Agenda); the service records them, the queue runs them. */
export interface JobQueue {
  enqueue(job: Job): Promise<string | undefined>;
  /** Drops a queued job that has not started. */
  remove(job: Job): Promise<void>;
}

export const TERMINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];
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

  async get(id: string): Promise<JobDetails> {
    const job = await this.jobs.fresh(id);
    if (!job) throw new NotFoundError('Job', id);
    return { job, itemErrors: await this.jobs.itemErrors(id, SHOWN_ITEM_ERRORS) };
  }

  async require(id: string): Promise<Job> {
    const job = await this.jobs.fresh(id);
    if (!job) throw new NotFoundError('Job', id);
    return job;
  }

  page(filters: JobFilters, page: number, limit: number): Promise<{ items: Job[]; total: number }> {
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

  /** Polls the job until it ends, yielding it whenever it changed (works across processes). */
  async *watch(id: string, signal: AbortSignal, intervalMs = 250): AsyncGenerator<Job> {
    let last = '';
    while (!signal.aborted) {
      const job = await this.require(id);
      const fingerprint = `${job.status}|${job.processed}|${job.total}|${job.currentItem}|${job.itemErrorsCount}|${job.cancelRequested}`;
      if (fingerprint !== last) {
        last = fingerprint;
        yield job;
      }
      if (isTerminal(job.status)) return;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
