import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/src/trpc/router.js';
import { trpc } from '../../trpc.js';
import { neighboursOf, type Neighbour } from './book-neighbours.js';
import type { Direction, PageSize } from './reader-modes.js';

/** The caller's reader settings for a series (GET /series/{series_id}/reader-settings). */
export type ReaderSettings = inferRouterOutputs<AppRouter>['series']['readerSettings'];
export type ReaderSettingsChange = inferRouterInputs<AppRouter>['series']['setReaderSettings']['body'];

/** Each page's size, by page number − 1; an empty list when the server cannot say (every page then pairs). */
export async function loadPageSizes(bookId: string): Promise<PageSize[]> {
  try {
    const { items } = await trpc.books.pages.query({ book_id: bookId });
    const sizes: PageSize[] = [];
    for (const item of items) sizes[item.number - 1] = { width: item.width, height: item.height };
    return sizes;
  } catch {
    // The sizes only shape spreads: the reader still reads a page at a time without them.
    return [];
  }
}

export async function loadReaderSettings(seriesId: string | null): Promise<ReaderSettings | null> {
  if (!seriesId) return null;
  try {
    return await trpc.series.readerSettings.query({ series_id: seriesId });
  } catch {
    return null;
  }
}

export const saveReaderSettings = (seriesId: string, body: ReaderSettingsChange): Promise<ReaderSettings> =>
  trpc.series.setReaderSettings.mutate({ series_id: seriesId, body });

/**
 * An administrator's "this series reads this way": the series metadata's own field, for every reader, locked as an
 * edit in the series form is, so that the next metadata refresh does not undo it.
 */
export async function saveSeriesDirection(seriesId: string, direction: Direction): Promise<unknown> {
  const series = await trpc.series.get.query({ series_id: seriesId });
  const locked = [...new Set([...series.locked_fields, 'reading_direction' as const])];
  return trpc.series.update.mutate({
    series_id: seriesId,
    body: { reading_direction: direction, locked_fields: locked },
  });
}

export interface Neighbours {
  previous: Neighbour | null;
  next: Neighbour | null;
}

/**
 * The books before and after a book, for both readers: in the order of the reading list it was opened from
 * (`?list=`), else of its series; none without either.
 */
export async function loadNeighbours(
  bookId: string,
  { seriesId, listId }: { seriesId: string | null; listId: string | null },
): Promise<Neighbours> {
  const none = { previous: null, next: null };
  if (!seriesId && !listId) return none;
  try {
    const list = listId
      ? await trpc.readingLists.books.query({ reading_list_id: listId, limit: 500 })
      : await trpc.series.books.query({ series_id: seriesId!, limit: 500 });
    return neighboursOf(list.items, bookId);
  } catch {
    // The neighbours are a convenience: the reader stands without them.
    return none;
  }
}
