import { startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { FakeRequest, FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';

/**
 * A local Google Books API (`/books/v1/volumes` and `/books/v1/volumes/<id>`) answering in the real shapes: the
 * `books#volumes` list without `items` when nothing matches, HTML descriptions on the volume endpoint only,
 * `http://` thumbnails with `edge=curl`, ISBN-10 listed before ISBN-13, and Google's error envelopes.
 */

export const FAKE_API_KEY = 'AIzaFakeKey-0123456789abcdefghijklmnop';

interface Book {
  id: string;
  title: string;
  subtitle?: string;
  authors?: string[];
  publisher?: string;
  publishedDate?: string;
  /** HTML, as the volume endpoint gives it. */
  description?: string;
  isbn10?: string;
  isbn13?: string;
  pageCount?: number;
  categories?: string[];
  language: string;
  noCover?: boolean;
  seriesInfo?: { bookDisplayNumber: string; seriesId: string; orderNumber: number };
  averageRating?: number;
  ratingsCount?: number;
}

export const IDS = {
  sagaVol1: 'SAGAv01AAAAJ',
  sagaVol1Ebook: 'SAGAv01eBOOK',
  sagaVol2: 'SAGAv02AAAAJ',
  sagaVol3: 'SAGAv03AAAAJ',
  swampThing: 'SWAMPb1AAAAJ',
  legendaires1: 'LEGt01AAAAAJ',
  legendaires2: 'LEGt02AAAAAJ',
  legendaires3: 'LEGt03AAAAAJ',
  blacksad1: 'BLKSDt1AAAAJ',
  blacksad2: 'BLKSDt2AAAAJ',
  shingeki1: 'SNGK01AAAAAJ',
  shingeki2: 'SNGK02AAAAAJ',
  onePiece: (n: number): string => `OPvol${String(n).padStart(3, '0')}AAAJ`,
  onePieceColorWalk: 'OPcolorWALK1',
} as const;

export const ONE_PIECE_VOLUMES = 45;

const onePiece: Book[] = Array.from({ length: ONE_PIECE_VOLUMES }, (_, index) => {
  const n = index + 1;
  return {
    id: IDS.onePiece(n),
    title: `One Piece, Vol. ${n}`,
    authors: ['Eiichiro Oda'],
    publisher: 'VIZ Media LLC',
    publishedDate: `${2003 + Math.floor(n / 4)}-0${1 + (n % 9)}-15`,
    description: `<p>Volume ${n} of the pirate saga.</p>`,
    isbn13: `97815693${String(9000 + n).padStart(5, '0')}`,
    pageCount: 200,
    categories: ['Comics & Graphic Novels / Manga / Action & Adventure'],
    language: 'en',
    noCover: n % 10 === 0,
  };
});

export const BOOKS: Book[] = [
  {
    id: IDS.sagaVol1,
    title: 'Saga Vol. 1',
    authors: ['Brian K. Vaughan', 'Fiona Staples'],
    publisher: 'Image Comics',
    publishedDate: '2012-10-10',
    description: '<p>When two soldiers from opposite sides of a never-ending galactic war fall in love&hellip;</p>',
    isbn10: '1607066017',
    isbn13: '9781607066019',
    pageCount: 160,
    categories: ['Comics & Graphic Novels / Science Fiction', 'Comics & Graphic Novels / General'],
    language: 'en',
    averageRating: 4.5,
    ratingsCount: 112,
  },
  {
    id: IDS.sagaVol2,
    title: 'Saga Vol. 2',
    authors: ['Brian K. Vaughan'],
    publisher: 'Image Comics',
    publishedDate: '2013-07',
    isbn13: '9781607066927',
    pageCount: 144,
    language: 'en',
  },
  {
    id: IDS.swampThing,
    title: 'Saga of the Swamp Thing Book One',
    authors: ['Alan Moore'],
    publisher: 'DC Comics',
    publishedDate: '2012-02-14',
    language: 'en',
  },
  {
    id: IDS.sagaVol3,
    title: 'Saga Vol. 3',
    authors: ['Brian K. Vaughan', 'Fiona Staples'],
    publisher: 'Image',
    publishedDate: '2014',
    language: 'en',
  },
  {
    id: IDS.sagaVol1Ebook,
    title: 'Saga, Vol. 1',
    authors: ['Brian K. Vaughan'],
    publishedDate: '2012',
    language: 'en',
    noCover: true,
  },
  {
    id: IDS.legendaires1,
    title: 'Les Légendaires - Tome 1 : La Pierre de Jovénia',
    authors: ['Patrick Sobral'],
    publisher: 'Delcourt',
    publishedDate: '2004-03-10',
    description: '<p>Les <b>Légendaires</b> : des héros déchus, devenus… des enfants !</p>',
    isbn13: '978-2-84789-185-3',
    pageCount: 48,
    categories: ['Bandes dessinées / Fantasy'],
    language: 'fr',
  },
  {
    id: IDS.legendaires2,
    title: 'Les Légendaires - Tome 2 : Le Gardien',
    authors: ['Patrick Sobral'],
    publisher: 'Delcourt',
    publishedDate: '2004-10-00',
    language: 'fr',
  },
  {
    id: IDS.legendaires3,
    title: 'Les Legendaires - Tome 3 : Frères ennemis',
    authors: ['Patrick Sobral'],
    publisher: 'Delcourt',
    publishedDate: '2005',
    language: 'fr',
  },
  {
    id: IDS.blacksad1,
    title: 'Blacksad',
    subtitle: 'Quelque part entre les ombres',
    authors: ['Juan Díaz Canales', 'Juanjo Guarnido'],
    publisher: 'Dargaud',
    publishedDate: '2000-11-01',
    language: 'fr',
    seriesInfo: { bookDisplayNumber: '1', seriesId: 'xBLKSDseries', orderNumber: 1 },
  },
  {
    id: IDS.blacksad2,
    title: 'Blacksad - Tome 2 : Arctic Nation',
    authors: ['Juan Díaz Canales', 'Juanjo Guarnido'],
    publisher: 'Dargaud',
    publishedDate: '2003',
    language: 'fr',
  },
  {
    id: IDS.shingeki1,
    title: '進撃の巨人 1',
    authors: ['諫山創'],
    publisher: '講談社',
    publishedDate: '2010-03-17',
    language: 'ja',
    seriesInfo: { bookDisplayNumber: '1', seriesId: 'xSNGKseries', orderNumber: 1 },
  },
  {
    id: IDS.shingeki2,
    title: '進撃の巨人 2',
    authors: ['諫山創'],
    publisher: '講談社',
    publishedDate: '2010-07-16',
    language: 'ja',
    seriesInfo: { bookDisplayNumber: '2', seriesId: 'xSNGKseries', orderNumber: 2 },
  },
  ...onePiece,
  {
    id: IDS.onePieceColorWalk,
    title: 'One Piece: Color Walk 1',
    authors: ['Eiichiro Oda'],
    publisher: 'VIZ Media LLC',
    publishedDate: '2011',
    language: 'en',
  },
];

function thumbnail(id: string, zoom: number): string {
  return `http://books.google.com/books/content?id=${id}&printsec=frontcover&img=1&zoom=${zoom}&edge=curl&source=gbs_api`;
}

function volumeResource(book: Book, inList: boolean): Record<string, unknown> {
  const identifiers = [
    ...(book.isbn10 === undefined ? [] : [{ type: 'ISBN_10', identifier: book.isbn10 }]),
    ...(book.isbn13 === undefined ? [] : [{ type: 'ISBN_13', identifier: book.isbn13 }]),
  ];
  const description =
    book.description === undefined ? undefined : inList ? book.description.replace(/<[^>]+>/g, '') : book.description;
  return {
    kind: 'books#volume',
    id: book.id,
    etag: `etag-${book.id}`,
    selfLink: `https://www.googleapis.com/books/v1/volumes/${book.id}`,
    volumeInfo: {
      title: book.title,
      subtitle: book.subtitle,
      authors: book.authors,
      publisher: book.publisher,
      publishedDate: book.publishedDate,
      description,
      industryIdentifiers: identifiers.length === 0 ? [{ type: 'OTHER', identifier: `UOM:${book.id}` }] : identifiers,
      readingModes: { text: false, image: true },
      pageCount: book.pageCount,
      printType: 'BOOK',
      categories: book.categories,
      averageRating: book.averageRating,
      ratingsCount: book.ratingsCount,
      maturityRating: 'NOT_MATURE',
      allowAnonLogging: false,
      contentVersion: '0.1.0.0.preview.1',
      seriesInfo:
        book.seriesInfo === undefined
          ? undefined
          : {
              kind: 'books#volume_series_info',
              bookDisplayNumber: book.seriesInfo.bookDisplayNumber,
              volumeSeries: [
                {
                  seriesId: book.seriesInfo.seriesId,
                  seriesBookType: 'COLLECTED_EDITION',
                  orderNumber: book.seriesInfo.orderNumber,
                },
              ],
            },
      imageLinks: book.noCover
        ? undefined
        : { smallThumbnail: thumbnail(book.id, 5), thumbnail: thumbnail(book.id, 1) },
      language: book.language,
      previewLink: `http://books.google.com/books?id=${book.id}&printsec=frontcover&hl=&source=gbs_api`,
      infoLink: `http://books.google.com/books?id=${book.id}&hl=&source=gbs_api`,
      canonicalVolumeLink: `https://books.google.com/books/about/x.html?hl=&id=${book.id}`,
    },
    saleInfo: { country: 'FR', saleability: 'NOT_FOR_SALE', isEbook: false },
    accessInfo: { country: 'FR', viewability: 'NO_PAGES', embeddable: false, publicDomain: false },
    ...(inList ? { searchInfo: { textSnippet: book.title } } : {}),
  };
}

/** Google's error envelope, as every Google API sends it. */
export function googleError(code: number, status: string, message: string, reason: string, detail?: string) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason }],
      status,
      ...(detail === undefined
        ? {}
        : {
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: detail,
                domain: 'googleapis.com',
                metadata: { service: 'books.googleapis.com' },
              },
            ],
          }),
    },
  };
}

