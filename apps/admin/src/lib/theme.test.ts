import { describe, expect, it, vi } from 'vitest';

// theme.ts talks to the server only when a choice is made signed in; the pure rules are what is tested here.
vi.mock('./trpc.js', () => ({ trpc: {} }));
const { accountTheme, resolveTheme, themeCookie, themeFromCookie } = await import('./theme.js');

describe('the theme rules (the same as app.html’s pre-paint script)', () => {
  it('reads the choice from the cookie, "system" when none or unknown', () => {
    expect(themeFromCookie('a=1; shelfmark_theme=dark; b=2')).toBe('dark');
    expect(themeFromCookie('shelfmark_theme=light')).toBe('light');
    expect(themeFromCookie('shelfmark_theme=sepia')).toBe('system');
    expect(themeFromCookie('other_shelfmark_theme=dark')).toBe('system');
    expect(themeFromCookie('')).toBe('system');
  });

  it('resolves "system" from the device, and keeps an explicit choice whatever the device says', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('writes a year-long cookie for the whole site and accepts only known account themes', () => {
    expect(themeCookie('dark')).toBe('shelfmark_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(accountTheme('light')).toBe('light');
    expect(accountTheme('sepia')).toBeNull();
    expect(accountTheme(undefined)).toBeNull();
  });
});
