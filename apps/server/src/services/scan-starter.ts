import type { Job } from '../entities/job.entity.js';
import type { JobService } from './job.service.js';
import type { LibraryService } from './library.service.js';
import type { ScanMode } from './scan.service.js';

/** Starts scans: checks the library, then one `scan` job per library at a time. */
export class ScanStarter {
  constructor(
    private readonly libraries: LibraryService,
    private readonly jobs: JobService,
  ) {}

  async start(
    libraryId: string,
    mode: ScanMode,
    extra: { scheduled?: boolean } = {},
  ): Promise<{ job: Job; created: boolean }> {
    await this.libraries.require(libraryId);
    return this.jobs.start('scan', libraryId, { mode, ...extra });
  }
}