export const BAD_KEY_RESPONSE: FakeResponse = {
  status: 400,
  json: googleError(
    400,
    'INVALID_ARGUMENT',
    'API key not valid. Please pass a valid API key.',
    'badRequest',
    'API_KEY_INVALID',
  ),
};

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function search(query: URLSearchParams): FakeResponse {
  const q = query.get('q') ?? '';
  if (q.trim() === '') {
    return { status: 400, json: googleError(400, 'INVALID_ARGUMENT', 'Missing query.', 'queryRequired') };
  }
  const maxResults = Number(query.get('maxResults') ?? '10');
  const startIndex = Number(query.get('startIndex') ?? '0');
  if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > 40) {
    const message = 'Invalid value at \'max_results\' (TYPE_INT32), "Values must be within the range: [0, 40]"';
    return { status: 400, json: googleError(400, 'INVALID_ARGUMENT', message, 'invalid') };
  }
  // Like Google, `intitle:` applies to the words that follow it; every word must then be in the title.
  const words = fold(q.replace(/^intitle:/, ''))
    .split(/\s+/)
    .filter((word) => word !== '');
  const language = query.get('langRestrict');
  const matches = BOOKS.filter(
    (book) =>
      (language === null || book.language === language) &&
      words.every((word) => fold(`${book.title} ${book.subtitle ?? ''}`).includes(word)),
  );
  const page = matches.slice(startIndex, startIndex + maxResults);
  return {
    json: {
      kind: 'books#volumes',
      totalItems: matches.length,
      ...(page.length === 0 ? {} : { items: page.map((book) => volumeResource(book, true)) }),
    },
  };
}

