/** Where a book opened from the reader starts: the next book at its first page, the previous one at its last. */
export type OpenAt = 'start' | 'end' | 'saved';

export interface Neighbour {
  id: string;
  title: string;
}

/** The books before and after `bookId` in the series' reading order (GET /series/{id}/books). */
export function neighboursOf(
  items: readonly Neighbour[],
  bookId: string,
): { previous: Neighbour | null; next: Neighbour | null } {
  const at = items.findIndex((item) => item.id === bookId);
  if (at < 0) return { previous: null, next: null };
  const pick = (item: Neighbour | undefined) => (item ? { id: item.id, title: item.title } : null);
  return { previous: pick(items[at - 1]), next: pick(items[at + 1]) };
}

/**
 * The reader's address for a book, carrying the mode the reader is in to the next book: where to open,
 * the reading list it was opened from (its order then gives the next book, issue 32), and incognito (the direction, layout and fit are the series' and the reader's saved choices, so they follow).
 */
export function readerPath(
  bookId: string,
  options: { at?: OpenAt; incognito?: boolean; list?: string | null } = {},
): string {
  const query = new URLSearchParams();
  if (options.at && options.at !== 'saved') query.set('at', options.at);
  if (options.incognito) query.set('incognito', '1');
  if (options.list) query.set('list', options.list);
  const search = query.toString();
  return `/read/${encodeURIComponent(bookId)}${search ? `?${search}` : ''}`;
}

/** The reader's options read back from its address. */
export function readerOptions(search: { get(name: string): string | null }): { at: OpenAt; incognito: boolean } {
  const at = search.get('at');
  return { at: at === 'start' || at === 'end' ? at : 'saved', incognito: search.get('incognito') === '1' };
}

/**
 * The reading list a book was opened from (`?list=<id>`): the reader then takes the previous and next book from that
 * list's order instead of the series'. Only an id's characters pass (it goes into a request).
 */
export function readerList(search: { get(name: string): string | null }): string | null {
  const list = search.get('list');
  return list && /^[0-9a-f-]{1,64}$/i.test(list) ? list : null;
}
