import type { BookUploadService } from '../../services/book-upload.service.js';
import { queryOf, type OperationRouter } from '../operation-router.js';
import { stagedUpload } from '../uploads.js';

export function bookUploadRoutes(routes: OperationRouter, uploads: BookUploadService): void {
  routes.handle('uploadBookFile', async (req, res) => {
    const query = queryOf<'uploadBookFile', 'series_id' | 'library_id'>(req, 'uploadBookFile');
    const { path, clientName } = stagedUpload(req, 'file');
    const result = await uploads.accept({
      staged: path,
      clientName,
      ...(query.series_id !== undefined ? { seriesId: query.series_id } : {}),
      ...(query.library_id !== undefined ? { libraryId: query.library_id } : {}),
    });
    res.status(201).json({
      outcome: result.outcome,
      format: result.format,
      import_id: result.importId,
      series_id: result.seriesId,
    });
  });
}
