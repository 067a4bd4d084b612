import { AuthError, BadResponseError, isPluginError } from '@shelfmark/plugin-sdk';
import type { HttpResponse, PluginContext, Release, ReleaseQuery } from '@shelfmark/plugin-sdk';
import { callProwlarr, errorDetail, nonJsonKind, SEARCH_PATH } from './api.js';
import { mapReleases } from './map.js';
import { redactSecret } from './redact.js';
import { requireConnection, searchCategories } from './settings.js';
import type { ProwlarrConnection } from './settings.js';

/**
 * GET /api/v1/search?query=…&type=search&categories=7030&categories=7020. Prowlarr asks every enabled indexer and
 * answers once all have replied, so one call can take many seconds (the manifest's timeout allows for it).
 */
export async function searchReleases(query: ReleaseQuery, context: PluginContext): Promise<Release[]> {
  const connection = requireConnection(context.settings);
  const text = query.query.trim();
  // An empty query makes Prowlarr list every indexer's latest releases: never what a series search wants.
  if (text === '') return [];
  const categories = searchCategories(query.categories, context.settings.categories);

  const response = await callProwlarr(
    connection,
    { path: SEARCH_PATH, query: { query: text, type: 'search', categories }, acceptStatus: [400, 401, 403, 404] },
    context,
  );
  if (response.status === 401 || response.status === 403) {
    throw new AuthError(`Prowlarr refused the API key (HTTP ${response.status}); check the "api_key" setting.`);
  }
  if (response.status === 404) throw notProwlarr(connection, 'answered 404');
  if (response.status === 400) {
    const detail = redactSecret(errorDetail(response.text), connection.apiKey);
    throw new BadResponseError(`Prowlarr rejected the search${detail === null ? '' : `: ${detail}`}.`);
  }

  const releases = mapReleases(readJson(response, connection), connection.apiKey);
  if (releases === null) throw notProwlarr(connection, 'answered with JSON that is not a list of releases');
  context.log.debug('Prowlarr search answered', { query: text, categories, releases: releases.length });
  return releases;
}

function readJson(response: HttpResponse, connection: ProwlarrConnection): unknown {
  try {
    return response.json();
  } catch (error) {
    const kind = nonJsonKind(response);
    if (isPluginError(error) && kind !== null) throw notProwlarr(connection, `answered with ${kind}`);
    throw error;
  }
}

function notProwlarr(connection: ProwlarrConnection, what: string): BadResponseError {
  return new BadResponseError(
    `The URL does not look like a Prowlarr server: ${connection.baseUrl}${SEARCH_PATH} ${what}. ` +
      'Check the "url" setting (with Prowlarr\'s URL Base, if it has one).',
  );
}
