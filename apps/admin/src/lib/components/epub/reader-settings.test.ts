import { describe, expect, it } from 'vitest';
import { bookStyles, DEFAULT_SETTINGS, loadSettings, stepFontSize, storeSettings } from './reader-settings.js';

const memory = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe('the EPUB reader settings', () => {
  it('are kept in the browser, and anything unknown falls back to the default', () => {
    const storage = memory();
    expect(loadSettings(storage, false)).toEqual(DEFAULT_SETTINGS);
    expect(loadSettings(storage, true).theme).toBe('dark');
    storeSettings(storage, { ...DEFAULT_SETTINGS, fontSize: 140, theme: 'sepia', flow: 'scrolled' });
    expect(loadSettings(storage, true)).toMatchObject({ fontSize: 140, theme: 'sepia', flow: 'scrolled' });
    storage.setItem('shelfmark.epub-reader', '{"fontSize": 7, "theme": "neon", "margin": "huge"}');
    expect(loadSettings(storage, false)).toEqual(DEFAULT_SETTINGS);
    storage.setItem('shelfmark.epub-reader', 'not json');
    expect(loadSettings(storage, false)).toEqual(DEFAULT_SETTINGS);
  });

  it('step the text size through the offered sizes and stop at both ends', () => {
    expect(stepFontSize(100, 1)).toBe(110);
    expect(stepFontSize(100, -1)).toBe(90);
    expect(stepFontSize(70, -1)).toBe(70);
    expect(stepFontSize(200, 1)).toBe(200);
  });

  it("style the book with the theme's colours and leave the publisher's choices alone unless asked", () => {
    const colours = { paper: 'PAPER', ink: 'INK', link: 'LINK' };
    const plain = bookStyles(DEFAULT_SETTINGS, colours);
    expect(plain).toContain('--sm-ink: INK');
    expect(plain).toContain('--sm-size: 100%');
    expect(plain).not.toContain('font-family');
    expect(plain).not.toContain('line-height');
    const chosen = bookStyles({ ...DEFAULT_SETTINGS, fontFamily: 'sans', lineHeight: 'loose', theme: 'dark' }, colours);
    expect(chosen).toContain('font-family: system-ui');
    expect(chosen).toContain('line-height: 1.9');
    expect(chosen).toContain('color-scheme: dark');
  });
});
