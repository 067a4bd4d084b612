import { createRequire } from 'node:module';

/** The slice of better-sqlite3 an online backup needs (the package ships no types; see jobs/sqlite-backend). */
interface BackupConnection {
  pragma(source: string): unknown;
  backup(destination: string): Promise<unknown>;
  prepare(sql: string): { run(...params: unknown[]): unknown };
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

/**
 * The copy was taken by a running job, so it holds that job as running: restored, it would be taken up again and
 * back up once more. In the copy, the job is marked finished, and its queue entry then ends as soon as it runs.
 */
export function finishJobInCopy(copy: string, jobId: string, report: Record<string, unknown>): void {
  const Database = require('better-sqlite3') as BackupConnectionConstructor;
  const connection = new Database(copy, { fileMustExist: true });
  try {
    connection
      .prepare(
        `update jobs set status = 'succeeded', processed = 1, total = 1, current_item = null,
           finished_at = coalesce(started_at, created_at), report = ? where id = ?`,
      )
      .run(JSON.stringify(report), jobId);
    // Back to a single file: a restore copies one file.
    connection.pragma('journal_mode = DELETE');
  } finally {
    connection.close();
  }
}
