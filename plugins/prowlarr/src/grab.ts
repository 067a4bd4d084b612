import { AuthError, BadResponseError, NotFoundError, UnavailableError } from '@shelfmark/plugin-sdk';
import type { GrabRequest, GrabResult, HttpResponse, IndexerData, PluginContext } from '@shelfmark/plugin-sdk';
import { callProwlarr, errorDetail, SEARCH_PATH } from './api.js';
import { redactSecret } from './redact.js';
import { searchReleases } from './search.js';
import { requireConnection } from './settings.js';
import type { ProwlarrConnection } from './settings.js';

/**
 * How long a search's releases can be grabbed without searching again. Prowlarr grabs only from its own cache of
 * recent search answers, which keeps each release for 30 minutes (SearchController's `remoteReleases` cache); five
 * minutes less leaves room for the time between Prowlarr's answer and ours, and for the two clocks. A release
 * missing from the cache anyway (Prowlarr restarted, its cache cleared) is searched again once, on the 404.
 */
export const PROWLARR_SEARCH_CACHE_MS = 25 * 60_000;

/** Prowlarr's key of a release in its cache. */
interface ReleaseKey {
  guid: string;
  indexerId: number;
}

/**
 * POST /api/v1/search with the release's guid and indexerId: Prowlarr sends it to the download client configured for
 * that indexer (or its default one). A release older than Prowlarr's cache is searched again first.
 */
export async function grabRelease(request: GrabRequest, context: PluginContext): Promise<GrabResult> {
  const connection = requireConnection(context.settings);
  const key = releaseKey(request.indexerData);
  if (key === null) {
    throw new NotFoundError(
      `Prowlarr cannot grab "${request.title}": the release has no Prowlarr guid and indexer id. Search again.`,
    );
  }
  const age = Date.now() - Date.parse(request.searchedAt);
  if (!(age < PROWLARR_SEARCH_CACHE_MS)) await searchAgain(request, key, context);
  let response = await postGrab(connection, key, context);
  if (isCacheMiss(response)) {
    await searchAgain(request, key, context);
    response = await postGrab(connection, key, context);
    if (isCacheMiss(response)) throw expired(request);
  }
  return answer(response, request, connection);
}

function releaseKey(data: IndexerData): ReleaseKey | null {
  const { guid, indexerId } = data;
  if (typeof guid !== 'string' || guid === '') return null;
  if (typeof indexerId !== 'number' || !Number.isSafeInteger(indexerId) || indexerId <= 0) return null;
  return { guid, indexerId };
}

function postGrab(connection: ProwlarrConnection, key: ReleaseKey, context: PluginContext): Promise<HttpResponse> {
  return callProwlarr(
    connection,
    {
      path: SEARCH_PATH,
      json: { guid: key.guid, indexerId: key.indexerId },
      // 5xx are read here, not retried by the host: a grab that reached the download client before failing must not
      // be sent twice.
      acceptStatus: [400, 401, 403, 404, 409, 500, 502, 503, 504],
    },
    context,
  );
}

/** Prowlarr's 404 for a release it no longer holds carries its message; a bare 404 is another server. */
function isCacheMiss(response: HttpResponse): boolean {
  return response.status === 404 && errorDetail(response.text) !== null;
}

/** Runs the release's search again, which puts its answer back in Prowlarr's cache, and checks the release is in it. */
async function searchAgain(request: GrabRequest, key: ReleaseKey, context: PluginContext): Promise<void> {
  const releases = await searchReleases(request.query, context);
  const found = releases.some(
    (release) => release.indexerData?.guid === key.guid && release.indexerData.indexerId === key.indexerId,
  );
  if (!found) throw expired(request);
}

function expired(request: GrabRequest): NotFoundError {
  return new NotFoundError(
    `Prowlarr no longer finds "${request.title}": its indexer dropped the release since the search.`,
  );
}

function answer(response: HttpResponse, request: GrabRequest, connection: ProwlarrConnection): GrabResult {
  const { status } = response;
  const detail = redactSecret(errorDetail(response.text), connection.apiKey);
  const because = detail === null ? '' : `: ${detail}`;
  if (status >= 200 && status < 300) {
    return { message: `Prowlarr sent "${request.title}" to its download client.` };
  }
  if (status === 401 || status === 403) {
    throw new AuthError(`Prowlarr refused the API key (HTTP ${status}); check the "api_key" setting.`);
  }
  if (status === 404) {
    throw new BadResponseError(
      `The URL does not look like a Prowlarr server: ${connection.baseUrl}${SEARCH_PATH} answered 404. ` +
        'Check the "url" setting (with Prowlarr\'s URL Base, if it has one).',
    );
  }
  if (status === 400) throw new BadResponseError(`Prowlarr rejected the grab${because}.`);
  // 409: Prowlarr could not fetch the release from the indexer, or hand it to the download client.
  if (status === 409) throw new UnavailableError(`Prowlarr could not grab "${request.title}"${because}.`);
  throw new UnavailableError(`Prowlarr failed to grab "${request.title}" (HTTP ${status})${because}.`);
}
