import type { HealthService } from '../../services/health.service.js';
import type { OperationRouter } from '../operation-router.js';

export function healthRoutes(routes: OperationRouter, health: HealthService): void {
  routes.handle('getHealth', async (_req, res) => {
    const report = await health.report();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });
}
