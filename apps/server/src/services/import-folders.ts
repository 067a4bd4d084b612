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
      const library = libraries.find((root) => inside(root, absolute) || inside(absolute, root));
      if (library !== undefined) {
        issues.push({ path: field, message: 'overlaps the folder of a library', code: 'folder' });
        continue;
      }
      const twin = resolved.find((other) => inside(other.absolute, absolute) || inside(absolute, other.absolute));
      if (twin !== undefined) {
        issues.push({ path: field, message: `overlaps the import folder "${twin.given}"`, code: 'folder' });
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

  private async libraryFolders(): Promise<string[]> {
    const root = await this.librariesRoot.rootPath();
    const folders: string[] = [];
    for (const relative of await this.libraryRoots()) {
      const joined = path.join(root, ...relative.split('/'));
      folders.push(await realpath(joined).catch(() => joined));
    }
    return folders;
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error && 'status' in error) {
    const domain = error as DomainError;
    return domain.status === 404 ? 'must be an existing folder under the libraries root' : domain.message;
  }
  return error instanceof Error ? error.message : 'is not a usable folder';
}
