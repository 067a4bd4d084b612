import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DomainError, FieldIssue } from '../domain/errors.js';
import type { LibrariesRoot } from './libraries-root.js';

/** Where the watcher reads an import folder, and what the setting said. */
export interface ImportFolder {
  /** As the setting stores it: relative to LIBRARIES_ROOT, or absolute under an IMPORT_ROOTS root. */
  given: string;
  /** Canonical absolute path (symlinks resolved). */
  absolute: string;
}

const FIELD = '/body/import_folders';

function inside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/**
 * The `import_folders` setting's rule (issue 37): each folder exists and is under LIBRARIES_ROOT (given relative to
 * it, as a library's `root_path`) or under a root listed in IMPORT_ROOTS (given absolute), symlinks followed; it is
 * never a library's folder, inside one, or holding one (an import would scan its own arrivals, or a move would take
 * books out of a library). Checked when the setting changes and again at each watch pass (a library added since, a
 * symlink changed).
 */
export class ImportFolders {
  constructor(
    private readonly librariesRoot: LibrariesRoot,
    private readonly importRoots: readonly string[],
    private readonly libraryRoots: () => Promise<string[]>,
  ) {}

  /**
   * The first of `given` (the import folders as the setting lists them) that is the real folder `absolute`
   * (canonical), inside it or holding it: a library may not be made there. A listed folder that cannot be resolved
   * now (gone, unmounted) is compared by the path it would have.
   */
  async overlapping(absolute: string, given: readonly string[]): Promise<string | undefined> {
    for (const folder of given) {
      const resolved = await this.resolve(folder).catch(() => this.unresolved(folder));
      if (resolved !== undefined && (inside(resolved, absolute) || inside(absolute, resolved))) return folder;
    }
    return undefined;
  }

  /** Each folder resolved, or the issues that refuse the setting (nothing is stored then). */
  async check(folders: readonly string[]): Promise<{ folders: ImportFolder[]; issues: FieldIssue[] }> {
    const issues: FieldIssue[] = [];
    const resolved: ImportFolder[] = [];
    const libraries = await this.libraryFolders();
    for (const [index, given] of folders.entries()) {
      const field = `${FIELD}/${index}`;
      const absolute = await this.resolve(given).catch((error: unknown) => {
        issues.push({ path: field, message: messageOf(error), code: 'folder' });
        return null;
      });
      if (absolute === null) continue;
      const library = libraries.find(({ folder }) => inside(folder, absolute) || inside(absolute, folder));
      if (library !== undefined) {
        issues.push({
          path: field,
          message: `${relation(absolute, library.folder)} the library folder "${library.rootPath}"`,
          code: 'overlap',
          folder: library.rootPath,
        });
        continue;
      }
      const twin = resolved.find((other) => inside(other.absolute, absolute) || inside(absolute, other.absolute));
      if (twin !== undefined) {
        issues.push({
          path: field,
          message: `${relation(absolute, twin.absolute)} the import folder "${twin.given}"`,
          code: 'overlap',
          folder: twin.given,
        });
        continue;
      }
      resolved.push({ given, absolute });
    }
    return { folders: resolved, issues };
  }

  private async resolve(given: string): Promise<string> {
    if (!path.isAbsolute(given)) return (await this.librariesRoot.resolveLibraryFolder(given)).absolute;
    if (given.includes('\0')) throw new Error('contains a NUL character');
    const normalised = path.resolve(given);
    const root = this.importRoots.find((candidate) => inside(candidate, normalised));
    if (root === undefined) throw new Error('an absolute folder must be under a root listed in IMPORT_ROOTS');
    const absolute = await realpath(normalised).catch(() => {
      throw new Error('must be an existing folder');
    });
    const realRoot = await realpath(root).catch(() => root);
    if (!inside(realRoot, absolute) || absolute === realRoot) {
      throw new Error('must be a folder inside an IMPORT_ROOTS root (symlinks followed)');
    }
    if (!(await stat(absolute)).isDirectory()) throw new Error('must be a folder');
    return absolute;
  }

  /** Where a listed folder would be if it existed: an unmounted share still overlaps what it would hold. */
  private async unresolved(given: string): Promise<string | undefined> {
    if (path.isAbsolute(given)) return path.resolve(given);
    try {
      const relative = this.librariesRoot.normalise(given);
      return relative === '' ? undefined : path.join(await this.librariesRoot.rootPath(), ...relative.split('/'));
    } catch {
      return undefined;
    }
  }

  private async libraryFolders(): Promise<{ rootPath: string; folder: string }[]> {
    const root = await this.librariesRoot.rootPath();
    const folders: { rootPath: string; folder: string }[] = [];
    for (const rootPath of await this.libraryRoots()) {
      const joined = path.join(root, ...rootPath.split('/'));
      folders.push({ rootPath, folder: await realpath(joined).catch(() => joined) });
    }
    return folders;
  }
}

/** How `folder` stands to `other` (both canonical), in the words of the refusal. */
function relation(folder: string, other: string): string {
  if (folder === other) return 'is the same folder as';
  return inside(other, folder) ? 'is inside' : 'holds';
}

function messageOf(error: unknown): string {
  if (error instanceof Error && 'status' in error) {
    const domain = error as DomainError;
    return domain.status === 404 ? 'must be an existing folder under the libraries root' : domain.message;
  }
  return error instanceof Error ? error.message : 'is not a usable folder';
}
