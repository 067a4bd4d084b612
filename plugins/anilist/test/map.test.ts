import { BadResponseError } from '@shelfmark/plugin-sdk';
import { describe, expect, it } from 'vitest';
import {
  authorsFromStaff,
  chooseTitles,
  coverUrlOf,
  httpsUrl,
  isAuthorRole,
  mapMedia,
  mapSearchData,
  normaliseLanguage,
  originalLanguageOf,
  yearOf,
} from '../src/map.js';
import { ATTACK_ON_TITAN, FRIEREN, KAIJU_NO_8, KOCHIKAME, SOLO_LEVELING } from './dataset.js';

/** The least AniList can answer: an id and one title. */
const NO_FIELDS = { id: 1, title: { romaji: 'Hadaka' } };

describe('mapMedia', () => {
  it('maps a complete AniList manga to a series record', () => {
    expect(mapMedia(ATTACK_ON_TITAN, 'en')).toEqual({
      externalId: '53390',
      title: 'Attack on Titan',
      alternativeTitles: ['Shingeki no Kyojin', '進撃の巨人', "L'Attaque des Titans", 'AoT', 'SnK'],
      authors: ['Hajime Isayama'],
      description:
        'Several hundred years ago, humans were nearly exterminated by titans.\n\n' +
        'Attack on Titan won the Kodansha Manga Award & more.\n\n(Source: Kodansha)',
      publishers: [],
      startYear: 2009,
      totalVolumes: 34,
      totalChapters: 141,
      rawStatus: 'FINISHED',
      genres: ['Action', 'Drama', 'Fantasy', 'Mystery'],
      language: 'ja',
      coverUrl: 'https://s4.anilist.co/file/anilistcdn/media/manga/cover/large/bx53390-1RsuABC34P9D.jpg',
      externalUrl: 'https://anilist.co/manga/53390',
      readingDirection: 'rtl',
    });
  });

  it('reports chapters as chapters and never as a volume count', () => {
    const record = mapMedia(KAIJU_NO_8, 'en');
    expect(record?.totalVolumes).toBeNull();
    expect(record?.totalChapters).toBe(110);
    expect(record?.rawStatus).toBe('RELEASING');
  });

  it('leaves both counts null while AniList does not know them', () => {
    const record = mapMedia(FRIEREN, 'en');
    expect(record?.totalVolumes).toBeNull();
    expect(record?.totalChapters).toBeNull();
  });

  it('treats zero, negative and non-integer counts as unknown', () => {
    expect(mapMedia({ ...KAIJU_NO_8, volumes: 0, chapters: -3 }, 'en')).toMatchObject({
      totalVolumes: null,
      totalChapters: null,
    });
    expect(mapMedia({ ...KAIJU_NO_8, volumes: 2.5, chapters: '12' }, 'en')).toMatchObject({
      totalVolumes: null,
      totalChapters: null,
    });
  });

  it('keeps the raw status exactly as AniList gives it, and null when absent', () => {
    expect(mapMedia({ ...NO_FIELDS, status: 'NOT_YET_RELEASED' }, 'en')?.rawStatus).toBe('NOT_YET_RELEASED');
    expect(mapMedia(NO_FIELDS, 'en')?.rawStatus).toBeNull();
  });

  it('maps a media with only an id and a romaji title, everything else unknown', () => {
    expect(mapMedia(NO_FIELDS, 'en')).toEqual({
      externalId: '1',
      title: 'Hadaka',
      alternativeTitles: [],
      authors: [],
      description: null,
      publishers: [],
      startYear: null,
      totalVolumes: null,
      totalChapters: null,
      rawStatus: null,
      genres: [],
      language: null,
      coverUrl: null,
      externalUrl: 'https://anilist.co/manga/1',
      readingDirection: null,
    });
  });

  it('reads Japanese manga right to left and Korean manhwa as webtoons; novels and manhua get no direction', () => {
    expect(mapMedia({ ...ATTACK_ON_TITAN, format: 'MANGA' }, 'en')?.readingDirection).toBe('rtl');
    expect(mapMedia({ ...ATTACK_ON_TITAN, format: 'ONE_SHOT' }, 'en')?.readingDirection).toBe('rtl');
    expect(mapMedia(SOLO_LEVELING, 'en')?.readingDirection).toBe('webtoon');
    expect(mapMedia({ ...ATTACK_ON_TITAN, format: 'NOVEL' }, 'en')?.readingDirection).toBeNull();
    expect(mapMedia({ ...ATTACK_ON_TITAN, countryOfOrigin: 'CN' }, 'en')?.readingDirection).toBeNull();
    expect(mapMedia({ ...ATTACK_ON_TITAN, countryOfOrigin: null }, 'en')?.readingDirection).toBeNull();
  });

  it('skips entries without a usable id or without any title', () => {
    expect(mapMedia({ ...ATTACK_ON_TITAN, id: null }, 'en')).toBeNull();
    expect(mapMedia({ ...ATTACK_ON_TITAN, id: '53390' }, 'en')).toBeNull();
    expect(
      mapMedia({ ...ATTACK_ON_TITAN, title: { romaji: ' ', english: null, native: null }, synonyms: [] }, 'en'),
    ).toBeNull();
    expect(mapMedia(null, 'en')).toBeNull();
    expect(mapMedia([ATTACK_ON_TITAN], 'en')).toBeNull();
  });

  it('upgrades an http cover to https and falls back to the smaller sizes', () => {
    expect(mapMedia(KOCHIKAME, 'en')?.coverUrl).toBe(
      'https://s4.anilist.co/file/anilistcdn/media/manga/cover/small/30960.jpg',
    );
  });

  it('uses the romaji title when there is no English one, and a year even without month and day', () => {
    const record = mapMedia(KOCHIKAME, 'en');
    expect(record?.title).toBe('Kochira Katsushika-ku Kameari Kouen-mae Hashutsujo');
    expect(record?.alternativeTitles).toEqual(['こちら葛飾区亀有公園前派出所', 'Kochikame']);
    expect(record?.startYear).toBe(1976);
    expect(record?.description).toBeNull();
  });

  it('ignores fields of the wrong type instead of leaking them', () => {
    const record = mapMedia(
      { ...NO_FIELDS, genres: ['Drama', 7, null, ' ', 'drama'], synonyms: 'not a list', staff: { edges: 'x' } },
      'en',
    );
    expect(record?.genres).toEqual(['Drama']);
    expect(record?.alternativeTitles).toEqual([]);
    expect(record?.authors).toEqual([]);
  });

  it('builds the AniList page when siteUrl is missing or not a URL', () => {
    expect(mapMedia({ ...NO_FIELDS, siteUrl: 'javascript:alert(1)' }, 'en')?.externalUrl).toBe(
      'https://anilist.co/manga/1',
    );
  });
});

