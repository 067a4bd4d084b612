import { startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { FakeRequest, FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';
import { categoryResource, FAKE_API_KEY, INDEXERS, RELEASES } from './fake-data.js';
import type { FakeRelease } from './fake-data.js';

export { FAKE_API_KEY } from './fake-data.js';

export interface ProwlarrFakeOptions {
  apiKey?: string;
  /** Indexers whose releases Prowlarr cannot fetch for a grab (a dead tracker, a full download client): 409. */
  failingGrabIndexerIds?: number[];
  /** Prowlarr's "URL Base" setting (e.g. `/prowlarr` behind a reverse proxy): every route lives under it. */
  urlBase?: string;
  latencyMs?: number;
}

/** What Prowlarr serves outside /api: its web app's index page, with a 200. */
const WEB_APP_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Prowlarr</title></head>' +
  '<body><div id="root"></div><script src="/initialize.json"></script></body></html>';

/** A release Prowlarr handed to its download client. */
export interface FakeGrab {
  guid: string;
  indexerId: number;
  title: string;
}

export interface ProwlarrFake extends FakeService {
  /** The grabs that went through, in order. */
  readonly grabs: readonly FakeGrab[];
  /** Forgets every search answer, as Prowlarr does 30 minutes after a search (or when it restarts). */
  expireSearches(): void;
}

/** Prowlarr's message when a grab names a release its cache no longer holds (SearchController.GrabRelease). */
export const NOT_IN_CACHE = "Couldn't find requested release in cache, cache timeout probably expired.";

/**
 * A Prowlarr that answers like the real one: API key in `X-Api-Key` (or `apikey`), 401 with an empty body otherwise,
 * 404 for unknown API routes, the web app's HTML for anything else, and releases whose `downloadUrl` is Prowlarr's
 * proxy link carrying the API key. Grabs (POST /api/v1/search) take a release from the answers of recent searches
 * only, keyed by indexer id and guid, as Prowlarr's cache does.
 */
export async function startProwlarrFake(options: ProwlarrFakeOptions = {}): Promise<ProwlarrFake> {
  const apiKey = options.apiKey ?? FAKE_API_KEY;
  const urlBase = options.urlBase ?? '';
  const failing = new Set(options.failingGrabIndexerIds ?? []);
  /** `${indexerId}_${guid}` of every release a search answered since the last expiry. */
  const searched = new Set<string>();
  const grabs: FakeGrab[] = [];
  const service = await startFakeService({
    latencyMs: options.latencyMs ?? 0,
    errorResponses: {
      unauthorized: { status: 401, body: '', headers: { 'content-type': 'text/plain' } },
      // Prowlarr's error pipeline answers unhandled exceptions with { message, description }.
      server_error: {
        status: 500,
        json: {
          message: 'Database is locked',
          description: 'System.Data.SQLite.SQLiteException (0x800007AF): database is locked',
        },
      },
    },
    handle(request) {
      if (!request.path.startsWith(`${urlBase}/`)) return { status: 404, body: '' };
      const path = request.path.slice(urlBase.length);
      if (!path.startsWith('/api/')) return { body: WEB_APP_PAGE };
      if (!authorised(request, apiKey)) return { status: 401, body: '', headers: { 'content-type': 'text/plain' } };
      if (request.method === 'POST' && path === '/api/v1/search') return grab(request);
      if (request.method !== 'GET') return { status: 405, body: '' };
      if (path === '/api/v1/indexer') return { json: INDEXERS.map(indexerResource) };
      if (path === '/api/v1/search') {
        const answer = search(request, apiKey, urlBase);
        for (const release of answer) searched.add(`${release.indexerId}_${release.guid}`);
        return { json: answer };
      }
      return { status: 404, body: '' };
    },
  });

  function grab(request: FakeRequest): FakeResponse {
    let body: { guid?: unknown; indexerId?: unknown };
    try {
      body = JSON.parse(request.body) as typeof body;
    } catch {
      return { status: 400, json: { message: 'Request body is not valid JSON' } };
    }
    const invalid = [
      ...(typeof body.guid === 'string' && body.guid !== ''
        ? []
        : [{ propertyName: 'Guid', errorMessage: "'Guid' must not be empty.", severity: 'error' }]),
      ...(typeof body.indexerId === 'number' && body.indexerId > 0
        ? []
        : [{ propertyName: 'IndexerId', errorMessage: "'Indexer Id' must be greater than '0'.", severity: 'error' }]),
    ];
    if (invalid.length > 0) return { status: 400, json: invalid };
    const key = `${body.indexerId as number}_${body.guid as string}`;
    const release = RELEASES.find((candidate) => `${candidate.indexerId}_${candidate.guid}` === key);
    if (!searched.has(key) || release === undefined) return { status: 404, json: { message: NOT_IN_CACHE } };
    if (failing.has(release.indexerId)) {
      return { status: 409, json: { message: 'Getting release from indexer failed' } };
    }
    grabs.push({ guid: release.guid, indexerId: release.indexerId, title: release.title });
    return { json: releaseResource(release, `http://${request.headers.host ?? '127.0.0.1'}${urlBase}`, apiKey) };
  }

  return Object.assign(service, {
    grabs,
    expireSearches: () => searched.clear(),
  });
}

function authorised(request: FakeRequest, apiKey: string): boolean {
  return request.headers['x-api-key'] === apiKey || request.query.get('apikey') === apiKey;
}

function search(request: FakeRequest, apiKey: string, urlBase: string) {
  const terms = searchTerms(request.query.get('query') ?? '');
  const categories = request.query.getAll('categories').map(Number);
  const origin = `http://${request.headers.host ?? '127.0.0.1'}${urlBase}`;
  const found = RELEASES.filter(
    (release) => isEnabled(release) && matchesTerms(release.title, terms) && inCategories(release, categories),
  );
  return found.map((release) => releaseResource(release, origin, apiKey));
}

function isEnabled(release: FakeRelease): boolean {
  return INDEXERS.some((indexer) => indexer.id === release.indexerId && indexer.enable);
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Indexers ignore quotes and case; a number matches the same number written with leading zeros. */
function searchTerms(query: string): string[] {
  return fold(query)
    .replace(/["']/g, ' ')
    .split(/\s+/)
    .filter((term) => term !== '');
}

function matchesTerms(title: string, terms: string[]): boolean {
  const folded = fold(title);
  const numbers = new Set((folded.match(/\d+/g) ?? []).map(Number));
  return terms.every((term) => (/^\d+$/.test(term) ? numbers.has(Number(term)) : folded.includes(term)));
}

/** A parent category (7000) also matches its children (7030), as in Prowlarr. */
function inCategories(release: FakeRelease, requested: number[]): boolean {
  if (requested.length === 0) return true;
  return release.categories.some((id) =>
    requested.some((wanted) => id === wanted || (wanted % 1000 === 0 && Math.floor(id / 1000) * 1000 === wanted)),
  );
}

function indexerResource(indexer: (typeof INDEXERS)[number]) {
  return {
    id: indexer.id,
    name: indexer.name,
    sortName: indexer.name.toLowerCase(),
    definitionName: indexer.name.toLowerCase().replace(/[^a-z0-9]/g, ''),
    implementation: indexer.protocol === 'usenet' ? 'Newznab' : 'Cardigann',
    implementationName: indexer.protocol === 'usenet' ? 'Newznab' : 'Cardigann',
    configContract: indexer.protocol === 'usenet' ? 'NewznabSettings' : 'CardigannSettings',
    infoLink: `https://wiki.servarr.com/prowlarr/supported-indexers#${indexer.name.toLowerCase()}`,
    tags: [],
    indexerUrls: [],
    legacyUrls: [],
    description: `${indexer.name} is a ${indexer.privacy} ${indexer.protocol} indexer`,
    language: indexer.language,
    encoding: 'Unicode (UTF-8)',
    enable: indexer.enable,
    redirect: false,
    supportsRss: true,
    supportsSearch: true,
    supportsRedirect: false,
    supportsPagination: false,
    appProfileId: 1,
    protocol: indexer.protocol,
    privacy: indexer.privacy,
    priority: 25,
    downloadClientId: 0,
    added: '2023-05-01T09:00:00Z',
    fields: [],
  };
}

function releaseResource(release: FakeRelease, origin: string, apiKey: string) {
  const indexer = INDEXERS.find((candidate) => candidate.id === release.indexerId)!;
  const ageMinutes = (Date.now() - Date.parse(release.publishDate)) / 60_000;
  const fileName = `${release.title}.${indexer.protocol === 'usenet' ? 'nzb' : 'torrent'}`;
  const link = Buffer.from(release.guid).toString('base64url');
  const torrent = indexer.protocol === 'torrent';
  return {
    guid: release.guid,
    age: Math.floor(ageMinutes / 1440),
    ageHours: ageMinutes / 60,
    ageMinutes,
    size: release.size,
    files: release.files ?? null,
    grabs: release.grabs ?? null,
    indexerId: indexer.id,
    indexer: indexer.name,
    title: release.title,
    sortTitle: release.title.toLowerCase(),
    imdbId: 0,
    tmdbId: 0,
    tvdbId: 0,
    tvMazeId: 0,
    publishDate: release.publishDate,
    commentUrl: release.guid,
    downloadUrl: `${origin}/${indexer.id}/download?apikey=${apiKey}&link=${link}&file=${encodeURIComponent(fileName)}`,
    infoUrl: release.guid,
    posterUrl: null,
    indexerFlags: indexer.privacy === 'public' ? [] : ['freeleech'],
    categories: release.categories.map(categoryResource),
    magnetUrl:
      torrent && indexer.privacy === 'public' && release.infoHash
        ? `magnet:?xt=urn:btih:${release.infoHash}&dn=${encodeURIComponent(release.title)}`
        : null,
    infoHash: torrent ? (release.infoHash ?? null) : null,
    seeders: torrent ? (release.seeders ?? null) : null,
    leechers: torrent ? (release.leechers ?? null) : null,
    protocol: indexer.protocol,
    fileName,
  };
}
