import { abortReason, sleep, throwIfAborted, timeoutCause } from './abort.js';
import {
  AuthError,
  BadResponseError,
  NotFoundError,
  PluginError,
  RateLimitedError,
  UnavailableError,
} from './errors.js';
import { strictUriEncode } from './redact.js';
import type { HttpClient, HttpRequestOptions, HttpResponse, PluginLogger, QueryValue } from './types.js';

export interface HttpClientOptions {
  /** Names the service in every error message. */
  displayName: string;
  userAgent: string;
  /** The call's signal: cancellation by the caller or the whole-call deadline. */
  signal: AbortSignal;
  timeoutMs: number;
  maxResponseBytes: number;
  maxRetries: number;
  backoffBaseMs: number;
  maxRetryAfterMs: number;
  /** Waits for the plugin's rate limit; called before every attempt, retries included. */
  acquire(signal: AbortSignal): Promise<void>;
  /** Called once per attempt that goes out on the wire. */
  onAttempt?(): void;
  log?: PluginLogger;
  fetch?: typeof fetch;
}

type RequestOptions = Omit<HttpRequestOptions, 'method' | 'json'>;

/** An attempt that may succeed if repeated; `fail` builds the error once the retries are spent. */
interface RetryableFailure {
  retryAfterMs: number | null;
  fail(attempts: number): PluginError;
  what: string;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const request = (url: string | URL, requestOptions: HttpRequestOptions = {}): Promise<HttpResponse> =>
    requestWithRetries(options, url, requestOptions);
  return {
    request,
    getJson: async <T>(url: string | URL, requestOptions: RequestOptions = {}): Promise<T> => {
      const response = await request(url, { ...requestOptions, headers: withAcceptJson(requestOptions.headers) });
      return response.json<T>();
    },
    getText: async (url: string | URL, requestOptions: RequestOptions = {}): Promise<string> =>
      (await request(url, requestOptions)).text,
    postJson: async <T>(url: string | URL, body: unknown, requestOptions: RequestOptions = {}): Promise<T> => {
      const response = await request(url, {
        ...requestOptions,
        method: 'POST',
        json: body,
        headers: withAcceptJson(requestOptions.headers),
      });
      return response.json<T>();
    },
  };
}

function withAcceptJson(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const hasAccept = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'accept');
  return hasAccept ? { ...headers } : { accept: 'application/json', ...headers };
}

/** Appends the query with every byte outside the unreserved set percent-encoded (space → %20, `:` → %3A). */
export function buildUrl(url: string | URL, query: Readonly<Record<string, QueryValue>> | undefined): URL {
  const result = new URL(url);
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value)
      ? (value as readonly (string | number)[])
      : [value as string | number | boolean];
    for (const item of values) pairs.push(`${strictUriEncode(key)}=${strictUriEncode(String(item))}`);
  }
  if (pairs.length > 0) {
    const existing = result.search.length > 1 ? result.search.slice(1) + '&' : '';
    result.search = existing + pairs.join('&');
  }
  return result;
}

