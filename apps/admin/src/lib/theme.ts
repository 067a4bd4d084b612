import { writable } from 'svelte/store';
import { trpc } from './trpc.js';

/**
 * The colour theme: the user's choice (light, dark or system) and what is applied (`data-theme` on <html>).
 * app.html's inline script applies it before first paint from the cookie; this module keeps it in step afterwards:
 * a choice in the account menu, the account's stored choice after sign-in, and the system's scheme while the choice
 * is "system". Keep THEME_COOKIE and the resolution in step with the script in app.html.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export type AppliedTheme = 'light' | 'dark';
export const THEME_COOKIE = 'shelfmark_theme';

export function isTheme(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The choice kept in this browser; "system" when none. */
export function themeFromCookie(cookie: string): ThemeChoice {
  const value = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([a-z]+)`).exec(cookie)?.[1];
  return isTheme(value) ? value : 'system';
}

export function themeCookie(choice: ThemeChoice): string {
  return `${THEME_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): AppliedTheme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** The current choice (the account menu's radio group reads it). */
export const themeChoice = writable<ThemeChoice>('system');

let current: ThemeChoice = 'system';
let media: MediaQueryList | undefined;

function apply(): void {
  const theme = resolveTheme(current, media?.matches ?? false);
  document.documentElement.dataset.theme = theme;
}

/** Applies a choice to the page and remembers it in this browser. */
export function useTheme(choice: ThemeChoice): void {
  current = choice;
  themeChoice.set(choice);
  document.cookie = themeCookie(choice);
  apply();
}

/** At start: the choice from the cookie, and the system's scheme followed live. */
export function startTheme(): void {
  media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', apply);
  current = themeFromCookie(document.cookie);
  themeChoice.set(current);
  apply();
}

/** A choice made in the account menu: kept in the cookie and, once signed in, in the account. */
export async function chooseTheme(choice: ThemeChoice, signedIn: boolean): Promise<void> {
  useTheme(choice);
  if (signedIn) await trpc.auth.setTheme.mutate({ body: { theme: choice } });
}

/** The account's stored choice, when it is one. */
export function accountTheme(value: string | null | undefined): ThemeChoice | null {
  return isTheme(value) ? value : null;
}
