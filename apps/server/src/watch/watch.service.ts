import { randomUUID } from 'node:crypto';
import type { WatchConfig } from '../config.js';
import type { Orm } from '../database/orm.js';
import { withContext } from '../database/request-context.js';
import type { Library, WatchSetting } from '../entities/library.entity.js';
import type { WatchMode } from '../entities/watch-lease.entity.js';
import type { Logger } from '../logger.js';
import type { WatchRepository } from '../repositories/watch.repository.js';
import { isTerminal, type JobService } from '../services/job.service.js';
import type { LibraryService, WatchScheduling } from '../services/library.service.js';
import { pollingReasonFor } from './file-systems.js';
import { leaseHolder } from './lease-holder.js';
import { watchFolders, WatchUnavailableError, type FolderWatch } from './folder-watcher.js';
import { POLLING_CHOSEN, ROOT_UNAVAILABLE, type WatchReason, type WatchReasonCode } from '../domain/watch-reasons.js';

/** Reasons to poll that stay while the library does: chosen by the admin, or a file system that sends no events. */
const BY_NATURE: ReadonlySet<WatchReasonCode> = new Set(['polling_chosen', 'file_system']);

/** Reasons that come back until the host's limits are raised. */
const AT_A_LIMIT: ReadonlySet<WatchReasonCode | null> = new Set(['too_many_folders', 'too_many_watchers']);

/** Past this many dirty folders a scan of the whole library (incremental) is as cheap and simpler. */
export const MAX_SCOPED_FOLDERS = 1000;

interface Watched {
  library: Library;
  libraryId: string;
  name: string;
  rootPath: string;
  setting: WatchSetting;
  mode: WatchMode;
  reason: WatchReason | null;
  watch?: FolderWatch;
  pollTimer?: NodeJS.Timeout;
  /**
   * Subscribed (or polling) and its catch-up decided: until then no scan is started for it, so that the dirty
   * folders' scan cannot take the place of the catch-up.
   */
  ready?: boolean;
  /**
   * A scan of the whole library is owed (what happened while nobody watched, or while events were lost): started
   * as soon as no other scan of the library is active, before the dirty folders' own scan, which it includes. In
   * memory: a process that dies owes nothing, its successor catches up anyway.
   */
  catchUpOwed?: boolean;
  /** In memory only: after a crash the catch-up scan reads everything anyway. */
  firstEventMs?: number;
  lastEventMs?: number;
  /** The scan this watcher started last, to wait for it and not to repeat one that failed. */
  lastJobId?: string;
  lastJobStartedMs?: number;
  /** Polling rounds since it was last watched: how often to try watching again (see poll). */
  pollRounds?: number;
}

/**
 * Keeps libraries current between their scheduled scans, in worker processes (ADR 13). Each library is watched by
 * one process at a time, the holder of its lease (renewed every third of WATCH_LEASE_SECONDS). The holder watches
 * the library's folders (events) or scans it every few minutes (polling), writes which and why on the lease, marks
 * the folders that events touch in the durable dirty set, and once the library has been quiet for a while starts a
 * scan of only those folders.
 */
export class WatchService implements WatchScheduling {
  /** This process's name on the leases: the installation's instance id first, then the host and process. */
  private readonly holder: string;
  /**
   * The holder names of the processes that ran before this one on the same data directory, whose leases the
   * first pass takes over at once (they died, or they restart: nobody else has this instance id). Cleared once a
   * pass went through.
   */
  private predecessor: string | undefined;
  private readonly watched = new Map<string, Watched>();
  private readonly logged = new Set<string>();
  /** Libraries polled since watching failed, whose folder is readable again: the next lease pass watches them anew. */
  private readonly watchAgain = new Set<string>();
  private timers: NodeJS.Timeout[] = [];
  private running = false;
  private pass: Promise<void> | undefined;
  private passAgain = false;
  private dirtyPassRunning: Promise<void> | undefined;

  constructor(
    private readonly orm: Orm,
    private readonly libraries: LibraryService,
    private readonly repository: WatchRepository,
    private readonly jobs: JobService,
    private readonly config: WatchConfig,
    private readonly logger: Logger,
    instanceId: string = randomUUID(),
  ) {
    ({ holder: this.holder, predecessor: this.predecessor } = leaseHolder(instanceId));
  }

