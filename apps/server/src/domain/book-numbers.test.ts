import { describe, expect, it } from 'vitest';
import { bookNumbers, yearAsDate, type BookNumbers } from './book-numbers.js';

const named = (extra: Partial<BookNumbers> = {}): BookNumbers => ({
  volume: null,
  volumeEnd: null,
  chapter: null,
  chapterEnd: null,
  kind: 'regular',
  ...extra,
});

describe('bookNumbers: the file name first, ComicInfo for what it leaves out', () => {
  it('reads a manga tagged Volume 3, Number 25 as volume 3, chapter 25', () => {
    expect(bookNumbers(named(), { volume: 3, number: 25 })).toEqual(named({ volume: 3, chapter: 25 }));
  });

  it('reads a tankōbon whose Number repeats its Volume as that volume, with no chapter', () => {
    expect(bookNumbers(named(), { volume: 4, number: 4 })).toEqual(named({ volume: 4 }));
  });

  it('reads a western issue (no Volume, or a year there) as its number', () => {
    expect(bookNumbers(named(), { number: 12 })).toEqual(named({ volume: 12 }));
  });

  it('makes Number the chapter of a chapter-style name, and Volume its volume', () => {
    expect(bookNumbers(named({ kind: 'chapter', chapter: 45 }), { volume: 5, number: 45 })).toEqual(
      named({ kind: 'chapter', volume: 5, chapter: 45 }),
    );
    expect(bookNumbers(named({ kind: 'chapter' }), { number: 7 })).toEqual(named({ kind: 'chapter', chapter: 7 }));
  });

  it('never lets ComicInfo replace what the name says', () => {
    const name = named({ volume: 2, chapter: 10, chapterEnd: 18 });
    expect(bookNumbers(name, { volume: 9, number: 99 })).toEqual(name);
    expect(bookNumbers(named({ volume: 3 }), { number: 7 })).toEqual(named({ volume: 3 }));
  });

  it('keeps the kinds that are not plain volumes', () => {
    expect(bookNumbers(named({ kind: 'hors_serie', volume: 1 }), { number: 1 }).kind).toBe('hors_serie');
  });
});

describe('yearAsDate', () => {
  it('stores a year as its first day, like a year-only ComicInfo date', () => {
    expect(yearAsDate(2019)).toBe('2019-01-01');
    expect(yearAsDate(null)).toBeNull();
  });
});
