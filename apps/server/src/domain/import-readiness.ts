/**
 * When an arriving download may be imported (issue 37, item 4). Pure: the watcher takes snapshots of an entry (a
 * file, or a folder of files) and asks this rule; it reads nothing itself.
 *
 * An entry is ready when it holds at least one file the import takes, no file or folder with a partial name (a
 * download client is still writing or unpacking), and its files' names, sizes and mtimes have stayed the same for
 * the quiet time (`IMPORT_QUIET_MS`): a client that writes slowly in pieces changes one of them at least that often.
 */

export interface FileState {
  /** Relative to the entry, `/`-separated. */
  path: string;
  size: number;
  mtimeMs: number;
}

export interface EntrySnapshot {
  /** When the snapshot was taken, in ms (a monotonic clock in the watcher; `Date.now()` in tests). */
  takenAt: number;
  files: readonly FileState[];
}

export type Readiness =
  | { ready: true }
  | {
      ready: false;
      reason: 'empty' | 'partial' | 'unsupported' | 'changing';
      /** For `changing`: how long the entry must stay as it is now, at least; null for the other reasons. */
      waitMs: number | null;
    };

/**
 * Names download clients give what they have not finished: `.part` (Firefox, aria2, many), `.!qB` (qBittorrent),
 * `.crdownload` (Chrome), `.tmp`, and SABnzbd's `_UNPACK_` folders while it unpacks.
 */
const PARTIAL_SUFFIXES = ['.part', '.!qb', '.crdownload', '.tmp'];
const PARTIAL_PREFIXES = ['_unpack_'];

export function isPartialName(name: string): boolean {
  const lower = name.toLowerCase();
  return PARTIAL_SUFFIXES.some((suffix) => lower.endsWith(suffix)) || PARTIAL_PREFIXES.some((p) => lower.startsWith(p));
}

/** A partial name anywhere on the file's path (an `_UNPACK_` folder holds finished-looking names). */
function partialPath(path: string): boolean {
  return path.split('/').some(isPartialName);
}

/**
 * `snapshots` oldest first (the watcher keeps those since the entry last changed, or all of them); `takes` says
 * whether the import takes a file (a book format, or an image for a folder of images).
 */
export function importReadiness(
  snapshots: readonly EntrySnapshot[],
  quietMs: number,
  takes: (path: string) => boolean,
): Readiness {
  const latest = snapshots.at(-1);
  if (latest === undefined || latest.files.length === 0) return { ready: false, reason: 'empty', waitMs: null };
  if (latest.files.some((file) => partialPath(file.path))) return { ready: false, reason: 'partial', waitMs: null };
  if (!latest.files.some((file) => takes(file.path))) return { ready: false, reason: 'unsupported', waitMs: null };
  const now = signature(latest.files);
  let since = latest.takenAt;
  for (let i = snapshots.length - 2; i >= 0; i--) {
    const earlier = snapshots[i]!;
    if (signature(earlier.files) !== now) break;
    since = earlier.takenAt;
  }
  const quietFor = latest.takenAt - since;
  return quietFor >= quietMs ? { ready: true } : { ready: false, reason: 'changing', waitMs: quietMs - quietFor };
}

/** Names, sizes and mtimes, in a stable order: two snapshots are the same entry state when these are equal. */
function signature(files: readonly FileState[]): string {
  return files
    .map((file) => `${file.path}\u0000${file.size}\u0000${file.mtimeMs}`)
    .sort()
    .join('\u0001');
}
