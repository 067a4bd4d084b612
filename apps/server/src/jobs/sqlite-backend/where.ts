import type { SqlParams, SqlValue } from './connection.js';
import { dataToJson } from './rows.js';

/** Collects AND-ed conditions with their named parameters, so no caller value is ever spliced into SQL text. */
export class Where {
  readonly conditions: string[] = [];
  readonly params: SqlParams = {};
  private next = 0;

  /** Binds a value and returns its placeholder. */
  param(value: SqlValue): string {
    const key = `w${this.next++}`;
    this.params[key] = value;
    return `@${key}`;
  }

  add(condition: string): void {
    this.conditions.push(condition);
  }

  get isEmpty(): boolean {
    return this.conditions.length === 0;
  }

  toSql(): string {
    return this.isEmpty ? '' : `WHERE ${this.conditions.map((c) => `(${c})`).join(' AND ')}`;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function jsonPath(segments: string[]): string {
  for (const segment of segments) {
    // A query operator would silently match nothing here, while MongoDB would have evaluated it: say so instead.
    if (segment.startsWith('$'))
      throw new Error(`Query operators are not supported by the SQLite job backend: ${segment}`);
    if (segment.includes('"')) throw new Error(`Unsupported character in a job data key: ${JSON.stringify(segment)}`);
  }
  return `$${segments.map((s) => `."${s}"`).join('')}`;
}

/**
 * Matches one value inside `data` by JSON type as well as value, so that `true` does not match `1` and `'1'` does not
 * match `1` (json_extract alone returns SQL values, which lose that distinction). A null filter matches JSON null or a
 * missing key, as a MongoDB equality on null does.
 */
export function addJsonMatch(where: Where, segments: string[], value: unknown): void {
  const path = where.param(jsonPath(segments));
  const type = `json_type(data, ${path})`;
  const extracted = `json_extract(data, ${path})`;
  if (value === null || value === undefined) {
    where.add(`${type} IS NULL OR ${type} = 'null'`);
  } else if (typeof value === 'boolean') {
    where.add(`${type} = '${value ? 'true' : 'false'}'`);
  } else if (typeof value === 'number' || typeof value === 'bigint') {
    where.add(`${type} IN ('integer', 'real') AND ${extracted} = ${where.param(value)}`);
  } else if (typeof value === 'string' || value instanceof Date) {
    // Dates in job data were serialized by JSON.stringify, hence compared as their ISO text.
    where.add(`${type} = 'text' AND ${extracted} = ${where.param(value instanceof Date ? value.toJSON() : value)}`);
  } else {
    where.add(`${type} IN ('array', 'object') AND ${extracted} = json(${where.param(JSON.stringify(value))})`);
  }
}

/** Flattens `{ a: { b: 1 } }` to matches on `a.b`, like the MongoDB backend: a partial match on the data object. */
export function addDataMatch(where: Where, prefix: string[], filter: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(filter)) {
    const segments = [...prefix, key];
    if (isPlainObject(value)) addDataMatch(where, segments, value);
    else addJsonMatch(where, segments, value);
  }
}

/** A plain-object filter matches jobs whose data contains it; anything else must equal the whole data value. */
export function addDataFilter(where: Where, data: unknown): void {
  if (isPlainObject(data)) addDataMatch(where, [], data);
  else where.add(`data = ${where.param(dataToJson(data))}`);
}
