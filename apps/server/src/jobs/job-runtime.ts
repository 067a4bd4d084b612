import { Agenda, type Job as AgendaJob } from 'agenda';
import type { Orm } from '../database/orm.js';
import { jobErrorOf } from '../domain/job-messages.js';
import { withContext } from '../database/request-context.js';
import type { Job, JobType } from '../entities/job.entity.js';
import type { Logger } from '../logger.js';
import type { JobRepository } from '../repositories/job.repository.js';
import { isTerminal, type JobQueue } from '../services/job.service.js';
import { JobCancelledError, JobInterruptedError, RunningJob, type JobContext } from './job-context.js';
import type { SelectedBackend } from './job-backend.js';

export type JobHandler = (context: JobContext) => Promise<Record<string, unknown> | void>;

export interface JobRuntimeOptions {
  /** How long a job stays claimed by a process that stopped touching it (crashed) before another takes it. */
  lockLifetimeMs: number;
  processEveryMs: number;
  /** Scans are I/O-heavy and write a lot: one at a time per process. */
  concurrency: Partial<Record<JobType, number>>;
}

interface AgendaJobData {
  jobId: string;
}

/** Agenda, wired to our job table: Agenda schedules and locks, our table records what the API shows. */
export class JobRuntime implements JobQueue {
  private readonly agenda: Agenda;
  private processing = false;
  private stopping = false;
  private readonly running = new Map<string, { context: RunningJob; done: Promise<void> }>();

  constructor(
    private readonly orm: Orm,
    readonly backend: SelectedBackend,
    private readonly jobs: JobRepository,
    private readonly logger: Logger,
    private readonly options: JobRuntimeOptions,
  ) {
    this.agenda = new Agenda({
      backend: backend.backend,
      ...(backend.notificationChannel ? { notificationChannel: backend.notificationChannel } : {}),
      processEvery: options.processEveryMs,
      defaultLockLifetime: options.lockLifetimeMs,
      // Our table keeps the history; Agenda's rows are only the queue.
      removeOnComplete: true,
    });
    this.agenda.on('error', (error: Error) => this.logger.error({ err: error }, 'job queue error'));
    // PostgreSQL's LISTEN connection reports a lost connection as an 'error' event and then reconnects by
    // itself; unheard, that event would end the process (a database restart must not take Shelfmark down).
    const channel = backend.backend.notificationChannel as
      { on?: (event: 'error', listener: (error: Error) => void) => void } | undefined;
    channel?.on?.('error', (error) => this.logger.warn({ err: error }, 'job notifications interrupted; reconnecting'));
  }

  define(type: JobType, handler: JobHandler): void {
    this.agenda.define<AgendaJobData>(type, (agendaJob) => this.run(type, agendaJob, handler), {
      concurrency: this.options.concurrency[type] ?? 1,
      // Without a lock limit one process locks every due job of the type at each poll, leaving none to others.
      lockLimit: this.options.concurrency[type] ?? 1,
      lockLifetime: this.options.lockLifetimeMs,
    });
  }

  /**
   * A recurring trigger (not a job of our table): when due, `handler` runs with the data it was scheduled with,
   * typically to start one of our jobs. Scheduled triggers live in the queue's storage and survive restarts.
   */
  defineTrigger(name: string, handler: (data: Record<string, unknown>) => Promise<void>): void {
    this.agenda.define<Record<string, unknown>>(
      name,
      async (agendaJob) => {
        await withContext(this.orm, () => handler(agendaJob.attrs.data));
      },
      { concurrency: 1, lockLimit: 1, lockLifetime: this.options.lockLifetimeMs },
    );
  }

  /** Creates or reschedules the one trigger identified by `key` (e.g. a library id), every `interval`. */
  async scheduleTrigger(name: string, key: Record<string, string>, interval: string): Promise<void> {
    const unique = Object.fromEntries(Object.entries(key).map(([field, value]) => [`data.${field}`, value]));
    await this.agenda.create(name, key).unique(unique).repeatEvery(interval, { skipImmediate: true }).save();
  }

  async unscheduleTrigger(name: string, key: Record<string, string>): Promise<void> {
    await this.agenda.cancel({ name, data: key });
  }

  /** The scheduled triggers of this name: their data, interval and next run. */
  async triggers(
    name: string,
  ): Promise<{ data: Record<string, unknown>; interval: string | null; nextRunAt: Date | null }[]> {
    const result = await this.agenda.queryJobs({ name });
    return result.jobs.map((job) => ({
      data: (job.data ?? {}) as Record<string, unknown>,
      interval: job.repeatInterval === undefined ? null : String(job.repeatInterval),
      nextRunAt: job.nextRunAt ? new Date(job.nextRunAt) : null,
    }));
  }