describe('chooseTitles and the language preference', () => {
  const titles = ATTACK_ON_TITAN.title;

  it('shows the English title first for English and other non-original languages', () => {
    expect(chooseTitles(titles, [], 'en', 'ja')?.title).toBe('Attack on Titan');
    expect(chooseTitles(titles, [], 'fr', 'ja')?.title).toBe('Attack on Titan');
  });

  it('shows the native title to a reader of the original language', () => {
    expect(chooseTitles(titles, [], 'ja', 'ja')).toEqual({
      title: '進撃の巨人',
      alternativeTitles: ['Shingeki no Kyojin', 'Attack on Titan'],
    });
    expect(chooseTitles(titles, [], 'ja-JP', 'ja')?.title).toBe('進撃の巨人');
    expect(mapMedia(SOLO_LEVELING, 'ko')?.title).toBe('나 혼자만 레벨업');
    expect(mapMedia(SOLO_LEVELING, 'ja')?.title).toBe('Solo Leveling');
  });

  it('does not prefer the native title when the origin is unknown', () => {
    expect(chooseTitles(titles, [], 'ja', null)?.title).toBe('Attack on Titan');
  });

  it('deduplicates titles and synonyms case-insensitively, keeping the first spelling', () => {
    expect(
      chooseTitles(
        { romaji: 'NARUTO', english: 'Naruto', native: 'NARUTO' },
        ['naruto', ' Naruto  Shippuden '],
        'en',
        'ja',
      ),
    ).toEqual({ title: 'Naruto', alternativeTitles: ['Naruto Shippuden'] });
  });

  it('falls back to the native title or a synonym when romaji and English are missing', () => {
    expect(chooseTitles({ romaji: null, english: null, native: '葬送のフリーレン' }, [], 'en', 'ja')?.title).toBe(
      '葬送のフリーレン',
    );
    expect(chooseTitles(null, ['Frieren'], 'en', 'ja')?.title).toBe('Frieren');
    expect(chooseTitles(null, [], 'en', 'ja')).toBeNull();
  });
});

