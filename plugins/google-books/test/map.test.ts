import {
  AuthError,
  BadResponseError,
  NotConfiguredError,
  NotFoundError,
  RateLimitedError,
} from '@shelfmark/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { coverUrl, genres, isbn, languageCode, plainText, publishDate } from '../src/fields.js';
import { errorFromGoogle } from '../src/google-errors.js';
import { readSingleVolume, readVolume, readVolumeList } from '../src/google-json.js';
import type { GoogleVolume } from '../src/google-json.js';
import { seriesFromSearch, seriesName, seriesRecord, volumeNumber, volumeRecord, volumesOfSeries } from '../src/map.js';

/** A search item as Google sends it; `info` overrides volumeInfo fields. */
function item(id: string, info: Record<string, unknown>): unknown {
  return { kind: 'books#volume', id, volumeInfo: { printType: 'BOOK', ...info } };
}

function volume(id: string, info: Record<string, unknown>): GoogleVolume {
  const read = readVolume(item(id, info));
  if (read === null) throw new Error(`fixture ${id} is not a volume`);
  return read;
}

describe('reading Google answers', () => {
  it('reads a search answer without items as no hit', () => {
    expect(readVolumeList({ kind: 'books#volumes', totalItems: 0 })).toEqual({ totalItems: 0, volumes: [] });
  });

  it('drops items without an id or a title and keeps the rest', () => {
    const list = readVolumeList({
      totalItems: 3,
      items: [item('a', { title: 'Kept' }), item('b', { authors: ['No title'] }), { volumeInfo: { title: 'No id' } }],
    });
    expect(list.volumes.map((v) => v.id)).toEqual(['a']);
    expect(list.totalItems).toBe(3);
  });

  it('rejects answers of the wrong shape with BadResponseError', () => {
    expect(() => readVolumeList([])).toThrow(BadResponseError);
    expect(() => readVolumeList({ items: { id: 'x' } })).toThrow(BadResponseError);
    expect(() => readSingleVolume({ kind: 'books#volume', id: 'x', volumeInfo: {} })).toThrow(BadResponseError);
  });

  it('ignores values of the wrong type instead of passing them on', () => {
    const read = volume('x', { title: 'T', authors: 'Solo Author', pageCount: '120', categories: [3, 'Art'] });
    expect(read.authors).toEqual([]);
    expect(read.pageCount).toBeNull();
    expect(read.categories).toEqual(['Art']);
  });

  it('reads the series numbering Google states, display number first', () => {
    const withDisplay = volume('x', {
      title: 'T',
      seriesInfo: { bookDisplayNumber: '4', volumeSeries: [{ seriesId: 's', orderNumber: 9 }] },
    });
    const withOrderOnly = volume('y', {
      title: 'T',
      seriesInfo: { volumeSeries: [{ seriesId: 's', orderNumber: 9 }] },
    });
    expect(withDisplay.seriesNumber).toBe('4');
    expect(withOrderOnly.seriesNumber).toBe('9');
  });
});

describe('field clean-up', () => {
  it('rewrites http covers to https, drops the page curl, falls back to smallThumbnail', () => {
    expect(coverUrl('http://books.google.com/c?id=1&zoom=1&edge=curl&source=gbs_api', null)).toBe(
      'https://books.google.com/c?id=1&zoom=1&source=gbs_api',
    );
    expect(coverUrl(null, 'http://books.google.com/c?id=1&edge=curl')).toBe('https://books.google.com/c?id=1');
    expect(coverUrl('https://already.example/x.jpg', null)).toBe('https://already.example/x.jpg');
    expect(coverUrl(null, null)).toBeNull();
  });

  it('keeps dates as precise as given, never more, and drops impossible parts', () => {
    expect(publishDate('2012')).toBe('2012');
    expect(publishDate('2013-07')).toBe('2013-07');
    expect(publishDate('2012-10-10')).toBe('2012-10-10');
    expect(publishDate('2012-10-10T00:00:00Z')).toBe('2012-10-10');
    expect(publishDate('2004-10-00')).toBe('2004-10');
    expect(publishDate('2005-13-01')).toBe('2005');
    expect(publishDate('2023-02-29')).toBe('2023-02');
    expect(publishDate('2024-02-29')).toBe('2024-02-29');
    expect(publishDate('1994*')).toBe('1994');
    expect(publishDate('19??')).toBeNull();
    expect(publishDate('0000-00-00')).toBeNull();
    expect(publishDate(null)).toBeNull();
  });

  it('prefers ISBN-13 wherever it is listed, else ISBN-10, digits and X only', () => {
    expect(
      isbn([
        { type: 'ISBN_10', identifier: '1607066017' },
        { type: 'ISBN_13', identifier: '9781607066019' },
      ]),
    ).toBe('9781607066019');
    expect(isbn([{ type: 'ISBN_13', identifier: '978-2-84789-185-3' }])).toBe('9782847891853');
    expect(isbn([{ type: 'ISBN_10', identifier: '2-205-04952-x' }])).toBe('220504952X');
    expect(
      isbn([
        { type: 'ISBN_13', identifier: 'garbage' },
        { type: 'ISBN_10', identifier: '1607066017' },
      ]),
    ).toBe('1607066017');
    expect(isbn([{ type: 'OTHER', identifier: 'UOM:39015058578210' }])).toBeNull();
  });

  it('reduces languages to ISO 639-1', () => {
    expect(languageCode('fr')).toBe('fr');
    expect(languageCode('zh-CN')).toBe('zh');
    expect(languageCode('EN')).toBe('en');
    expect(languageCode('und')).toBeNull();
    expect(languageCode('')).toBeNull();
    expect(languageCode(null)).toBeNull();
  });

  it('splits category paths into distinct genres without "General"', () => {
    expect(
      genres(['Comics & Graphic Novels / Manga / General', 'Comics & Graphic Novels / Science Fiction', 'Fiction']),
    ).toEqual(['Comics & Graphic Novels', 'Manga', 'Science Fiction', 'Fiction']);
  });

  it('turns the HTML descriptions of the volume endpoint into text', () => {
    expect(plainText('<p>First &amp; <b>bold</b>.</p><p>Second<br>line &#233;t&eacute;&#x21; &bogus;</p>')).toBe(
      'First & bold.\nSecond\nline été! &bogus;',
    );
    expect(plainText('a < b and b > c')).toBe('a < b and b > c');
    expect(plainText('<p> </p>')).toBeNull();
  });
});

