/**
 * Raw rows differ by driver: PostgreSQL gives numbers as strings for bigint/count, JSON already parsed and
 * timestamps as Date; SQLite gives JSON as text and timestamps as epoch milliseconds. These read either.
 */
export function toNumber(value: number | string | bigint): number {
  return Number(value);
}

export function toNullableNumber(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

export function toDate(value: Date | number | string): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  return /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
}

export function toStringList(value: string[] | string | null): string[] {
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : value;
}

/** A JSON list of objects (authors, story arcs): PostgreSQL gives it parsed, SQLite as text. */
export function toJsonList<T>(value: T[] | string | null): T[] {
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/** A JSON object column: PostgreSQL gives it parsed, SQLite as text. */
export function toJsonObject<T extends object>(value: T | string | null): T | null {
  if (value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type SqlDialect = 'sqlite' | 'postgresql';
export type SqlColumnType =
  'uuid' | 'integer' | 'bigint' | 'double precision' | 'text' | 'jsonb' | 'boolean' | 'timestamptz';

/**
 * A column `updateFromValues` sets: to its value, or to what `set` makes of it (given the value's SQL, e.g. to
 * compare it with the row's current value: every expression of a SET sees the row as it was).
 */
export interface ValuesColumn {
  name: string;
  type: SqlColumnType;
  set?: (value: string) => string;
}

/** A timestamp as a raw query passes it: SQLite stores epoch milliseconds, PostgreSQL a timestamptz. */
export function timestampParam(dialect: SqlDialect, at: Date): Date | number {
  return dialect === 'sqlite' ? at.getTime() : at;
}

/**
 * One `UPDATE … FROM (VALUES …)` for many rows, matched on `id` (the first value of each row): a statement per row
 * costs a prepare each, and thousands of them in a burst leave their native memory to the garbage collector
 * (100 MB after a 10k-series scan). Both databases name the columns of a VALUES list column1, column2…;
 * PostgreSQL cannot infer the types of parameters there, so each column is cast to its type.
 */
export function updateFromValues(
  dialect: SqlDialect,
  table: string,
  columns: readonly ValuesColumn[],
  rows: readonly (readonly unknown[])[],
): { sql: string; params: unknown[] } {
  const cell = (type: SqlColumnType) => (dialect === 'postgresql' ? `?::${type}` : '?');
  const row = `(${[cell('uuid'), ...columns.map((column) => cell(column.type))].join(', ')})`;
  const sets = columns
    .map((column, i) => `${column.name} = ${column.set ? column.set(`v.column${i + 2}`) : `v.column${i + 2}`}`)
    .join(', ');
  return {
    sql: `update ${table} set ${sets} from (values ${rows.map(() => row).join(', ')}) as v where ${table}.id = v.column1`,
    // The values are written into the statement's text, where an undefined one would read as a column name.
    params: rows.flat().map((value) => (value === undefined ? null : value)),
  };
}

/**
 * One multi-row `INSERT` of plain values, in the order of `columns`: the scan stores its books and files this way
 * rather than through `em.insertMany`, whose per-entity work (validation, property mapping, onCreate hooks) was a
 * tenth of the event loop's time in a first scan. JSON columns are given as text (JSON.stringify) and timestamps as
 * `timestampParam` makes them: the parameters are written into the SQL text, where an array would become a list.
 */
export function insertValues(
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): { sql: string; params: unknown[] } {
  const row = `(${placeholders(columns.length)})`;
  return {
    sql: `insert into ${table} (${columns.join(', ')}) values ${rows.map(() => row).join(', ')}`,
    // The values are written into the statement's text, where an undefined one would read as a column name.
    params: rows.flat().map((value) => (value === undefined ? null : value)),
  };
}
