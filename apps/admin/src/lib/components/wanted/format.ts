import { formatBytes } from '../books/format.js';

/** A release's size as the books' file sizes are said (formatBytes), or null when unknown. */
export function formatSize(bytes: number | null | undefined, locale: string): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  return formatBytes(bytes, locale);
}

/** Whole days (or hours under a day) since `iso`, or null when the date is unknown or unreadable. */
export function ageOf(iso: string | null | undefined, now: number): { days: number } | { hours: number } | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const hours = Math.max(0, Math.floor((now - at) / 3_600_000));
  return hours < 24 ? { hours } : { days: Math.floor(hours / 24) };
}
