import type { ReaderSettingsService } from '../../services/reader-settings.service.js';
import type { SeriesRef, SeriesService } from '../../services/series.service.js';
import type { Request } from 'express';
import {
  type CoverPaths,
  bookDto,
  metadataLinkDto,
  pageDto,
  readerSettingsDto,
  seriesDetailsDto,
  seriesItemDto,
  seriesMetadataDto,
} from '../dto.js';
import { metadataFilters, readerSettingsEdit, seriesEdit } from '../request-inputs.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';

const byName = (req: Request): SeriesRef => ({
  libraryId: String(req.params.library_id),
  name: String(req.params.series_name),
});
const byId = (req: Request): SeriesRef => ({ id: String(req.params.series_id) });

export function seriesRoutes(
  routes: OperationRouter,
  series: SeriesService,
  readerSettings: ReaderSettingsService,
  covers: CoverPaths,
): void {
  routes.handle('listSeries', async (req, res) => {
    const params = queryOf<'listSeries', 'page' | 'limit' | 'sort'>(req, 'listSeries');
    const result = await series.page(
      {
        q: params.q,
        libraryId: params.library_id,
        readingStatus: params.reading_status,
        seriesStatus: params.series_status,
        hasMissing: params.has_missing,
        ...metadataFilters(params),
      },
      params.page,
      params.limit,
      params.sort,
    );
    res.json(
      pageDto(
        result.items.map((item) => seriesItemDto(item, req.baseUrl, covers)),
        result.total,
        params.page,
        params.limit,
      ),
    );
  });

  // Before getSeries: Express would take `facets` for a series id.
  routes.handle('listSeriesFacets', async (req, res) => {
    const params = queryOf<'listSeriesFacets'>(req, 'listSeriesFacets');
    res.json(
      await series.facets(
        {
          q: params.q,
          libraryId: params.library_id,
          readingStatus: params.reading_status,
          seriesStatus: params.series_status,
          hasMissing: params.has_missing,
          ...metadataFilters(params),
        },
        params.facet,
      ),
    );
  });

  routes.handle('listLibrarySeries', async (req, res) => {
    const params = queryOf<'listLibrarySeries', 'page' | 'limit'>(req, 'listLibrarySeries');
    const result = await series.pageOfLibrary(String(req.params.library_id), params.q, params.page, params.limit);
    res.json(
      pageDto(
        result.items.map((item) => seriesItemDto(item, req.baseUrl, covers)),
        result.total,
        params.page,
        params.limit,
      ),
    );
  });

  routes.handle('listSeriesStatuses', async (_req, res) => {
    res.json({ items: await series.statuses() });
  });

  routes.handle('getSeriesMetadata', async (req, res) => {
    res.json(seriesMetadataDto(await series.metadata(byName(req))));
  });

  routes.handle('updateSeriesMetadata', async (req, res) => {
    const updated = await series.update(byName(req), seriesEdit(bodyOf(req, 'updateSeriesMetadata')));
    res.json(seriesMetadataDto(updated.series));
  });

  routes.handle('getSeries', async (req, res) => {
    res.json(seriesDetailsDto(await series.details(byId(req)), req.baseUrl, covers));
  });

  routes.handle('updateSeries', async (req, res) => {
    const updated = await series.update(byId(req), seriesEdit(bodyOf(req, 'updateSeries')));
    res.json(seriesDetailsDto(updated, req.baseUrl, covers));
  });

  routes.handle('listSeriesBooks', async (req, res) => {
    const params = queryOf<'listSeriesBooks', 'page' | 'limit'>(req, 'listSeriesBooks');
    const result = await series.bookPage(byId(req), params.page, params.limit);
    res.json(
      pageDto(
        result.items.map((book) => bookDto(book, req.baseUrl)),
        result.total,
        params.page,
        params.limit,
      ),
    );
  });

  routes.handle('listSeriesLinks', async (req, res) => {
    res.json({ items: (await series.metadataLinks(byId(req))).map(metadataLinkDto) });
  });

  routes.handle('getSeriesReaderSettings', async (req, res) => {
    res.json(readerSettingsDto(await readerSettings.get(byId(req))));
  });

  routes.handle('setSeriesReaderSettings', async (req, res) => {
    const updated = await readerSettings.update(byId(req), readerSettingsEdit(bodyOf(req, 'setSeriesReaderSettings')));
    res.json(readerSettingsDto(updated));
  });

  routes.handle('markSeriesRead', async (req, res) => {
    const body = bodyOf(req, 'markSeriesRead');
    const ref = { libraryId: body.library_id, name: body.series_name };
    res.json({ changed: await series.markRead(ref, body.status) });
  });
}
