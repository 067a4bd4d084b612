import {
  AuthError,
  BadResponseError,
  NotConfiguredError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
} from '@shelfmark/plugin-sdk';
import type { PluginError } from '@shelfmark/plugin-sdk';

/** What Google's error envelope says: `{ error: { code, message, status, errors: [{ reason }], details: [{ reason }] } }`. */
interface GoogleErrorFacts {
  message: string | null;
  reasons: string[];
}

function readFacts(body: string): GoogleErrorFacts {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { message: null, reasons: [] };
  }
  const error = typeof json === 'object' && json !== null ? (json as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return { message: null, reasons: [] };
  const { message, status, errors, details } = error as Record<string, unknown>;
  const reasons: string[] = typeof status === 'string' ? [status] : [];
  for (const list of [errors, details]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list as unknown[]) {
      const reason = typeof entry === 'object' && entry !== null ? (entry as { reason?: unknown }).reason : undefined;
      if (typeof reason === 'string') reasons.push(reason);
    }
  }
  return { message: typeof message === 'string' ? message.slice(0, 200) : null, reasons };
}

const BAD_KEY_REASONS = new Set(['API_KEY_INVALID', 'keyInvalid', 'API_KEY_EXPIRED']);
const QUOTA_REASONS = new Set([
  'RESOURCE_EXHAUSTED',
  'RATE_LIMIT_EXCEEDED',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'dailyLimitExceeded',
  'quotaExceeded',
]);

export type RequestSubject = { kind: 'search' } | { kind: 'volume'; id: string };

/**
 * Google answers a bad API key with 400 (not 401), and a spent quota with 403 on older front ends; the host's
 * generic mapping would call the first a bad request and the second an auth failure, so these statuses are read here.
 */
export function errorFromGoogle(status: number, body: string, subject: RequestSubject): PluginError {
  const { message, reasons } = readFacts(body);
  const said = message === null ? '' : `: ${message}`;
  const has = (set: ReadonlySet<string>) => reasons.some((reason) => set.has(reason));
  if (has(BAD_KEY_REASONS) || (status === 400 && /api key not valid/i.test(message ?? ''))) {
    return new AuthError('Google Books rejected the API key; set a valid api_key or leave it empty');
  }
  if (has(QUOTA_REASONS)) return new RateLimitedError(`Google Books quota exceeded${said}`);
  switch (status) {
    case 400:
      return new BadResponseError(`Google Books refused the request (400)${said}`);
    case 401:
    case 403:
      return new AuthError(`Google Books refused access (${status})${said}`);
    case 404:
      return subject.kind === 'volume'
        ? new NotFoundError(`Google Books does not know volume ${subject.id}`)
        : new NotConfiguredError('Google Books search answered 404; check that base_url points at the Books API');
    default:
      return status >= 500
        ? new UnavailableError(`Google Books answered ${status}${said}`)
        : new BadResponseError(`Google Books answered ${status}${said}`);
  }
}
