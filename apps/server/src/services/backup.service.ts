import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseConfig } from '../config.js';
import { backUpSqlite, finishJobInCopy } from '../database/sqlite-backup.js';
import type { Job } from '../entities/job.entity.js';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { repeatInterval } from '../domain/schedule.js';
import type { JobContext } from '../jobs/job-context.js';
import type { Logger } from '../logger.js';
import type { JobRepository } from '../repositories/job.repository.js';
import type { JobService } from './job.service.js';
import type { TriggerScheduler } from './metadata-refresh.service.js';
import type { SettingsService } from './settings.service.js';

const isFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );

export const BACKUP_TRIGGER = 'database_backup_schedule';
const TRIGGER_KEY = { database: 'main' };
/** `shelfmark-2026-11-25T03-00-00.123Z.sqlite`: sorts by time, readable, valid on every file system. */
const BACKUP_NAME = /^shelfmark-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z\.sqlite$/;
/**
 * What a backup cut short leaves (a `kill -9`, a full disk): its copy under the temporary name, and the journal files
 * SQLite keeps beside that copy while it writes it. Group 1 is the name the backup would have had.
 */
const LEFTOVER = /^(.+)\.partial(?:-journal|-wal|-shm)?$/;

export interface BackupFile {
  name: string;
  size: number;
  createdAt: Date;
}

/** A listed backup, where it is on disk. */
export interface LocatedBackup extends BackupFile {
  absolute: string;
}

function backupName(at: Date): string {
  return `shelfmark-${at.toISOString().replace(/:/g, '-')}`.replace(/(\.\d{3}Z)$/, '$1.sqlite');
}

function createdAtOf(name: string): Date | null {
  const match = BACKUP_NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}

/** The name a running backup job writes under, recorded in its report before the copy starts (see `run`). */
function recordedName(job: Job | null): string | null {
  const name = job?.report?.name;
  return typeof name === 'string' && BACKUP_NAME.test(name) ? name : null;
}

/**
 * Backups of the SQLite database into `DATA_DIR/backups`: SQLite's online backup API on a connection of its own
 * (a consistent copy while the server keeps writing; a file copy of a live WAL database is not), written under a
 * temporary name and renamed, so a backup cut short never lists. PostgreSQL is backed up with its own tools.
 *
 * The rename is a backup's commit point, and the job names its file before it writes it: a job resumed after a crash
 * finds the file it was writing either renamed (done: it ends without another copy) or not (the temporary files are
 * removed and the copy starts over). A file rename and a database write cannot be one atomic step; this makes them
 * one as far as a resume can tell.
 */
export class BackupService {
  private scheduler: TriggerScheduler | undefined;
  readonly directory: string;

  constructor(
    private readonly database: DatabaseConfig,
    dataDir: string,
    private readonly jobs: JobService,
    private readonly jobRepository: JobRepository,
    private readonly settings: SettingsService,
    private readonly logger: Logger,
  ) {
    this.directory = path.join(dataDir, 'backups');
  }

  attachScheduler(scheduler: TriggerScheduler): void {
    this.scheduler = scheduler;
  }

  /** The SQLite file backups are taken of, or null when there is none (PostgreSQL, an in-memory database). */
  private sqliteFile(): string | null {
    return this.database.kind === 'sqlite' && this.database.path !== ':memory:' ? this.database.path : null;
  }

  /** Starts a backup job, or returns the one already queued or running. */
  async start(scheduled = false): Promise<{ job: Job; created: boolean }> {
    if (this.sqliteFile() === null) {
      throw new ConflictError(
        'Shelfmark backs up SQLite databases only. Back PostgreSQL up with pg_dump (and restore with pg_restore); the README shows how.',
      );
    }
    // Backups belong to no library, so the one-active-job index (per library) does not cover them.
    const active = await this.jobRepository.findActive('backup', null);
    if (active) return { job: active, created: false };
    return this.jobs.start('backup', null, scheduled ? { scheduled: true } : {});
  }

  async onTrigger(): Promise<void> {
    if (this.sqliteFile() === null) return;
    await this.start(true);
  }

