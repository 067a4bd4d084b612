import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../../i18n/i18n-util.js';
import { loadAllLocales } from '../../../i18n/i18n-util.sync.js';
import { bookNumbersLabel, type BookNumbers } from './book-numbers.js';

loadAllLocales();
const en = i18nObject('en');
const fr = i18nObject('fr');
const numbers = (extra: Partial<BookNumbers>): BookNumbers => ({
  volume: null,
  volume_end: null,
  chapter: null,
  chapter_end: null,
  kind: 'regular',
  ...extra,
});

describe("a book's place in its series", () => {
  it('writes volumes and chapters with their ranges', () => {
    expect(bookNumbersLabel(numbers({ volume: 2, chapter: 10, chapter_end: 18 }), en, 'en')).toBe('Vol. 2 – Ch. 10–18');
    expect(bookNumbersLabel(numbers({ chapter: 15, kind: 'chapter' }), en, 'en')).toBe('Ch. 15');
    expect(bookNumbersLabel(numbers({ volume: 1, volume_end: 5, kind: 'integrale' }), en, 'en')).toBe('Omnibus 1–5');
    expect(bookNumbersLabel(numbers({ kind: 'hors_serie' }), en, 'en')).toBe('HS');
    expect(bookNumbersLabel(numbers({}), en, 'en')).toBe('');
  });

  it('speaks French: tomes, and decimal commas', () => {
    expect(bookNumbersLabel(numbers({ volume: 3, chapter: 10.5 }), fr, 'fr')).toBe('T. 3 – Ch. 10,5');
  });
});
