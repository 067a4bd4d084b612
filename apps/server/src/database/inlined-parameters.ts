/**
 * MikroORM 7 writes every query parameter into the SQL text (Platform.formatQuery, each value quoted by the dialect)
 * and hands the driver the finished text with no parameters, on SQLite (kysely → better-sqlite3) and PostgreSQL
 * (kysely → pg) alike. Quoting keeps strings inert, but two kinds of value cannot be written as SQL: a non-finite
 * number becomes the bare word `Infinity` or `NaN`, and a NUL ends the statement for SQLite and is a protocol error
 * for PostgreSQL. The request edge refuses both (http/input-guard.ts); this refuses them again under every caller,
 * scans and jobs included, before any such text is sent.
 */
export class UninlinableParameterError extends Error {
  override readonly name = 'UninlinableParameterError';
}

function check(value: unknown): void {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new UninlinableParameterError(`a query parameter is ${value}, which SQL text cannot hold`);
  }
  if (typeof value === 'string' && value.includes('\u0000')) {
    throw new UninlinableParameterError('a query parameter holds a NUL character, which SQL text cannot hold');
  }
  if (Array.isArray(value)) value.forEach(check);
}

/** MikroORM's `onQuery` hook: returns the SQL unchanged once its parameters are known to be safe to inline. */
export function refuseUninlinableParameters(sql: string, params: readonly unknown[]): string {
  params.forEach(check);
  return sql;
}
