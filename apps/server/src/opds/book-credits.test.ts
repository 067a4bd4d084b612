import { describe, expect, it } from 'vitest';

import { atomCredits, opds2Credits, subjectsOf } from './book-credits.js';

describe('catalog credits', () => {
  const authors = [
    { name: 'Goscinny', role: 'writer' as const },
    { name: 'Uderzo', role: 'penciller' as const },
    { name: 'Uderzo', role: 'inker' as const },
    { name: 'Marie-Noëlle Pichard', role: 'colorist' as const },
    { name: 'Anthea Bell', role: 'translator' as const },
    { name: 'Albert Uderzo', role: 'cover' as const },
  ];

  it('credits writers and artists as Atom authors once each, and the others as contributors with their role', () => {
    expect(atomCredits(authors)).toEqual({
      authors: [{ name: 'Goscinny' }, { name: 'Uderzo' }],
      contributors: [
        { '@_role': 'colorist', '#text': 'Marie-Noëlle Pichard' },
        { '@_role': 'translator', '#text': 'Anthea Bell' },
        { '@_role': 'cover', '#text': 'Albert Uderzo' },
      ],
    });
  });

  it('files each role under its OPDS 2 key, a cover artist as an artist with the role cover', () => {
    expect(opds2Credits([...authors, { name: 'goscinny', role: 'writer' }, { name: 'Anon', role: 'author' }])).toEqual({
      author: [{ name: 'Goscinny' }, { name: 'Anon' }],
      penciler: [{ name: 'Uderzo' }],
      inker: [{ name: 'Uderzo' }],
      colorist: [{ name: 'Marie-Noëlle Pichard' }],
      translator: [{ name: 'Anthea Bell' }],
      artist: [{ name: 'Albert Uderzo', role: 'cover' }],
    });
  });

  it('tells genres from tags by their scheme', () => {
    expect(subjectsOf(['Aventure'], ['Gaule'])).toEqual([
      { name: 'Aventure', scheme: 'urn:shelfmark:genre' },
      { name: 'Gaule', scheme: 'urn:shelfmark:tag' },
    ]);
  });
});
