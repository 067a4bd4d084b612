import { AuthError, BadResponseError, BlockedError, NotFoundError, RateLimitedError } from '@shelfmark/plugin-sdk';
import type { PluginError } from '@shelfmark/plugin-sdk';
import { isObject, readInteger, readText } from './read.js';

/**
 * Every ComicVine answer is an envelope `{ error, limit, offset, number_of_page_results, number_of_total_results,
 * status_code, results }`. Failures come back in it too, with `status_code` other than 1, sometimes with HTTP 200 and
 * sometimes with a matching HTTP status (401 for a bad key, 404 for an unknown id, 420 for the rate limit), so the
 * envelope is read whatever the HTTP status.
 */

export const STATUS_OK = 1;
export const STATUS_INVALID_API_KEY = 100;
export const STATUS_OBJECT_NOT_FOUND = 101;
export const STATUS_URL_FORMAT_ERROR = 102;
export const STATUS_FILTER_ERROR = 104;
export const STATUS_RATE_LIMIT_EXCEEDED = 107;

/** HTTP statuses whose body the plugin reads itself, because ComicVine explains them in the envelope. */
export const ENVELOPE_HTTP_STATUSES = [401, 404, 420] as const;

export interface ComicVinePage {
  results: unknown;
  /** `number_of_total_results`: how many match across all pages. */
  totalResults: number | null;
}

/** What a request was for, for messages: "search", "volume 4050-18166", "issues of volume 18166". */
export type RequestSubject = string;

const AUTH_HELP = 'check api_key in the ComicVine plugin settings';

/** ComicVine's answer when velocity detection bans a client: an HTML page instead of the API's JSON. */
export function isAbnormalTrafficPage(body: string): boolean {
  return /<title>[^<]*abnormal traffic detected/i.test(body);
}

function errorForStatusCode(statusCode: number, serviceMessage: string | null, subject: RequestSubject): PluginError {
  const said = serviceMessage === null ? '' : ` ("${serviceMessage}")`;
  switch (statusCode) {
    case STATUS_INVALID_API_KEY:
      return new AuthError(`ComicVine rejected the API key${said}: ${AUTH_HELP}`);
    case STATUS_OBJECT_NOT_FOUND:
      return new NotFoundError(`ComicVine does not know ${subject}${said}`);
    case STATUS_RATE_LIMIT_EXCEEDED:
      return new RateLimitedError(`ComicVine's rate limit is exceeded for ${subject}${said}; try again later`);
    default:
      return new BadResponseError(`ComicVine refused the request for ${subject} with status_code ${statusCode}${said}`);
  }
}

function errorForHttpStatus(httpStatus: number, subject: RequestSubject): PluginError | null {
  if (httpStatus === 401 || httpStatus === 403)
    return new AuthError(`ComicVine answered HTTP ${httpStatus}: ${AUTH_HELP}`);
  if (httpStatus === 404) return new NotFoundError(`ComicVine does not know ${subject} (HTTP 404)`);
  if (httpStatus === 420 || httpStatus === 429) {
    return new RateLimitedError(
      `ComicVine's rate limit is exceeded for ${subject} (HTTP ${httpStatus}); try again later`,
    );
  }
  if (httpStatus < 200 || httpStatus > 299)
    return new BadResponseError(`ComicVine answered HTTP ${httpStatus} for ${subject}`);
  return null;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The results of a ComicVine answer, or the typed error it stands for. The body is never quoted in an error: an HTML
 * error page may echo the request URL, and with it the API key.
 */
export function readEnvelope(httpStatus: number, body: string, subject: RequestSubject): ComicVinePage {
  if (isAbnormalTrafficPage(body)) {
    return fail(
      new BlockedError(`ComicVine's traffic protection blocked the request for ${subject}; wait before trying again`),
    );
  }
  const parsed = parseJson(body);
  if (!isObject(parsed)) {
    return fail(
      errorForHttpStatus(httpStatus, subject) ??
        new BadResponseError(`ComicVine answered ${subject} with something other than its JSON envelope`),
    );
  }
  const statusCode = readInteger(parsed.status_code);
  if (statusCode !== null && statusCode !== STATUS_OK) {
    return fail(errorForStatusCode(statusCode, readText(parsed.error), subject));
  }
  const httpError = errorForHttpStatus(httpStatus, subject);
  if (httpError !== null) return fail(httpError);
  if (!('results' in parsed)) {
    return fail(new BadResponseError(`ComicVine answered ${subject} without results`));
  }
  return { results: parsed.results, totalResults: readInteger(parsed.number_of_total_results) };
}

function fail(error: PluginError): never {
  throw error;
}
