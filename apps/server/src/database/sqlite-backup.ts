import { createRequire } from 'node:module';

/** The slice of better-sqlite3 an online backup needs (the package ships no types; see jobs/sqlite-backend). */
interface BackupConnection {
  pragma(source: string): unknown;
  backup(destination: string): Promise<unknown>;
  close(): unknown;
}

type BackupConnectionConstructor = new (path: string, options: { fileMustExist: boolean }) => BackupConnection;

const require = createRequire(import.meta.url);

/**
 * Copies the SQLite database at `source` to `destination` with SQLite's online backup API, on a connection of its
 * own: the copy is consistent while the server keeps writing, and the pages are copied in steps between which the
 * event loop runs.
 */
export async function backUpSqlite(source: string, destination: string): Promise<void> {
  // Loaded lazily so that nothing of better-sqlite3 is loaded when the app runs on PostgreSQL.
  const Database = require('better-sqlite3') as BackupConnectionConstructor;
  const connection = new Database(source, { fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    await connection.backup(destination);
  } finally {
    connection.close();
  }
}
