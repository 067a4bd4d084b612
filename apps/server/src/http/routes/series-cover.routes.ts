import type { SeriesCoverService } from '../../services/series-cover.service.js';
import { type CoverPaths, seriesDetailsDto } from '../dto.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';
import { seriesCoverChoice } from '../request-inputs.js';
import { stagedFile } from '../uploads.js';

export function seriesCoverRoutes(routes: OperationRouter, covers: SeriesCoverService, remote: CoverPaths): void {
  routes.handle('chooseSeriesCover', async (req, res) => {
    const choice = seriesCoverChoice(bodyOf(req, 'chooseSeriesCover'));
    const updated = await covers.choose({ id: String(req.params.series_id) }, choice);
    res.json(seriesDetailsDto(updated, req.baseUrl, remote));
  });

  routes.handle('uploadSeriesCover', async (req, res) => {
    const updated = await covers.upload({ id: String(req.params.series_id) }, stagedFile(req, 'image'));
    res.json(seriesDetailsDto(updated, req.baseUrl, remote));
  });

  routes.handle('getSeriesCoverImage', async (req, res, next) => {
    const file = await covers.image(String(req.params.series_id));
    // Each upload has its own address (`v`), so a copy can be kept long; a conditional GET still works (ETag).
    res.type('image/jpeg').set('Cache-Control', 'private, max-age=86400');
    res.sendFile(file, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });
}
