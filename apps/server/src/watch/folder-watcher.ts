import path from 'node:path';
import { subscribe, type AsyncSubscription, type Event } from '@parcel/watcher';
import { dirtyFolderOf } from './dirty-paths.js';
import { inotifyWatches } from './kernel-watches.js';

/** Watching a library could not start, or stopped: `reason` says why in words, with what to do. */
export class WatchUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'WatchUnavailableError';
  }
}

export const TOO_MANY_FOLDERS =
  'too many folders to watch: raise fs.inotify.max_user_watches (e.g. sysctl fs.inotify.max_user_watches=524288)';

/** A watcher's failure in words: what the kernel refused, and what to do about it. */
export function failureReason(error: unknown): string {
  const text = error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` : '';
  if (/ENOSPC|No space left/i.test(text)) return TOO_MANY_FOLDERS;
  if (/EMFILE|Too many open files/i.test(text))
    return 'too many watchers in use: raise fs.inotify.max_user_instances (e.g. sysctl fs.inotify.max_user_instances=512)';
  if (/EACCES|EPERM|Permission denied/i.test(text))
    return 'a folder cannot be watched (permission denied): give the server read access to every folder of the library';
  if (/ENOENT|No such file/i.test(text)) return 'the folder is missing (is the drive mounted?)';
  return 'the folder cannot be watched by this system';
}

/** The names of ignoredName (indexer/ignored-names.ts) at the end of a path: hidden, resource forks, NAS litter. */
const IGNORED_PATHS = /[/\\](\.[^/\\]*|@eaDir|#recycle|#snapshot|__MACOSX|\$RECYCLE\.BIN|System Volume Information)$/;

export interface FolderWatch {
  close(): Promise<void>;
}

export interface FolderWatchOptions {
  /** Kernel watches this process may hold in all; more after subscribing means too many folders. */
  maxWatches: number | undefined;
  /** Folders (relative to the root, '' the root) where something changed. */
  onChange: (folders: string[]) => void;
  /** The watcher stopped working (an overflow, a limit reached later): it must be replaced by polling. */
  onFailure: (reason: string) => void;
}

/**
 * Watches a library's folders with @parcel/watcher: one inotify watch per folder (not per file, ADR 13), events
 * turned into dirty folders on the spot. Fails with WatchUnavailableError when the kernel refuses, or when the
 * watches taken pass `maxWatches`.
 */
export async function watchFolders(root: string, options: FolderWatchOptions): Promise<FolderWatch> {
  const onEvents = (error: Error | null, events: Event[]) => {
    if (error) {
      options.onFailure(failureReason(error));
      return;
    }
    const folders = new Set<string>();
    for (const event of events) {
      const relative = path.relative(root, event.path).split(path.sep).join('/');
      const folder = dirtyFolderOf(relative);
      if (folder !== null) folders.add(folder);
    }
    if (folders.size > 0) options.onChange([...folders]);
  };
  let subscription: AsyncSubscription;
  try {
    // Not watched at all, so they cost no kernel watch; events under them are dropped again in dirtyFolderOf. One
    // regular expression: the same names as globs made the subscription of a 10k-file tree 5× slower (each glob is
    // matched against every path in the watcher's native crawl).
    // On Linux the inotify backend by name: left to choose, @parcel/watcher first probes for Watchman through a shell
    // it never reaps, which leaves a zombie `sh` under the server for as long as it runs.
    subscription = await subscribe(root, onEvents, {
      ignore: [IGNORED_PATHS],
      ...(process.platform === 'linux' ? { backend: 'inotify' as const } : {}),
    });
  } catch (error) {
    throw new WatchUnavailableError(failureReason(error));
  }
  if (options.maxWatches !== undefined) {
    const held = await inotifyWatches();
    if (held !== null && held > options.maxWatches) {
      await subscription.unsubscribe();
      throw new WatchUnavailableError(
        `${TOO_MANY_FOLDERS}; this worker may hold ${options.maxWatches} watches (WATCH_MAX_WATCHES) and would need ${held}`,
      );
    }
  }
  return { close: () => subscription.unsubscribe() };
}
