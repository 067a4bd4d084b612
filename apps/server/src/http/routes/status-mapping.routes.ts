import type { StatusMappingService } from '../../services/status-mapping.service.js';
import { statusMappingDto } from '../dto.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';

export function statusMappingRoutes(routes: OperationRouter, mappings: StatusMappingService): void {
  routes.handle('listStatusMappings', async (_req, res) => {
    res.json({ items: (await mappings.list()).map(statusMappingDto) });
  });

  routes.handle('upsertStatusMapping', async (req, res) => {
    const body = bodyOf(req, 'upsertStatusMapping');
    res.json(statusMappingDto(await mappings.upsert(body.provider_status, body.mapped_status)));
  });

  routes.handle('unmapStatusMapping', async (req, res) => {
    res.json(statusMappingDto(await mappings.unmap(String(req.params.id))));
  });
}
