import { ignoredName } from '../indexer/ignored-names.js';

/**
 * The folder an event in `relative` (a path under the library root, POSIX separators) makes dirty: the parent of
 * the file or folder that changed, so the scan reads it, sees the new, changed or missing entry, and walks a folder
 * that is new there (created or moved in) with its whole subtree. Null for events under ignored names.
 */
export function dirtyFolderOf(relative: string): string | null {
  if (relative === '' || relative.startsWith('../')) return null;
  const segments = relative.split('/');
  if (segments.some(ignoredName)) return null;
  return segments.slice(0, -1).join('/');
}
