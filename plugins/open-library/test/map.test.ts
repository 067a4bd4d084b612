import { BadResponseError } from '@shelfmark/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { isIsbn10, isIsbn13, pickIsbn } from '../src/isbn.js';
import { isoFromMarc, marcFromIso } from '../src/language.js';
import {
  coverUrl,
  seriesFromSearch,
  seriesFromWork,
  seriesKey,
  seriesLanguage,
  volumeLanguage,
  volumeNumberFor,
  volumesOfSeries,
  withLinkedWork,
} from '../src/map.js';
import { parseSearchResponse, parseWork, yearFromFreeText } from '../src/parse.js';
import type { SearchDoc, Work } from '../src/parse.js';

/** PROVIDERS.md §2.2's example answer. */
const MAUS_SEARCH = {
  numFound: 2,
  docs: [
    {
      key: '/works/OL9001W',
      title: 'Maus 1',
      author_name: ['Art S.'],
      publisher: ['Pantheon'],
      first_publish_year: 1986,
      cover_i: 4242,
      isbn: ['9780000000101'],
      number_of_pages_median: 159,
      language: ['eng'],
    },
    { key: '/works/OL9002W', title: 'Maus 2', author_name: ['Art S.'], first_publish_year: 1991 },
  ],
};

function doc(overrides: Partial<SearchDoc> & Pick<SearchDoc, 'key' | 'title'>): SearchDoc {
  return {
    authorNames: [],
    publishers: [],
    firstPublishYear: null,
    coverId: null,
    isbns: [],
    pagesMedian: null,
    languages: [],
    ...overrides,
  };
}

function work(overrides: Partial<Work> & { key: string; title: string }): Work & { title: string } {
  return {
    description: null,
    coverId: null,
    firstPublishYear: null,
    redirectTo: null,
    deleted: false,
    ...overrides,
  };
}

describe('language codes', () => {
  it('maps ISO 639-1 to the MARC codes Open Library stores', () => {
    expect(marcFromIso('fr')).toBe('fre');
    expect(marcFromIso('es')).toBe('spa');
    expect(marcFromIso('de')).toBe('ger');
    expect(marcFromIso('ja')).toBe('jpn');
    expect(marcFromIso('en')).toBe('eng');
  });

  it('reads regional tags by their primary language and ignores case', () => {
    expect(marcFromIso('FR-ca')).toBe('fre');
    expect(marcFromIso('pt_BR')).toBe('por');
  });

  it('gives no code (so no filter) for unknown or empty languages instead of falling back to English', () => {
    expect(marcFromIso('xx')).toBeNull();
    expect(marcFromIso('')).toBeNull();
    expect(marcFromIso(undefined)).toBeNull();
  });

  it('maps MARC codes back to ISO 639-1, terminology spellings included', () => {
    expect(isoFromMarc('fre')).toBe('fr');
    expect(isoFromMarc('fra')).toBe('fr');
    expect(isoFromMarc('GER')).toBe('de');
    expect(isoFromMarc('chi')).toBe('zh');
    expect(isoFromMarc('mul')).toBeNull();
    expect(isoFromMarc('und')).toBeNull();
  });
});

describe('ISBN choice', () => {
  it('validates check digits', () => {
    expect(isIsbn13('9780394747231')).toBe(true);
    expect(isIsbn13('9780394747232')).toBe(false);
    expect(isIsbn10('0394747232')).toBe(true);
    expect(isIsbn10('080442957X')).toBe(true);
    expect(isIsbn10('0394747233')).toBe(false);
  });

  it('prefers a valid ISBN-13 even when an ISBN-10 comes first', () => {
    expect(pickIsbn(['0394747232', '9780394747231'])).toBe('9780394747231');
  });

  it('strips hyphens and spaces', () => {
    expect(pickIsbn(['978-0-394-74723-1'])).toBe('9780394747231');
    expect(pickIsbn(['0 8044 2957 x'])).toBe('080442957X');
  });

  it('skips malformed values and falls back to ISBN-10', () => {
    expect(pickIsbn(['9780394747230', 'B000FC0SIM', '0394747232'])).toBe('0394747232');
  });

  it('is null when nothing valid is left', () => {
    expect(pickIsbn([])).toBeNull();
    expect(pickIsbn(['12345', '9780000000102'])).toBeNull();
  });
});

