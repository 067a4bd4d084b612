import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ignoredName } from './ignored-names.js';

/** What the previous scan remembered of the tree: folder mtimes (relative path → ms); '' is the library root. */
export type KnownFolders = ReadonlyMap<string, number>;

export interface FoundFile {
  /** Relative to the library root, POSIX separators. */
  path: string;
  sizeBytes: number;
  mtimeMs: number;
  /**
   * When the file's inode last changed (content, name or attributes). No program can set it: a copy that keeps the
   * mtime (`cp -p`, `rsync -t`, a tagger that restores it) still moves it.
   */
  ctimeMs: number;
}

export interface WalkResult {
  /** Files in folders that were read. */
  files: FoundFile[];
  /** Folders that were not re-read because their mtime did not change: their known files are still there. */
  unchangedFolders: Set<string>;
  /** Folders that could not be read: nothing under them may be considered gone. */
  unreadableFolders: Map<string, string>;
  /** Every folder that exists now, with its mtime, to remember for the next scan. */
  folders: Map<string, number>;
  /** Files that are not books (by extension), in the folders read: how many, and the first few paths. */
  ignored: { count: number; examples: string[] };
  /**
   * Files and folders whose name is not valid UTF-8, with the bytes that are not escaped as `\xNN`: they cannot be
   * stored or served under their real name, so they are reported instead of indexed.
   */
  undecodableNames: string[];
}

/** How many ignored files a scan names; the count covers the rest. */
export const IGNORED_EXAMPLES = 20;

