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
}
