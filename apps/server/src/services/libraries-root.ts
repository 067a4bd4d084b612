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

  /** Validates the syntax of a user path and returns its normalised relative form. */
  normalise(input: string): string {
    if (input.length === 0) return '';
    if (Buffer.byteLength(input) > MAX_PATH_BYTES) throw new InvalidPathError('The path is too long.');
    // Control characters (NUL above all) are never part of a folder we would list.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (/[\u0000-\u001f\u007f]/.test(input)) {
      throw new InvalidPathError('The path contains control characters.');
    }
    if (input.includes('\\')) throw new InvalidPathError('Use / to separate folders.');
    if (input.startsWith('~')) throw new InvalidPathError('Home-directory paths are not allowed.');
    const segments = input.split('/').filter((segment) => segment !== '' && segment !== '.');
    for (const segment of segments) {
      const decoded = fullyDecoded(segment);
      if (segment === '..' || decoded === '..' || decoded === '.' || decoded.includes('/')) {
        throw new InvalidPathError('The path must not leave the libraries root.');
      }
      if (Buffer.byteLength(segment) > MAX_NAME_BYTES) {
        throw new InvalidPathError('A folder name in the path is too long.');
      }
    }
    return segments.join('/');
  }

  /**
   * Resolves a user path to an existing folder inside the root. Absolute paths are accepted only when
   * they point inside the root. Symlinks are followed and the target must stay inside the root.
   */
  async resolveFolder(input: string): Promise<ResolvedFolder> {
    const root = await this.canonical();
    let relativeInput = input;
    if (path.posix.isAbsolute(input)) {
      const inside =
        this.relativeIfInside(root, path.resolve(input)) ??
        this.relativeIfInside(path.resolve(this.root), path.resolve(input));
      if (inside === undefined) throw new InvalidPathError('The path is outside the libraries root.');
      relativeInput = inside;
    }
    const relative = this.normalise(relativeInput);
    const candidate = path.join(root, ...relative.split('/').filter(Boolean));
    let absolute: string;
    try {
      absolute = await realpath(candidate);
    } catch (error) {
      if (isMissing(error)) throw new NotFoundError('Folder', relative);
      throw new InvalidPathError('The folder cannot be read.');
    }
    if (this.relativeIfInside(root, absolute) === undefined) {
      throw new InvalidPathError('The path is outside the libraries root.');
    }
    const info = await stat(absolute);
    if (!info.isDirectory()) throw new InvalidPathError('The path is not a folder.');
    return { absolute, relative };
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
