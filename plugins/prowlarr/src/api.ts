import type { HttpResponse, PluginContext, QueryValue } from '@shelfmark/plugin-sdk';
import type { ProwlarrConnection } from './settings.js';

export const SEARCH_PATH = '/api/v1/search';
export const INDEXER_PATH = '/api/v1/indexer';

export interface ProwlarrRequest {
  path: string;
  /** Sent as a JSON body with POST; left out, the request is a GET. */
  json?: unknown;
  query?: Readonly<Record<string, QueryValue>>;
  timeoutMs?: number;
  /** Statuses to read here instead of receiving the SDK's typed error. */
  acceptStatus?: readonly number[];
}

/** The key travels in the `X-Api-Key` header, never in the query string, so it stays out of URLs and access logs. */
export function callProwlarr(
  connection: ProwlarrConnection,
  request: ProwlarrRequest,
  context: PluginContext,
): Promise<HttpResponse> {
  return context.http.request(`${connection.baseUrl}${request.path}`, {
    method: request.json === undefined ? 'GET' : 'POST',
    json: request.json,
    query: request.query,
    headers: { 'X-Api-Key': connection.apiKey, Accept: 'application/json' },
    timeoutMs: request.timeoutMs,
    acceptStatus: request.acceptStatus,
  });
}

/**
 * What a non-JSON answer was, for messages; null when it claimed to be JSON (then it is a broken Prowlarr answer, such
 * as a truncated one, rather than another server).
 */
export function nonJsonKind(response: HttpResponse): string | null {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.includes('json')) return null;
  if (type === 'text/html' || /^\s*<(!doctype|html)/i.test(response.text)) return 'an HTML page';
  return type === '' ? 'a body that is not JSON' : `a ${type} body`;
}

/** `host[:port]` of the configured URL: what the admin recognises in a message about reaching the server. */
export function hostOf(connection: ProwlarrConnection): string {
  return new URL(connection.baseUrl).host;
}

/**
 * The human part of a Prowlarr error body: `{ message, description }` for exceptions, or a list of validation
 * failures `[{ propertyName, errorMessage }]`.
 */
export function errorDetail(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const messages = (Array.isArray(parsed) ? parsed : [parsed])
    .map((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return null;
      const { message, errorMessage } = entry as { message?: unknown; errorMessage?: unknown };
      const text = typeof errorMessage === 'string' ? errorMessage : message;
      return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
    })
    .filter((text): text is string => text !== null);
  return messages.length > 0 ? messages.join('; ').slice(0, 300) : null;
}