  /** The names in the backup folder; none before the first backup made it. */
  private async folderNames(): Promise<string[]> {
    try {
      return await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** Newest first; on PostgreSQL, none. */
  async list(): Promise<BackupFile[]> {
    if (this.sqliteFile() === null) return [];
    const names = await this.folderNames();
    const backups: BackupFile[] = [];
    for (const name of names) {
      const createdAt = createdAtOf(name);
      if (createdAt === null) continue;
      const info = await stat(path.join(this.directory, name)).catch(() => null);
      if (info?.isFile()) backups.push({ name, size: info.size, createdAt });
    }
    return backups.sort((a, b) => b.name.localeCompare(a.name));
  }

  /** A backup to download: only a name the list gives (never a path, nor a backup being written); else a 404. */
  async locate(name: string): Promise<LocatedBackup> {
    const backup = (await this.list()).find((listed) => listed.name === name);
    if (!backup) throw new NotFoundError('Backup', name);
    return { ...backup, absolute: path.join(this.directory, backup.name) };
  }

  /**
   * Removes what backups cut short left in the folder, except the files of a backup an active job is writing (in this
   * process or another): at start, before any job runs, and before each backup. Returns the names removed.
   */
  async removeLeftovers(exceptJobId?: string): Promise<string[]> {
    const names = await this.folderNames();
    const leftovers = names.filter((name) => LEFTOVER.test(name));
    if (leftovers.length === 0) return [];
    const beingWritten = new Set(
      (await this.jobRepository.findAllActive('backup'))
        .filter((job) => job.id !== exceptJobId)
        .flatMap((job) => recordedName(job) ?? []),
    );
    const removed = leftovers.filter((name) => !beingWritten.has(LEFTOVER.exec(name)![1]!));
    for (const name of removed) await rm(path.join(this.directory, name), { force: true });
    if (removed.length > 0) this.logger.info({ removed }, 'removed what backups cut short left');
    return removed;
  }

  async run(context: JobContext): Promise<Record<string, unknown>> {
    const source = this.sqliteFile();
    if (source === null) throw new ConflictError('Only a SQLite database can be backed up by Shelfmark.');
    await mkdir(this.directory, { recursive: true });
    // A resumed job whose file was renamed before the crash made its backup: it only ends (and prunes).
    const written = recordedName(await this.jobRepository.fresh(context.jobId));
    if (written !== null && (await isFile(path.join(this.directory, written)))) return this.finish(context, written);
    await this.removeLeftovers(context.jobId);

    const name = backupName(new Date());
    const target = path.join(this.directory, name);
    const partial = `${target}.partial`;
    // Named before the first byte is written: a resume (and another process's clean-up) knows the file is this job's.
    await this.jobRepository.saveReport(context.jobId, { name });
    context.progress({ total: 1, processed: 0, currentItem: name });
    try {
      await backUpSqlite(source, partial);
      finishJobInCopy(partial, context.jobId, { name, restored: true });
      await rename(partial, target);
    } catch (error) {
      // The job fails with the copy's error; a clean-up that fails too is left to the next start or backup.
      await this.jobRepository.saveReport(context.jobId, null).catch(() => undefined);
      await this.removeLeftovers(context.jobId).catch(() => undefined);
      throw error;
    }
    return this.finish(context, name);
  }

  private async finish(context: JobContext, name: string): Promise<Record<string, unknown>> {
    const { size } = await stat(path.join(this.directory, name));
    const pruned = await this.prune(await this.settings.backupKeep());
    context.progress({ processed: 1, total: 1, currentItem: null });
    this.logger.info({ backup: name, size, pruned: pruned.length }, 'database backed up');
    return { name, size, pruned };
  }

  /** Deletes the oldest backups beyond `keep`; returns their names. */
  private async prune(keep: number): Promise<string[]> {
    const old = (await this.list()).slice(keep);
    for (const backup of old) await rm(path.join(this.directory, backup.name), { force: true });
    return old.map((backup) => backup.name);
  }

  /** Makes the backup trigger match `backup_schedule`; none for `manual` or without a SQLite file. */
  async applySchedule(schedule: string): Promise<void> {
    if (!this.scheduler) return;
    const interval = this.sqliteFile() === null ? null : repeatInterval(schedule);
    if (interval === null) await this.scheduler.unscheduleTrigger(BACKUP_TRIGGER, TRIGGER_KEY);
    else await this.scheduler.scheduleTrigger(BACKUP_TRIGGER, TRIGGER_KEY, interval);
  }

  /** At start: the setting may have changed while stopped, or the database moved to PostgreSQL. */
  async reconcile(): Promise<void> {
    await this.applySchedule(await this.settings.backupSchedule());
  }

  /** The scheduled backup's interval and next run, or null when there is none. */
  async schedule(): Promise<{ interval: string | null; nextRunAt: Date | null } | null> {
    const [trigger] = (await this.scheduler?.triggers(BACKUP_TRIGGER)) ?? [];
    return trigger ? { interval: trigger.interval, nextRunAt: trigger.nextRunAt } : null;
  }
}
