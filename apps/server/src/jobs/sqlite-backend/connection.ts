import { createRequire } from 'node:module';

/** A value better-sqlite3 can bind; it rejects booleans and undefined, so callers convert first. */
export type SqlValue = string | number | bigint | null;
export type SqlParams = Record<string, SqlValue>;

export interface RunResult {
  changes: number;
}

export interface Statement<Row> {
  run(params?: SqlParams): RunResult;
  get(params?: SqlParams): Row | undefined;
  all(params?: SqlParams): Row[];
}

export interface Transaction<Args extends unknown[], Result> {
  (...args: Args): Result;
  /** Runs inside `BEGIN IMMEDIATE`: the write lock is taken before the first read, across connections. */
  immediate(...args: Args): Result;
}

/**
 * The slice of better-sqlite3's API this backend uses. The package ships no types and @types/better-sqlite3 is not a
 * dependency, so the shape is declared here instead of as a global module declaration that could clash later.
 */
export interface SqliteDatabase {
  readonly open: boolean;
  prepare<Row = unknown>(sql: string): Statement<Row>;
  exec(sql: string): unknown;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): Transaction<Args, Result>;
  close(): unknown;
}

type DatabaseConstructor = new (path: string) => SqliteDatabase;

const require = createRequire(import.meta.url);

export interface ConnectionOptions {
  path: string;
  /** SQLite's busy_timeout: how long a statement waits, synchronously, for another connection's lock. */
  busyTimeoutMs: number;
}

/**
 * Opens a connection of our own to the app's database file. WAL lets the app's readers and this connection work side
 * by side; the busy timeout makes a writer wait for another connection's or process's lock instead of failing.
 */
export function openConnection(options: ConnectionOptions): SqliteDatabase {
  // Loaded lazily so that importing the backend costs nothing when the app runs on PostgreSQL.
  const Database = require('better-sqlite3') as DatabaseConstructor;
  const db = new Database(options.path);
  try {
    // The timeout first: switching to WAL needs a moment of exclusive access if another connection is busy.
    db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs))}`);
    db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode; only a power loss can drop the last commits.
    db.pragma('synchronous = NORMAL');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
