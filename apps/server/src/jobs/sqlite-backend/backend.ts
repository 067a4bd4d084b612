import type { AgendaBackend } from 'agenda';
import { SqliteJobRepository } from './repository.js';

export interface SqliteBackendOptions {
  /** The SQLite database file; usually the app's own, which MikroORM opens too. */
  path: string;
  /** Defaults to `agenda_jobs`, the name the app's schema checks leave alone. */
  tableName?: string;
  /**
   * How long an operation waits for another connection's or process's lock before failing; defaults to 10 s. Only
   * the first few milliseconds are waited inside SQLite (blocking); the rest between retries, see busy.ts.
   */
  busyTimeoutMs?: number;
}

/**
 * Agenda storage on SQLite. No notification channel: SQLite has no LISTEN/NOTIFY, so Agenda polls every
 * `processEvery`. (Within one process, Agenda's `notificationChannel: new InMemoryNotificationChannel()` option makes
 * jobs saved by that Agenda start at once.) No job logger either: Agenda's `logging` option then logs nothing.
 */
export class SqliteBackend implements AgendaBackend {
  readonly name = 'SQLite';
  /** The backend opens its own connection, so agenda.stop() and drain() close it. */
  readonly ownsConnection = true;
  readonly repository: SqliteJobRepository;

  constructor(options: SqliteBackendOptions) {
    this.repository = new SqliteJobRepository({
      path: options.path,
      tableName: options.tableName ?? 'agenda_jobs',
      busyTimeoutMs: options.busyTimeoutMs ?? 10_000,
    });
  }

  connect(): Promise<void> {
    return this.repository.connect();
  }

  disconnect(): Promise<void> {
    return this.repository.disconnect();
  }
}