describe('authors', () => {
  it('keeps story, art and original-creator roles, in order, once each', () => {
    const edges = [
      { role: 'Original Creator', node: { name: { full: 'Chugong' } } },
      { role: 'Art', node: { name: { full: 'DUBU' } } },
      { role: 'Story', node: { name: { full: 'h-goon' } } },
      { role: 'Art (ch. 1-110)', node: { name: { full: 'DUBU' } } },
    ];
    expect(authorsFromStaff(edges)).toEqual(['Chugong', 'DUBU', 'h-goon']);
  });

  it('leaves out localisation and assistant staff', () => {
    expect(isAuthorRole('Story & Art')).toBe(true);
    expect(isAuthorRole('Original Story')).toBe(true);
    expect(isAuthorRole('Translator (English)')).toBe(false);
    expect(isAuthorRole('Touch-up Art & Lettering (English)')).toBe(false);
    expect(isAuthorRole('Art (English)')).toBe(false);
    expect(isAuthorRole('Assistant')).toBe(false);
    expect(isAuthorRole('Storyboard')).toBe(false);
    expect(isAuthorRole(null)).toBe(false);
  });

  it('skips edges without a name', () => {
    expect(
      authorsFromStaff([
        { role: 'Story', node: null },
        { role: 'Art', node: { name: { full: '' } } },
      ]),
    ).toEqual([]);
    expect(authorsFromStaff(null)).toEqual([]);
  });
});

describe('mapSearchData', () => {
  it('maps data.Page.media in AniList order and drops unusable entries', () => {
    const records = mapSearchData({ Page: { media: [FRIEREN, { id: 5 }, ATTACK_ON_TITAN] } }, 'en');
    expect(records.map((record) => record.externalId)).toEqual(['118586', '53390']);
  });

  it('reads a null media list as no result', () => {
    expect(mapSearchData({ Page: { media: null } }, 'en')).toEqual([]);
    expect(mapSearchData({ Page: {} }, 'en')).toEqual([]);
  });

  it('rejects an answer that is not AniList’s shape', () => {
    expect(() => mapSearchData({}, 'en')).toThrow(BadResponseError);
    expect(() => mapSearchData({ Page: { media: { id: 1 } } }, 'en')).toThrow(BadResponseError);
  });
});

describe('small readers', () => {
  it('normalises language tags to ISO 639-1', () => {
    expect(normaliseLanguage('fr-FR')).toBe('fr');
    expect(normaliseLanguage(' JA ')).toBe('ja');
    expect(normaliseLanguage('pt_BR')).toBe('pt');
    expect(normaliseLanguage('english')).toBe('');
  });

  it('derives the original language only from countries where it is certain', () => {
    expect(originalLanguageOf('JP')).toBe('ja');
    expect(originalLanguageOf('kr')).toBe('ko');
    expect(originalLanguageOf('TW')).toBe('zh');
    expect(originalLanguageOf('FR')).toBeNull();
    expect(originalLanguageOf(null)).toBeNull();
  });

  it('accepts only plausible four-digit years', () => {
    expect(yearOf(2009)).toBe(2009);
    expect(yearOf(0)).toBeNull();
    expect(yearOf(99)).toBeNull();
    expect(yearOf(20201)).toBeNull();
    expect(yearOf('2009')).toBeNull();
  });

  it('upgrades http to https and refuses other schemes', () => {
    expect(httpsUrl('http://s4.anilist.co/a.jpg')).toBe('https://s4.anilist.co/a.jpg');
    expect(httpsUrl('https://s4.anilist.co/a.jpg')).toBe('https://s4.anilist.co/a.jpg');
    expect(httpsUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(httpsUrl('/relative.jpg')).toBeNull();
    expect(httpsUrl(42)).toBeNull();
  });

  it('prefers the largest cover', () => {
    expect(coverUrlOf({ extraLarge: 'https://x/xl.jpg', large: 'https://x/l.jpg', medium: null })).toBe(
      'https://x/xl.jpg',
    );
    expect(coverUrlOf({ extraLarge: '', large: 'not a url', medium: 'https://x/m.jpg' })).toBe('https://x/m.jpg');
    expect(coverUrlOf(null)).toBeNull();
  });
});