export interface WalkOptions {
  /** Re-read every folder, whatever its mtime. */
  full: boolean;
  /**
   * Folders to read whatever their mtime: those a watcher saw change (a file rewritten in place leaves its folder's
   * mtime as it was). Reached through their parents even when those are unchanged, or not known yet.
   */
  reread?: ReadonlySet<string>;
  /** Which file names are books (by extension); hidden and `._` files are skipped before this. */
  isBookFile: (name: string) => boolean;
  signal?: AbortSignal;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function decodeName(raw: Buffer): string | null {
  try {
    return strictUtf8.decode(raw);
  } catch {
    return null;
  }
}

/** A readable, lossless rendering of a name that is not UTF-8: valid characters kept, other bytes as `\xNN`. */
export function escapeFileName(raw: Buffer): string {
  let text = '';
  let i = 0;
  while (i < raw.length) {
    const lead = raw[i]!;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead >= 0xf0 && lead < 0xf5
              ? 4
              : 0;
    const decoded = length === 0 ? null : decodeName(raw.subarray(i, i + length));
    if (decoded !== null && decoded.length > 0 && (length > 1 || lead >= 0x20) && lead !== 0x7f && lead !== 0x5c) {
      text += decoded;
      i += length;
    } else {
      text += `\\x${lead.toString(16).padStart(2, '0')}`;
      i += 1;
    }
  }
  return text;
}
const join = (parent: string, name: string) => (parent === '' ? name : `${parent}/${name}`);

/**
 * Children of each known folder, so an unchanged folder's subfolders are visited without reading it; with the
 * folders to re-read and their parents, so that one below an unchanged folder is reached too.
 */
function childrenIndex(known: KnownFolders, reread: ReadonlySet<string> = new Set()): Map<string, string[]> {
  const index = new Map<string, Set<string>>();
  const add = (folder: string) => {
    const slash = folder.lastIndexOf('/');
    const parent = slash < 0 ? '' : folder.slice(0, slash);
    let children = index.get(parent);
    if (!children) index.set(parent, (children = new Set()));
    children.add(folder);
  };
  for (const folder of known.keys()) if (folder !== '') add(folder);
  for (const folder of reread) {
    // The walk never enters hidden or litter folders: one below them is not reached.
    if (folder === '' || folder.split('/').some(ignoredName)) continue;
    for (let current = folder; current !== ''; current = current.slice(0, Math.max(current.lastIndexOf('/'), 0)))
      add(current);
  }
  return new Map([...index].map(([parent, children]) => [parent, [...children]]));
}

export function emptyWalk(): WalkResult {
  return {
    files: [],
    unchangedFolders: new Set(),
    unreadableFolders: new Map(),
    folders: new Map(),
    ignored: { count: 0, examples: [] },
    undecodableNames: [],
  };
}

/**
 * Walks a library. A folder whose mtime is what the last scan saw has had no entry added, removed or
 * renamed, so (unless `full`) it is not read again: only its known subfolders are stat'ed. New, removed
 * and renamed files always change their folder's mtime; a file rewritten in place does not: the folders a watcher
 * saw change are read anyway (`reread`), and a `full` scan reads every folder.
 */
export async function walkLibrary(root: string, known: KnownFolders, options: WalkOptions): Promise<WalkResult> {
  const result = emptyWalk();
  for await (const files of walkFolders(root, known, options, result))
    for (const file of files) result.files.push(file);
  return result;
}

/**
 * The same walk, folder by folder: the book files of each folder read are yielded as it is read, and everything else
 * (folders, unchanged, unreadable and ignored ones, odd names) is recorded in `result`, complete once the walk ends
 * (`result.files` is left empty). A first scan indexes the files as they are found, so that a library's 100k paths
 * are never held at once. The root's own failure (gone, not a folder) and a cancel are thrown from the iteration.
 */
export async function* walkFolders(
  root: string,
  known: KnownFolders,
  options: WalkOptions,
  result: WalkResult,
): AsyncGenerator<FoundFile[]> {
  const children = childrenIndex(known, options.reread);
  const rootStat = await stat(root);
  const queue: { relative: string; mtimeMs: number }[] = [{ relative: '', mtimeMs: Math.trunc(rootStat.mtimeMs) }];

  while (queue.length > 0) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    const folder = queue.pop()!;
    result.folders.set(folder.relative, folder.mtimeMs);

    if (!options.full && !options.reread?.has(folder.relative) && known.get(folder.relative) === folder.mtimeMs) {
      result.unchangedFolders.add(folder.relative);
      const subfolders = children.get(folder.relative) ?? [];
      const stats = await Promise.all(subfolders.map((sub) => stat(path.join(root, sub)).catch(() => null)));
      subfolders.forEach((sub, i) => {
        const info = stats[i];
        if (info?.isDirectory()) queue.push({ relative: sub, mtimeMs: Math.trunc(info.mtimeMs) });
      });
      continue;
    }

    const read = await readFolder(root, folder.relative, options, result);
    if (!read) continue;
    queue.push(...read.subfolders);
    if (read.files.length > 0) yield read.files;
  }
}

/**
 * Reads one folder: its book files and its subfolders with their mtimes; its ignored files and odd names go into
 * `result`. Undefined when it cannot be read (recorded in `result.unreadableFolders`).
 */
