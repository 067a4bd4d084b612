import { describe, expect, it } from 'vitest';
import { accountLocale, detectLocale } from './locale.js';

describe('detectLocale', () => {
  it('prefers the cookie, then the browser languages, then English', () => {
    expect(detectLocale('a=1; shelfmark_locale=fr', ['en-GB'])).toBe('fr');
    expect(detectLocale('', ['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(detectLocale('shelfmark_locale=xx', ['de'])).toBe('en');
  });

  it('accepts only known account locales', () => {
    expect(accountLocale('fr')).toBe('fr');
    expect(accountLocale('de')).toBeNull();
    expect(accountLocale(null)).toBeNull();
  });
});