describe('series from search hits', () => {
  const hits = [
    volume('saga2', {
      title: 'Saga Vol. 2',
      authors: ['Brian K. Vaughan'],
      publisher: 'Image Comics',
      publishedDate: '2013-07-02',
      language: 'en',
    }),
    volume('saga1', {
      title: 'Saga Vol. 1',
      authors: ['Brian K. Vaughan', 'Fiona Staples'],
      publisher: 'Image',
      publishedDate: '2012-10-10',
      description: '<p>Space opera.</p>',
      categories: ['Comics & Graphic Novels / Science Fiction'],
      imageLinks: { thumbnail: 'http://books.google.com/x1.jpg' },
      language: 'en',
    }),
    volume('swamp', { title: 'Saga of the Swamp Thing Book One', authors: ['Alan Moore'], publishedDate: '1987' }),
    volume('saga1b', { title: 'Saga, Vol. 1', authors: ['brian k. vaughan'], publisher: 'IMAGE' }),
  ];

  it('groups the volumes of a series and keeps other series apart, in Google order', () => {
    const series = seriesFromSearch(hits);
    expect(series.map((s) => s.title)).toEqual(['Saga', 'Saga of the Swamp Thing Book One']);
  });

  it('never turns the number of hits into a volume count', () => {
    for (const record of seriesFromSearch(hits)) {
      expect(record.totalVolumes).toBeNull();
      expect(record.totalChapters).toBeNull();
    }
  });

  it('represents a series by its first volume and merges what the others add', () => {
    const [saga] = seriesFromSearch(hits);
    expect(saga).toEqual({
      externalId: 'saga1',
      title: 'Saga',
      alternativeTitles: [],
      authors: ['Brian K. Vaughan', 'Fiona Staples'],
      description: 'Space opera.',
      publishers: ['Image', 'Image Comics'],
      startYear: 2012,
      totalVolumes: null,
      totalChapters: null,
      rawStatus: null,
      genres: ['Comics & Graphic Novels', 'Science Fiction'],
      language: 'en',
      coverUrl: 'https://books.google.com/x1.jpg',
      externalUrl: 'https://books.google.com/books?id=saga1',
    });
  });

  it('groups titles that differ only by accents, case or punctuation', () => {
    const series = seriesFromSearch([
      volume('l1', { title: 'Les Légendaires - Tome 1 : La Pierre de Jovénia' }),
      volume('l3', { title: 'LES LEGENDAIRES, Tome 3' }),
    ]);
    expect(series).toHaveLength(1);
    expect(series[0]?.title).toBe('Les Légendaires');
  });

  it('groups by seriesInfo.title when Google gives one', () => {
    const series = seriesFromSearch([
      volume('a', { title: 'The Long Halloween', seriesInfo: { title: 'Batman' } }),
      volume('b', { title: 'Year One', seriesInfo: { title: 'Batman' } }),
    ]);
    expect(series.map((s) => [s.title, s.externalId])).toEqual([['Batman', 'a']]);
  });

  it('leaves unknown values empty', () => {
    const record = seriesRecord([volume('bare', { title: 'Bare' })]);
    expect(record).toMatchObject({
      authors: [],
      description: null,
      publishers: [],
      startYear: null,
      genres: [],
      language: null,
      coverUrl: null,
    });
  });
});

