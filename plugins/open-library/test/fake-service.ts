/**
 * A local Open Library answering `/search.json` and `/works/<id>.json` in the real shapes, over a small catalogue:
 * a French series (Blacksad), a long one (One Piece, 105 volumes plus spin-offs found by the same title search),
 * Maus (PROVIDERS.md §2.2's example), Astérix spelled with and without its accent, a French-only series and a
 * Japanese-only one, plus a merged (redirect) work, a deleted work and a work the search index does not list yet.
 */
import { startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { FakeRequest, FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';

export interface FakeDoc {
  key: string;
  title: string;
  author_name?: string[];
  author_key?: string[];
  publisher?: string[];
  first_publish_year?: number;
  cover_i?: number;
  isbn?: string[];
  number_of_pages_median?: number;
  language?: string[];
  edition_count?: number;
  has_fulltext?: boolean;
  ebook_access?: string;
}

export interface FakeWork {
  description?: string | { type: '/type/text'; value: string };
  first_publish_date?: string;
  covers?: number[];
}

function withIsbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

const BLACKSAD_AUTHORS = {
  author_name: ['Juan Díaz Canales', 'Juanjo Guarnido'],
  author_key: ['OL1390001A', 'OL1390002A'],
};

const blacksad: FakeDoc[] = [
  {
    key: '/works/OL15331214W',
    title: 'Blacksad, Tome 1 : Quelque part entre les ombres',
    ...BLACKSAD_AUTHORS,
    publisher: ['Dargaud', 'Dargaud Benelux', 'Norma Editorial', 'Dark Horse'],
    first_publish_year: 2000,
    cover_i: 8234001,
    // Work-level ISBNs arrive mixed: an ISBN-10 first, then the edition's ISBN-13 written with hyphens.
    isbn: ['2205049887', '978-2-205-04988-6'],
    number_of_pages_median: 48,
    language: ['fre', 'spa', 'eng'],
    edition_count: 9,
  },
  {
    key: '/works/OL15331215W',
    title: 'Blacksad, Tome 2 : Arctic-Nation',
    ...BLACKSAD_AUTHORS,
    publisher: ['Dargaud'],
    first_publish_year: 2003,
    cover_i: 8234002,
    isbn: [withIsbn13CheckDigit('978220505325')],
    number_of_pages_median: 56,
    language: ['fre', 'eng'],
  },
  {
    key: '/works/OL15331216W',
    title: 'Blacksad, Tome 3 : Âme rouge',
    ...BLACKSAD_AUTHORS,
    publisher: ['Dargaud'],
    first_publish_year: 2005,
    language: ['fre'],
  },
  {
    key: '/works/OL15331217W',
    title: 'Blacksad: A Silent Hell',
    ...BLACKSAD_AUTHORS,
    publisher: ['Dark Horse Books'],
    first_publish_year: 2012,
    cover_i: 8234004,
    language: ['eng'],
  },
];

const ONE_PIECE_VOLUMES = 105;
const onePiece: FakeDoc[] = Array.from({ length: ONE_PIECE_VOLUMES }, (_, index): FakeDoc => {
  const volume = index + 1;
  return {
    key: `/works/OL${5_700_000 + volume}W`,
    title: `One Piece, Vol. ${volume}`,
    author_name: ['Eiichiro Oda'],
    author_key: ['OL1387213A'],
    publisher: ['VIZ Media', 'Shueisha', 'Glénat'],
    first_publish_year: 1997 + Math.floor(volume / 5),
    cover_i: 9_100_000 + volume,
    isbn: [withIsbn13CheckDigit(`978156931${String(volume).padStart(3, '0')}`)],
    number_of_pages_median: 200,
    // Only the early volumes have French editions in the catalogue.
    language: volume <= 10 ? ['eng', 'fre', 'jpn'] : ['eng'],
  };
});
// A title search for "One Piece" also finds the art books and film tie-ins, ranked among the volumes.
onePiece.splice(3, 0, {
  key: '/works/OL5799001W',
  title: 'One Piece Color Walk 1',
  author_name: ['Eiichiro Oda'],
  publisher: ['VIZ Media'],
  first_publish_year: 2001,
  language: ['eng'],
});
onePiece.splice(30, 0, {
  key: '/works/OL5799002W',
  title: 'One Piece: Strong World',
  author_name: ['Eiichiro Oda'],
  first_publish_year: 2009,
  language: ['eng'],
});

const others: FakeDoc[] = [
  {
    key: '/works/OL9001W',
    title: 'Maus 1',
    author_name: ['Art S.'],
    publisher: ['Pantheon'],
    first_publish_year: 1986,
    cover_i: 4242,
    isbn: ['9780394747231', '0394747232'],
    number_of_pages_median: 159,
    language: ['eng'],
  },
  { key: '/works/OL9002W', title: 'Maus 2', author_name: ['Art S.'], first_publish_year: 1991 },
  {
    key: '/works/OL262453W',
    title: 'Astérix, Tome 1 : Astérix le Gaulois',
    author_name: ['René Goscinny', 'Albert Uderzo'],
    publisher: ['Hachette', 'Dargaud'],
    first_publish_year: 1961,
    cover_i: 7001,
    language: ['fre'],
  },
  {
    key: '/works/OL262454W',
    title: 'Asterix, Vol. 2: Asterix and the Golden Sickle',
    author_name: ['René Goscinny', 'Albert Uderzo'],
    publisher: ['Orion'],
    first_publish_year: 1962,
    language: ['eng'],
  },
  // The English translation of volume 1 is a separate work, ranked after the French original.
  {
    key: '/works/OL262455W',
    title: 'Asterix, Vol. 1: Asterix the Gaul',
    author_name: ['René Goscinny', 'Albert Uderzo'],
    publisher: ['Orion'],
    first_publish_year: 1969,
    cover_i: 7003,
    language: ['eng'],
  },
  {
    key: '/works/OL17001W',
    title: 'Les Légendaires, Tome 1 : La Pierre de Jovénia',
    author_name: ['Patrick Sobral'],
    publisher: ['Delcourt'],
    first_publish_year: 2004,
    cover_i: 7101,
    language: ['fre'],
  },
  {
    key: '/works/OL17002W',
    title: 'Les Légendaires, Tome 2 : Le Gardien',
    author_name: ['Patrick Sobral'],
    publisher: ['Delcourt'],
    first_publish_year: 2004,
    language: ['fre'],
  },
  {
    key: '/works/OL18001W',
    title: '寄生獣 1',
    author_name: ['岩明均'],
    publisher: ['講談社'],
    first_publish_year: 1990,
    cover_i: 7201,
    isbn: [withIsbn13CheckDigit('978406323481')],
    language: ['jpn'],
  },
  { key: '/works/OL18002W', title: '寄生獣 2', author_name: ['岩明均'], first_publish_year: 1990, language: ['jpn'] },
];

/** What `/search.json` can find, in relevance order. */
export const SEARCH_INDEX: readonly FakeDoc[] = [...blacksad, ...onePiece, ...others];

/** Works known to `/works/<id>.json` but not (yet) to the search index. */
const UNINDEXED_WORKS: readonly FakeDoc[] = [
  { key: '/works/OL15331219W', title: 'Blacksad, Tome 6 : Ils tombent tous (Première partie)' },
];

const WORK_DETAILS: Readonly<Record<string, FakeWork>> = {
  '/works/OL15331214W': {
    description: {
      type: '/type/text',
      value:
        'Un détective privé, chat noir, enquête sur le meurtre d’une actrice.\n\n----------\n  [1]: https://www.dargaud.com/',
    },
    first_publish_date: 'Novembre 2000',
    covers: [-1, 8234001],
  },
  '/works/OL9001W': { description: 'A survivor’s tale.', first_publish_date: '1986', covers: [4242] },
};

/** A work merged into Maus 1: Open Library keeps the old id as a redirect record. */
export const MERGED_WORK_KEY = '/works/OL9000W';
export const DELETED_WORK_KEY = '/works/OL8999W';
export const UNINDEXED_WORK_KEY = '/works/OL15331219W';

const SEARCH_DEFAULT_FIELDS = [
  'key',
  'title',
  'author_name',
  'author_key',
  'publisher',
  'first_publish_year',
  'cover_i',
  'number_of_pages_median',
  'language',
  'edition_count',
  'has_fulltext',
  'ebook_access',
];

function fold(value: string): string[] {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}

/** Solr's title match, roughly: every query token appears in the title (CJK titles match on their prefix). */
function titleMatches(title: string, query: string): boolean {
  const titleTokens = fold(title);
  return fold(query).every((token) => titleTokens.some((candidate) => candidate.startsWith(token)));
}

function project(doc: FakeDoc, fields: string[] | null): Record<string, unknown> {
  const wanted = fields ?? SEARCH_DEFAULT_FIELDS;
  if (wanted.includes('*')) return { ...doc };
  return Object.fromEntries(Object.entries(doc).filter(([name]) => wanted.includes(name)));
}

function search(request: FakeRequest): FakeResponse {
  const title = request.query.get('title') ?? request.query.get('q') ?? '';
  const language = request.query.get('language');
  const limit = Number(request.query.get('limit') ?? '100');
  const page = Number(request.query.get('page') ?? '1');
  const offset = request.query.has('offset') ? Number(request.query.get('offset')) : (page - 1) * limit;
  if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(offset) || offset < 0) {
    return { status: 422, json: { error: 'Invalid limit or page' } };
  }
  const fieldsParam = request.query.get('fields');
  const fields = fieldsParam === null ? null : fieldsParam.split(',').map((field) => field.trim());
  const hits = SEARCH_INDEX.filter(
    (doc) =>
      title.trim() !== '' &&
      titleMatches(doc.title, title) &&
      (language === null || (doc.language ?? []).includes(language)),
  );
  return {
    json: {
      numFound: hits.length,
      start: offset,
      numFoundExact: true,
      num_found: hits.length,
      documentation_url: 'https://openlibrary.org/dev/docs/api/search',
      q: '',
      offset: request.query.has('offset') ? offset : null,
      docs: hits.slice(offset, offset + limit).map((doc) => project(doc, fields)),
    },
  };
}

function workRecord(doc: FakeDoc): Record<string, unknown> {
  const details = WORK_DETAILS[doc.key] ?? {};
  return {
    key: doc.key,
    title: doc.title,
    authors: (doc.author_key ?? []).map((key) => ({
      author: { key: `/authors/${key}` },
      type: { key: '/type/author_role' },
    })),
    type: { key: '/type/work' },
    ...(details.description === undefined ? {} : { description: details.description }),
    ...(details.first_publish_date === undefined ? {} : { first_publish_date: details.first_publish_date }),
    covers: details.covers ?? (doc.cover_i === undefined ? undefined : [doc.cover_i]),
    subjects: ['Comic books, strips, etc.'],
    latest_revision: 4,
    revision: 4,
    created: { type: '/type/datetime', value: '2009-12-11T01:57:19.964652' },
    last_modified: { type: '/type/datetime', value: '2023-09-16T04:14:35.119735' },
  };
}

function work(path: string): FakeResponse {
  const key = path.slice(0, -'.json'.length);
  if (key === MERGED_WORK_KEY) {
    return {
      json: {
        key,
        type: { key: '/type/redirect' },
        location: '/works/OL9001W',
        revision: 2,
        created: { type: '/type/datetime', value: '2010-04-13T06:41:36.547410' },
        last_modified: { type: '/type/datetime', value: '2021-03-02T11:15:47.093847' },
      },
    };
  }
  if (key === DELETED_WORK_KEY) {
    return { json: { key, type: { key: '/type/delete' }, revision: 3 } };
  }
  const doc = [...SEARCH_INDEX, ...UNINDEXED_WORKS].find((candidate) => candidate.key === key);
  if (doc === undefined) return { status: 404, json: { error: 'notfound', key } };
  return { json: workRecord(doc) };
}

const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html lang="en"><head><title>Page Not Found | Open Library</title></head>' +
  '<body><h1>404 - Page Not Found</h1></body></html>';

export function handleOpenLibrary(request: FakeRequest): FakeResponse {
  if (request.method !== 'GET') return { status: 405, body: NOT_FOUND_PAGE };
  if (request.path === '/search.json') return search(request);
  if (/^\/works\/OL\d+W\.json$/.test(request.path)) return work(request.path);
  return { status: 404, body: NOT_FOUND_PAGE };
}

export function startOpenLibraryFake(options: { latencyMs?: number } = {}): Promise<FakeService> {
  return startFakeService({
    handle: handleOpenLibrary,
    errorResponses: {
      // No keys at Open Library: a 403 is the answer to a client it has banned, as an HTML page.
      unauthorized: {
        status: 403,
        body: '<html><head><title>403 Forbidden</title></head><body><center><h1>403 Forbidden</h1></center></body></html>',
      },
      // Its load balancer answers overload with an HTML 503 page, not JSON.
      server_error: {
        status: 503,
        body: '<html><head><title>503 Service Temporarily Unavailable</title></head><body></body></html>',
      },
    },
    latencyMs: options.latencyMs,
  });
}
