import { describe, expect, it } from 'vitest';
import { bookSearchText, fold, likePattern, volumeSort } from './search-text.js';

describe('fold', () => {
  it.each([
    ['Les Légendaires', 'les legendaires'],
    ['ÉTÉ  À   Noël', 'ete a noel'],
    ['Œuvres complètes', 'oeuvres completes'],
    ['Straße', 'strasse'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['  trimmed ', 'trimmed'],
    ['Çà et là', 'ca et la'],
  ])('%s → %s', (input, expected) => {
    expect(fold(input)).toBe(expected);
  });
});

describe('bookSearchText', () => {
  it('holds the series, the title and every author, folded, without letting words run into each other', () => {
    const text = bookSearchText('Les Légendaires', 'Le Gardien', ['Patrick Sobral', 'Jessica Jung']);
    expect(text).toContain('les legendaires');
    expect(text).toContain('le gardien');
    expect(text).toContain('jessica jung');
    expect(text).not.toContain('legendaires le gardien');
  });

  it('works without a series', () => {
    expect(bookSearchText(null, 'Solo', [])).toContain('solo');
  });
});

describe('likePattern', () => {
  it('folds the query and escapes LIKE wildcards', () => {
    expect(likePattern('Légendaires')).toBe('%legendaires%');
    expect(likePattern('100%_\\')).toBe('%100\\%\\_\\\\%');
  });
});

describe('volumeSort', () => {
  it('puts unnumbered volumes after every numbered one', () => {
    expect(volumeSort(null)).toBeGreaterThan(volumeSort(99999));
    expect(volumeSort(12.5)).toBe(12.5);
  });
});
