import type { ReaderProgressPort } from './kosync.service.js';
import type { ProgressChange, ProgressService } from './progress.service.js';

/** KOReader sync's reads and writes of a reader's progress, through the one ProgressService every client uses. */
export function kosyncProgress(progress: ProgressService): ReaderProgressPort {
  return {
    async read(userId, bookIds) {
      const found: Awaited<ReturnType<ReaderProgressPort['read']>> = new Map();
      for (const bookId of bookIds) {
        const record = await progress.get(userId, bookId);
        if (record) found.set(bookId, record);
      }
      return found;
    },
    async write(userId, bookId, write) {
      const change: ProgressChange = { status: write.status, percentage: write.percentage, device: write.device };
      if (write.currentPage !== null) change.page = write.currentPage;
      if (write.position !== null) change.position = write.position;
      if (write.deviceId !== null) change.deviceId = write.deviceId;
      await progress.record(userId, bookId, change);
    },
  };
}
