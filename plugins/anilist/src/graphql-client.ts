import { BadResponseError, NotConfiguredError, type PluginContext } from '@shelfmark/plugin-sdk';
import { errorFromGraphQL, readGraphQLErrors } from './graphql-errors.js';
import { asRecord, field, type JsonRecord } from './read.js';

export const DEFAULT_BASE_URL = 'https://graphql.anilist.co';

/** The GraphQL endpoint: AniList serves it at the root of its host; a proxy may put it under a path. */
export function endpointFrom(settings: PluginContext['settings']): URL {
  const value = settings['base_url'];
  if (value === undefined || value === null || value === '') return new URL(DEFAULT_BASE_URL);
  if (typeof value !== 'string' || !URL.canParse(value)) {
    throw new NotConfiguredError('AniList: the base_url setting is not a valid URL');
  }
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new NotConfiguredError('AniList: the base_url setting must be an http or https URL');
  }
  return url;
}

/**
 * Posts one GraphQL query and returns its `data`. AniList reports failures as `errors[]` with HTTP 400/404 (read
 * here, into typed errors) or 429/5xx (left to the host, which retries them and honours Retry-After). A 404 is read
 * here rather than by the host so that only AniList's own "Not Found." means an unknown manga: a 404 page from a
 * wrong proxy path is not JSON and ends as BadResponseError.
 */
export async function queryAniList(
  context: PluginContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<JsonRecord> {
  const response = await context.http.request(endpointFrom(context.settings), {
    method: 'POST',
    json: { query, variables },
    headers: { accept: 'application/json' },
    acceptStatus: [400, 404],
  });
  const body = response.json();
  const errors = readGraphQLErrors(body);
  const data = asRecord(field(body, 'data'));
  const failed = response.status !== 200 || data === null || Object.values(data).every((value) => value === null);
  if (errors.length > 0 && failed) throw errorFromGraphQL(errors, response.status);
  if (data === null) throw new BadResponseError(`AniList answered HTTP ${response.status} without data`);
  if (errors.length > 0) {
    // Partial success: the data we asked for is there, the errors concern a field we can do without.
    context.log.warn('AniList answered with data and errors', { errors: errors.map((error) => error.message) });
  }
  return data;
}
