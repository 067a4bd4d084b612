import { startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { FakeRequest, FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';
import { issues, volumes } from './fake-data.js';
import type { FakeIssue, FakeVolume } from './fake-data.js';

/**
 * A local ComicVine API: `/api/search/`, `/api/volume/4050-<id>/` and `/api/issues/`, answering in ComicVine's
 * envelope. Failures come inside the envelope (`status_code` 100 bad key, 101 unknown object, 107 rate limit). With
 * `httpStatuses`, they also carry the HTTP status today's ComicVine sends with them (401, 404, 420); by default they
 * come with HTTP 200, as older answers and some proxies do.
 */

export const FAKE_API_KEY = 'cv-fake-key-7d41c2b9e0';

export interface ComicVineFakeOptions {
  httpStatuses?: boolean;
  latencyMs?: number;
}

const ERRORS = {
  100: 'Invalid API Key',
  101: 'Object Not Found',
  102: 'Error in URL Format',
  107: 'Rate limit exceeded.  Slow down cowboy.',
} as const;

type ErrorCode = keyof typeof ERRORS;

const HTTP_STATUS_OF: Record<ErrorCode, number> = { 100: 401, 101: 404, 102: 200, 107: 420 };

function envelope(results: unknown, total: number, limit: number, offset: number): FakeResponse {
  const pageResults = Array.isArray(results) ? results.length : 1;
  return {
    json: {
      error: 'OK',
      limit,
      offset,
      number_of_page_results: pageResults,
      number_of_total_results: total,
      status_code: 1,
      results,
      version: '1.0',
    },
  };
}

function errorEnvelope(code: ErrorCode, httpStatuses: boolean): FakeResponse {
  return {
    status: httpStatuses ? HTTP_STATUS_OF[code] : 200,
    json: {
      error: ERRORS[code],
      limit: 0,
      offset: 0,
      number_of_page_results: 0,
      number_of_total_results: 0,
      status_code: code,
      results: [],
    },
  };
}

/** ComicVine's answer when velocity detection has banned the client. */
export const ABNORMAL_TRAFFIC_PAGE = `<!DOCTYPE html>
<html><head><title>Abnormal Traffic Detected | Comic Vine</title></head>
<body><h1>Abnormal Traffic Detected</h1><p>Your IP has been blocked for making too many requests.</p></body></html>`;

/** Without `format=json` ComicVine answers XML, its default format. */
const XML_ANSWER = `<?xml version="1.0" encoding="utf-8"?><response><error><![CDATA[OK]]></error><status_code>1</status_code><results></results></response>`;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** A loose full-text match, like ComicVine's: every query word in the name or an alias, exact names first. */
function searchVolumes(query: string): FakeVolume[] {
  const wanted = words(query);
  if (wanted.length === 0) return [];
  const matches = volumes.filter((volume) => {
    const known = new Set(words(`${volume.name} ${volume.aliases ?? ''}`));
    return wanted.every((word) => known.has(word));
  });
  const exact = (volume: FakeVolume): number => (fold(volume.name) === fold(query.trim()) ? 0 : 1);
  return matches.sort((a, b) => exact(a) - exact(b));
}

function volumeJson(volume: FakeVolume): Record<string, unknown> {
  return {
    ...volume,
    api_detail_url: `https://comicvine.gamespot.com/api/volume/4050-${volume.id}/`,
    resource_type: 'volume',
  };
}

function issueJson(issue: FakeIssue): Record<string, unknown> {
  const { volumeId, ...fields } = issue;
  const volume = volumes.find((candidate) => candidate.id === volumeId);
  return {
    ...fields,
    volume: {
      id: volumeId,
      name: volume?.name ?? '',
      api_detail_url: `https://comicvine.gamespot.com/api/volume/4050-${volumeId}/`,
    },
    api_detail_url: `https://comicvine.gamespot.com/api/issue/4000-${issue.id}/`,
    site_detail_url: `https://comicvine.gamespot.com/issue/4000-${issue.id}/`,
  };
}

/** `field_list` narrows every result to the named fields, as ComicVine does. */
function pickFields(record: Record<string, unknown>, fieldList: string | null): Record<string, unknown> {
  if (fieldList === null || fieldList === '') return record;
  const fields = new Set(fieldList.split(','));
  return Object.fromEntries(Object.entries(record).filter(([key]) => fields.has(key)));
}

function pageParams(query: URLSearchParams, defaultLimit: number): { limit: number; offset: number } {
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? defaultLimit) || defaultLimit));
  const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
  return { limit, offset };
}

function handleApi(request: FakeRequest, httpStatuses: boolean): FakeResponse {
  const { query, path } = request;
  if (!request.headers['user-agent']) {
    return { status: 403, body: '<html><body>Access denied: set a User-Agent.</body></html>' };
  }
  if (query.get('api_key') !== FAKE_API_KEY) return errorEnvelope(100, httpStatuses);
  if (query.get('format') !== 'json') return { headers: { 'content-type': 'application/xml' }, body: XML_ANSWER };
  const fieldList = query.get('field_list');

  if (path === '/api/search/') {
    const resources = (query.get('resources') ?? '').split(',');
    const found = resources.includes('volume') ? searchVolumes(query.get('query') ?? '') : [];
    const { limit, offset } = pageParams(query, 10);
    const results = found.slice(offset, offset + limit).map((volume) => pickFields(volumeJson(volume), fieldList));
    return envelope(results, found.length, limit, offset);
  }

  const volumeMatch = /^\/api\/volume\/4050-(\d+)\/$/.exec(path);
  if (volumeMatch) {
    const volume = volumes.find((candidate) => String(candidate.id) === volumeMatch[1]);
    if (!volume) return errorEnvelope(101, httpStatuses);
    return envelope(pickFields(volumeJson(volume), fieldList), 1, 1, 0);
  }

  if (path === '/api/issues/') {
    const filter = /^volume:(\d+)$/.exec(query.get('filter') ?? '');
    // An unknown volume in a filter is not an error for ComicVine: the list is just empty.
    const found = filter ? issues.filter((issue) => String(issue.volumeId) === filter[1]) : issues;
    const { limit, offset } = pageParams(query, 100);
    const results = found.slice(offset, offset + limit).map((issue) => pickFields(issueJson(issue), fieldList));
    return envelope(results, found.length, limit, offset);
  }

  return errorEnvelope(102, httpStatuses);
}

/** The normal behaviour of the fake, for tests that compose their own failures around it. */
export function comicVineHandler(httpStatuses = false): (request: FakeRequest) => FakeResponse {
  return (request) => handleApi(request, httpStatuses);
}

export function startComicVineFake(options: ComicVineFakeOptions = {}): Promise<FakeService> {
  const httpStatuses = options.httpStatuses ?? false;
  return startFakeService({
    handle: comicVineHandler(httpStatuses),
    errorResponses: {
      unauthorized: errorEnvelope(100, httpStatuses),
      rate_limited: errorEnvelope(107, httpStatuses),
      blocked: { status: 200, body: ABNORMAL_TRAFFIC_PAGE },
    },
    latencyMs: options.latencyMs ?? 0,
  });
}
