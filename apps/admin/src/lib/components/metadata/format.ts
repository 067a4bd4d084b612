/** How long ago an ISO date was, in the page's language: "3 days ago", "il y a 3 jours". */
export function formatAge(iso: string, locale: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return iso;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'minute');
}

/** Volume numbers as a short list: 1–3, 5, 7.5. */
export function formatVolumes(volumes: readonly number[], locale: string): string {
  const number = new Intl.NumberFormat(locale);
  const sorted = [...new Set(volumes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && Number.isInteger(sorted[j]) && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${number.format(sorted[i]!)}–${number.format(sorted[j]!)}` : number.format(sorted[i]!));
    if (j - i === 1) parts.push(number.format(sorted[j]!));
    i = j + 1;
  }
  return parts.join(', ');
}
