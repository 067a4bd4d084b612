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
