import type { Job } from '../entities/job.entity.js';
import type { Library, RefreshMode } from '../entities/library.entity.js';
import { DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import { providerItemError, refusalOf } from '../domain/job-messages.js';
import type { JobContext } from '../jobs/job-context.js';
import type { JobRepository } from '../repositories/job.repository.js';
import type { MetadataRepository } from '../repositories/metadata.repository.js';
import type { JobService } from './job.service.js';
import type { LibraryService } from './library.service.js';
import { hasChanges, type MetadataSyncService, type SyncReport } from './metadata-sync.service.js';
import type { MetadataService } from './metadata.service.js';
import type { ProviderFailureKind } from '../domain/problem-codes.js';

export interface RefreshEntry {
  seriesId: string;
  seriesName: string;
  linkId: string;
  provider: string;
  report: SyncReport | null;
  changed: boolean;
  error: string | null;
  /** With `error`, when a provider failed: the kind (openapi.yaml `ProviderFailureKind`). */
  failure?: ProviderFailureKind | null;
}

/** Where recurring triggers are kept (the job runtime, i.e. Agenda). */
export interface TriggerScheduler {
  scheduleTrigger(name: string, key: Record<string, string>, interval: string): Promise<void>;
  unscheduleTrigger(name: string, key: Record<string, string>): Promise<void>;
  triggers(name: string): Promise<{ data: Record<string, unknown>; interval: string | null; nextRunAt: Date | null }[]>;
}

export const REFRESH_TRIGGER = 'metadata_refresh_schedule';
const INTERVALS: Record<Exclude<RefreshMode, 'manual'>, string> = {
  hourly: '1 hour',
  daily: '1 day',
  weekly: '1 week',
};

/**
 * `metadata_refresh`: re-reads every approved link of a library from its provider and applies the same sync rules
 * as approval, with a report per series; run on demand or on the library's `metadata_refresh_mode` schedule.
 */
export class MetadataRefreshService {
  private scheduler: TriggerScheduler | undefined;

  constructor(
    private readonly metadataRepository: MetadataRepository,
    private readonly metadata: MetadataService,
    private readonly sync: MetadataSyncService,
    private readonly libraries: LibraryService,
    private readonly jobs: JobService,
    private readonly jobRepository: JobRepository,
  ) {}

  /** The job runtime registers itself once it is up. */
  attachScheduler(scheduler: TriggerScheduler): void {
    this.scheduler = scheduler;
  }

  async start(libraryId: string, scheduled = false): Promise<{ job: Job; created: boolean }> {
    await this.libraries.require(libraryId);
    if ((await this.metadataRepository.countApprovedLinks(libraryId)) === 0) {
      throw new ValidationError('No series of this library has an approved metadata link to refresh.', [
        { path: '/body/library_id', message: 'the library has no approved metadata link', code: 'noMetadataLink' },
      ]);
    }
    return this.jobs.start('metadata_refresh', libraryId, scheduled ? { scheduled: true } : {});
  }

  /** The schedule trigger fired: start a refresh unless there is nothing to refresh or one is already running. */
  async onTrigger(data: Record<string, unknown>): Promise<void> {
    const libraryId = typeof data.libraryId === 'string' ? data.libraryId : null;
    if (libraryId === null) return;
    try {
      await this.start(libraryId, true);
    } catch (error) {
      // A library deleted or emptied of links since: nothing to do (its trigger is removed with it).
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /** Makes the library's trigger match its mode: every hour/day/week, or none for `manual`. */
  async applySchedule(library: Pick<Library, 'id' | 'metadataRefreshMode'>): Promise<void> {
    if (!this.scheduler) return;
    const key = { libraryId: library.id };
    if (library.metadataRefreshMode === 'manual') await this.scheduler.unscheduleTrigger(REFRESH_TRIGGER, key);
    else {
      const mode = library.metadataRefreshMode as Exclude<RefreshMode, 'manual'>;
      await this.scheduler.scheduleTrigger(REFRESH_TRIGGER, key, INTERVALS[mode]);
    }
  }

  async removeSchedule(libraryId: string): Promise<void> {
    await this.scheduler?.unscheduleTrigger(REFRESH_TRIGGER, { libraryId });
  }

  /** The library's scheduled refresh: its interval and next run, or null when it has none. */
  async schedule(libraryId: string): Promise<{ interval: string | null; nextRunAt: Date | null } | null> {
    const triggers = (await this.scheduler?.triggers(REFRESH_TRIGGER)) ?? [];
    const trigger = triggers.find((candidate) => candidate.data.libraryId === libraryId);
    return trigger ? { interval: trigger.interval, nextRunAt: trigger.nextRunAt } : null;
  }

  /** Brings every library's trigger in line with its mode (at start: modes may have changed while stopped). */
  async reconcile(libraries: Pick<Library, 'id' | 'metadataRefreshMode'>[]): Promise<void> {
    if (!this.scheduler) return;
    const known = new Set(libraries.map((library) => library.id));
    for (const trigger of await this.scheduler.triggers(REFRESH_TRIGGER)) {
      const id = trigger.data.libraryId;
      if (typeof id === 'string' && !known.has(id))
        await this.scheduler.unscheduleTrigger(REFRESH_TRIGGER, { libraryId: id });
    }
    for (const library of libraries) await this.applySchedule(library);
  }

  async run(context: JobContext): Promise<Record<string, unknown>> {
    const libraryId = context.libraryId!;
    const links = await this.metadataRepository.approvedLinksOfLibrary(libraryId);
    const job = await this.jobs.require(context.jobId);
    // A resumed refresh keeps what it already did.
    const entries = ((job.report?.series as RefreshEntry[] | undefined) ?? []).filter((entry) =>
      links.some((link) => link.id === entry.linkId),
    );
    const done = new Set(entries.map((entry) => entry.linkId));
    context.progress({ total: links.length, processed: done.size, currentItem: null });
    for (const link of links) {
      if (done.has(link.id)) continue;
      context.throwIfCancelled();
      context.progress({ currentItem: link.series.name });
      const entry: RefreshEntry = {
        seriesId: link.series.id,
        seriesName: link.series.name,
        linkId: link.id,
        provider: link.provider,
        report: null,
        changed: false,
        error: null,
      };
      try {
        const snapshot = await this.metadata.snapshot(link, context.signal, true);
        entry.report = await this.sync.apply(link, snapshot, { approve: false });
        entry.changed = hasChanges(entry.report);
      } catch (error) {
        context.throwIfCancelled();
        if (!(error instanceof DomainError)) throw error;
        entry.error = error.message;
        entry.failure = error.providerFailure?.failure ?? null;
        context.itemError(link.series.name, providerItemError(refusalOf(error, link.provider)));
      }
      entries.push(entry);
      await this.jobRepository.saveReport(context.jobId, { series: entries });
      context.progress({ processed: entries.length });
    }
    return {
      series: entries,
      refreshed: entries.filter((entry) => entry.changed).length,
      unchanged: entries.filter((entry) => !entry.changed && entry.error === null).length,
      errors: entries.filter((entry) => entry.error !== null).length,
    };
  }

  async report(jobId: string): Promise<{ job: Job; entries: RefreshEntry[] }> {
    const job = await this.jobs.require(jobId);
    if (job.type !== 'metadata_refresh') throw new NotFoundError('Metadata refresh job', jobId);
    return { job, entries: (job.report?.series as RefreshEntry[] | undefined) ?? [] };
  }
}