describe('parseSearchResponse', () => {
  it('reads the documented doc fields', () => {
    const page = parseSearchResponse(MAUS_SEARCH);
    expect(page.numFound).toBe(2);
    expect(page.docs[0]).toEqual({
      key: '/works/OL9001W',
      title: 'Maus 1',
      authorNames: ['Art S.'],
      publishers: ['Pantheon'],
      firstPublishYear: 1986,
      coverId: 4242,
      isbns: ['9780000000101'],
      pagesMedian: 159,
      languages: ['eng'],
    });
    expect(page.docs[1]).toMatchObject({ authorNames: ['Art S.'], publishers: [], coverId: null, isbns: [] });
  });

  it('treats absent docs as no result', () => {
    expect(parseSearchResponse({ numFound: 0 })).toEqual({ numFound: 0, docs: [] });
    expect(parseSearchResponse({ numFound: 0, docs: [] }).docs).toEqual([]);
  });

  it('rejects answers that are not a search result', () => {
    expect(() => parseSearchResponse([])).toThrow(BadResponseError);
    expect(() => parseSearchResponse('<html>')).toThrow(BadResponseError);
    expect(() => parseSearchResponse(null)).toThrow(BadResponseError);
    expect(() => parseSearchResponse({ docs: { key: '/works/OL1W' } })).toThrow(BadResponseError);
  });

  it('drops docs without key or title and tolerates loosely typed fields', () => {
    const page = parseSearchResponse({
      num_found: 3,
      docs: [
        { title: 'No key' },
        { key: '/works/OL1W', title: '   ' },
        { key: '/works/OL2W', title: ' Bone 7 ', author_name: 'Jeff Smith', language: ['ENG', 3], cover_i: -1 },
      ],
    });
    expect(page.numFound).toBe(3);
    expect(page.docs).toHaveLength(1);
    expect(page.docs[0]).toMatchObject({
      title: 'Bone 7',
      authorNames: ['Jeff Smith'],
      languages: ['eng'],
      coverId: null,
    });
  });

  it('treats implausible years as unknown', () => {
    const years = [0, 19, 9999, 1986.5, '1986', 'soon'].map(
      (first_publish_year) =>
        parseSearchResponse({ docs: [{ key: '/works/OL1W', title: 'T', first_publish_year }] }).docs[0]
          ?.firstPublishYear,
    );
    expect(years).toEqual([null, null, null, null, 1986, null]);
  });
});

describe('parseWork', () => {
  it('reads a description given as a typed text object and drops the source notes', () => {
    const parsed = parseWork(
      {
        key: '/works/OL1W',
        title: 'Blacksad',
        type: { key: '/type/work' },
        description: { type: '/type/text', value: 'Un chat détective.\n\n----------\n  [1]: https://example.org/' },
        covers: [-1, 8234001],
        first_publish_date: 'Novembre 2000',
      },
      '/works/OL1W',
    );
    expect(parsed).toEqual({
      key: '/works/OL1W',
      title: 'Blacksad',
      description: 'Un chat détective.',
      coverId: 8234001,
      firstPublishYear: 2000,
      redirectTo: null,
      deleted: false,
    });
  });

  it('reads a plain string description', () => {
    expect(parseWork({ title: 'Maus', description: '  A survivor’s tale. ' }, '/works/OL9W').description).toBe(
      'A survivor’s tale.',
    );
  });

  it('uses the requested key when the record has none and leaves missing fields null', () => {
    expect(parseWork({}, '/works/OL9W')).toEqual({
      key: '/works/OL9W',
      title: null,
      description: null,
      coverId: null,
      firstPublishYear: null,
      redirectTo: null,
      deleted: false,
    });
  });

  it('recognises merged and deleted works', () => {
    const merged = parseWork(
      { key: '/works/OL1W', type: { key: '/type/redirect' }, location: '/works/OL2W' },
      '/works/OL1W',
    );
    expect(merged.redirectTo).toBe('/works/OL2W');
    const odd = parseWork({ type: { key: '/type/redirect' }, location: '/authors/OL2A' }, '/works/OL1W');
    expect(odd.redirectTo).toBeNull();
    expect(parseWork({ type: { key: '/type/delete' } }, '/works/OL1W').deleted).toBe(true);
  });

  it('rejects a body that is not an object', () => {
    expect(() => parseWork(['x'], '/works/OL1W')).toThrow(BadResponseError);
  });

  it('finds the year in free-text dates', () => {
    expect(yearFromFreeText('October 1, 1986')).toBe(1986);
    expect(yearFromFreeText('1986-10')).toBe(1986);
    expect(yearFromFreeText('c. 19th century')).toBeNull();
    expect(yearFromFreeText('12345')).toBeNull();
    expect(yearFromFreeText(1986)).toBeNull();
  });
});

