import type { MetadataBatchService } from '../../services/metadata-batch.service.js';
import type { MetadataRefreshService } from '../../services/metadata-refresh.service.js';
import { batchReportDto, batchResultDto, jobDto, pageDto, refreshReportDto } from '../dto.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';

export function metadataJobRoutes(
  routes: OperationRouter,
  batches: MetadataBatchService,
  refreshes: MetadataRefreshService,
): void {
  routes.handle('startMetadataBatch', async (req, res) => {
    const body = bodyOf(req, 'startMetadataBatch');
    const { job, created } = await batches.start(body.library_id, body.series_ids);
    res.status(created ? 202 : 200).json(jobDto(job));
  });

  routes.handle('getMetadataBatchReport', async (req, res) => {
    res.json(batchReportDto(await batches.report(String(req.params.job_id))));
  });

  routes.handle('listMetadataBatchResults', async (req, res) => {
    const params = queryOf<'listMetadataBatchResults', 'page' | 'limit'>(req, 'listMetadataBatchResults');
    const result = await batches.results(String(req.params.job_id), params.status, params.page, params.limit);
    res.json(pageDto(result.items.map(batchResultDto), result.total, params.page, params.limit));
  });

  routes.handle('startMetadataRefresh', async (req, res) => {
    const { job, created } = await refreshes.start(bodyOf(req, 'startMetadataRefresh').library_id);
    res.status(created ? 202 : 200).json(jobDto(job));
  });

  routes.handle('getMetadataRefreshReport', async (req, res) => {
    res.json(refreshReportDto(await refreshes.report(String(req.params.job_id))));
  });
}
