import {
  AuthError,
  BadResponseError,
  NotFoundError,
  type PluginError,
  RateLimitedError,
  UnavailableError,
} from '@shelfmark/plugin-sdk';
import { asArray, asRecord, asText, field } from './read.js';

export interface GraphQLErrorEntry {
  message: string;
  status: number | null;
}

/** `errors[]` of a GraphQL answer; AniList puts an HTTP-like `status` on each entry. */
export function readGraphQLErrors(body: unknown): GraphQLErrorEntry[] {
  return asArray(field(body, 'errors')).map((entry) => {
    const status = asRecord(entry)?.['status'];
    return {
      message: asText(field(entry, 'message')) ?? 'no message',
      status: typeof status === 'number' && Number.isInteger(status) ? status : null,
    };
  });
}

/**
 * AniList answers failures as GraphQL errors, with HTTP 200, 400, 404, 429 or 500 and the same status inside each
 * entry; the entry's status is trusted over the HTTP one because a 200 can still carry a failure.
 */
export function errorFromGraphQL(errors: readonly GraphQLErrorEntry[], httpStatus: number): PluginError {
  const first = errors[0];
  const status = first?.status ?? httpStatus;
  const said = first === undefined ? `HTTP ${httpStatus} without errors` : `"${shorten(first.message)}"`;
  if (status === 404 || httpStatus === 404) return new NotFoundError(`AniList has no such manga (it answered ${said})`);
  if (status === 429) return new RateLimitedError(`AniList is rate limiting requests (it answered ${said})`);
  if (status === 401 || status === 403 || /invalid token/i.test(first?.message ?? '')) {
    return new AuthError(`AniList refused the request (it answered ${said})`);
  }
  if (status >= 500) return new UnavailableError(`AniList failed (it answered ${said})`);
  // A 400 means AniList rejected our query itself: retrying cannot help, and the message says what it disliked.
  return new BadResponseError(`AniList rejected the query (it answered ${said})`);
}

function shorten(message: string): string {
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}