describe('seriesFromSearch', () => {
  it('maps PROVIDERS.md §2.2 example to one series without inventing a volume count', () => {
    const series = seriesFromSearch(parseSearchResponse(MAUS_SEARCH).docs, 'eng');
    expect(series).toEqual([
      {
        externalId: '/works/OL9001W',
        title: 'Maus',
        alternativeTitles: [],
        authors: ['Art S.'],
        description: null,
        publishers: ['Pantheon'],
        startYear: 1986,
        totalVolumes: null,
        totalChapters: null,
        rawStatus: null,
        genres: [],
        language: 'en',
        coverUrl: 'https://covers.openlibrary.org/b/id/4242-L.jpg',
        externalUrl: 'https://openlibrary.org/works/OL9001W',
      },
    ]);
  });

  it('groups accent variants, keeps other spellings as alternative titles and unions authors and publishers', () => {
    const series = seriesFromSearch(
      [
        doc({
          key: '/works/OL1W',
          title: 'Astérix, Tome 1 : Astérix le Gaulois',
          authorNames: ['René Goscinny', 'Albert Uderzo'],
          publishers: ['Hachette', 'Dargaud', 'Hachette Livre', 'Les Éditions Albert René'],
          firstPublishYear: 1961,
        }),
        doc({
          key: '/works/OL2W',
          title: 'Asterix, Vol. 2: Asterix and the Golden Sickle',
          authorNames: ['rené goscinny', 'Anthea Bell'],
          publishers: ['Orion', 'dargaud'],
          firstPublishYear: 1960,
          coverId: 77,
        }),
      ],
      null,
    );
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({
      externalId: '/works/OL1W',
      title: 'Astérix',
      alternativeTitles: ['Asterix'],
      authors: ['René Goscinny', 'Albert Uderzo', 'Anthea Bell'],
      publishers: ['Hachette', 'Dargaud', 'Hachette Livre', 'Orion'],
      startYear: 1960,
      coverUrl: 'https://covers.openlibrary.org/b/id/77-L.jpg',
    });
  });

  it('keeps the service order of series and stops at 20', () => {
    const docs = Array.from({ length: 25 }, (_, i) =>
      doc({ key: `/works/OL${i + 1}W`, title: `Series ${String.fromCharCode(65 + i)}` }),
    );
    const series = seriesFromSearch(docs, null);
    expect(series).toHaveLength(20);
    expect(series[0]?.title).toBe('Series A');
    expect(series[19]?.title).toBe('Series T');
  });

  it('leaves unknown values null or empty', () => {
    const [series] = seriesFromSearch([doc({ key: '/works/OL5W', title: 'Bone 7' })], null);
    expect(series).toMatchObject({
      title: 'Bone',
      authors: [],
      publishers: [],
      startYear: null,
      coverUrl: null,
      language: null,
    });
  });

  it('builds covers from ids over https only', () => {
    expect(coverUrl(12)).toBe('https://covers.openlibrary.org/b/id/12-L.jpg');
    expect(coverUrl(null)).toBeNull();
  });
});

