import { trpc } from '../../trpc.js';
import type { Background, Direction, FitMode, Layout, PageSize } from './reader-modes.js';

/** The caller's reader settings for a series (contract of issue 21, GET /series/{series_id}/reader-settings). */
export interface ReaderSettings {
  reading_direction: Direction;
  direction_source: 'reader' | 'series' | 'library';
  series_reading_direction: Direction | null;
  layout: Layout | null;
  fit: FitMode | null;
  background: Background | null;
}

export type ReaderSettingsChange = Partial<{
  reading_direction: Direction | null;
  layout: Layout | null;
  fit: FitMode | null;
  background: Background | null;
}>;

/** The three procedures of the contract, typed here until the server side (branch pagesapi) is merged. */
interface ContractClient {
  books: { pages: { query(input: { book_id: string }): Promise<{ items: (PageSize & { number: number })[] }> } };
  series: {
    readerSettings: { query(input: { series_id: string }): Promise<ReaderSettings> };
    setReaderSettings: { mutate(input: { series_id: string; body: ReaderSettingsChange }): Promise<ReaderSettings> };
    update: { mutate(input: { series_id: string; body: { reading_direction: Direction } }): Promise<unknown> };
  };
}
const api = trpc as unknown as ContractClient;

/** Each page's size, by page number − 1; an empty list when the server cannot say (every page then pairs). */
export async function loadPageSizes(bookId: string): Promise<PageSize[]> {
  try {
    const { items } = await api.books.pages.query({ book_id: bookId });
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
    return await api.series.readerSettings.query({ series_id: seriesId });
  } catch {
    return null;
  }
}

export const saveReaderSettings = (seriesId: string, body: ReaderSettingsChange): Promise<ReaderSettings> =>
  api.series.setReaderSettings.mutate({ series_id: seriesId, body });

/** An administrator's "this series reads this way": the series metadata's own field, for every reader. */
export const saveSeriesDirection = (seriesId: string, direction: Direction): Promise<unknown> =>
  api.series.update.mutate({ series_id: seriesId, body: { reading_direction: direction } });
