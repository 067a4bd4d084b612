import { describe, expect, it } from 'vitest';
import { seriesFromBooks, type BookFactsForSeries } from './series-from-books.js';

const book = (facts: Partial<BookFactsForSeries>): BookFactsForSeries => ({
  volume: null,
  chapter: null,
  summary: null,
  publishers: [],
  imprint: null,
  genres: [],
  tags: [],
  ageRating: null,
  ageRatingAge: null,
  language: null,
  publishDate: null,
  authors: [],
  count: null,
  ...facts,
});

describe('seriesFromBooks', () => {
  it('says nothing for books that say nothing', () => {
    expect(seriesFromBooks([book({}), book({ volume: 1 })])).toEqual({
      description: null,
      descriptionFromVolume: null,
      publishers: [],
      imprint: null,
      genres: [],
      tags: [],
      ageRating: null,
      ageRatingAge: null,
      language: null,
      startYear: null,
      authors: [],
      totalVolumes: null,
    });
  });

  it('takes the description of the first numbered book with a summary', () => {
    const filled = seriesFromBooks([
      book({ summary: 'A special, unnumbered' }),
      book({ volume: 1, summary: '  ' }),
      book({ volume: 2, summary: 'Volume two' }),
      book({ volume: 3, summary: 'Volume three' }),
    ]);
    expect(filled).toMatchObject({ description: 'Volume two', descriptionFromVolume: 2 });
    expect(seriesFromBooks([book({ summary: 'Only one' })])).toMatchObject({
      description: 'Only one',
      descriptionFromVolume: null,
    });
  });

  it('orders publishers by how many books name them, and keeps the most common imprint and language', () => {
    const filled = seriesFromBooks([
      book({ publishers: ['Dargaud'], imprint: 'Pilote', language: 'en' }),
      book({ publishers: ['Dupuis', 'dargaud'], imprint: 'Vertigo', language: 'fr' }),
      book({ publishers: ['Dupuis'], imprint: 'Vertigo', language: 'fr' }),
      book({ publishers: ['Dupuis'] }),
    ]);
    expect(filled.publishers).toEqual(['Dupuis', 'Dargaud']);
    expect(filled.imprint).toBe('Vertigo');
    expect(filled.language).toBe('fr');
  });

  it('unites genres and tags in the order books first give them, each once whatever its case', () => {
    const filled = seriesFromBooks([
      book({ genres: ['Fantasy'], tags: ['magic'] }),
      book({ genres: ['fantasy', 'Humour'], tags: ['Dragons', 'MAGIC'] }),
    ]);
    expect(filled.genres).toEqual(['Fantasy', 'Humour']);
    expect(filled.tags).toEqual(['magic', 'Dragons']);
  });

  it('keeps the highest age rating, an unknown one only when no book has a known one', () => {
    expect(
      seriesFromBooks([
        book({ ageRating: 'Rating by the shop', ageRatingAge: null }),
        book({ ageRating: 'Teen', ageRatingAge: 13 }),
        book({ ageRating: 'Everyone', ageRatingAge: 0 }),
        book({ ageRating: 'Mature 17+', ageRatingAge: 17 }),
      ]),
    ).toMatchObject({ ageRating: 'Mature 17+', ageRatingAge: 17 });
    expect(seriesFromBooks([book({ ageRating: 'Odd', ageRatingAge: null })])).toMatchObject({
      ageRating: 'Odd',
      ageRatingAge: null,
    });
  });

  it('starts the series in its earliest book year and counts the volumes its books announce', () => {
    const filled = seriesFromBooks([
      book({ publishDate: '2004-05-01', count: 20 }),
      book({ publishDate: '1999-01-01', count: 23 }),
      book({ publishDate: null, count: 0 }),
    ]);
    expect(filled.startYear).toBe(1999);
    expect(filled.totalVolumes).toBe(23);
  });

  it('credits each person once per role, those named by more books first', () => {
    const filled = seriesFromBooks([
      book({
        authors: [
          { name: 'Guest Artist', role: 'penciller' },
          { name: 'Jean Van Hamme', role: 'writer' },
        ],
      }),
      book({
        authors: [
          { name: 'Jean Van Hamme', role: 'writer' },
          { name: 'William Vance', role: 'penciller' },
        ],
      }),
      book({
        authors: [
          { name: 'jean van hamme', role: 'writer' },
          { name: 'William Vance', role: 'penciller' },
        ],
      }),
      book({ authors: [{ name: 'William Vance', role: 'cover' }] }),
    ]);
    expect(filled.authors).toEqual([
      { name: 'Jean Van Hamme', role: 'writer' },
      { name: 'William Vance', role: 'penciller' },
      { name: 'Guest Artist', role: 'penciller' },
      { name: 'William Vance', role: 'cover' },
    ]);
  });
});
