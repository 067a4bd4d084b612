import type { SavedFilterService } from '../../services/saved-filter.service.js';
import { pageDto } from '../dto.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';
import { savedFilterDto, savedFilterInput } from '../saved-filter-dto.js';

export function savedFilterRoutes(routes: OperationRouter, filters: SavedFilterService): void {
  const filterId = (params: Record<string, unknown>) => String(params.saved_filter_id);

  routes.handle('listSavedFilters', async (req, res) => {
    const params = queryOf<'listSavedFilters', 'page' | 'limit'>(req, 'listSavedFilters');
    const result = await filters.page(params.target, params.page, params.limit);
    res.json(pageDto(result.items.map(savedFilterDto), result.total, params.page, params.limit));
  });

  routes.handle('createSavedFilter', async (req, res) => {
    const body = bodyOf(req, 'createSavedFilter');
    const created = await filters.create({ ...savedFilterInput(body), ...body });
    res.status(201).json(savedFilterDto(created));
  });

  routes.handle('getSavedFilter', async (req, res) => {
    res.json(savedFilterDto(await filters.get(filterId(req.params))));
  });

  routes.handle('updateSavedFilter', async (req, res) => {
    const updated = await filters.update(filterId(req.params), savedFilterInput(bodyOf(req, 'updateSavedFilter')));
    res.json(savedFilterDto(updated));
  });

  routes.handle('deleteSavedFilter', async (req, res) => {
    await filters.delete(filterId(req.params));
    res.status(204).end();
  });
}
