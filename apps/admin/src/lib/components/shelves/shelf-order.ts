/**
 * The ordering of a collection's series and a reading list's books. The contract edits both by replacing the whole
 * ordered list of ids (`series_ids`, `book_ids`), so every move, addition and removal is computed here, then sent.
 */

/** `ids` with the item at `from` moved to `to` (both clamped into the list); the same array when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const last = items.length - 1;
  const source = Math.max(0, Math.min(last, from));
  const target = Math.max(0, Math.min(last, to));
  if (items.length === 0 || source === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(source, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** Where a keyboard move takes the item at `index`: one step up or down, or to an end with Home and End. */
export function keyTarget(key: string, index: number, length: number): number | null {
  switch (key) {
    case 'ArrowUp':
      return index > 0 ? index - 1 : null;
    case 'ArrowDown':
      return index < length - 1 ? index + 1 : null;
    case 'Home':
      return index > 0 ? 0 : null;
    case 'End':
      return index < length - 1 ? length - 1 : null;
    default:
      return null;
  }
}

/**
 * `existing` followed by the `added` ids it does not hold yet, in their given order (a series' books keep the
 * series' order). `fresh` is how many were new: 0 says everything was already there.
 */
export function appendNew(existing: readonly string[], added: readonly string[]): { ids: string[]; fresh: number } {
  const seen = new Set(existing);
  const ids = [...existing];
  for (const id of added) {
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
  }
  return { ids, fresh: ids.length - existing.length };
}

/** `ids` without `id`. */
export const without = (ids: readonly string[], id: string): string[] => ids.filter((one) => one !== id);

/**
 * The whole order to send after a reorder of the rows shown: the page shows at most the contract's largest page
 * (500), so the ids past it (in `all`, the full order) keep their place after the shown ones instead of being dropped.
 */
export function reorderedIds(all: readonly string[], shown: readonly string[]): string[] {
  const moved = new Set(shown);
  return [...shown, ...all.filter((id) => !moved.has(id))];
}
