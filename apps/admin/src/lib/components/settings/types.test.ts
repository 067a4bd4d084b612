import { describe, expect, it } from 'vitest';
import { settingsTabOf } from './types.js';

describe('settingsTabOf', () => {
  it('reads the tab from ?tab=, an older #anchor, or opens General', () => {
    expect(settingsTabOf(new URL('http://x/settings?tab=about'))).toBe('about');
    expect(settingsTabOf(new URL('http://x/shelfmark/settings?tab=release-indexer'))).toBe('release-indexer');
    expect(settingsTabOf(new URL('http://x/settings#plugins'))).toBe('plugins');
    expect(settingsTabOf(new URL('http://x/settings#language'))).toBe('languages');
    expect(settingsTabOf(new URL('http://x/settings?tab=nope'))).toBe('general');
    expect(settingsTabOf(new URL('http://x/settings'))).toBe('general');
  });
});
