import type { FolderService } from '../../services/folder.service.js';
import { queryOf, type OperationRouter } from '../operation-router.js';

export function folderRoutes(routes: OperationRouter, folders: FolderService): void {
  routes.handle('listFolders', async (req, res) => {
    res.json(await folders.list(queryOf(req, 'listFolders').path));
  });
}
