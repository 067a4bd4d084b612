import type { PluginContext, PluginSettings } from './types.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Where a plugin's log lines go (the server passes pino); fields arrive already redacted. */
export type LogSink = (level: LogLevel, message: string, fields: Record<string, unknown>) => void;

export interface PluginHostOptions {
  /** e.g. `Shelfmark/0.1.0 (+https://github.com/shelfmark)`; services such as Open Library ask for one. */
  userAgent: string;
  /** Per-request timeout when the manifest names none. Default 15,000 ms. */
  defaultTimeoutMs?: number;
  /** Whole-call deadline, rate-limit waits excluded. Default 120,000 ms. */
  callTimeoutMs?: number;
  /** Responses larger than this fail with BadResponseError. Default 5 MiB. */
  maxResponseBytes?: number;
  /** Retries after a 429 or 5xx or network failure. Default 2. */
  maxRetries?: number;
  /** First backoff; doubled each retry, with jitter. Default 500 ms. */
  backoffBaseMs?: number;
  /** A Retry-After longer than this is not waited for: RateLimitedError at once. Default 30,000 ms. */
  maxRetryAfterMs?: number;
  logSink?: LogSink;
  /** For tests and proxies; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  settings: PluginSettings;
  language: string;
  /** The caller's signal (job cancelled, server stopping). */
  signal?: AbortSignal;
}

export interface CallTiming {
  durationMs: number;
  requests: number;
  /** Time spent waiting for the rate limit. */
  throttledMs: number;
}

export type PluginCall<T> = (context: PluginContext) => Promise<T>;
