import type { ImportService } from '../../services/import.service.js';
import { pageDto } from '../dto.js';
import { importEntryDto, importRecordDto } from '../import-dto.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';

/** The import queue and history (issue 37): admins only, by openapi.yaml's default security. */
export function importRoutes(routes: OperationRouter, imports: ImportService): void {
  routes.handle('listImports', async (req, res) => {
    const params = queryOf<'listImports', 'page' | 'limit'>(req, 'listImports');
    const result = await imports.queue(params.page, params.limit);
    res.json(pageDto(result.items.map(importEntryDto), result.total, params.page, params.limit));
  });

  routes.handle('importQueuedFile', async (req, res) => {
    const body = bodyOf(req, 'importQueuedFile');
    const entry = await imports.importEntry(String(req.params.import_id), {
      seriesId: body.series_id,
      volume: body.volume,
      replace: body.replace ?? false,
      userId: req.principal?.userId ?? undefined,
    });
    res.json(importEntryDto(entry));
  });

  routes.handle('ignoreImport', async (req, res) => {
    res.json(importEntryDto(await imports.ignore(String(req.params.import_id))));
  });

  routes.handle('listImportHistory', async (req, res) => {
    const params = queryOf<'listImportHistory', 'page' | 'limit'>(req, 'listImportHistory');
    const result = await imports.history(params.page, params.limit);
    res.json(pageDto(result.items.map(importRecordDto), result.total, params.page, params.limit));
  });

  routes.handle('undoImport', async (req, res) => {
    res.json(importRecordDto(await imports.undo(String(req.params.record_id), req.principal?.userId ?? undefined)));
  });
}
