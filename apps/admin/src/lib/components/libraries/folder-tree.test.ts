import { describe, expect, it } from 'vitest';
import { ancestorPaths, nodeOf, treeAction, visibleNodes, type FolderNode } from './folder-tree.js';

const folder = (path: string, has_children = false) => ({
  name: path.split('/').at(-1)!,
  path,
  depth: path.split('/').length - 1,
  has_children,
});

/** comics (open: manga (open: seinen), bd), ebooks (closed, children not loaded yet) */
function tree(): FolderNode[] {
  const seinen = nodeOf(folder('comics/manga/seinen'));
  const manga = { ...nodeOf(folder('comics/manga', true)), expanded: true, children: [seinen] };
  const bd = nodeOf(folder('comics/bd'));
  const comics = { ...nodeOf(folder('comics', true)), expanded: true, children: [manga, bd] };
  return [comics, nodeOf(folder('ebooks', true))];
}

describe('the folder tree', () => {
  it('shows the rows under open folders only, in order', () => {
    const roots = tree();
    expect(visibleNodes(roots).map((row) => row.folder.path)).toEqual([
      'comics',
      'comics/manga',
      'comics/manga/seinen',
      'comics/bd',
      'ebooks',
    ]);
    roots[0]!.expanded = false;
    expect(visibleNodes(roots).map((row) => row.folder.path)).toEqual(['comics', 'ebooks']);
  });

  it('lists the folders to open to reach a path', () => {
    expect(ancestorPaths('comics/manga/seinen')).toEqual(['comics', 'comics/manga']);
    expect(ancestorPaths('comics')).toEqual([]);
  });

  it('moves with the arrow keys, Home and End', () => {
    const rows = visibleNodes(tree());
    expect(treeAction('ArrowDown', rows, 'comics/manga/seinen')).toEqual({ kind: 'focus', path: 'comics/bd' });
    expect(treeAction('ArrowUp', rows, 'comics/bd')).toEqual({ kind: 'focus', path: 'comics/manga/seinen' });
    expect(treeAction('ArrowUp', rows, 'comics')).toBeNull();
    expect(treeAction('ArrowDown', rows, 'ebooks')).toBeNull();
    expect(treeAction('Home', rows, 'ebooks')).toEqual({ kind: 'focus', path: 'comics' });
    expect(treeAction('End', rows, 'comics')).toEqual({ kind: 'focus', path: 'ebooks' });
  });

  it('opens with Right only a folder that has subfolders, then goes into it', () => {
    const rows = visibleNodes(tree());
    expect(treeAction('ArrowRight', rows, 'ebooks')).toEqual({ kind: 'expand', path: 'ebooks' });
    expect(treeAction('ArrowRight', rows, 'comics')).toEqual({ kind: 'focus', path: 'comics/manga' });
    expect(treeAction('ArrowRight', rows, 'comics/bd')).toBeNull();
  });

  it('closes with Left, or goes to the parent, and never above the top level', () => {
    const rows = visibleNodes(tree());
    expect(treeAction('ArrowLeft', rows, 'comics/manga')).toEqual({ kind: 'collapse', path: 'comics/manga' });
    expect(treeAction('ArrowLeft', rows, 'comics/bd')).toEqual({ kind: 'focus', path: 'comics' });
    expect(treeAction('ArrowLeft', rows, 'comics/manga/seinen')).toEqual({ kind: 'focus', path: 'comics/manga' });
    expect(treeAction('ArrowLeft', rows, 'ebooks')).toBeNull();
  });

  it('chooses with Enter or Space and jumps by first letter', () => {
    const rows = visibleNodes(tree());
    expect(treeAction('Enter', rows, 'comics/bd')).toEqual({ kind: 'choose', path: 'comics/bd' });
    expect(treeAction(' ', rows, 'ebooks')).toEqual({ kind: 'choose', path: 'ebooks' });
    expect(treeAction('e', rows, 'comics')).toEqual({ kind: 'focus', path: 'ebooks' });
    expect(treeAction('C', rows, 'ebooks')).toEqual({ kind: 'focus', path: 'comics' });
    expect(treeAction('Tab', rows, 'comics')).toBeNull();
  });
});
