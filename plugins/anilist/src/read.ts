/**
 * Readers for untrusted JSON: every AniList field may be absent, null or of an unexpected type, and a wrong type must
 * read as "unknown" rather than leak into a record.
 */

export type JsonRecord = Readonly<Record<string, unknown>>;

export function asRecord(value: unknown): JsonRecord | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : null;
}

export function field(value: unknown, key: string): unknown {
  return asRecord(value)?.[key];
}

/** A trimmed, non-empty string, else null. */
export function asText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A positive whole number; AniList uses null for "not known yet", and 0 would be just as meaningless. */
export function asPositiveInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}