async function readFolder(
  root: string,
  relative: string,
  options: Pick<WalkOptions, 'isBookFile'>,
  result: WalkResult,
): Promise<{ files: FoundFile[]; subfolders: { relative: string; mtimeMs: number }[] } | undefined> {
  const absolute = path.join(root, relative);
  let rawEntries: Dirent<Buffer>[];
  try {
    // Names as bytes: decoded as strings, a name that is not UTF-8 would come back altered and be lost unseen.
    rawEntries = await readdir(absolute, { withFileTypes: true, encoding: 'buffer' });
  } catch (error) {
    result.unreadableFolders.set(relative, (error as NodeJS.ErrnoException).code ?? 'unreadable');
    return undefined;
  }
  const entries: { name: string; isFile: boolean; isDirectory: boolean }[] = [];
  for (const entry of rawEntries) {
    const name = decodeName(entry.name);
    if (name === null) {
      if (entry.name[0] !== 0x2e) result.undecodableNames.push(join(relative, escapeFileName(entry.name)));
      continue;
    }
    if (ignoredName(name)) continue;
    entries.push({ name, isFile: entry.isFile(), isDirectory: entry.isDirectory() });
  }
  // Symbolic links are not followed: a link could leave the library root or loop back into it.
  const books = entries.filter((entry) => entry.isFile && options.isBookFile(entry.name));
  const subfolders = entries.filter((entry) => entry.isDirectory);
  for (const entry of entries) {
    if (!entry.isFile || options.isBookFile(entry.name)) continue;
    if (result.ignored.count++ < IGNORED_EXAMPLES) result.ignored.examples.push(join(relative, entry.name));
  }
  const [bookStats, folderStats] = await Promise.all([
    Promise.all(books.map((entry) => stat(path.join(absolute, entry.name)).catch(() => null))),
    Promise.all(subfolders.map((entry) => stat(path.join(absolute, entry.name)).catch(() => null))),
  ]);
  const files: FoundFile[] = [];
  books.forEach((entry, i) => {
    const info = bookStats[i];
    if (info?.isFile()) {
      files.push({
        path: join(relative, entry.name),
        sizeBytes: info.size,
        mtimeMs: Math.trunc(info.mtimeMs),
        ctimeMs: Math.trunc(info.ctimeMs),
      });
    }
  });
  const found: { relative: string; mtimeMs: number }[] = [];
  subfolders.forEach((entry, i) => {
    const info = folderStats[i];
    if (info?.isDirectory()) found.push({ relative: join(relative, entry.name), mtimeMs: Math.trunc(info.mtimeMs) });
  });
  return { files, subfolders: found };
}

export interface ScopedWalkResult extends WalkResult {
  /** Known folders that are gone, and scope folders that do not exist: everything under them vanished. */
  vanishedSubtrees: Set<string>;
}

/**
 * Walks only the folders a watcher saw change (`scope`), not the library. Each is read whatever its mtime; below it,
 * a subfolder is read too when it is new or its mtime changed (a folder created, moved in, or deleted and
 * restored), while a known subfolder with its remembered mtime is left alone: a change deeper down has an event of
 * its own. A known subfolder that is gone takes its whole subtree with it. `known` needs only the folders under the
 * scope.
 */
export async function walkScoped(
  root: string,
  known: KnownFolders,
  scope: readonly string[],
  options: Omit<WalkOptions, 'full' | 'reread'>,
): Promise<ScopedWalkResult> {
  const result: ScopedWalkResult = { ...emptyWalk(), vanishedSubtrees: new Set() };
  const children = childrenIndex(known);
  const queue: { relative: string; mtimeMs: number }[] = [];
  for (const folder of scope) {
    const info = await stat(path.join(root, folder)).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error && info.code !== 'ENOENT' && info.code !== 'ENOTDIR') {
      // Below a folder it may not enter: a permission problem is not a deletion.
      result.folders.set(folder, -1);
      result.unreadableFolders.set(folder, info.code ?? 'unreadable');
    } else if (!(info instanceof Error) && info.isDirectory())
      queue.push({ relative: folder, mtimeMs: Math.trunc(info.mtimeMs) });
    else if (folder !== '') result.vanishedSubtrees.add(folder);
  }
  while (queue.length > 0) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    const folder = queue.pop()!;
    if (result.folders.has(folder.relative)) continue;
    result.folders.set(folder.relative, folder.mtimeMs);
    const read = await readFolder(root, folder.relative, options, result);
    if (!read) continue;
    for (const file of read.files) result.files.push(file);
    const subfolders = read.subfolders;
    const present = new Set(subfolders.map((sub) => sub.relative));
    for (const sub of subfolders) if (known.get(sub.relative) !== sub.mtimeMs) queue.push(sub);
    for (const child of children.get(folder.relative) ?? []) {
      if (!present.has(child)) result.vanishedSubtrees.add(child);
    }
  }
  return result;
}

/** Whether `file` lies in `folder` itself (not deeper). */
export function inFolder(file: string, folder: string): boolean {
  const slash = file.lastIndexOf('/');
  return (slash < 0 ? '' : file.slice(0, slash)) === folder;
}

/** Whether `file` lies anywhere under `folder`. */
export function underFolder(file: string, folder: string): boolean {
  return folder === '' || file.startsWith(`${folder}/`);
}
