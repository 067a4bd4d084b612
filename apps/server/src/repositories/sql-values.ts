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

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
