import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A local Google Books API for the batch benchmark: `GET /books/v1/volumes?q=intitle:…` and
 * `GET /books/v1/volumes/<id>`, in the shapes the real API uses (`books#volumes` without `items` when nothing
 * matches, `volumeInfo`, ISBN-10/13 identifiers, `http://` thumbnails), each answered after a fixed latency.
 *
 * Every series of the library is known by name and has a kind, so the batch meets a realistic mix:
 * - `exact`: three volumes titled "<name>, Vol. n"; they group into one series named exactly like the local one, so
 *   the batch auto-matches it and then reads the anchor volume and the series' volumes (3 requests);
 * - `near`: three volumes of "<name> Stories", a different series, so the best candidate is below 100 (1 request);
 * - `none`: no hit (1 request).
 * Every request is logged with its arrival and answer times, so the run can tell where the batch's time went.
 */

export type SeriesKind = 'exact' | 'near' | 'none';

export interface FakeRequestRecord {
  kind: 'search' | 'volume' | 'other';
  /** The series the request is about (by index in the library), or null when the fake could not tell. */
  series: number | null;
  /** Epoch milliseconds (fractional), comparable with the job's started_at and finished_at. */
  arrivedAt: number;
  answeredAt: number;
  status: number;
}

export interface FakeGoogleBooks {
  url: string;
  requests: FakeRequestRecord[];
  /** Requests in flight at the same time, at most (the batch is expected to be sequential). */
  maxInFlight(): number;
  close(): Promise<void>;
}

const VOLUMES_PER_SERIES = 3;
const now = () => performance.timeOrigin + performance.now();

/** Folds case and Latin accents, as Google's own matching does. */
function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

function volumeId(series: number, volume: number): string {
  return `BENCH${String(series).padStart(6, '0')}V${volume}`;
}

function volumeResource(name: string, series: number, volume: number, inList: boolean): Record<string, unknown> {
  const id = volumeId(series, volume);
  const thumbnail = `http://books.google.com/books/content?id=${id}&printsec=frontcover&img=1&zoom=1&edge=curl`;
  const description = `Tome ${volume} de ${name}.`;
  return {
    kind: 'books#volume',
    id,
    etag: `etag-${id}`,
    selfLink: `https://www.googleapis.com/books/v1/volumes/${id}`,
    volumeInfo: {
      title: `${name}, Vol. ${volume}`,
      authors: ['Auteur Exemple', 'Dessinatrice Exemple'],
      publisher: 'Éditions Exemple',
      publishedDate: `${2000 + (series % 20)}-0${1 + (volume % 9)}-15`,
      description: inList ? description : `<p>${description}</p>`,
      industryIdentifiers: [
        { type: 'ISBN_10', identifier: `2${String(series).padStart(6, '0')}${volume}0X` },
        { type: 'ISBN_13', identifier: `9782${String(series).padStart(6, '0')}${volume}00` },
      ],
      pageCount: 48,
      printType: 'BOOK',
      categories: ['Comics & Graphic Novels / General'],
      imageLinks: { smallThumbnail: thumbnail.replace('zoom=1', 'zoom=5'), thumbnail },
      language: 'fr',
      canonicalVolumeLink: `https://books.google.com/books/about/x.html?id=${id}`,
    },
    saleInfo: { country: 'FR', saleability: 'NOT_FOR_SALE', isEbook: false },
    accessInfo: { country: 'FR', viewability: 'NO_PAGES', embeddable: false, publicDomain: false },
    ...(inList ? { searchInfo: { textSnippet: description } } : {}),
  };
}

function googleError(code: number, status: string, message: string) {
  return { error: { code, message, errors: [{ message, domain: 'global', reason: status }], status } };
}

interface Answer {
  status: number;
  json: unknown;
  kind: FakeRequestRecord['kind'];
  series: number | null;
}

export function startFakeGoogleBooks(options: {
  names: readonly string[];
  kindOf: (index: number) => SeriesKind;
  latencyMs: number;
}): Promise<FakeGoogleBooks> {
  const byName = new Map<string, number>();
  options.names.forEach((name, index) => byName.set(fold(name), index));

  /** `intitle:<name>` for a series of the library (exact or near); any other query finds nothing. */
  function search(query: URLSearchParams): Answer {
    const title = fold((query.get('q') ?? '').replace(/^intitle:/, ''));
    const maxResults = Number(query.get('maxResults') ?? '10');
    const startIndex = Number(query.get('startIndex') ?? '0');
    const nearName = title.endsWith(' stories') ? title.slice(0, -' stories'.length) : null;
    const index = byName.get(title) ?? (nearName === null ? undefined : byName.get(nearName));
    const kind = index === undefined ? 'none' : options.kindOf(index);
    const hits =
      index === undefined || kind === 'none'
        ? []
        : Array.from({ length: VOLUMES_PER_SERIES }, (_, i) => {
            const name = options.names[index]!;
            return volumeResource(kind === 'near' ? `${name} Stories` : name, index, i + 1, true);
          });
    const page = hits.slice(startIndex, startIndex + maxResults);
    return {
      status: 200,
      kind: 'search',
      series: index ?? null,
      json: { kind: 'books#volumes', totalItems: hits.length, ...(page.length === 0 ? {} : { items: page }) },
    };
  }

  function volume(id: string): Answer {
    const match = /^BENCH(\d{6})V(\d+)$/.exec(id);
    const index = match ? Number(match[1]) : undefined;
    const name = index === undefined ? undefined : options.names[index];
    if (match === null || index === undefined || name === undefined) {
      return {
        status: 404,
        kind: 'volume',
        series: null,
        json: googleError(404, 'NOT_FOUND', 'The volume ID could not be found.'),
      };
    }
    const shown = options.kindOf(index) === 'near' ? `${name} Stories` : name;
    return { status: 200, kind: 'volume', series: index, json: volumeResource(shown, index, Number(match[2]), false) };
  }

  function answer(request: IncomingMessage): Answer {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === '/books/v1/volumes') return search(url.searchParams);
    const id = /^\/books\/v1\/volumes\/([^/]+)$/.exec(url.pathname)?.[1];
    if (request.method === 'GET' && id !== undefined) return volume(decodeURIComponent(id));
    return { status: 404, kind: 'other', series: null, json: googleError(404, 'NOT_FOUND', 'Not found.') };
  }

  const requests: FakeRequestRecord[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const arrivedAt = now();
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    request.resume();
    const result = answer(request);
    setTimeout(() => {
      const body = JSON.stringify(result.json);
      response.writeHead(result.status, {
        'content-type': 'application/json; charset=UTF-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body, () => {
        inFlight -= 1;
        requests.push({
          kind: result.kind,
          series: result.series,
          arrivedAt,
          answeredAt: now(),
          status: result.status,
        });
      });
    }, options.latencyMs);
  });
  // The batch pauses ~9 s between bursts (the rate limit); a connection closed during the pause would only add a
  // reconnect and, at worst, a reset the client retries. Google keeps idle connections far longer than Node's 5 s.
  server.keepAliveTimeout = 120_000;

  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        maxInFlight: () => maxInFlight,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
