import type { DatabaseKind, Orm } from '../database/orm.js';

export interface HealthReport {
  status: 'ok' | 'degraded';
  version: string;
  database: { kind: DatabaseKind; ok: boolean };
  jobs: { backend: string; ok: boolean };
}

export class HealthService {
  constructor(
    private readonly orm: Orm,
    private readonly databaseKind: DatabaseKind,
    private readonly version: string,
    private readonly jobsBackend: () => { backend: string; ok: boolean },
  ) {}

  async report(): Promise<HealthReport> {
    let databaseOk = true;
    try {
      await this.orm.em.getConnection().execute('select 1');
    } catch {
      databaseOk = false;
    }
    const jobs = this.jobsBackend();
    return {
      status: databaseOk && jobs.ok ? 'ok' : 'degraded',
      version: this.version,
      database: { kind: this.databaseKind, ok: databaseOk },
      jobs,
    };
  }
}
