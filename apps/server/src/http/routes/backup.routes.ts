import type { BackupService } from '../../services/backup.service.js';
import { backupDto, jobDto } from '../dto.js';
import type { OperationRouter } from '../operation-router.js';

export function backupRoutes(routes: OperationRouter, backups: BackupService): void {
  routes.handle('listBackups', async (_req, res) => {
    res.json({ items: (await backups.list()).map(backupDto) });
  });

  routes.handle('startBackup', async (_req, res) => {
    const { job, created } = await backups.start();
    res.status(created ? 202 : 200).json(jobDto(job));
  });

  routes.handle('downloadBackup', async (req, res, next) => {
    const backup = await backups.locate(String(req.params.name));
    res.attachment(backup.name);
    res.type('application/vnd.sqlite3');
    // A copy of every user's password digest: no shared cache keeps it.
    res.set('Cache-Control', 'no-store');
    // Streamed from the file (send sets Content-Length); a backup never changes, so neither ranges nor validators.
    res.sendFile(
      backup.absolute,
      { acceptRanges: false, lastModified: false, etag: false, cacheControl: false },
      (error) => {
        if (error && !res.headersSent) next(error);
      },
    );
  });
}
