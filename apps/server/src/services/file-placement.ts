import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Puts a file into a library: the one code that writes into a library's folder (issue 37). Its rules are the
 * import's safety: never a path outside the root (symlinks included), never an existing file overwritten unless the
 * caller says `replace`, never a half-written file under a book's name.
 *
 * - `hardlink`: a second name for the same data; across file systems (EXDEV, two bind mounts) it copies instead.
 * - `copy`: written to a hidden temporary name in the target's folder, flushed to disk, then given its name.
 * - `move`: renamed; across file systems copied as above, then the source removed once the copy is on disk.
 *
 * Giving the final name never overwrites by accident: the name is taken with link(2), which fails when it exists,
 * even when another import takes it between our check and our write. File systems without hard links (FAT, some SMB
 * shares) fall back to a check then rename(2), the best they allow.
 */

export type PlacementMode = 'hardlink' | 'copy' | 'move';

export type PlacementFailure =
  /** The target would be outside the root (`..`, absolute, or through a symlink). */
  | 'outside-root'
  /** A file already has the target's name and `replace` was not asked. */
  | 'target-exists'
  /** The source file is gone or is no regular file. */
  | 'source-missing'
  /** The library's folder cannot be written (read-only mount, permissions). */
  | 'read-only'
  /** The target's file system is full. */
  | 'no-space'
  | 'failed';

export class PlacementError extends Error {
  constructor(
    readonly code: PlacementFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'PlacementError';
  }
}

export interface PlacementRequest {
  /** Absolute path of the file to place. */
  source: string;
  /** Absolute path of the library's root folder. */
  root: string;
  /** Relative to the root, `/`-separated (domain/naming-template.ts makes it). */
  target: string;
  mode: PlacementMode;
  /** Replace a file that has the target's name (an upgrade the admin chose). */
  replace?: boolean;
  /**
   * False: the target's folder is not flushed here; the caller flushes it (`syncFolders`) before it counts on the
   * new name, once for many files placed into one folder.
   */
  syncFolder?: boolean;
}

export interface Placement {
  /** Absolute path of the placed file. */
  path: string;
  /** How it was placed in the end: a hardlink or a move across file systems is a `copy`. */
  how: 'hardlink' | 'copy' | 'move';
  replaced: boolean;
}

/** The file system calls that may fail with EXDEV; a test injects them to see the fallbacks on one file system. */
export interface PlacementFs {
  link(existing: string, newPath: string): Promise<void>;
  rename(oldPath: string, newPath: string): Promise<void>;
}

const NODE_FS: PlacementFs = { link: fs.link, rename: fs.rename };
const TEMP_PREFIX = '.shelfmark-import-';

export class FilePlacement {
  constructor(private readonly fsCalls: PlacementFs = NODE_FS) {}

  async place(request: PlacementRequest): Promise<Placement> {
    const root = await realRoot(request.root);
    // The source and the target are looked at together: each is a wait on the file system, and an import folder's
    // pass places a thousand files.
    const [{ target, existing }, source] = await Promise.all([
      this.checkedTarget(root, request.target),
      fs.lstat(request.source).catch(() => null),
    ]);
    if (source === null || !source.isFile()) {
      throw new PlacementError('source-missing', 'The file to import is gone or is not a regular file.');
    }
    if (existing !== null && !request.replace) throw exists();
    if (existing !== null && !existing.isFile()) {
      throw new PlacementError('target-exists', 'The target name is taken by something other than a file.');
    }
    const replace = existing !== null;
    try {
      const how = await this.write(request, target, replace);
      if (request.syncFolder !== false) await syncFolder(path.dirname(target));
      return { path: target, how, replaced: replace };
    } catch (error) {
      throw asPlacementError(error);
    }
  }

  /** Flushes the folders' entries (the new names) to disk: what `place` left to its caller with `syncFolder: false`. */
  async syncFolders(folders: Iterable<string>): Promise<void> {
    await Promise.all([...new Set(folders)].map((folder) => syncFolder(folder)));
  }

  private async write(request: PlacementRequest, target: string, replace: boolean): Promise<Placement['how']> {
    if (request.mode === 'hardlink') {
      try {
        await this.takeName(request.source, target, replace, false);
        return 'hardlink';
      } catch (error) {
        if (!crossDevice(error)) throw error;
      }
    } else if (request.mode === 'move') {
      try {
        await this.moveName(request.source, target, replace);
        return 'move';
      } catch (error) {
        if (!crossDevice(error)) throw error;
      }
    }
    await this.copy(request.source, target, replace);
    // A move across file systems removes the source only once its copy is safely on disk.
    if (request.mode === 'move') await fs.unlink(request.source);
    return 'copy';
  }