describe('series language', () => {
  it('is the single language of every edition', () => {
    expect(
      seriesLanguage([doc({ key: 'a', title: 'a', languages: ['fre'] }), doc({ key: 'b', title: 'b' })], null),
    ).toBe('fr');
  });

  it('is the preferred language when every work has an edition in it', () => {
    const docs = [
      doc({ key: 'a', title: 'a', languages: ['fre', 'eng'] }),
      doc({ key: 'b', title: 'b', languages: ['fre'] }),
    ];
    expect(seriesLanguage(docs, 'fre')).toBe('fr');
    expect(seriesLanguage(docs, 'eng')).toBeNull();
    expect(seriesLanguage(docs, null)).toBeNull();
  });

  it('is unknown when nothing says', () => {
    expect(seriesLanguage([doc({ key: 'a', title: 'a' })], 'fre')).toBeNull();
    expect(seriesLanguage([doc({ key: 'a', title: 'a', languages: ['mul'] })], null)).toBeNull();
  });

  it('for a volume, prefers the preferred language, else the first known one', () => {
    const multi = doc({ key: 'a', title: 'a', languages: ['mul', 'jpn', 'fre'] });
    expect(volumeLanguage(multi, 'fre')).toBe('fr');
    expect(volumeLanguage(multi, 'spa')).toBe('ja');
    expect(volumeLanguage(doc({ key: 'b', title: 'b', languages: ['und'] }), null)).toBeNull();
  });
});

describe('volume numbers', () => {
  it('uses explicit markers', () => {
    expect(volumeNumberFor('One Piece, Vol. 12', 'One Piece')).toBe(12);
    expect(volumeNumberFor('Blacksad, Tome 2 : Arctic-Nation', 'Blacksad')).toBe(2);
  });

  it('reads a bare number right after the series name', () => {
    expect(volumeNumberFor('Maus 2', 'Maus')).toBe(2);
    expect(volumeNumberFor('寄生獣 3', '寄生獣')).toBe(3);
  });

  it('does not take a number that is the title itself or belongs to another series', () => {
    expect(volumeNumberFor('1984', '1984')).toBeNull();
    expect(volumeNumberFor('One Piece Color Walk 1', 'One Piece')).toBeNull();
    expect(volumeNumberFor('Blacksad', 'Blacksad')).toBeNull();
  });

  it('normalises series names for comparison', () => {
    expect(seriesKey('Les Légendaires')).toBe(seriesKey('les legendaires'));
    expect(seriesKey('One-Piece')).toBe('one piece');
    expect(seriesKey('寄生獣')).toBe('寄生獣');
    expect(seriesKey('!!!')).toBe('!!!');
  });
});