/** Host and path only: query strings carry keys and headers carry tokens, neither belongs in a message. */
export function describeUrl(url: URL): string {
  return `${url.host}${url.pathname}`;
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** Seconds or an HTTP-date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

function backoffMs(base: number, attempt: number): number {
  const exponential = base * 2 ** (attempt - 1);
  // Jitter spreads the retries of concurrent calls so that they do not hit the service in lockstep.
  return Math.round(exponential * (0.75 + Math.random() * 0.5));
}

function attemptsText(attempts: number): string {
  return attempts === 1 ? 'after 1 attempt' : `after ${attempts} attempts`;
}

async function requestWithRetries(
  options: HttpClientOptions,
  input: string | URL,
  requestOptions: HttpRequestOptions,
): Promise<HttpResponse> {
  const url = buildUrl(input, requestOptions.query);
  const where = describeUrl(url);
  const method = requestOptions.method ?? 'GET';
  for (let attempt = 1; ; attempt++) {
    throwIfAborted(options.signal);
    await options.acquire(options.signal);
    options.onAttempt?.();
    const outcome = await attemptOnce(options, url, method, requestOptions);
    if (!('fail' in outcome)) return outcome;
    if (attempt > options.maxRetries) throw outcome.fail(attempt);
    const waitMs = outcome.retryAfterMs ?? backoffMs(options.backoffBaseMs, attempt);
    options.log?.warn(`${options.displayName}: ${outcome.what}, retrying in ${waitMs} ms`, {
      url: where,
      attempt,
      maxAttempts: options.maxRetries + 1,
    });
    await sleep(waitMs, options.signal);
  }
}

async function attemptOnce(
  options: HttpClientOptions,
  url: URL,
  method: 'GET' | 'POST',
  requestOptions: HttpRequestOptions,
): Promise<HttpResponse | RetryableFailure> {
  const { displayName, signal } = options;
  const where = describeUrl(url);
  const timeoutMs = requestOptions.timeoutMs ?? options.timeoutMs;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const attemptSignal = AbortSignal.any([signal, timeout.signal]);
  const timedOut = (): UnavailableError =>
    new UnavailableError(`${displayName} did not answer within ${formatSeconds(timeoutMs)} (${method} ${where})`, {
      cause: timeoutCause(),
    });
  const started = performance.now();

  const headers = new Headers({ 'user-agent': options.userAgent });
  if (requestOptions.json !== undefined) headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(requestOptions.headers ?? {})) headers.set(name, value);

  try {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, {
        method,
        headers,
        body: requestOptions.json === undefined ? undefined : JSON.stringify(requestOptions.json),
        signal: attemptSignal,
        redirect: 'follow',
      });
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      if (timeout.signal.aborted) throw timedOut();
      const detail = networkErrorCode(error);
      return {
        retryAfterMs: null,
        what: `could not reach ${where} (${detail})`,
        fail: (attempts) =>
          // The network error (with its code: ENOTFOUND, ECONNREFUSED…) stays as the cause for the host to judge.
          new UnavailableError(
            `${displayName} could not be reached at ${where} (${detail}) ${attemptsText(attempts)}`,
            {
              cause: error,
            },
          ),
      };
    }

    const { status } = response;
    const accepted = (status >= 200 && status < 300) || (requestOptions.acceptStatus ?? []).includes(status);
    if (!accepted) {
      await response.body?.cancel().catch(() => undefined);
      return failureFor(options, response, where);
    }

    let bytes: Uint8Array;
    try {
      bytes = await readCapped(response, options.maxResponseBytes, attemptSignal, displayName, where);
    } catch (error) {
      if (error instanceof PluginError) throw error;
      if (signal.aborted) throw abortReason(signal);
      if (timeout.signal.aborted) throw timedOut();
      const detail = networkErrorCode(error);
      return {
        retryAfterMs: null,
        what: `lost the connection while reading ${where} (${detail})`,
        fail: (attempts) =>
          new UnavailableError(
            `${displayName} dropped the connection while answering ${where} (${detail}) ${attemptsText(attempts)}`,
          ),
      };
    }
    const text = decode(bytes, response.headers.get('content-type'));
    options.log?.debug(`${method} ${where} → ${status}`, {
      status,
      bytes: bytes.byteLength,
      durationMs: Math.round(performance.now() - started),
    });
    return makeResponse(displayName, response, text, where);
  } finally {
    clearTimeout(timer);
  }
}

function failureFor(options: HttpClientOptions, response: Response, where: string): RetryableFailure {
  const { displayName } = options;
  const { status } = response;
  if (status === 401 || status === 403) {
    throw new AuthError(`${displayName} refused the credentials (${status}) for ${where}: check the plugin settings`);
  }
  if (status === 404) throw new NotFoundError(`${displayName} does not know ${where} (404)`);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const retryAfterSeconds = retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000);
    if (retryAfterMs !== null && retryAfterMs > options.maxRetryAfterMs) {
      throw new RateLimitedError(
        `${displayName} is rate limiting Shelfmark and asks to wait ${formatSeconds(retryAfterMs)} (${where})`,
        retryAfterSeconds,
      );
    }
    return {
      retryAfterMs,
      what: `answered 429 (rate limited)`,
      fail: (attempts) =>
        new RateLimitedError(
          `${displayName} is rate limiting Shelfmark: answered 429 ${attemptsText(attempts)} (${where})`,
          retryAfterSeconds,
        ),
    };
  }
  if (status >= 500) {
    return {
      retryAfterMs: null,
      what: `answered ${status}`,
      fail: (attempts) =>
        new UnavailableError(`${displayName} answered ${status} ${attemptsText(attempts)} (${where})`),
    };
  }
  throw new BadResponseError(`${displayName} answered ${status} for ${where}`);
}

function networkErrorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return error instanceof Error ? error.message : 'network error';
}

async function readCapped(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
  displayName: string,
  where: string,
): Promise<Uint8Array> {
  const tooLarge = (): BadResponseError =>
    new BadResponseError(`${displayName} sent more than ${formatBytes(maxBytes)} for ${where}, the limit for a plugin`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    if (signal.aborted) {
      await reader.cancel().catch(() => undefined);
      throw abortReason(signal);
    }
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function decode(bytes: Uint8Array, contentType: string | null): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function makeResponse(displayName: string, response: Response, text: string, where: string): HttpResponse {
  return {
    status: response.status,
    headers: response.headers,
    url: response.url,
    text,
    json<T = unknown>(): T {
      try {
        return JSON.parse(text) as T;
      } catch {
        const type = response.headers.get('content-type')?.split(';')[0] ?? 'no content type';
        const kind = text.trim().length === 0 ? 'an empty body' : `a body that is not valid JSON (${type})`;
        throw new BadResponseError(`${displayName} sent ${kind} for ${where}`);
      }
    },
  };
}
