import type { FakeRequest, FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';
import { startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { AniListMedia } from '../src/anilist-types.js';
import { ANILIST_MANGA } from './dataset.js';

/**
 * A local AniList: one GraphQL endpoint at `/` answering our two queries (search page, media by id) from a small
 * dataset, with AniList's own error bodies (`{ errors: [{ message, status, locations }], data }`) and headers.
 */

const RATE_HEADERS = { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '29' };

/** AniList's error body: the status repeated inside each entry, `data` null or holding the null field. */
export function graphQLError(status: number, message: string, data: unknown = null): FakeResponse {
  return {
    status,
    headers: RATE_HEADERS,
    json: { errors: [{ message, status, locations: [{ line: 2, column: 3 }] }], data },
  };
}

/** AniList's search ignores case and accents and matches any title or synonym. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function matches(media: AniListMedia, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const names = [media.title?.romaji, media.title?.english, media.title?.native, ...(media.synonyms ?? [])]
    .filter((name): name is string => typeof name === 'string')
    .map(fold);
  return names.some((name) => words.every((word) => name.includes(word)));
}

function exactly(media: AniListMedia, search: string): boolean {
  const wanted = fold(search.trim());
  return [media.title?.romaji, media.title?.english, media.title?.native].some(
    (name) => typeof name === 'string' && fold(name) === wanted,
  );
}

export function handleAniList(request: FakeRequest, dataset: readonly AniListMedia[] = ANILIST_MANGA): FakeResponse {
  if (request.method !== 'POST' || request.path !== '/') return graphQLError(400, 'Must provide query string.');
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    return graphQLError(400, 'Must provide query string.');
  }
  let body: { query?: unknown; variables?: Record<string, unknown> };
  try {
    body = JSON.parse(request.body) as typeof body;
  } catch {
    return graphQLError(400, 'Invalid JSON body.');
  }
  const query = typeof body.query === 'string' ? body.query : '';
  const variables = body.variables ?? {};

  if (/Page\s*\(/.test(query) && /media\s*\(\s*search:\s*\$search/.test(query)) {
    const search = variables['search'];
    if (typeof search !== 'string') {
      return graphQLError(400, 'Variable "$search" of required type "String!" was not provided.');
    }
    const perPage = typeof variables['perPage'] === 'number' ? Math.min(variables['perPage'], 50) : 50;
    const hits = dataset.filter((media) => matches(media, search));
    const ranked = [...hits.filter((media) => exactly(media, search)), ...hits.filter((m) => !exactly(m, search))];
    return { headers: RATE_HEADERS, json: { data: { Page: { media: ranked.slice(0, perPage) } } } };
  }

  if (/Media\s*\(\s*id:\s*\$id/.test(query)) {
    const id = variables['id'];
    if (typeof id !== 'number' || !Number.isInteger(id)) {
      return graphQLError(400, `Variable "$id" got invalid value ${JSON.stringify(id)}; Expected type Int.`);
    }
    const media = dataset.find((entry) => entry.id === id);
    if (media === undefined) return graphQLError(404, 'Not Found.', { Media: null });
    return { headers: RATE_HEADERS, json: { data: { Media: media } } };
  }

  return graphQLError(400, 'Cannot query field "unknown" on type "Query".');
}

export interface AniListFakeOptions {
  dataset?: readonly AniListMedia[];
  latencyMs?: number;
}

export function startAniListFake(options: AniListFakeOptions = {}): Promise<FakeService> {
  return startFakeService({
    handle: (request) => handleAniList(request, options.dataset),
    latencyMs: options.latencyMs ?? 0,
    errorResponses: {
      rate_limited: {
        status: 429,
        headers: { 'retry-after': '1', 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0' },
        json: { errors: [{ message: 'Too Many Requests.', status: 429 }], data: null },
      },
      server_error: {
        status: 500,
        json: { errors: [{ message: 'Internal Server Error', status: 500 }], data: null },
      },
    },
  });
}
