/** A size in bytes the way people read it (binary units, in the page's language), or null when unknown. */
export function formatSize(bytes: number | null | undefined, locale: string): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** Whole days (or hours under a day) since `iso`, or null when the date is unknown or unreadable. */
export function ageOf(iso: string | null | undefined, now: number): { days: number } | { hours: number } | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const hours = Math.max(0, Math.floor((now - at) / 3_600_000));
  return hours < 24 ? { hours } : { days: Math.floor(hours / 24) };
}
