import type { Container } from '../container.js';
import { labelDto } from '../http/dto.js';
import { router, type operationProcedures } from './procedures.js';

/** The tRPC twins of the labels operations: same operations of openapi.yaml, same service, same DTO as REST. */
export function labelRouter(services: Container['services'], operation: ReturnType<typeof operationProcedures>) {
  const labels = services.labels;
  return router({
    list: operation('listLabels').query(async () => ({ items: (await labels.list()).map(labelDto) })),
    ofSeries: operation('getSeriesLabels').query(async ({ input }) => ({
      labels: await labels.ofSeries(input.series_id),
    })),
    setOfSeries: operation('setSeriesLabels').mutation(async ({ input }) => ({
      labels: await labels.setOfSeries(input.series_id, input.body.labels),
    })),
    edit: operation('editSeriesLabels').mutation(async ({ input }) => ({
      updated: await labels.edit(input.body.series_ids, input.body.add ?? [], input.body.remove ?? []),
    })),
  });
}