  /** Writes a temporary copy beside the target, flushes it, then gives it the target's name. */
  private async copy(source: string, target: string, replace: boolean): Promise<void> {
    const temporary = path.join(path.dirname(target), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    try {
      const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
      try {
        for await (const chunk of createReadStream(source)) await handle.write(chunk as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.takeName(temporary, target, replace, true);
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  /** `from` gets the name `target`: atomically refused when the name is taken, unless replacing. */
  private async takeName(from: string, target: string, replace: boolean, renameIfNoLinks: boolean): Promise<void> {
    if (replace) {
      if (!renameIfNoLinks) {
        // A hard link replacing a file: linked under a temporary name, then renamed over the old file.
        const temporary = `${target}${TEMP_PREFIX}${randomBytes(4).toString('hex')}`;
        await this.fsCalls.link(from, temporary);
        try {
          await this.fsCalls.rename(temporary, target);
        } finally {
          await fs.rm(temporary, { force: true });
        }
        return;
      }
      await this.fsCalls.rename(from, target);
      return;
    }
    try {
      await this.fsCalls.link(from, target);
    } catch (error) {
      if (code(error) === 'EEXIST') throw exists();
      if (!renameIfNoLinks || !noLinks(error)) throw error;
      if ((await fs.lstat(target).catch(() => null)) !== null) throw exists();
      await this.fsCalls.rename(from, target);
    }
  }

  private async moveName(source: string, target: string, replace: boolean): Promise<void> {
    if (replace) {
      await this.fsCalls.rename(source, target);
      return;
    }
    try {
      await this.fsCalls.link(source, target);
    } catch (error) {
      if (code(error) === 'EEXIST') throw exists();
      if (!noLinks(error)) throw error;
      if ((await fs.lstat(target).catch(() => null)) !== null) throw exists();
      await this.fsCalls.rename(source, target);
      return;
    }
    await fs.unlink(source);
  }

  /**
   * The absolute target, checked inside the root twice: by its name (`..`, absolute), then on disk once its folders
   * exist, so a symlinked folder on the way cannot lead elsewhere. The target itself must not be a symlink; what
   * has its name now (null when nothing) comes back with it.
   */
  private async checkedTarget(
    root: string,
    relative: string,
  ): Promise<{ target: string; existing: Awaited<ReturnType<typeof fs.lstat>> | null }> {
    const parts = relative.split('/');
    if (
      relative === '' ||
      relative.startsWith('/') ||
      relative.includes('\\') ||
      relative.includes('\0') ||
      parts.some((part) => part === '' || part === '.' || part === '..')
    ) {
      throw outside();
    }
    const target = path.join(root, ...parts);
    if (!inside(root, target)) throw outside();
    const realFolder = await this.checkedFolders(root, path.dirname(target));
    const real = path.join(realFolder, path.basename(target));
    const atTarget = await fs.lstat(real).catch(() => null);
    if (atTarget?.isSymbolicLink()) throw outside();
    return { target: real, existing: atTarget };
  }

  /**
   * Creates the target's missing folders one by one, never through a symlink that leaves the root; the folder's
   * real path (each step's, resolved and checked inside the root).
   */
  private async checkedFolders(root: string, folder: string): Promise<string> {
    const steps = path.relative(root, folder).split(path.sep).filter(Boolean);
    let current = root;
    for (const step of steps) {
      current = path.join(current, step);
      try {
        await fs.mkdir(current);
      } catch (error) {
        if (code(error) !== 'EEXIST') throw asPlacementError(error);
      }
      const real = await fs.realpath(current);
      if (!inside(root, real, true)) throw outside();
      current = real;
    }
    return current;
  }
}

async function realRoot(root: string): Promise<string> {
  try {
    return await fs.realpath(root);
  } catch {
    throw new PlacementError('failed', 'The library folder cannot be found.');
  }
}

/** The folder's entry for the new name is on disk too, not only the file's data. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, constants.O_RDONLY).catch(() => null);
  if (handle === null) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}

function inside(root: string, candidate: string, orEqual = false): boolean {
  if (orEqual && candidate === root) return true;
  return candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

function crossDevice(error: unknown): boolean {
  return code(error) === 'EXDEV';
}

/** Hard links refused by the file system itself (not by permissions on a writable one). */
function noLinks(error: unknown): boolean {
  return code(error) === 'EPERM' || code(error) === 'ENOTSUP' || code(error) === 'EOPNOTSUPP';
}

function exists(): PlacementError {
  return new PlacementError('target-exists', 'A file already has this name; it is never overwritten.');
}

function outside(): PlacementError {
  return new PlacementError('outside-root', 'The target is outside the library folder.');
}

function asPlacementError(error: unknown): PlacementError {
  if (error instanceof PlacementError) return error;
  switch (code(error)) {
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return new PlacementError('read-only', 'The library folder cannot be written to.');
    case 'ENOSPC':
    case 'EDQUOT':
      return new PlacementError('no-space', 'The library’s file system is full.');
    case 'ENOENT':
      return new PlacementError('source-missing', 'The file to import disappeared while it was placed.');
    default:
      return new PlacementError('failed', 'The file could not be placed.');
  }
}