describe('volumesOfSeries', () => {
  const docs = [
    doc({
      key: '/works/OL3W',
      title: 'Maus 2',
      authorNames: ['Art S.'],
      firstPublishYear: 1991,
      languages: ['eng', 'fre'],
    }),
    doc({ key: '/works/OL4W', title: 'Maus: A Survivor’s Tale (omnibus)' }),
    doc({ key: '/works/OL9W', title: 'Maus' }),
    doc({
      key: '/works/OL1W',
      title: 'Maus 1',
      authorNames: ['Art S.'],
      firstPublishYear: 1986,
      coverId: 4242,
      isbns: ['0394747232', '9780394747231'],
      pagesMedian: 159,
      languages: ['eng'],
    }),
    doc({ key: '/works/OL1W', title: 'Maus 1' }),
  ];

  it('keeps the works of the series only, once each, sorted by volume with unnumbered last', () => {
    const volumes = volumesOfSeries(docs, 'Maus', 'fre');
    expect(volumes.map((volume) => volume.externalId)).toEqual(['/works/OL1W', '/works/OL3W', '/works/OL9W']);
    expect(volumes.map((volume) => volume.volumeNumber)).toEqual([1, 2, null]);
  });

  it('maps the documented fields', () => {
    const [first, second] = volumesOfSeries(docs, 'Maus', 'fre');
    expect(first).toEqual({
      externalId: '/works/OL1W',
      volumeNumber: 1,
      title: 'Maus 1',
      authors: ['Art S.'],
      isbn: '9780394747231',
      summary: null,
      coverUrl: 'https://covers.openlibrary.org/b/id/4242-L.jpg',
      pageCount: 159,
      language: 'en',
      publishDate: '1986',
    });
    expect(second).toMatchObject({ language: 'fr', publishDate: '1991', isbn: null, coverUrl: null, pageCount: null });
  });

  it('keeps one work per volume number, preferring an edition in the preferred language', () => {
    const translations = [
      doc({ key: '/works/OL10W', title: 'Astérix, Tome 1 : Astérix le Gaulois', languages: ['fre'] }),
      doc({ key: '/works/OL11W', title: 'Asterix, Vol. 1: Asterix the Gaul', languages: ['eng'] }),
      doc({ key: '/works/OL12W', title: 'Asterix, Vol. 2', languages: ['eng'] }),
      doc({ key: '/works/OL13W', title: 'Astérix (omnibus)' }),
    ];
    const ids = (marc: string | null) =>
      volumesOfSeries(translations, 'Astérix', marc).map((volume) => volume.externalId);
    expect(ids('eng')).toEqual(['/works/OL11W', '/works/OL12W']);
    expect(ids('fre')).toEqual(['/works/OL10W', '/works/OL12W']);
    expect(ids(null)).toEqual(['/works/OL10W', '/works/OL12W']);
  });

  it('adds the linked work when the index does not list it, in volume order', () => {
    const volumes = volumesOfSeries(docs, 'Maus', null);
    const linked = work({ key: '/works/OL7W', title: 'Maus (3)', description: 'Epilogue.', firstPublishYear: 2011 });
    const merged = withLinkedWork(volumes, linked, 'Maus');
    expect(merged.map((volume) => volume.volumeNumber)).toEqual([1, 2, 3, null]);
    expect(merged[2]).toMatchObject({
      externalId: '/works/OL7W',
      summary: 'Epilogue.',
      publishDate: '2011',
      authors: [],
    });
    expect(withLinkedWork(volumes, work({ key: '/works/OL1W', title: 'Maus 1' }), 'Maus')).toEqual(volumes);
    // Another work already stands for volume 2 (a translation chosen by language): no duplicate number.
    expect(withLinkedWork(volumes, work({ key: '/works/OL6W', title: 'Maus 2' }), 'Maus')).toEqual(volumes);
  });
});

describe('seriesFromWork', () => {
  const siblings = [
    doc({
      key: '/works/OL2W',
      title: 'Blacksad, Tome 2',
      authorNames: ['Juanjo Guarnido'],
      firstPublishYear: 2003,
      coverId: 22,
      languages: ['fre'],
    }),
    doc({
      key: '/works/OL8W',
      title: 'Blacksad: A Silent Hell',
      authorNames: ['Someone Else'],
      firstPublishYear: 1990,
    }),
  ];

  it('keeps the linked id and takes description and cover from the work, the rest from its series siblings', () => {
    const linked = work({
      key: '/works/OL1W',
      title: 'Blacksad, Tome 1',
      description: 'Chat détective.',
      coverId: 11,
      firstPublishYear: 2000,
    });
    expect(seriesFromWork(linked, siblings, 'fre')).toEqual({
      externalId: '/works/OL1W',
      title: 'Blacksad',
      alternativeTitles: [],
      authors: ['Juanjo Guarnido'],
      description: 'Chat détective.',
      publishers: [],
      startYear: 2000,
      totalVolumes: null,
      totalChapters: null,
      rawStatus: null,
      genres: [],
      language: 'fr',
      coverUrl: 'https://covers.openlibrary.org/b/id/11-L.jpg',
      externalUrl: 'https://openlibrary.org/works/OL1W',
    });
  });

  it('falls back to the siblings’ cover and leaves authors empty without siblings', () => {
    const linked = work({ key: '/works/OL1W', title: 'Blacksad, Tome 1' });
    expect(seriesFromWork(linked, siblings, null).coverUrl).toBe('https://covers.openlibrary.org/b/id/22-L.jpg');
    expect(seriesFromWork(linked, [], null)).toMatchObject({
      authors: [],
      startYear: null,
      coverUrl: null,
      language: null,
    });
  });
});
