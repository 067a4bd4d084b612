import type { Job } from '../entities/job.entity.js';
import type { Library } from '../entities/library.entity.js';
import { DomainError } from '../domain/errors.js';
import { repeatInterval } from '../domain/schedule.js';
import type { TriggerScheduler } from './metadata-refresh.service.js';
import type { ScanStarter } from './scan-starter.js';

export const SCAN_TRIGGER = 'library_scan_schedule';

/**
 * Each library's recurring incremental scan (`scan_schedule`), kept as one Agenda trigger per library like the
 * metadata refresh's, and the first scan a library gets when it is created.
 */
export class ScanScheduleService {
  private scheduler: TriggerScheduler | undefined;

  constructor(private readonly scans: ScanStarter) {}

  /** The job runtime registers itself once it is up. */
  attachScheduler(scheduler: TriggerScheduler): void {
    this.scheduler = scheduler;
  }

  /** A new library is scanned at once, so its books appear without anyone pressing Scan. */
  async scanNow(libraryId: string): Promise<Job> {
    return (await this.scans.start(libraryId, 'incremental')).job;
  }

  /**
   * The trigger fired: an incremental scan, unless one of the library is already queued or running (the jobs
   * index allows one; starting returns that one instead).
   */
  async onTrigger(data: Record<string, unknown>): Promise<void> {
    const libraryId = typeof data.libraryId === 'string' ? data.libraryId : null;
    if (libraryId === null) return;
    try {
      await this.scans.start(libraryId, 'incremental', { scheduled: true });
    } catch (error) {
      // A library deleted since: its trigger is removed with it.
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /** Makes the library's trigger match its schedule: a word's interval, its cron string, or none for `manual`. */
  async applySchedule(library: Pick<Library, 'id' | 'scanSchedule'>): Promise<void> {
    if (!this.scheduler) return;
    const key = { libraryId: library.id };
    const interval = repeatInterval(library.scanSchedule);
    if (interval === null) await this.scheduler.unscheduleTrigger(SCAN_TRIGGER, key);
    else await this.scheduler.scheduleTrigger(SCAN_TRIGGER, key, interval);
  }

  async removeSchedule(libraryId: string): Promise<void> {
    await this.scheduler?.unscheduleTrigger(SCAN_TRIGGER, { libraryId });
  }

  /** The library's scheduled scan: its interval and next run, or null when it has none. */
  async schedule(libraryId: string): Promise<{ interval: string | null; nextRunAt: Date | null } | null> {
    const triggers = (await this.scheduler?.triggers(SCAN_TRIGGER)) ?? [];
    const trigger = triggers.find((candidate) => candidate.data.libraryId === libraryId);
    return trigger ? { interval: trigger.interval, nextRunAt: trigger.nextRunAt } : null;
  }

  /** Brings every library's trigger in line with its schedule (at start: schedules may have changed while stopped). */
  async reconcile(libraries: Pick<Library, 'id' | 'scanSchedule'>[]): Promise<void> {
    if (!this.scheduler) return;
    const known = new Set(libraries.map((library) => library.id));
    for (const trigger of await this.scheduler.triggers(SCAN_TRIGGER)) {
      const id = trigger.data.libraryId;
      if (typeof id === 'string' && !known.has(id))
        await this.scheduler.unscheduleTrigger(SCAN_TRIGGER, { libraryId: id });
    }
    for (const library of libraries) await this.applySchedule(library);
  }
}
