import { InMemoryNotificationChannel, type AgendaBackend, type NotificationChannel } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import { PostgresBackend } from '@agendajs/postgres-backend';
import type { Config } from '../config.js';
import { createSqliteBackend } from './sqlite-backend/index.js';

export interface SelectedBackend {
  backend: AgendaBackend;
  /** Shown by /health. */
  name: 'postgresql' | 'sqlite' | 'mongodb';
  /** SQLite has no cross-process notifications: jobs started in this process are picked up at once, others by polling. */
  notificationChannel?: NotificationChannel;
}

/** Agenda's storage follows the database: MongoDB when MONGODB_URL is set, else the main database. */
export function selectJobBackend(config: Config): SelectedBackend {
  if (config.mongodbUrl) {
    return { backend: new MongoBackend({ address: config.mongodbUrl }), name: 'mongodb' };
  }
  if (config.database.kind === 'postgresql') {
    return { backend: new PostgresBackend({ connectionString: config.database.url }), name: 'postgresql' };
  }
  return {
    backend: createSqliteBackend({ path: config.database.path }),
    name: 'sqlite',
    notificationChannel: new InMemoryNotificationChannel(),
  };
}
