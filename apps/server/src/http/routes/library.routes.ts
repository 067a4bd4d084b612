import type { LibraryService } from '../../services/library.service.js';
import type { ScanStarter } from '../../services/scan-starter.js';
import { jobDto, libraryCreatedDto, libraryDto, pageDto } from '../dto.js';
import { libraryInput } from '../request-inputs.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';

export function libraryRoutes(routes: OperationRouter, libraries: LibraryService, scans: ScanStarter): void {
  routes.handle('listLibraries', async (req, res) => {
    const { page, limit } = queryOf<'listLibraries', 'page' | 'limit'>(req, 'listLibraries');
    const result = await libraries.page(page, limit);
    res.json(pageDto(result.items.map(libraryDto), result.total, page, limit));
  });

  routes.handle('createLibrary', async (req, res) => {
    const body = bodyOf(req, 'createLibrary');
    const created = await libraries.create({ ...libraryInput(body), name: body.name, rootPath: body.root_path });
    res.status(201).location(`${req.baseUrl}/libraries/${created.library.id}`).json(libraryCreatedDto(created));
  });

  routes.handle('previewNamingTemplate', (req, res) => {
    res.json({ examples: libraries.previewNaming(queryOf(req, 'previewNamingTemplate').template) });
  });

  routes.handle('getLibrary', async (req, res) => {
    res.json(libraryDto(await libraries.get(String(req.params.library_id))));
  });

  routes.handle('updateLibrary', async (req, res) => {
    res.json(
      libraryDto(await libraries.update(String(req.params.library_id), libraryInput(bodyOf(req, 'updateLibrary')))),
    );
  });

  routes.handle('scanLibrary', async (req, res) => {
    const { mode } = (req.body ?? {}) as { mode?: 'incremental' | 'full' };
    const { job, created } = await scans.start(String(req.params.library_id), mode ?? 'incremental');
    res.status(created ? 202 : 200).json(jobDto(job));
  });

  routes.handle('deleteLibrary', async (req, res) => {
    await libraries.delete(String(req.params.library_id));
    res.status(204).end();
  });
}
