import type { CallProblem } from '../../trpc.js';
import type { Folder } from './types.js';

/** One folder of the picker's tree, as far as it has been browsed. */
export interface FolderNode {
  folder: Folder;
  expanded: boolean;
  /** Null until the folder is first opened: subfolders are listed lazily, and only for a folder with `has_children`. */
  children: FolderNode[] | null;
  loading: boolean;
  problem: CallProblem | null;
}

export function nodeOf(folder: Folder): FolderNode {
  return { folder, expanded: false, children: null, loading: false, problem: null };
}

/** The rows a user sees, in order: every node whose ancestors are all open. */
export function visibleNodes(roots: readonly FolderNode[]): FolderNode[] {
  const rows: FolderNode[] = [];
  const walk = (nodes: readonly FolderNode[]) => {
    for (const node of nodes) {
      rows.push(node);
      if (node.expanded && node.children) walk(node.children);
    }
  };
  walk(roots);
  return rows;
}

/** `comics/manga/seinen` → `['comics', 'comics/manga']`: the folders to open to show it. */
export function ancestorPaths(path: string): string[] {
  const parts = path.split('/').filter((part) => part.length > 0);
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'));
}

export type TreeAction =
  | { kind: 'focus'; path: string }
  | { kind: 'expand'; path: string }
  | { kind: 'collapse'; path: string }
  | { kind: 'choose'; path: string };

/**
 * What a key does on the focused row, after the WAI-ARIA tree pattern: Up/Down/Home/End move, Right opens (or goes
 * to the first subfolder), Left closes (or goes to the parent), Enter/Space choose, a letter jumps to the next
 * folder starting with it. Null: the key is not the tree's (Tab, shortcuts) and is left to the browser.
 */
export function treeAction(key: string, rows: readonly FolderNode[], focusedPath: string): TreeAction | null {
  const index = rows.findIndex((row) => row.folder.path === focusedPath);
  const node = rows[index];
  if (!node) return rows[0] ? { kind: 'focus', path: rows[0].folder.path } : null;
  const focus = (target: FolderNode | undefined): TreeAction | null =>
    target ? { kind: 'focus', path: target.folder.path } : null;
  switch (key) {
    case 'ArrowDown':
      return focus(rows[index + 1]);
    case 'ArrowUp':
      return focus(rows[index - 1]);
    case 'Home':
      return focus(rows[0]);
    case 'End':
      return focus(rows.at(-1));
    case 'ArrowRight':
      if (!node.folder.has_children) return null;
      if (!node.expanded) return { kind: 'expand', path: node.folder.path };
      return focus(node.children?.[0]);
    case 'ArrowLeft': {
      if (node.expanded) return { kind: 'collapse', path: node.folder.path };
      // The parent is the nearest row above that is one level up; a top-level folder has none (the root is the limit).
      const parent = rows.slice(0, index).findLast((row) => row.folder.depth === node.folder.depth - 1);
      return focus(parent);
    }
    case 'Enter':
    case ' ':
      return { kind: 'choose', path: node.folder.path };
    default: {
      if ([...key].length !== 1 || key.trim() === '') return null;
      const letter = key.toLocaleLowerCase();
      const after = [...rows.slice(index + 1), ...rows.slice(0, index)];
      return focus(after.find((row) => row.folder.name.toLocaleLowerCase().startsWith(letter)));
    }
  }
}
