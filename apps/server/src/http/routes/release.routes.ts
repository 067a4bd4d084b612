import type { ReleaseService } from '../../services/release.service.js';
import { clientGone } from '../client-signal.js';
import { connectionTestDto, releaseDto } from '../dto.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';

export function releaseRoutes(routes: OperationRouter, releases: ReleaseService): void {
  routes.handle('searchReleases', async (req, res) => {
    const body = bodyOf(req, 'searchReleases');
    const result = await releases.search(
      { libraryId: body.library_id, seriesName: body.series_name, volume: body.volume, missing: body.missing },
      clientGone(res),
    );
    res.json({ items: result.items.map(releaseDto), queries: result.queries });
  });

  routes.handle('testReleaseIndexer', async (_req, res) => {
    const result = await releases.test(clientGone(res));
    res.json(connectionTestDto(result));
  });
}
