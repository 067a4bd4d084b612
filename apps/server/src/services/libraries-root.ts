import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { InvalidPathError, NotFoundError } from '../domain/errors.js';

/** Linux limits: PATH_MAX 4096 bytes, NAME_MAX 255 bytes per component. */
const MAX_PATH_BYTES = 4096;
const MAX_NAME_BYTES = 255;

export interface ResolvedFolder {
  /** Canonical absolute path on disk (symlinks resolved). */
  absolute: string;
  /** Relative to the libraries root, POSIX separators, '' for the root itself. */
  relative: string;
}

/** Percent-decodes until stable, so `%252e%252e` is seen for what it is. */
function fullyDecoded(segment: string): string {
  let current = segment;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * The folder under which every library lives. Paths given by users are relative to it; this is the
 * single place that turns them into disk paths, and it refuses anything that could leave the root.
 */
export class LibrariesRoot {
  private canonicalRoot: string | undefined;

  constructor(readonly root: string) {}

  private async canonical(): Promise<string> {
    this.canonicalRoot ??= await realpath(this.root);
    return this.canonicalRoot;
  }

  /**
   * Validates the syntax of a user path and returns its normalised relative form. This is the one check every user
   * path goes through (`GET /folders`, a library's `root_path`); `field` names the input in the problem.
   */
  normalise(input: string, field?: string): string {
    if (input.length === 0) return '';
    // The contract takes paths relative to the root only: an absolute path is refused even when it points inside,
    // so a stored root never depends on where LIBRARIES_ROOT happens to be mounted.
    if (input.startsWith('/')) {
      throw new InvalidPathError('The path must be relative to the libraries root, not absolute.', field);
    }
    if (Buffer.byteLength(input) > MAX_PATH_BYTES) throw new InvalidPathError('The path is too long.', field);
    // Control characters (NUL above all) are never part of a folder we would list.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (/[\u0000-\u001f\u007f]/.test(input)) {
      throw new InvalidPathError('The path contains control characters.', field);
    }
    if (input.includes('\\')) throw new InvalidPathError('Use / to separate folders.', field);
    if (input.startsWith('~')) throw new InvalidPathError('Home-directory paths are not allowed.', field);
    const segments = input.split('/').filter((segment) => segment !== '' && segment !== '.');
    for (const segment of segments) {
      const decoded = fullyDecoded(segment);
      if (segment === '..' || decoded === '..' || decoded === '.' || decoded.includes('/')) {
        throw new InvalidPathError('The path must not leave the libraries root.', field);
      }
      if (Buffer.byteLength(segment) > MAX_NAME_BYTES) {
        throw new InvalidPathError('A folder name in the path is too long.', field);
      }
    }
    return segments.join('/');
  }

  /**
   * Resolves a user path to an existing folder inside the root. Symlinks are followed and the target must stay
   * inside the root.
   */
  async resolveFolder(input: string, field?: string): Promise<ResolvedFolder> {
    const root = await this.canonical();
    const relative = this.normalise(input, field);
    const candidate = path.join(root, ...relative.split('/').filter(Boolean));
    let absolute: string;
    try {
      absolute = await realpath(candidate);
    } catch (error) {
      if (isMissing(error)) throw new NotFoundError('Folder', relative);
      throw new InvalidPathError('The folder cannot be read.', field);
    }
    if (this.relativeIfInside(root, absolute) === undefined) {
      throw new InvalidPathError('The path is outside the libraries root.', field);
    }
    const info = await stat(absolute);
    if (!info.isDirectory()) throw new InvalidPathError('The path is not a folder.', field);
    return { absolute, relative };
  }

  /**
   * A library's folder: as resolveFolder, but never the libraries root itself, written as such or reached through
   * a symlink (`A/up` with `up -> ..`), since every other library would nest in it.
   */
  async resolveLibraryFolder(input: string, field?: string): Promise<ResolvedFolder> {
    const folder = await this.resolveFolder(input, field);
    if (folder.absolute === (await this.canonical())) {
      throw new InvalidPathError(
        folder.relative === ''
          ? 'A library must be a folder inside the libraries root, not the root itself.'
          : `"${folder.relative}" leads to the libraries root itself (through a symlink); a library must be a folder inside it.`,
        field,
      );
    }
    return folder;
  }

  /** Whether an absolute disk path (already canonical) lies inside the root. */
  async contains(absolute: string): Promise<boolean> {
    return this.relativeIfInside(await this.canonical(), absolute) !== undefined;
  }

  async rootPath(): Promise<string> {
    return this.canonical();
  }

  private relativeIfInside(root: string, absolute: string): string | undefined {
    const relative = path.relative(root, absolute);
    if (relative === '') return '';
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    return relative.split(path.sep).join('/');
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
