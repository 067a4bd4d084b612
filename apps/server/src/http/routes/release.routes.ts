import type { FoundRelease, ReleaseService } from '../../services/release.service.js';
import { clientGone } from '../client-signal.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';

function releaseDto(release: FoundRelease) {
  return {
    guid: release.guid,
    title: release.title,
    size: release.sizeBytes,
    indexer: release.indexer,
    protocol: release.protocol,
    seeders: release.seeders,
    leechers: release.leechers,
    publish_date: release.publishDate,
    download_url: release.downloadUrl,
    info_url: release.infoUrl,
    categories: release.categories,
    volumes: release.volumes,
    fills_missing: release.fillsMissing,
  };
}

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
    res.json({ ok: result.ok, message: result.message, indexer_count: result.indexerCount ?? null });
  });
}
