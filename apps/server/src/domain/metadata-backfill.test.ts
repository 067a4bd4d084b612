import { describe, expect, it } from 'vitest';
import { backfilledFields, type FileFields } from './metadata-backfill.js';

const EMPTY: FileFields = {
  authors: [],
  summary: null,
  isbn: null,
  publishDate: null,
  language: null,
  count: null,
  genres: [],
  publishers: [],
  imprint: null,
  tags: [],
  ageRating: null,
  ageRatingAge: null,
  webLinks: [],
  storyArcs: [],
  seriesGroup: null,
  characters: [],
  teams: [],
  locations: [],
  comicFormat: null,
  blackAndWhite: null,
};

const FILE: FileFields = {
  ...EMPTY,
  authors: [
    { name: 'Ada Writer', role: 'writer' },
    { name: 'Ben Penciller', role: 'penciller' },
    { name: 'Di Colorist', role: 'colorist' },
  ],
  summary: 'From the file',
  genres: ['Fantasy'],
  tags: ['night'],
  ageRating: 'Teen',
  ageRatingAge: 13,
  blackAndWhite: false,
};

describe('backfilledFields', () => {
  it('fills the empty fields with the file values, marked file, the age with its rating', () => {
    const result = backfilledFields(EMPTY, FILE, [], {});
    expect(result?.values).toEqual({
      authors: FILE.authors,
      summary: 'From the file',
      genres: ['Fantasy'],
      tags: ['night'],
      ageRating: 'Teen',
      ageRatingAge: 13,
      blackAndWhite: false,
    });
    expect(result?.metadataSources).toEqual({
      authors: 'file',
      summary: 'file',
      genres: 'file',
      tags: 'file',
      age_rating: 'file',
      black_and_white: 'file',
    });
  });

  it('keeps values already there, locked fields, and what a provider or an admin set (even emptied)', () => {
    const current = { ...EMPTY, summary: 'Stored', genres: [] };
    const result = backfilledFields(current, FILE, ['tags'], { genres: 'admin', authors: 'provider' });
    expect(result?.values).toEqual({ ageRating: 'Teen', ageRatingAge: 13, blackAndWhite: false });
    expect(result?.metadataSources).toEqual({
      genres: 'admin',
      authors: 'provider',
      age_rating: 'file',
      black_and_white: 'file',
    });
  });

  it('gives stored authors their roles when the file credits every one of them, and keeps others', () => {
    const names = (list: string[]) => list.map((name) => ({ name, role: 'writer' as const }));
    const same = backfilledFields({ ...FILE, authors: names(['ada writer', 'Ben Penciller']) }, FILE, [], {});
    expect(same?.values.authors).toEqual(FILE.authors);
    const other = backfilledFields({ ...FILE, authors: names(['Someone Else']) }, FILE, [], {});
    expect(other).toBeNull();
  });

  it('changes nothing a second time', () => {
    const once = backfilledFields(EMPTY, FILE, [], {})!;
    expect(backfilledFields({ ...EMPTY, ...once.values }, FILE, [], once.metadataSources)).toBeNull();
  });
});
