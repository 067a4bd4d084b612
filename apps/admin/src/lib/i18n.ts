import { get } from 'svelte/store';
import { locale, setLocale } from '../i18n/i18n-svelte.js';
import type { Locales } from '../i18n/i18n-types.js';
import { loadAllLocales } from '../i18n/i18n-util.sync.js';
import { detectLocale, localeCookie } from './locale.js';
import { trpc } from './trpc.js';

loadAllLocales();

/** Applies a language to the page and remembers it in this browser. */
export function useLocale(next: Locales): void {
  setLocale(next);
  document.documentElement.lang = next;
  document.cookie = localeCookie(next);
}

export function startLocale(): void {
  useLocale(detectLocale(document.cookie, navigator.languages));
}

/** A choice made in the menu: kept in the cookie and, once signed in, in the account. */
export async function chooseLocale(next: Locales, signedIn: boolean): Promise<void> {
  useLocale(next);
  if (signedIn) await trpc.auth.setLocale.mutate({ body: { locale: next } });
}

export function currentLocale(): Locales {
  return get(locale);
}
