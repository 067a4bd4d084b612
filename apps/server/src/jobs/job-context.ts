import type { Logger } from '../logger.js';
import type { JobItemError } from '../domain/job-messages.js';
import type { JobProgress, JobRepository, ReportedItemError } from '../repositories/job.repository.js';

/** Thrown by a handler (through `throwIfCancelled`) to stop cooperatively; the job ends `cancelled`. */
export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled.');
    this.name = 'JobCancelledError';
  }
}

/** Thrown when the process shuts down mid-job: the job is handed back to the queue, not ended. */
export class JobInterruptedError extends Error {
  constructor() {
    super('The job was interrupted by a shutdown; it will resume.');
    this.name = 'JobInterruptedError';
  }
}

/** What a job handler sees: its parameters, a cancellation signal, and cheap progress reporting. */
export interface JobContext {
  readonly jobId: string;
  readonly libraryId: string | null;
  readonly params: Record<string, unknown>;
  /** Aborted when someone asks to cancel the job (checked twice a second). */
  readonly signal: AbortSignal;
  readonly logger: Logger;
  progress(progress: JobProgress): void;
  /**
   * A file or series the job could not handle; coded (domain/job-messages.ts) so the admin can translate it. The job
   * then ends `completed_with_errors`: its monitor and filters show the files a scan could not read, not a success.
   */
  itemError(item: string, message: JobItemError | string): void;
  /** The job will end `completed_with_errors` instead of `succeeded`: some items were skipped without an error. */
  markCompletedWithErrors(): void;
  throwIfCancelled(): void;
}

const FLUSH_INTERVAL_MS = 500;

/**
 * Buffers progress and item errors and writes them twice a second, so a scan of 100k files does not write
 * a row per file; the same tick reads the cancel flag and extends the job's lock in the queue.
 */
export class RunningJob implements JobContext {
  private readonly controller = new AbortController();
  private pendingProgress: JobProgress | undefined;
  private pendingErrors: ReportedItemError[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private interrupted = false;
  private withErrors = false;

  constructor(
    readonly jobId: string,
    readonly libraryId: string | null,
    readonly params: Record<string, unknown>,
    readonly logger: Logger,
    private readonly jobs: JobRepository,
    private keepLock: () => Promise<void>,
  ) {}

  /**
   * The queue handed this job out again while it runs here (its lock looked expired: a stalled event loop or a slow
   * database); the run goes on, and from now on it keeps the new claim alive instead of the one the queue dropped.
   */
  adoptLock(keepLock: () => Promise<void>): void {
    this.keepLock = keepLock;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.flushing = this.flushing
        .then(() => this.tick())
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'could not save job progress');
        });
    }, FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  progress(progress: JobProgress): void {
    this.pendingProgress = { ...this.pendingProgress, ...progress };
  }

  itemError(item: string, message: JobItemError | string): void {
    this.pendingErrors.push({ item, message });
    this.withErrors = true;
  }

  markCompletedWithErrors(): void {
    this.withErrors = true;
  }

  get completedWithErrors(): boolean {
    return this.withErrors;
  }

  throwIfCancelled(): void {
    if (this.interrupted) throw new JobInterruptedError();
    if (this.controller.signal.aborted) throw new JobCancelledError();
  }

  /** Asks the handler to stop because the process is shutting down. */
  interrupt(): void {
    this.interrupted = true;
    this.controller.abort();
  }

  /** Stops the ticks and writes what is still buffered. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
  }

  private async tick(): Promise<void> {
    await this.flush();
    if (!this.controller.signal.aborted && (await this.jobs.cancelRequested(this.jobId))) this.controller.abort();
    await this.keepLock();
  }

  private async flush(): Promise<void> {
    const progress = this.pendingProgress;
    const errors = this.pendingErrors;
    this.pendingProgress = undefined;
    this.pendingErrors = [];
    if (progress) await this.jobs.saveProgress(this.jobId, progress);
    await this.jobs.addItemErrors(this.jobId, errors);
  }
}
