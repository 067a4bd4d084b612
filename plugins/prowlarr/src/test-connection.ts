import { AuthError, NotFoundError, RateLimitedError, UnavailableError, isPluginError } from '@shelfmark/plugin-sdk';
import type {
  ConnectionFailure,
  ConnectionTest,
  HttpResponse,
  PluginContext,
  PluginError,
} from '@shelfmark/plugin-sdk';
import { callProwlarr, hostOf, INDEXER_PATH, nonJsonKind } from './api.js';
import { countEnabledIndexers } from './map.js';
import { redactSecret } from './redact.js';
import { readConnection } from './settings.js';
import type { ProwlarrConnection } from './settings.js';

/** Shorter than a search: the indexer list is local to Prowlarr, so a slow answer already means trouble. */
const TEST_TIMEOUT_MS = 10_000;

const REFUSED_KEY = 'Prowlarr refused the API key: copy it again from Prowlarr → Settings → General → Security.';

/**
 * GET /api/v1/indexer. Never throws for a configuration or connection problem: each becomes its own message, so the
 * admin can tell a bad key from an unreachable host from a URL that is not Prowlarr.
 */
export async function testConnection(context: PluginContext): Promise<ConnectionTest> {
  const settings = readConnection(context.settings);
  if (!settings.ok) return { ok: false, message: settings.problem, failure: 'not_configured' };
  const { connection } = settings;

  let response: HttpResponse;
  try {
    response = await callProwlarr(
      connection,
      // 5xx are read here rather than retried: the admin is waiting for an answer, not for a backoff.
      { path: INDEXER_PATH, timeoutMs: TEST_TIMEOUT_MS, acceptStatus: [401, 403, 404, 500, 502, 503, 504] },
      context,
    );
  } catch (error) {
    // A cancelled call is the caller's business, not a failed test.
    if (context.signal.aborted || !isPluginError(error)) throw error;
    return {
      ok: false,
      message: redactSecret(failureMessage(error, connection), connection.apiKey) ?? '',
      failure: failureOf(error),
    };
  }
  return fromResponse(response, connection);
}

function fromResponse(response: HttpResponse, connection: ProwlarrConnection): ConnectionTest {
  const host = hostOf(connection);
  const { status } = response;
  if (status === 401 || status === 403) return { ok: false, message: REFUSED_KEY, failure: 'refused_key' };
  if (status === 404) return notProwlarr(connection, 'answered 404');
  if (status === 502 || status === 504) {
    return {
      ok: false,
      message: `Could not reach Prowlarr at ${host}: the proxy in front of it answered ${status}.`,
      failure: 'unreachable',
    };
  }
  if (status >= 500) {
    return {
      ok: false,
      message: `Prowlarr at ${host} failed with HTTP ${status}; see its logs (System → Logs).`,
      failure: 'unavailable',
    };
  }

  let body: unknown;
  try {
    body = response.json();
  } catch (error) {
    const kind = nonJsonKind(response);
    if (kind !== null) return notProwlarr(connection, `answered with ${kind}`);
    const detail = redactSecret(error instanceof Error ? error.message : String(error), connection.apiKey);
    return { ok: false, message: `Prowlarr at ${host} sent a broken answer (${detail}).`, failure: 'bad_response' };
  }
  const indexerCount = countEnabledIndexers(body);
  if (indexerCount === null) return notProwlarr(connection, 'answered with JSON that is not a list of indexers');
  const message =
    indexerCount === 0
      ? `Connected to Prowlarr at ${host}, but no indexer is enabled: searches will find nothing.`
      : `Connected to Prowlarr at ${host}: ${indexerCount} enabled indexer${indexerCount === 1 ? '' : 's'}.`;
  return { ok: true, message, indexerCount };
}

function failureMessage(error: PluginError, connection: ProwlarrConnection): string {
  const host = hostOf(connection);
  if (error instanceof UnavailableError) {
    return `Could not reach Prowlarr at ${host}: is it running, and is the address right? (${error.message})`;
  }
  if (error instanceof AuthError) return REFUSED_KEY;
  if (error instanceof NotFoundError) return notProwlarr(connection, 'answered 404').message;
  if (error instanceof RateLimitedError) return `Prowlarr at ${host} is rate limiting requests; try again in a minute.`;
  return `Prowlarr at ${host} sent an answer Shelfmark could not read: ${error.message}.`;
}

/** The kind of a failed call, as the connection test reports it. */
function failureOf(error: PluginError): ConnectionFailure {
  if (error instanceof UnavailableError) return 'unreachable';
  if (error instanceof AuthError) return 'refused_key';
  if (error instanceof NotFoundError) return 'wrong_url';
  if (error instanceof RateLimitedError) return 'rate_limited';
  return 'bad_response';
}

function notProwlarr(
  connection: ProwlarrConnection,
  what: string,
): { ok: false; message: string; failure: 'wrong_url' } {
  return {
    ok: false,
    failure: 'wrong_url',
    message:
      `The URL does not look like a Prowlarr server: ${connection.baseUrl}${INDEXER_PATH} ${what}. ` +
      "Check the address, with Prowlarr's URL Base if it has one.",
  };
}
