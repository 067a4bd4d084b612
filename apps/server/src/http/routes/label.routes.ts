import type { LabelService } from '../../services/label.service.js';
import { labelDto } from '../dto.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';

export function labelRoutes(routes: OperationRouter, labels: LabelService): void {
  routes.handle('listLabels', async (_req, res) => {
    res.json({ items: (await labels.list()).map(labelDto) });
  });

  routes.handle('getSeriesLabels', async (req, res) => {
    res.json({ labels: await labels.ofSeries(String(req.params.series_id)) });
  });

  routes.handle('setSeriesLabels', async (req, res) => {
    const body = bodyOf(req, 'setSeriesLabels');
    res.json({ labels: await labels.setOfSeries(String(req.params.series_id), body.labels) });
  });

  routes.handle('editSeriesLabels', async (req, res) => {
    const body = bodyOf(req, 'editSeriesLabels');
    res.json({ updated: await labels.edit(body.series_ids, body.add ?? [], body.remove ?? []) });
  });
}
