import type { EntityManager } from '@mikro-orm/sql';
import { refuseUninlinableParameters } from '../database/inlined-parameters.js';
import type { SqlDialect } from './sql-values.js';

/** What is used of a better-sqlite3 statement and database (its types are not a dependency). */
interface Statement {
  all(params: unknown[]): unknown[];
  run(params: unknown[]): { changes: number };
}
interface NativeSqlite {
  prepare(sql: string): Statement;
}

/** Statements kept per database, by their text, most recently used last. */
const kept = new WeakMap<NativeSqlite, Map<string, Statement>>();
/** A scan's batches repeat a few shapes (a full batch of books, of files, of series): the rest are one-offs. */
const KEPT_PER_DATABASE = 16;

function prepared(database: NativeSqlite, sql: string): Statement {
  let statements = kept.get(database);
  if (!statements) kept.set(database, (statements = new Map<string, Statement>()));
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else statement = database.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > KEPT_PER_DATABASE) statements.delete(statements.keys().next().value!);
  return statement;
}

/**
 * Runs a large statement of the scan's batches (hundreds of rows or ids), on SQLite with bound parameters through a
 * statement prepared once per shape. Why: `em.execute` writes the parameters into the SQL text, so on SQLite every
 * batch compiles a new statement holding its values, and better-sqlite3 frees a statement only when V8 collects its
 * small wrapper, which it does not hurry to do. A 100k-file first scan held tens of MB of dead statements (about
 * 1 MB per 250-row insert) that malloc then kept (bench/scan/first-scan-memory.ts). PostgreSQL compiles statements in
 * its own process: `em.execute` as before.
 *
 * Only inside a transaction (`em.transactional`): it holds SQLite's one connection, so nothing else runs in between.
 * The values must be what SQLite stores (numbers for timestamps and booleans, text for JSON); undefined is stored as
 * null.
 */
export async function executeBatch<T extends object[]>(
  em: EntityManager,
  dialect: SqlDialect,
  sql: string,
  params: readonly unknown[],
  method: 'all' | 'run',
): Promise<T | undefined> {
  // Written into the SQL text by em.execute, an undefined value would read as a column name.
  const values = params.map((value) => (value === undefined ? null : value));
  if (dialect !== 'sqlite' || !em.isInTransaction()) {
    const result = await em.execute<T>(sql, values, method);
    return method === 'all' ? result : undefined;
  }
  // Refused here as under em.execute, so a value is stored or refused alike on both databases.
  refuseUninlinableParameters(sql, values);
  const connection = em.getConnection() as unknown as { getNativeClient(): Promise<NativeSqlite> };
  const statement = prepared(await connection.getNativeClient(), sql);
  if (method === 'all') return statement.all(values) as T;
  statement.run(values);
  return undefined;
}
