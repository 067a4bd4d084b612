/** Numbers, dates and plural forms per locale, by Intl, so a count reads "1 234" in French and "1,234" in English. */

export function formatNumber(locale: string, value: number): string {
  return new Intl.NumberFormat(locale).format(value);
}

export function formatDateTime(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The dictionary holds two forms of a counted noun; Intl picks which (French counts 0 and 1 as singular, English
 * only 1). Languages with more forms would add keys.
 */
export function pluralForm(locale: string, value: number): 'one' | 'other' {
  return new Intl.PluralRules(locale).select(value) === 'one' ? 'one' : 'other';
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * How long ago (or in how long) `iso` is from `now`, in the page's locale: "12 minutes ago", "il y a 12 minutes",
 * "yesterday", "hier". The largest unit that fits is used; under a minute reads "now" ("maintenant").
 */
export function formatRelative(locale: string, iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 60) return format.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