  /** Starts watching; resolves once the first lease pass has watched what this process holds. */
  start(): Promise<void> {
    this.running = true;
    this.requestPass();
    const first = this.pass ?? Promise.resolve();
    const renew = setInterval(() => this.requestPass(), this.config.leaseMs / 3);
    // A quarter of the quiet time, so a scan starts at most that late; not more often than 10 times a second.
    const tick = Math.min(5000, Math.max(100, this.config.quietMs / 4));
    const dirty = setInterval(() => {
      if (this.dirtyPassRunning || !this.running) return;
      this.dirtyPassRunning = this.dirtyPass().finally(() => (this.dirtyPassRunning = undefined));
    }, tick);
    renew.unref();
    dirty.unref();
    this.timers = [renew, dirty];
    return first;
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.pass;
    await this.dirtyPassRunning;
    for (const entry of [...this.watched.values()]) await this.unwatch(entry, true);
  }

  /** A library was created, changed or deleted in this process: act on it now rather than at the next renewal. */
  libraryChanged(): void {
    if (this.running) this.requestPass();
  }

  /** What this process watches (for the benchmark and the logs): library id → mode. */
  modes(): Map<string, WatchMode> {
    return new Map([...this.watched.values()].map((entry) => [entry.libraryId, entry.mode]));
  }

  private requestPass(): void {
    if (this.pass) {
      this.passAgain = true;
      return;
    }
    this.pass = this.leasePass()
      .then(() => (this.predecessor = undefined))
      .catch((error: unknown) => this.logger.warn({ err: error }, 'watch leases could not be renewed'))
      .finally(() => {
        this.pass = undefined;
        if (this.passAgain && this.running) {
          this.passAgain = false;
          this.requestPass();
        }
      });
  }

  /** Takes or renews the lease of every library to watch; starts and stops watching to match. */
  private async leasePass(): Promise<void> {
    await withContext(this.orm, async () => {
      const libraries = await this.libraries.refreshModes();
      const present = new Set<string>();
      for (const library of libraries) {
        if (!this.running) return;
        present.add(library.id);
        const current = this.watched.get(library.id);
        if (library.watch === 'off') {
          if (current) await this.unwatch(current, true);
          continue;
        }
        const now = Date.now();
        const held = await this.repository.acquire(
          library.id,
          this.holder,
          now,
          now + this.config.leaseMs,
          this.predecessor,
        );
        if (held === null) {
          if (current) {
            this.logger.info({ libraryId: library.id }, 'watch lease lost to another process');
            await this.unwatch(current, false);
          }
          continue;
        }
        if (current && current.setting === library.watch && current.rootPath === library.rootPath) {
          current.library = library;
          // The lease was new to this process again (given back, or held by another since the last pass): it says
          // how it watches, which the lease no longer does.
          if (held === 'off') await this.repository.report(library.id, this.holder, current.mode, current.reason);
          if (!this.watchAgain.delete(library.id) || current.mode !== 'polling') continue;
          this.logger.info({ libraryId: library.id, reason: current.reason?.code }, 'watching a polled library again');
        }
        if (current) await this.unwatch(current, false);
        await this.watch(library);
      }
      for (const entry of [...this.watched.values()]) {
        if (!present.has(entry.libraryId)) await this.unwatch(entry, false);
      }
    });
  }

