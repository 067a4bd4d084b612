import { InMemoryNotificationChannel, type AgendaBackend, type NotificationChannel } from 'agenda';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createSqliteBackend } from './sqlite-backend/index.js';

export interface SelectedBackend {
  backend: AgendaBackend;
  /** Shown by /health. */
  name: 'postgresql' | 'sqlite' | 'mongodb';
  /** SQLite has no cross-process notifications: jobs started in this process are picked up at once, others by polling. */
  notificationChannel?: NotificationChannel;
  /** Releases what we opened for the backend (after Agenda has stopped). */
  close?: () => Promise<void>;
}

/**
 * Agenda's storage follows the database: MongoDB when MONGODB_URL is set, else the main database. The
 * backends and their drivers are imported on demand: the MongoDB driver alone weighs some 13 MB of memory, pg ~1.5 MB
 * of heap that a server on SQLite does not need.
 */
export async function selectJobBackend(config: Config, logger: Logger): Promise<SelectedBackend> {
  if (config.mongodbUrl) {
    const { MongoBackend } = await import('@agendajs/mongo-backend');
    return { backend: new MongoBackend({ address: config.mongodbUrl }), name: 'mongodb' };
  }
  if (config.database.kind === 'postgresql') {
    const { PostgresBackend } = await import('@agendajs/postgres-backend');
    const { default: pg } = await import('pg');
    // Our own pool, so that an idle connection dropped by the server (restart, failover) is logged rather
    // than raised as an unheard 'error' event, which would end the process.
    const pool = new pg.Pool({ connectionString: config.database.url, max: 4 });
    pool.on('error', (error) => logger.warn({ err: error }, 'job queue connection lost; it will be replaced'));
    return {
      backend: new PostgresBackend({ pool }),
      name: 'postgresql',
      close: () => pool.end(),
    };
  }
  return {
    backend: createSqliteBackend({ path: config.database.path }),
    name: 'sqlite',
    notificationChannel: new InMemoryNotificationChannel(),
  };
}
