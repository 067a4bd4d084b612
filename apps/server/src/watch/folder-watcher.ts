import { watch, type FSWatcher } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ignoredName } from '../indexer/ignored-names.js';
import { dirtyFolderOf } from './dirty-paths.js';
import { inotifyWatches } from './kernel-watches.js';
import {
  CANNOT_WATCH,
  FOLDER_MISSING,
  PERMISSION_DENIED,
  TOO_MANY_FOLDERS,
  TOO_MANY_WATCHERS,
  EVENTS_LOST,
  type WatchReason,
} from '../domain/watch-reasons.js';

/** Watching a library could not start, or stopped: `reason` says why, with what to do. */
export class WatchUnavailableError extends Error {
  constructor(readonly reason: WatchReason) {
    super(reason.text);
    this.name = 'WatchUnavailableError';
  }
}

/** A watcher's failure: what the kernel refused, and what to do about it. */
export function failureReason(error: unknown): WatchReason {
  if (error instanceof WatchUnavailableError) return error.reason;
  const text = error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` : '';
  if (/ENOSPC|No space left/i.test(text)) return TOO_MANY_FOLDERS;
  if (/EMFILE|Too many open files/i.test(text)) return TOO_MANY_WATCHERS;
  if (/EACCES|EPERM|Permission denied/i.test(text)) return PERMISSION_DENIED;
  if (/ENOENT|No such file/i.test(text)) return FOLDER_MISSING;
  return CANNOT_WATCH;
}

export interface FolderWatch {
  close(): Promise<void>;
}

export interface FolderWatchOptions {
  /** Kernel watches this process may hold in all; more, at the start or as folders are added, means too many. */
  maxWatches: number | undefined;
  /** Folders (relative to the root, '' the root) where something changed. */
  onChange: (folders: string[]) => void;
  /** The watcher stopped working (events lost, the root gone, a limit reached later): it must be replaced by polling. */
  onFailure: (reason: WatchReason) => void;
  /**
   * Events delivered at once from which some must have been lost: the kernel's queue length
   * (/proc/sys/fs/inotify/max_queued_events) by default; smaller in tests.
   */
  overflowEvents?: number;
}

/** Changes are gathered this long before they are reported, so a copy of many files is one report. */
const FLUSH_MS = 50;
/** Folders read at once while the tree is walked (each readdir is a trip to libuv's thread pool). */
const WALK_CONCURRENCY = 8;

/** The kernel's inotify queue length: past it, events are dropped for one IN_Q_OVERFLOW. */
async function kernelQueueLength(): Promise<number> {
  const text = await readFile('/proc/sys/fs/inotify/max_queued_events', 'utf8').catch(() => '');
  const value = Number(text.trim());
  return Number.isInteger(value) && value > 0 ? value : 16384;
}

/**
 * Watches a library's folders with one non-recursive `fs.watch` per folder (ADR 13): one inotify watch per folder,
 * never per file, all on libuv's one inotify descriptor, and nothing kept per file. Events become dirty folders on the
 * spot. A folder created or moved in is watched with its subtree, one deleted or moved out is released. Hidden and NAS
 * litter folders are neither watched nor marked. Fails with WatchUnavailableError when the kernel refuses, or when
 * the watches held pass `maxWatches`; later failures go to `onFailure`.
 */
export async function watchFolders(root: string, options: FolderWatchOptions): Promise<FolderWatch> {
  const tree = new FolderTree(root, options, options.overflowEvents ?? (await kernelQueueLength()));
  await tree.start();
  return tree;
}

/**
 * Events delivered in libuv's current read of its one inotify descriptor, which every library's tree shares: the
 * kernel's queue (and its overflow) is one for the whole process, so the count is too.
 */
let batchEvents = 0;
const liveTrees = new Set<FolderTree>();

class FolderTree implements FolderWatch {
  /** Relative path ('' the root, POSIX separators) → its watch. Nothing is kept per file. */
  private readonly watches = new Map<string, FSWatcher>();
  private readonly dirty = new Set<string>();
  /** Folders that reported an entry named as themselves: their own deletion or move, or such a child's change. */
  private readonly maybeSelf = new Set<string>();
  /** Entries created, deleted or moved (relative paths): folders among them are watched or released. */
  private readonly renamed = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** Watches this process held for others (other libraries) when this one started: counted against the budget. */
  private othersWatches = 0;
  private stopped = false;
  /** Why it stopped, when it failed: a failure while starting is thrown by start(). */
  private failure: WatchReason | undefined;
  /** The root's identity when watching started: another folder in its place (or none) means it is gone. */
  private rootId: { dev: number; ino: number } | undefined;
  /** One listener for every folder's watch: a closure each would cost ~10k of them on a 100k-file library. */
  private readonly onError = (error: Error): void => this.fail(failureReason(error));

  constructor(
    private readonly root: string,
    private readonly options: FolderWatchOptions,
    private readonly overflowEvents: number,
  ) {}

  async start(): Promise<void> {
    liveTrees.add(this);
    try {
      const root = await lstat(this.root);
      this.rootId = { dev: root.dev, ino: root.ino };
      await this.addTree('', true);
    } catch (error) {
      await this.close();
      throw new WatchUnavailableError(failureReason(error));
    }
    // Failed while its folders were being watched (a flush over the budget, lost events): it never watched.
    if (this.stopped) throw new WatchUnavailableError(this.failure ?? CANNOT_WATCH);
    if (this.options.maxWatches !== undefined) {
      const held = await inotifyWatches();
      if (held !== null) {
        this.othersWatches = Math.max(0, held - this.watches.size);
        if (held > this.options.maxWatches) {
          await this.close();
          throw new WatchUnavailableError(this.overBudget(held));
        }
      }
    }
  }

  close(): Promise<void> {
    this.stopped = true;
    liveTrees.delete(this);
    clearTimeout(this.flushTimer);
    for (const watcher of this.watches.values()) watcher.close();
    this.watches.clear();
    return Promise.resolve();
  }

  private overBudget(needed: number): WatchReason {
    return {
      code: TOO_MANY_FOLDERS.code,
      text: `${TOO_MANY_FOLDERS.text}; this worker may hold ${this.options.maxWatches} watches (WATCH_MAX_WATCHES) and would need ${needed}`,
    };
  }

  private absolute(relative: string): string {
    return relative === '' ? this.root : path.join(this.root, relative);
  }

  /**
   * Watches `top` and every folder below it not yet watched. Each folder is watched before it is read, so an entry
   * made meanwhile is either listed or reported. A folder that vanishes during the walk is skipped (its parent's
   * event reports it); any other refusal is thrown, and so is the top folder's absence when `topMustExist`.
   */
  private async addTree(top: string, topMustExist: boolean): Promise<void> {
    const pending = [top];
    let active = 0;
    let failure: Error | undefined;
    await new Promise<void>((resolve) => {
      const next = (): void => {
        while (active < WALK_CONCURRENCY && pending.length > 0 && failure === undefined && !this.stopped) {
          const folder = pending.pop()!;
          active++;
          this.addFolder(folder)
            .then((children) => {
              for (const child of children) pending.push(folder === '' ? child : `${folder}/${child}`);
            })
            .catch((error: unknown) => {
              const code = (error as NodeJS.ErrnoException).code;
              // A subfolder gone meanwhile is its parent's event; one the server may not read (a root-owned
              // lost+found) is skipped, as the scan's walk skips it, rather than leaving the library polled.
              const skipped = code === 'ENOENT' || (folder !== '' && (code === 'EACCES' || code === 'EPERM'));
              if (!skipped || (folder === top && topMustExist)) failure ??= error as Error;
            })
            .finally(() => {
              active--;
              if (active === 0 && (pending.length === 0 || failure !== undefined || this.stopped)) resolve();
              else next();
            });
        }
        if (active === 0) resolve();
      };
      next();
    });
    if (failure !== undefined) throw failure;
  }

  /** Watches one folder and returns the names of its subfolders to watch. */
  private async addFolder(relative: string): Promise<string[]> {
    const absolute = this.absolute(relative);
    if (!this.watches.has(relative)) {
      // persistent: false, so a watched library never keeps the process alive on its own.
      const watcher = watch(absolute, { persistent: false, encoding: 'utf8' }, (type, name) =>
        this.onEvent(relative, type, name),
      );
      watcher.on('error', this.onError);
      this.watches.set(relative, watcher);
      const budget = this.options.maxWatches;
      if (budget !== undefined && this.othersWatches + this.watches.size > budget)
        throw new WatchUnavailableError(this.overBudget(this.othersWatches + this.watches.size));
    }
    const entries = await readdir(absolute, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory() && !ignoredName(entry.name)).map((entry) => entry.name);
  }

  /** Releases the watch of `relative` and of every folder below it (deleted or moved out). */
  private removeTree(relative: string): void {
    const prefix = relative === '' ? '' : `${relative}/`;
    for (const [folder, watcher] of this.watches) {
      if (folder === relative || folder.startsWith(prefix)) {
        watcher.close();
        this.watches.delete(folder);
      }
    }
  }

  private onEvent(folder: string, type: string, name: string | null): void {
    if (this.stopped) return;
    // libuv reads every queued event in one go and drops the kernel's IN_Q_OVERFLOW: a batch as long as the kernel's
    // queue is the only sign that events were lost.
    if (batchEvents++ === 0) setImmediate(() => (batchEvents = 0));
    if (batchEvents >= this.overflowEvents) {
      // Which library's events were dropped cannot be told: every one catches up.
      for (const tree of [...liveTrees]) tree.fail(EVENTS_LOST);
      return;
    }
    if (!name) {
      this.dirty.add(folder);
    } else {
      const relative = folder === '' ? name : `${folder}/${name}`;
      const dirty = dirtyFolderOf(relative);
      if (dirty === null) return;
      // libuv names a watched folder's own deletion or move after the folder, as it would a child of that name.
      const ownName = folder === '' ? path.basename(this.root) : folder.slice(folder.lastIndexOf('/') + 1);
      if (name === ownName) this.maybeSelf.add(folder);
      else this.dirty.add(dirty);
      // 'rename' is inotify's create, delete and move (and a watched folder's own deletion or move).
      if (type === 'rename') this.renamed.add(relative);
    }
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
    }, FLUSH_MS);
  }

  private async flush(): Promise<void> {
    while (!this.stopped && (this.dirty.size > 0 || this.renamed.size > 0 || this.maybeSelf.size > 0)) {
      const folders = new Set(this.dirty);
      const renamed = [...this.renamed].sort();
      const maybeSelf = [...this.maybeSelf];
      this.dirty.clear();
      this.renamed.clear();
      this.maybeSelf.clear();
      // A folder still there had a child of its name changed; one gone is its parent's change (reported there).
      for (const folder of maybeSelf) {
        if ((await lstat(this.absolute(folder)).catch(() => null))?.isDirectory()) folders.add(folder);
      }
      // New folders are watched before the change is reported, so what is written in them after that is seen.
      if (renamed.length > 0 && !(await this.followRenames(renamed))) return;
      // Each folder once: the dirty set is written with one upsert, which PostgreSQL refuses for a repeated key.
      if (folders.size > 0) this.options.onChange([...folders]);
    }
  }

  /** Follows the entries created, deleted or moved; false when the root itself is gone (and the watcher failed). */
  private async followRenames(renamed: string[]): Promise<boolean> {
    // The root deleted, moved or unmounted: its watch is gone, and so are events. Its own deletion or move comes as an
    // event of its watch named as itself, which a child of that name would give too: the root's identity decides.
    const root = await lstat(this.root).catch(() => null);
    const gone = !root?.isDirectory() || root.dev !== this.rootId?.dev || root.ino !== this.rootId.ino;
    if (this.stopped) return false;
    if (gone) {
      this.fail(failureReason(Object.assign(new Error('the library folder is gone'), { code: 'ENOENT' })));
      return false;
    }
    for (const relative of renamed) await this.followRename(relative);
    return !this.stopped;
  }

  /** A created, deleted or moved entry: watch a folder that is new there, release one that is gone. */
  private async followRename(relative: string): Promise<void> {
    const info = await lstat(this.absolute(relative)).catch(() => null);
    if (this.stopped) return;
    // A watched folder named in a create, delete or move was replaced (deleted or moved out, maybe another put in its
    // place, often with the same inode number): its watches are released and, if a folder is there, taken again.
    // Only a watched folder can have watched folders below it: a deleted file costs no look at the others.
    if (this.watches.has(relative)) this.removeTree(relative);
    if (!info?.isDirectory()) return;
    try {
      await this.addTree(relative, false);
    } catch (error) {
      this.fail(failureReason(error));
    }
  }

  private fail(reason: WatchReason): void {
    if (this.stopped) return;
    this.failure = reason;
    void this.close();
    this.options.onFailure(reason);
  }
}
