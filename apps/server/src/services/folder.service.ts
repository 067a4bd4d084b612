import type { Dirent } from 'node:fs';
import { opendir, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ForbiddenError } from '../domain/errors.js';
import { viewerSeesEveryLibrary } from '../repositories/library-access.js';
import type { LibrariesRoot } from './libraries-root.js';

export interface FolderItem {
  name: string;
  path: string;
  depth: number;
  has_children: boolean;
}

const isHidden = (name: string) => name.startsWith('.');

/** The folder browser used to pick a library's root path. */
export class FolderService {
  constructor(private readonly root: LibrariesRoot) {}

  /** Immediate subfolders of `input` (the root when empty), sorted by name. */
  async list(input: string | undefined): Promise<FolderItem[]> {
    // The folders of every library, by name: not for a reader limited to some (choosing roots is an admin's task).
    if (!viewerSeesEveryLibrary()) throw new ForbiddenError('Only a user who sees every library may browse folders.');
    const folder = await this.root.resolveFolder(input ?? '', '/query/path');
    let entries: Dirent[];
    try {
      entries = await readdir(folder.absolute, { withFileTypes: true });
    } catch {
      return []; // unreadable folder: nothing to offer, not an error
    }
    const depth = folder.relative === '' ? 0 : folder.relative.split('/').length;
    const items: FolderItem[] = [];
    for (const entry of entries) {
      if (isHidden(entry.name)) continue;
      const absolute = await this.folderTarget(folder.absolute, entry);
      if (absolute === undefined) continue;
      const relative = folder.relative === '' ? entry.name : `${folder.relative}/${entry.name}`;
      items.push({ name: entry.name, path: relative, depth, has_children: await this.hasSubfolder(absolute) });
    }
    return items.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }));
  }

  /** The canonical folder an entry stands for, or undefined when it is not a folder inside the root. */
  private async folderTarget(parent: string, entry: Dirent): Promise<string | undefined> {
    const absolute = path.join(parent, entry.name);
    if (entry.isDirectory()) return absolute;
    if (!entry.isSymbolicLink()) return undefined;
    try {
      const target = await realpath(absolute);
      if (!(await this.root.contains(target))) return undefined;
      return (await stat(target)).isDirectory() ? target : undefined;
    } catch {
      return undefined;
    }
  }

  private async hasSubfolder(absolute: string): Promise<boolean> {
    try {
      const dir = await opendir(absolute);
      for await (const entry of dir) {
        if (isHidden(entry.name)) continue;
        if (entry.isDirectory()) return true;
        if (entry.isSymbolicLink() && (await this.folderTarget(absolute, entry)) !== undefined) return true;
      }
    } catch {
      // unreadable: report no children rather than failing the listing
    }
    return false;
  }
}
