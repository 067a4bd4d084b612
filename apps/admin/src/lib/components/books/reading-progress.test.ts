import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../../i18n/i18n-util.js';
import { loadAllLocales } from '../../../i18n/i18n-util.sync.js';
import { pageReached, progressPercent, progressText, type ProgressFacts } from './reading-progress.js';

loadAllLocales();
const en = i18nObject('en');
const fr = i18nObject('fr');
const book = (extra: Partial<ProgressFacts>): ProgressFacts => ({
  format: 'cbz',
  reading_status: 'reading',
  current_page: 1,
  page_count: 10,
  ...extra,
});

describe("a reader's place in a book", () => {
  it('shows current_page as it is: the reader at 1/10 is "Page 1 of 10", never page 2', () => {
    expect(pageReached(book({}))).toEqual({ page: 1, count: 10 });
    expect(progressText(book({}), en)).toBe('Page 1 of 10');
    expect(progressText(book({ current_page: 10 }), fr)).toBe('Page 10 sur 10');
    expect(progressPercent(book({ current_page: 5 }))).toBe(50);
    expect(progressPercent(book({ current_page: 10 }))).toBe(100);
  });

  it('keeps a page past a rewritten book within it, and tells nothing when unread or unknown', () => {
    expect(pageReached(book({ current_page: 14 }))).toEqual({ page: 10, count: 10 });
    expect(progressText(book({ reading_status: 'unread' }), en)).toBeNull();
    expect(progressText(book({ page_count: null }), en)).toBeNull();
    expect(progressPercent(book({ reading_status: 'unread' }))).toBeNull();
    expect(progressPercent(book({ reading_status: 'read', current_page: null }))).toBe(100);
  });

  it('tells an EPUB as a percentage, never as a page', () => {
    const epub = book({ format: 'epub', current_page: 1, page_count: null, reading_percentage: 0.354 });
    expect(pageReached(epub)).toBeNull();
    expect(progressPercent(epub)).toBe(35);
    expect(progressText(epub, en)).toBe('35% read');
    expect(progressText(epub, fr)).toBe('35 % lu');
    expect(progressText({ ...epub, reading_percentage: undefined }, en)).toBeNull();
    expect(progressPercent(book({ format: 'epub', page_count: 300, current_page: 1 }))).toBeNull();
  });
});