  /** Starts watching a library whose lease this process just took, then catches up with one incremental scan. */
  private async watch(library: Library): Promise<void> {
    const entry: Watched = {
      library,
      libraryId: library.id,
      name: library.name,
      rootPath: library.rootPath,
      setting: library.watch,
      mode: 'polling',
      reason: null,
    };
    this.watched.set(library.id, entry);
    let root: string | undefined;
    let subscribeMs: number | undefined;
    try {
      root = await this.libraries.scannableRoot(library);
    } catch {
      entry.reason = ROOT_UNAVAILABLE;
    }
    if (root !== undefined) {
      const fileSystemReason = library.watch === 'auto' ? await pollingReasonFor(root) : null;
      if (library.watch === 'polling') entry.reason = POLLING_CHOSEN;
      else if (fileSystemReason !== null) entry.reason = fileSystemReason;
      else {
        try {
          const subscribing = performance.now();
          entry.watch = await watchFolders(root, {
            maxWatches: this.config.maxWatches,
            onChange: (folders) => this.onChange(entry, folders),
            onFailure: (reason) => void this.onFailure(entry, reason),
          });
          entry.mode = 'events';
          subscribeMs = Math.round(performance.now() - subscribing);
        } catch (error) {
          if (!(error instanceof WatchUnavailableError)) throw error;
          entry.reason = error.reason;
        }
      }
    }
    if (entry.mode === 'polling') this.startPolling(entry);
    await this.repository.report(entry.libraryId, this.holder, entry.mode, entry.reason);
    this.logger.info(
      { libraryId: entry.libraryId, mode: entry.mode, reason: entry.reason, subscribeMs },
      'library watched',
    );
    // Changes made while nobody watched (a restart, a holder that died) are caught by one incremental scan. A
    // library never scanned has nothing to catch up with: its first scan is started for it.
    // A folder that is gone (an unmounted drive) is said on the library, not by a scan that would fail.
    entry.catchUpOwed ||= library.lastScannedAt !== null && root !== undefined;
    entry.ready = true;
    await this.startCatchUp(entry);
  }

  private async unwatch(entry: Watched, release: boolean): Promise<void> {
    this.watched.delete(entry.libraryId);
    if (entry.pollTimer) clearInterval(entry.pollTimer);
    await entry.watch?.close().catch(() => undefined);
    if (release) {
      await withContext(this.orm, () => this.repository.release(entry.libraryId, this.holder)).catch((error: unknown) =>
        this.logger.warn({ err: error }, 'watch lease could not be released'),
      );
    }
  }

  private startPolling(entry: Watched): void {
    if (entry.reason !== POLLING_CHOSEN) this.warnOnce(entry, entry.reason);
    entry.pollTimer = setInterval(() => {
      void withContext(this.orm, () => this.poll(entry)).catch((error: unknown) =>
        this.logger.warn({ err: error, libraryId: entry.libraryId }, 'polling scan could not start'),
      );
    }, this.config.pollIntervalMs);
    entry.pollTimer.unref();
  }

  /**
   * One polling round. A library polled because watching failed (its folder gone, a kernel limit, lost events) is
   * watched again when it can be, which ends the polling and catches up with one scan; one whose folder is gone is
   * not scanned (the scan would fail every few minutes) but says so, until the folder returns.
   */
  private async poll(entry: Watched): Promise<void> {
    if (this.watched.get(entry.libraryId) !== entry) return;
    const root = await this.libraries.scannableRoot(entry.library).catch(() => undefined);
    if (root === undefined) {
      if (entry.reason !== ROOT_UNAVAILABLE) {
        entry.reason = ROOT_UNAVAILABLE;
        await this.repository.report(entry.libraryId, this.holder, entry.mode, entry.reason);
      }
      return;
    }
    // Past a kernel limit, each try walks the whole tree and takes watches up to the limit (which other libraries
    // may need meanwhile): tried at the 1st, 2nd, 4th, 8th round, then every 16th.
    entry.pollRounds = (entry.pollRounds ?? 0) + 1;
    const limited = entry.reason !== null && AT_A_LIMIT.has(entry.reason.code);
    const due = !limited || (entry.pollRounds & (entry.pollRounds - 1)) === 0 || entry.pollRounds % 16 === 0;
    if (due && (entry.reason === null || !BY_NATURE.has(entry.reason.code))) {
      // In the lease pass, which alone starts and stops watches.
      this.watchAgain.add(entry.libraryId);
      this.requestPass();
      return;
    }
    entry.catchUpOwed = true;
    await this.startCatchUp(entry);
  }

  /** Said once per library and kind of reason: a log that repeats every few minutes is a log nobody reads. */
  private warnOnce(entry: Watched, reason: WatchReason | null): void {
    const key = `${entry.libraryId}\u0000${reason?.code}`;
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.logger.warn(
      { libraryId: entry.libraryId },
      `library "${entry.name}" is polled (an incremental scan every ${Math.round(this.config.pollIntervalMs / 60_000)} minutes) instead of watched: ${reason?.text ?? 'events are not available'}`,
    );
  }