  /** Connects to the queue; with `process`, also starts taking jobs (the worker role). */
  async start(process: boolean): Promise<void> {
    await this.agenda.ready;
    if (process) {
      await this.agenda.start();
      this.processing = true;
      await this.enqueueStranded();
    }
  }

  /**
   * Graceful stop: running handlers are interrupted at their next check and their jobs handed back to the
   * queue (due at once), so a restart or another worker resumes them without waiting for the lock to expire.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const { context } of this.running.values()) context.interrupt();
    const all = Promise.all([...this.running.values()].map((entry) => entry.done));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    if (this.processing) await this.agenda.stop(true);
    else await this.backend.backend.disconnect();
    await this.backend.close?.();
  }

  isProcessing(): boolean {
    return this.processing;
  }

  async enqueue(job: Job): Promise<string | undefined> {
    const scheduled = await this.agenda.now<AgendaJobData>(job.type, { jobId: job.id });
    return scheduled.attrs._id === undefined ? undefined : String(scheduled.attrs._id);
  }

  async remove(job: Job): Promise<void> {
    if (job.agendaJobId) await this.agenda.cancel({ id: job.agendaJobId });
  }

  /** Queued jobs that never reached the queue (the process died between the two writes) are handed over again. */
  private async enqueueStranded(): Promise<void> {
    const stranded = await withContext(this.orm, () => this.jobs.strandedQueued(10_000));
    for (const job of stranded) {
      const agendaId = await this.enqueue(job);
      if (agendaId) await withContext(this.orm, () => this.jobs.setAgendaId(job.id, agendaId));
      this.logger.info({ jobId: job.id }, 'stranded job queued again');
    }
  }

  private async run(type: JobType, agendaJob: AgendaJob<AgendaJobData>, handler: JobHandler): Promise<void> {
    const jobId = agendaJob.attrs.data.jobId;
    if (this.stopping) {
      await this.requeue(type, jobId);
      return;
    }
    const current = this.running.get(jobId);
    if (current) {
      // Never run one job twice in a process: the first run takes over this claim and the queue's entry ends with it.
      this.logger.warn({ jobId, type }, 'job handed out again while it runs here; the running one keeps it');
      current.context.adoptLock(async () => {
        await agendaJob.touch();
      });
      await current.done;
      return;
    }
    await withContext(this.orm, async () => {
      const job = await this.jobs.fresh(jobId);
      if (!job || isTerminal(job.status)) return;
      const logger = this.logger.child({ jobId, type });
      if (job.cancelRequested) {
        await this.jobs.finish(jobId, 'cancelled');
        return;
      }
      const resumed = job.status === 'running';
      await this.jobs.markRunning(jobId);
      logger.info({ resumed }, resumed ? 'job resumed' : 'job started');
      const context = new RunningJob(jobId, job.library?.id ?? null, job.params, logger, this.jobs, async () => {
        await agendaJob.touch();
      });
      // A job resumed after a restart keeps the item errors its first run recorded.
      if (job.itemErrorsCount > 0) context.markCompletedWithErrors();
      context.start();
      let finished!: () => void;
      this.running.set(jobId, { context, done: new Promise<void>((resolve) => (finished = resolve)) });
      try {
        const report = await handler(context);
        await context.stop();
        const status = context.completedWithErrors ? 'completed_with_errors' : 'succeeded';
        await this.jobs.finish(jobId, status, { report: report ?? null });
        const memory = process.memoryUsage();
        const mb = (bytes: number) => Math.round(bytes / 1048576);
        logger.info(
          { rssMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed), externalMb: mb(memory.external) },
          `job ${status === 'succeeded' ? 'succeeded' : 'completed with errors'}`,
        );
      } catch (error) {
        await context.stop();
        if (error instanceof JobInterruptedError) {
          await this.requeue(type, jobId);
          logger.info('job interrupted by shutdown; queued to resume');
        } else if (error instanceof JobCancelledError) {
          await this.jobs.finish(jobId, 'cancelled');
          logger.info('job cancelled');
        } else {
          await this.jobs.finish(jobId, 'failed', { error: jobErrorOf(error) });
          logger.warn({ err: error }, 'job failed');
        }
      } finally {
        this.running.delete(jobId);
        finished();
      }
    });
  }

  /** The end of a job running in this process (its status written by then), for JobService.untilEnded. */
  ended(jobId: string): Promise<void> | undefined {
    return this.running.get(jobId)?.done;
  }

  private async requeue(type: JobType, jobId: string): Promise<void> {
    const scheduled = await this.agenda.now<AgendaJobData>(type, { jobId });
    if (scheduled.attrs._id !== undefined) {
      await withContext(this.orm, () => this.jobs.setAgendaId(jobId, String(scheduled.attrs._id)));
    }
  }
}