function handle(request: FakeRequest, validKey: string): FakeResponse {
  const key = request.query.get('key');
  if (key !== null && key !== validKey) return BAD_KEY_RESPONSE;
  if (request.method !== 'GET') {
    return { status: 405, json: googleError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.', 'httpMethodNotAllowed') };
  }
  if (request.path === '/books/v1/volumes') return search(request.query);
  const volumeId = /^\/books\/v1\/volumes\/([^/]+)$/.exec(request.path)?.[1];
  if (volumeId !== undefined) {
    const book = BOOKS.find((candidate) => candidate.id === decodeURIComponent(volumeId));
    if (book !== undefined) return { json: volumeResource(book, false) };
    return { status: 404, json: googleError(404, 'NOT_FOUND', 'The volume ID could not be found.', 'notFound') };
  }
  return { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' }, body: '<!DOCTYPE html><p>404.</p>' };
}

export function startGoogleBooksFake(options: { latencyMs?: number; validKey?: string } = {}): Promise<FakeService> {
  const validKey = options.validKey ?? FAKE_API_KEY;
  return startFakeService({
    handle: (request) => handle(request, validKey),
    latencyMs: options.latencyMs ?? 0,
    errorResponses: {
      unauthorized: BAD_KEY_RESPONSE,
      rate_limited: {
        status: 429,
        headers: { 'retry-after': '1' },
        json: googleError(
          429,
          'RESOURCE_EXHAUSTED',
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'books.googleapis.com'.",
          'rateLimitExceeded',
          'RATE_LIMIT_EXCEEDED',
        ),
      },
      server_error: {
        status: 500,
        json: googleError(500, 'INTERNAL', 'Internal error encountered.', 'backendError'),
      },
    },
  });
}
