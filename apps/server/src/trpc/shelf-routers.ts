import type { Container } from '../container.js';
import { bookDto, pageDto, seriesItemDto } from '../http/dto.js';
import {
  cblImportReportDto,
  collectionDto,
  collectionItemDto,
  readingListDto,
  readingListItemDto,
} from '../http/shelf-dto.js';
import { collectionInput, readingListInput } from '../http/shelf-inputs.js';
import { router, type operationProcedures } from './procedures.js';

/** Where REST serves its files (thumbnails): DTO links point there, as they do for REST clients. */
const API_ROOT = '/api/v1';

/**
 * The tRPC twins of the collections, reading lists and want-to-read operations (issue 32): same operations of
 * openapi.yaml, same services, same DTOs as REST.
 */
export function shelfRouters(services: Container['services'], operation: ReturnType<typeof operationProcedures>) {
  const covers = services.remoteCovers;
  return {
    collections: router({
      list: operation('listCollections').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.collections.page(input.series_id, page, limit);
        const items = result.items.map((item) => collectionItemDto(item, API_ROOT, covers));
        return pageDto(items, result.total, page, limit);
      }),
      get: operation('getCollection').query(async ({ input }) =>
        collectionDto(await services.collections.get(input.collection_id), API_ROOT, covers),
      ),
      series: operation('listCollectionSeries').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.collections.seriesPage(input.collection_id, page, limit);
        const items = result.items.map((item) => seriesItemDto(item, API_ROOT, covers));
        return pageDto(items, result.total, page, limit);
      }),
      create: operation('createCollection').mutation(async ({ input }) =>
        collectionDto(
          await services.collections.create({ ...collectionInput(input.body), name: input.body.name }),
          API_ROOT,
          covers,
        ),
      ),
      update: operation('updateCollection').mutation(async ({ input }) =>
        collectionDto(
          await services.collections.update(input.collection_id, collectionInput(input.body)),
          API_ROOT,
          covers,
        ),
      ),
      remove: operation('deleteCollection').mutation(async ({ input }) => {
        await services.collections.delete(input.collection_id);
        return { deleted: input.collection_id };
      }),
    }),
    readingLists: router({
      list: operation('listReadingLists').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.readingLists.page(page, limit);
        return pageDto(
          result.items.map((item) => readingListItemDto(item, API_ROOT)),
          result.total,
          page,
          limit,
        );
      }),
      get: operation('getReadingList').query(async ({ input }) =>
        readingListDto(await services.readingLists.get(input.reading_list_id), API_ROOT),
      ),
      books: operation('listReadingListBooks').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.readingLists.booksPage(input.reading_list_id, page, limit);
        return pageDto(
          result.items.map((book) => bookDto(book, API_ROOT)),
          result.total,
          page,
          limit,
        );
      }),
      create: operation('createReadingList').mutation(async ({ input }) =>
        readingListDto(
          await services.readingLists.create({ ...readingListInput(input.body), name: input.body.name }),
          API_ROOT,
        ),
      ),
      update: operation('updateReadingList').mutation(async ({ input }) =>
        readingListDto(
          await services.readingLists.update(input.reading_list_id, readingListInput(input.body)),
          API_ROOT,
        ),
      ),
      share: operation('shareReadingList').mutation(async ({ input }) =>
        readingListDto(await services.readingLists.share(input.reading_list_id, input.body.shared), API_ROOT),
      ),
      remove: operation('deleteReadingList').mutation(async ({ input }) => {
        await services.readingLists.delete(input.reading_list_id);
        return { deleted: input.reading_list_id };
      }),
      // The import itself is a file upload, REST only (ADR 18); its report is read and completed here too.
      importReport: operation('getReadingListImportReport').query(async ({ input }) =>
        cblImportReportDto(await services.readingLists.importReport(input.reading_list_id)),
      ),
      matchAgain: operation('matchReadingListImportAgain').mutation(async ({ input }) =>
        cblImportReportDto(await services.readingLists.matchAgain(input.reading_list_id)),
      ),
      chooseCandidate: operation('chooseReadingListImportCandidate').mutation(async ({ input }) =>
        cblImportReportDto(
          await services.readingLists.chooseCandidate(input.reading_list_id, input.entry_index, input.body.book_id),
        ),
      ),
    }),
    wantToRead: router({
      list: operation('listWantToRead').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.wantToRead.page(page, limit);
        const items = result.items.map((item) => seriesItemDto(item, API_ROOT, covers));
        return pageDto(items, result.total, page, limit);
      }),
      add: operation('addWantToRead').mutation(async ({ input }) => {
        await services.wantToRead.add(input.series_id);
        return { series_id: input.series_id, wanted: true };
      }),
      remove: operation('removeWantToRead').mutation(async ({ input }) => {
        await services.wantToRead.remove(input.series_id);
        return { series_id: input.series_id, wanted: false };
      }),
    }),
  };
}
