import type { WantedService } from '../../services/wanted.service.js';
import { pageDto } from '../dto.js';
import { queryOf, type OperationRouter } from '../operation-router.js';
import { wantedVolumeDto } from '../wanted-dto.js';

export function wantedRoutes(routes: OperationRouter, wanted: WantedService): void {
  routes.handle('listWanted', async (req, res) => {
    const params = queryOf<'listWanted', 'page' | 'limit'>(req, 'listWanted');
    const result = await wanted.page(
      {
        libraryId: params.library_id,
        seriesId: params.series_id,
        seriesStatus: params.series_status,
        status: params.status,
      },
      params.page,
      params.limit,
    );
    res.json(pageDto(result.items.map(wantedVolumeDto), result.total, params.page, params.limit));
  });
}
