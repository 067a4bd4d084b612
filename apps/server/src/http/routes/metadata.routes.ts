import type { RemoteCoverService } from '../../services/remote-cover.service.js';
import type { MetadataService } from '../../services/metadata.service.js';
import { candidateDto, metadataLinkDto, missingVolumesDto, syncReportDto } from '../dto.js';
import { clientGone } from '../client-signal.js';
import { matchInput } from '../request-inputs.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';

export function metadataRoutes(routes: OperationRouter, metadata: MetadataService, covers: RemoteCoverService): void {
  routes.handle('searchMetadata', async (req, res) => {
    const body = bodyOf(req, 'searchMetadata');
    const candidates = await metadata.search(body.library_id, body.series_name, body.provider, clientGone(res));
    res.json({ items: candidates.map((candidate) => candidateDto(candidate, req.baseUrl, covers)) });
  });

  routes.handle('getRemoteCover', async (req, res, next) => {
    const { u, s } = queryOf(req, 'getRemoteCover');
    const file = await covers.file(u, s);
    // The address is signed and the image made once from it: the same address always answers the same bytes.
    res.type('image/jpeg').set('Cache-Control', 'private, max-age=31536000, immutable');
    res.sendFile(file, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });

  routes.handle('matchMetadata', async (req, res) => {
    const link = await metadata.match(matchInput(bodyOf(req, 'matchMetadata'), covers), clientGone(res));
    res.status(201).json(metadataLinkDto(link));
  });

  routes.handle('approveMetadataLink', async (req, res) => {
    const { link, report } = await metadata.approve(String(req.params.link_id), clientGone(res));
    res.json({ link: metadataLinkDto(link), report: syncReportDto(report) });
  });

  routes.handle('rejectMetadataLink', async (req, res) => {
    res.json(metadataLinkDto(await metadata.reject(String(req.params.link_id))));
  });

  routes.handle('listMetadataLinks', async (req, res) => {
    const params = queryOf(req, 'listMetadataLinks');
    const links = await metadata.links({
      libraryId: params.library_id,
      seriesName: params.series_name,
      status: params.status,
      limit: params.limit ?? 200,
    });
    res.json({ items: links.map(metadataLinkDto) });
  });

  routes.handle('previewMetadataLink', async (req, res) => {
    const linkId = String(req.params.link_id);
    res.json({ link_id: linkId, fields: await metadata.preview(linkId, clientGone(res)) });
  });

  routes.handle('deleteMetadataLink', async (req, res) => {
    await metadata.delete(String(req.params.link_id));
    res.status(204).end();
  });

  routes.handle('getMissingVolumes', async (req, res) => {
    res.json(missingVolumesDto(await metadata.missing(String(req.params.link_id))));
  });
}
