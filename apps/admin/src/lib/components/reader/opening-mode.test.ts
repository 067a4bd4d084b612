import { describe, expect, it } from 'vitest';
import { fitField, fitFor, looksLikeWebtoon, openingDirection } from './opening-mode.js';

const strip = { width: 400, height: 2000 };
const page = { width: 600, height: 900 };

describe('the opening mode', () => {
  it('knows a webtoon by its ComicInfo format or by most of its pages being strips', () => {
    expect(looksLikeWebtoon('Webtoon', [])).toBe(true);
    expect(looksLikeWebtoon(' webtoon ', [page])).toBe(true);
    expect(looksLikeWebtoon(null, [strip, strip, page])).toBe(true);
    expect(looksLikeWebtoon(null, [strip, page, page])).toBe(false);
    expect(looksLikeWebtoon(null, [{ width: 400, height: 1100 }])).toBe(false);
    expect(looksLikeWebtoon('Manga', [])).toBe(false);
    // Sizes the server does not know count for nothing.
    expect(looksLikeWebtoon(null, [undefined, { width: null, height: null }])).toBe(false);
  });

  it('opens a webtoon as one unless the reader or the series chose a direction', () => {
    const book = { comicFormat: 'Webtoon', sizes: [] };
    expect(openingDirection({ reading_direction: 'ltr', direction_source: 'library' }, book)).toBe('webtoon');
    expect(openingDirection(null, book)).toBe('webtoon');
    expect(openingDirection({ reading_direction: 'rtl', direction_source: 'series' }, book)).toBe('rtl');
    expect(openingDirection({ reading_direction: 'vertical', direction_source: 'reader' }, book)).toBe('vertical');
    const manga = { comicFormat: null, sizes: [page] };
    expect(openingDirection({ reading_direction: 'rtl', direction_source: 'library' }, manga)).toBe('rtl');
    expect(openingDirection(null, manga)).toBe('ltr');
  });

  it('keeps the fit of the paged and the scrolled modes apart, each with its own default', () => {
    const landscape = { width: 1366, height: 768 };
    const portrait = { width: 360, height: 740 };
    // A height saved while turning pages never reaches a column.
    expect(fitFor('webtoon', { fit: 'height', scroll_fit: null }, landscape)).toBe('width');
    expect(fitFor('vertical', { fit: 'height', scroll_fit: 'screen' }, landscape)).toBe('screen');
    expect(fitFor('ltr', { fit: null, scroll_fit: 'width' }, landscape)).toBe('height');
    expect(fitFor('rtl', { fit: null, scroll_fit: null }, portrait)).toBe('width');
    expect(fitFor('ltr', { fit: 'original', scroll_fit: null }, portrait)).toBe('original');
    expect(fitFor('ltr', null, landscape)).toBe('height');
    expect(fitField('ltr')).toBe('fit');
    expect(fitField('webtoon')).toBe('scroll_fit');
  });
});
