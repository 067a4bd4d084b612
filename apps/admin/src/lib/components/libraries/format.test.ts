import { describe, expect, it } from 'vitest';
import { formatRelative } from './format.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelative', () => {
  it('says the last scan relatively in the page’s language', () => {
    expect(formatRelative('en', ago(12 * 60), NOW)).toBe('12 minutes ago');
    expect(formatRelative('fr', ago(12 * 60), NOW)).toBe('il y a 12 minutes');
    expect(formatRelative('en', ago(3 * 3600 + 59 * 60), NOW)).toBe('3 hours ago');
    expect(formatRelative('en', ago(26 * 3600), NOW)).toBe('yesterday');
    expect(formatRelative('fr', ago(26 * 3600), NOW)).toBe('hier');
    expect(formatRelative('en', ago(40 * 24 * 3600), NOW)).toBe('last month');
  });

  it('says "now" under a minute, even for a clock a little ahead', () => {
    expect(formatRelative('en', ago(20), NOW)).toBe('now');
    expect(formatRelative('en', ago(-5), NOW)).toBe('now');
    expect(formatRelative('fr', ago(0), NOW)).toBe('maintenant');
  });
});
