import { describe, expect, it } from 'vitest';
import { isReadableInBrowser, openingPage } from './formats.js';

describe('the reader', () => {
  it('shows comic archives, PDF and EPUB', () => {
    for (const format of ['cbz', 'cbr', 'cb7', 'cbt', 'pdf', 'epub'] as const) {
      expect(isReadableInBrowser(format)).toBe(true);
    }
  });

  it('opens a book being read at its saved page, any other at the first', () => {
    expect(openingPage({ reading_status: 'reading', current_page: 7, page_count: 20 })).toBe(7);
    expect(openingPage({ reading_status: 'reading', current_page: 30, page_count: 20 })).toBe(20);
    expect(openingPage({ reading_status: 'read', current_page: 20, page_count: 20 })).toBe(1);
    expect(openingPage({ reading_status: 'unread', current_page: null, page_count: 20 })).toBe(1);
  });
});
