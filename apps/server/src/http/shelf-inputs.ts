import type { OperationBody } from '../contract/operation-types.js';
import type { CollectionInput } from '../services/collection.service.js';
import type { ReadingListInput } from '../services/reading-list.service.js';

/** Request bodies of collections and reading lists to service inputs, shared by REST and tRPC. */

export function collectionInput(body: OperationBody<'createCollection'> | OperationBody<'updateCollection'>) {
  const input: CollectionInput = {};
  if (body.name !== undefined) input.name = body.name;
  if (body.summary !== undefined) input.summary = body.summary;
  if (body.ordered !== undefined) input.ordered = body.ordered;
  if (body.series_ids !== undefined) input.seriesIds = body.series_ids;
  if ('cover_series_id' in body && body.cover_series_id !== undefined) input.coverSeriesId = body.cover_series_id;
  return input;
}

export function readingListInput(body: OperationBody<'createReadingList'> | OperationBody<'updateReadingList'>) {
  const input: ReadingListInput = {};
  if (body.name !== undefined) input.name = body.name;
  if (body.summary !== undefined) input.summary = body.summary;
  if (body.book_ids !== undefined) input.bookIds = body.book_ids;
  return input;
}
