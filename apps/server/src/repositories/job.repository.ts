import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, FilterQuery } from '@mikro-orm/sql';
import { JobItemError } from '../entities/job-item-error.entity.js';
import { Job, type JobStage, type JobStatus, type JobType } from '../entities/job.entity.js';
import { Library } from '../entities/library.entity.js';
import type { JobError, JobItemError as CodedItemError } from '../domain/job-messages.js';

/** An item error as a handler reports it: coded, or (from code not yet given codes) words only. */
export interface ReportedItemError {
  item: string;
  message: string | CodedItemError;
}

export interface JobFilters {
  type?: JobType;
  status?: JobStatus;
  libraryId?: string;
}

export interface JobProgress {
  processed?: number;
  total?: number | null;
  currentItem?: string | null;
  stage?: JobStage | null;
}

const ACTIVE: JobStatus[] = ['queued', 'running'];

export class JobRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Inserts a queued job, or returns the active job of the same type and library when there is one:
   * the partial unique index `jobs_one_active_per_library` decides, so concurrent starts cannot both win.
   */
  async createOrGetActive(
    type: JobType,
    libraryId: string | null,
    params: Record<string, unknown>,
  ): Promise<{ job: Job; created: boolean }> {
    if (libraryId !== null) {
      const active = await this.findActive(type, libraryId);
      if (active) return { job: active, created: false };
    }
    const fork = this.em.fork();
    const job = fork.create(Job, {
      type,
      params,
      library: libraryId === null ? null : fork.getReference(Library, libraryId),
    });
    try {
      await fork.persist(job).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && libraryId !== null) {
        const active = await this.findActive(type, libraryId);
        if (active) return { job: active, created: false };
      }
      throw error;
    }
    return { job: await this.em.findOneOrFail(Job, { id: job.id }), created: true };
  }

  /** The queued or running job of the type for the library (or, with null, the one of no library). */
  findActive(type: JobType, libraryId: string | null): Promise<Job | null> {
    return this.em.findOne(Job, { type, library: libraryId, status: { $in: ACTIVE } });
  }

  /** Every queued or running job of the type (a check, not a constraint, keeps backups to one: expect one). */
  findAllActive(type: JobType): Promise<Job[]> {
    return this.em.fork().find(Job, { type, status: { $in: ACTIVE } });
  }

  findById(id: string): Promise<Job | null> {
    return this.em.findOne(Job, { id });
  }

  /** Reads the row afresh, bypassing the identity map: progress is written by other contexts and processes. */
  async fresh(id: string): Promise<Job | null> {
    return this.em.fork().findOne(Job, { id });
  }

  async page(filters: JobFilters, offset: number, limit: number): Promise<{ items: Job[]; total: number }> {
    const where: FilterQuery<Job> = {};
    if (filters.type) where.type = filters.type;
    if (filters.status) where.status = filters.status;
    if (filters.libraryId) where.library = filters.libraryId;
    const [items, total] = await this.em.findAndCount(Job, where, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      offset,
      limit,
    });
    return { items, total };
  }

  /** Queued jobs with no queue entry, created more than `olderThanMs` ago. */
  strandedQueued(olderThanMs: number): Promise<Job[]> {
    return this.em.find(Job, {
      status: 'queued',
      agendaJobId: null,
      createdAt: { $lt: new Date(Date.now() - olderThanMs) },
    });
  }

  async setAgendaId(id: string, agendaJobId: string): Promise<void> {
    await this.em.fork().nativeUpdate(Job, { id }, { agendaJobId });
  }

  /** queued → running; a job already running (taken over after a crash) stays running with its start time. */
  async markRunning(id: string): Promise<void> {
    const now = new Date();
    await this.em.fork().nativeUpdate(Job, { id, status: 'queued' }, { status: 'running', startedAt: now });
  }

  async saveProgress(id: string, progress: JobProgress): Promise<void> {
    await this.em.fork().nativeUpdate(Job, { id }, progress);
  }

  async finish(
    id: string,
    status: Extract<JobStatus, 'succeeded' | 'completed_with_errors' | 'failed' | 'cancelled'>,
    details: { error?: JobError; report?: Record<string, unknown> | null } = {},
  ): Promise<void> {
    const { error, report } = details;
    await this.em.fork().nativeUpdate(
      Job,
      { id, status: { $in: ACTIVE } },
      {
        status,
        finishedAt: new Date(),
        currentItem: null,
        stage: null,
        ...(report === undefined ? {} : { report }),
        ...(error === undefined ? {} : { error: error.text, errorCode: error.code, errorParams: error.params }),
      },
    );
  }

  /** Returns the job after the request, or null when it had already finished. */
  async requestCancel(id: string): Promise<'requested' | 'finished'> {
    const updated = await this.em.fork().nativeUpdate(Job, { id, status: { $in: ACTIVE } }, { cancelRequested: true });
    return updated > 0 ? 'requested' : 'finished';
  }

  async cancelRequested(id: string): Promise<boolean> {
    const [row] = await this.em
      .fork()
      .execute<{ cancel_requested: boolean | number }[]>('select cancel_requested from jobs where id = ?', [id]);
    return Boolean(row?.cancel_requested);
  }

  async addItemErrors(jobId: string, errors: ReportedItemError[]): Promise<void> {
    if (errors.length === 0) return;
    const fork = this.em.fork();
    await fork.transactional(async (em) => {
      await em.insertMany(
        JobItemError,
        errors.map(({ item, message }) => ({
          id: randomUUID(),
          job: jobId,
          item,
          ...(typeof message === 'string'
            ? { message, code: null, params: null }
            : { message: message.text, code: message.code, params: message.params }),
          createdAt: new Date(),
        })),
      );
      await em.execute('update jobs set item_errors_count = item_errors_count + ? where id = ?', [
        errors.length,
        jobId,
      ]);
    });
  }

  itemErrors(jobId: string, limit: number): Promise<JobItemError[]> {
    return this.em.find(JobItemError, { job: jobId }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit });
  }

  /** Stores a running job's report so far (a long refresh shows its progress, and a resumed one skips what is done). */
  async saveReport(id: string, report: Record<string, unknown> | null): Promise<void> {
    await this.em.fork().nativeUpdate(Job, { id }, { report });
  }
}
