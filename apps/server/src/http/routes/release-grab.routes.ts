import type { ReleaseGrabService } from '../../services/release-grab.service.js';
import type { ReleaseSearchService } from '../../services/release-search.service.js';
import { clientGone } from '../client-signal.js';
import { jobDto, pageDto } from '../dto.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';
import { releaseCandidateDto, releaseGrabDto } from '../wanted-dto.js';

/** The release search job, its stored candidates, and grabs (issue 36). */
export function releaseGrabRoutes(
  routes: OperationRouter,
  searches: ReleaseSearchService,
  grabs: ReleaseGrabService,
): void {
  routes.handle('startReleaseSearch', async (req, res) => {
    const body = bodyOf(req, 'startReleaseSearch');
    const { job } = await searches.start({
      volumes: body.volumes?.map((volume) => ({ seriesId: volume.series_id, volume: volume.volume })),
      libraryId: body.library_id,
    });
    res.status(202).json(jobDto(job));
  });

  routes.handle('listReleaseCandidates', async (req, res) => {
    const params = queryOf<'listReleaseCandidates'>(req, 'listReleaseCandidates');
    res.json({ items: (await grabs.list(params.series_id, params.volume)).map(releaseCandidateDto) });
  });

  routes.handle('grabRelease', async (req, res) => {
    const body = bodyOf(req, 'grabRelease');
    res.status(201).json(releaseGrabDto(await grabs.grab(body.candidate_id, clientGone(res))));
  });

  routes.handle('listReleaseGrabs', async (req, res) => {
    const params = queryOf<'listReleaseGrabs', 'page' | 'limit'>(req, 'listReleaseGrabs');
    const result = await grabs.page(params.status, params.page, params.limit);
    res.json(pageDto(result.items.map(releaseGrabDto), result.total, params.page, params.limit));
  });
}