describe('volumes', () => {
  it('maps every field of a volume', () => {
    const record = volumeRecord(
      volume('gb-A1', {
        title: 'Saga Vol. 1',
        subtitle: 'Chapters One to Six',
        authors: ['Writer X', 'Artist Y', 'Writer X'],
        publishedDate: '2012-10-10',
        description: 'Space opera.',
        imageLinks: { smallThumbnail: 'http://books.google.com/x1s.jpg' },
        industryIdentifiers: [
          { type: 'ISBN_10', identifier: '0000000011' },
          { type: 'ISBN_13', identifier: '9780000000011' },
        ],
        pageCount: 160,
        language: 'en',
      }),
    );
    expect(record).toEqual({
      externalId: 'gb-A1',
      volumeNumber: 1,
      title: 'Saga Vol. 1: Chapters One to Six',
      authors: ['Writer X', 'Artist Y'],
      isbn: '9780000000011',
      summary: 'Space opera.',
      coverUrl: 'https://books.google.com/x1s.jpg',
      pageCount: 160,
      language: 'en',
      publishDate: '2012-10-10',
    });
  });

  it('takes the volume number from seriesInfo, then title markers, then the subtitle', () => {
    expect(volumeNumber(volume('a', { title: '進撃の巨人 7', seriesInfo: { bookDisplayNumber: '7' } }))).toBe(7);
    expect(volumeNumber(volume('b', { title: 'Akira, Tome 3 : Rébellion' }))).toBe(3);
    expect(volumeNumber(volume('c', { title: 'Blacksad', subtitle: 'Tome 2 - Arctic Nation' }))).toBe(2);
    // A bare trailing number is as often part of a title as a volume number.
    expect(volumeNumber(volume('d', { title: 'Paris 2024' }))).toBeNull();
    expect(seriesName(volume('e', { title: 'Monster (4)' }))).toBe('Monster');
  });

  it('keeps only the volumes of the series, one edition per volume, sorted by number', () => {
    const anchor = volume('s2', { title: 'Saga Vol. 2', publishedDate: '2013' });
    const hits = [
      volume('s3', { title: 'Saga Vol. 3' }),
      volume('swamp', { title: 'Saga of the Swamp Thing Book One' }),
      volume('s1-ebook', { title: 'Saga, Vol. 1' }),
      volume('s1', {
        title: 'Saga Vol. 1',
        industryIdentifiers: [{ type: 'ISBN_13', identifier: '9781607066019' }],
        imageLinks: { thumbnail: 'http://x/1.jpg' },
      }),
      volume('s2-other', {
        title: 'Saga Vol. 2',
        industryIdentifiers: [{ type: 'ISBN_13', identifier: '9781607066927' }],
        pageCount: 144,
      }),
      volume('s2', { title: 'Saga Vol. 2' }),
      volume('deluxe', { title: 'Saga Deluxe Edition' }),
      volume('omnibus', { title: 'Saga' }),
    ];
    const records = volumesOfSeries(anchor, hits);
    expect(records.map((r) => [r.externalId, r.volumeNumber])).toEqual([
      ['s1', 1],
      ['s2', 2],
      ['s3', 3],
      ['omnibus', null],
    ]);
  });

  it('returns the linked volume alone when the search finds nothing else', () => {
    const anchor = volume('only', { title: 'Lonely Book' });
    expect(volumesOfSeries(anchor, []).map((r) => r.externalId)).toEqual(['only']);
  });
});

describe('Google error envelopes', () => {
  const envelope = (code: number, status: string, reason: string, detail?: string) =>
    JSON.stringify({
      error: {
        code,
        message: 'msg',
        errors: [{ message: 'msg', domain: 'global', reason }],
        status,
        ...(detail === undefined ? {} : { details: [{ reason: detail }] }),
      },
    });

  it('reads a bad API key (400 API_KEY_INVALID) as AuthError', () => {
    const error = errorFromGoogle(400, envelope(400, 'INVALID_ARGUMENT', 'badRequest', 'API_KEY_INVALID'), {
      kind: 'search',
    });
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toMatch(/api_key/);
  });

  it('reads a spent quota as RateLimitedError, even on a 403', () => {
    expect(
      errorFromGoogle(403, envelope(403, 'PERMISSION_DENIED', 'dailyLimitExceeded'), { kind: 'search' }),
    ).toBeInstanceOf(RateLimitedError);
  });

  it('reads other refusals as AuthError, and other 400s as BadResponseError', () => {
    expect(
      errorFromGoogle(403, envelope(403, 'PERMISSION_DENIED', 'accessNotConfigured'), { kind: 'search' }),
    ).toBeInstanceOf(AuthError);
    expect(errorFromGoogle(400, envelope(400, 'INVALID_ARGUMENT', 'invalid'), { kind: 'search' })).toBeInstanceOf(
      BadResponseError,
    );
    expect(errorFromGoogle(400, '<html>Bad Request</html>', { kind: 'search' })).toBeInstanceOf(BadResponseError);
  });

  it('reads a 404 as an unknown volume, or as a wrong base_url for a search', () => {
    const unknown = errorFromGoogle(404, envelope(404, 'NOT_FOUND', 'notFound'), { kind: 'volume', id: 'abc' });
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown.message).toContain('abc');
    const misplaced = errorFromGoogle(404, '<html></html>', { kind: 'search' });
    expect(misplaced).toBeInstanceOf(NotConfiguredError);
    expect(misplaced.message).toContain('base_url');
  });
});
