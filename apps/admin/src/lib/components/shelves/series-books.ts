import { trpc } from '../../trpc.js';

/** The contract's largest page (openapi.yaml Limit). */
const MAX_LIMIT = 500;

/** Every book id of the given series, series after series, each in its reading order (GET /series/{id}/books). */
export async function booksOfSeries(seriesIds: readonly string[]): Promise<string[]> {
  const perSeries = await Promise.all(seriesIds.map((id) => booksOfOneSeries(id)));
  return perSeries.flat();
}

async function booksOfOneSeries(seriesId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const result = await trpc.series.books.query({ series_id: seriesId, limit: MAX_LIMIT, page });
    ids.push(...result.items.map((book) => book.id));
    if (result.items.length < MAX_LIMIT || ids.length >= result.total) return ids;
  }
}
