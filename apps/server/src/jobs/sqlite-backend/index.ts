import type { AgendaBackend } from 'agenda';
import { SqliteBackend, type SqliteBackendOptions } from './backend.js';
import { assertTableName } from './schema.js';

export { SqliteBackend, type SqliteBackendOptions } from './backend.js';

/**
 * An Agenda backend that keeps jobs in a table of a SQLite file. Give each Agenda instance its own backend: Agenda
 * connects it on construction and closes it on stop().
 */
export function createSqliteBackend(options: SqliteBackendOptions): AgendaBackend {
  if (!options.path) throw new Error('createSqliteBackend needs the path of the SQLite database file');
  assertTableName(options.tableName ?? 'agenda_jobs');
  return new SqliteBackend(options);
}
