const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A Prowlarr `publishDate` as RFC 3339 in UTC, or null. .NET writes up to seven fractional digits, and a date with no
 * zone is UTC (Prowlarr stores UTC); `0001-01-01…` is .NET's DateTime.MinValue, which means "unknown".
 */
export function toRfc3339(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE_TIME.exec(value.trim());
  if (match === null) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? '0'));
  const fraction = match[7] ?? '';
  const zone = match[8] ?? 'Z';
  // Date.UTC would roll 2024-02-30 over to March 1st: such a date is invalid, not another day.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const time = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes(zone) * 60_000;
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

/** `Z`, `+02:00` or `-0500`, in minutes east of UTC. */
function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
}
