import type { Container } from '../container.js';
import { pageDto } from '../http/dto.js';
import { savedFilterDto, savedFilterInput } from '../http/saved-filter-dto.js';
import { router, type operationProcedures } from './procedures.js';

/** The tRPC twins of the saved filters operations: same operations of openapi.yaml, same service, same DTO as REST. */
export function savedFilterRouter(services: Container['services'], operation: ReturnType<typeof operationProcedures>) {
  const filters = services.savedFilters;
  return router({
    list: operation('listSavedFilters').query(async ({ input }) => {
      const page = input.page ?? 1;
      const limit = input.limit ?? 50;
      const result = await filters.page(input.target, page, limit);
      return pageDto(result.items.map(savedFilterDto), result.total, page, limit);
    }),
    get: operation('getSavedFilter').query(async ({ input }) =>
      savedFilterDto(await filters.get(input.saved_filter_id)),
    ),
    create: operation('createSavedFilter').mutation(async ({ input }) =>
      savedFilterDto(await filters.create({ ...savedFilterInput(input.body), ...input.body })),
    ),
    update: operation('updateSavedFilter').mutation(async ({ input }) =>
      savedFilterDto(await filters.update(input.saved_filter_id, savedFilterInput(input.body))),
    ),
    remove: operation('deleteSavedFilter').mutation(async ({ input }) => {
      await filters.delete(input.saved_filter_id);
      return { deleted: input.saved_filter_id };
    }),
  });
}
