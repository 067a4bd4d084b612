/** Names never worth indexing or a scan: hidden files, macOS resource forks, what NAS systems leave in shares. */
const LITTER = new Set(['@eaDir', '#recycle', '#snapshot', '__MACOSX', '$RECYCLE.BIN', 'System Volume Information']);

export function ignoredName(name: string): boolean {
  return name.startsWith('.') || LITTER.has(name);
}