  private onChange(entry: Watched, folders: string[]): void {
    const now = Date.now();
    entry.firstEventMs ??= now;
    entry.lastEventMs = now;
    void withContext(this.orm, () => this.repository.markDirty(entry.libraryId, folders, now)).catch((error: unknown) =>
      this.logger.warn({ err: error, libraryId: entry.libraryId }, 'changed folders not recorded'),
    );
  }

  /** The watcher broke (an overflow, a limit reached as the tree grew): poll, and rescan what may have been missed. */
  private async onFailure(entry: Watched, reason: WatchReason): Promise<void> {
    if (this.watched.get(entry.libraryId) !== entry || entry.mode !== 'events') return;
    await entry.watch?.close().catch(() => undefined);
    entry.watch = undefined;
    entry.mode = 'polling';
    entry.reason = reason;
    this.startPolling(entry);
    await withContext(this.orm, async () => {
      const root = await this.libraries.scannableRoot(entry.library).catch(() => undefined);
      if (root === undefined) entry.reason = ROOT_UNAVAILABLE;
      await this.repository.report(entry.libraryId, this.holder, entry.mode, entry.reason);
      if (root !== undefined) {
        entry.catchUpOwed = true;
        await this.startCatchUp(entry);
      }
    }).catch((error: unknown) => this.logger.warn({ err: error }, 'watch failure not recorded'));
  }

  /** Starts the scan of the dirty folders of each library that has been quiet long enough (or waited too long). */
  private async dirtyPass(): Promise<void> {
    try {
      await withContext(this.orm, async () => {
        for (const entry of [...this.watched.values()]) await this.scanWhenQuiet(entry);
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'changed folders could not be checked');
    }
  }

  private async scanWhenQuiet(entry: Watched): Promise<void> {
    if (!entry.ready) return;
    // The catch-up reads the dirty folders too (a scan of the whole library reads every marked folder).
    if (entry.catchUpOwed) {
      await this.startCatchUp(entry);
      return;
    }
    const dirty = await this.repository.dirtySummary(entry.libraryId);
    if (dirty.count === 0) {
      entry.firstEventMs = undefined;
      return;
    }
    const now = Date.now();
    const first = Math.min(entry.firstEventMs ?? dirty.firstMs, dirty.firstMs);
    const last = Math.max(entry.lastEventMs ?? 0, dirty.lastMs);
    if (now - last < this.config.quietMs && now - first < this.config.maxWaitMs) return;
    if (entry.lastJobId) {
      const job = await this.jobs.require(entry.lastJobId).catch(() => null);
      if (job && !isTerminal(job.status)) return;
      // A scan that failed (not refused: that clears its folders) is not repeated until something changes again.
      if (job?.status === 'failed' && last < entry.lastJobStartedMs!) return;
    }
    const folders = await this.repository.dirtyFolders(entry.libraryId, MAX_SCOPED_FOLDERS + 1);
    const params = folders.length > MAX_SCOPED_FOLDERS ? { mode: 'incremental' } : { mode: 'incremental', folders };
    if (await this.startScan(entry, params)) entry.firstEventMs = undefined;
  }

  /**
   * Starts the scan of the whole library this watcher owes, unless another scan of the library is active (a manual
   * or scheduled one, the dirty folders' scan, one resumed after a crash): it may have passed the folders that
   * changed already, so the catch-up waits for its end and is tried again at each tick of the dirty pass.
   */
  private async startCatchUp(entry: Watched): Promise<void> {
    if (!entry.catchUpOwed || this.watched.get(entry.libraryId) !== entry) return;
    if (await this.startScan(entry, { mode: 'incremental' })) entry.catchUpOwed = false;
  }

  /** One scan per library at a time (the jobs index): when one is already active, its end lets the next start. */
  private async startScan(entry: Watched, params: Record<string, unknown>): Promise<boolean> {
    const { job, created } = await this.jobs.start('scan', entry.libraryId, params);
    if (!created) return false;
    entry.lastJobId = job.id;
    entry.lastJobStartedMs = Date.now();
    return true;
  }
}
