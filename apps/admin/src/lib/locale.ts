import type { Locales } from '../i18n/i18n-types.js';

export const LOCALES: readonly Locales[] = ['en', 'fr'];
export const LOCALE_COOKIE = 'shelfmark_locale';

function isLocale(value: string | undefined | null): value is Locales {
  return value !== undefined && value !== null && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language before sign-in: the cookie (a choice made earlier in this browser), else the browser's languages,
 * else English. After sign-in the account's stored choice wins (see applyAccountLocale).
 */
export function detectLocale(cookie: string, languages: readonly string[]): Locales {
  const fromCookie = /(?:^|;\s*)shelfmark_locale=([a-z]{2})/.exec(cookie)?.[1];
  if (isLocale(fromCookie)) return fromCookie;
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

export function localeCookie(locale: Locales): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function accountLocale(value: string | null | undefined): Locales | null {
  return isLocale(value) ? value : null;
}
