/**
 * The failures a plugin call can end in. The server records `code` and `message` on the job and answers 502 with
 * them, so a message must name the service and say what happened, and must never contain a secret.
 */
export type PluginErrorCode =
  'auth' | 'not_configured' | 'rate_limited' | 'unavailable' | 'bad_response' | 'blocked' | 'not_found';

/**
 * Marks errors of every copy of the SDK. A plugin may bring its own copy (installed beside it) while the server runs
 * on another: `instanceof` must still recognise the plugin's errors, or the host would call them unexpected.
 */
const PLUGIN_ERROR_BRAND = Symbol.for('@shelfmark/plugin-sdk:PluginError');

export abstract class PluginError extends Error {
  abstract readonly code: PluginErrorCode;
  /** Whether trying again later may succeed (the batch and refresh jobs record it; the runner does not loop on it). */
  abstract readonly transient: boolean;

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    Object.defineProperty(this, PLUGIN_ERROR_BRAND, { value: true });
  }

  /** True for errors of this class from this or another copy of the SDK (same brand, same class name). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (typeof value !== 'object' || value === null || !(PLUGIN_ERROR_BRAND in value)) return false;
    if (this === PluginError) return true;
    for (let proto: unknown = Object.getPrototypeOf(value); proto; proto = Object.getPrototypeOf(proto)) {
      if ((proto as { constructor?: { name?: unknown } }).constructor?.name === this.name) return true;
    }
    return false;
  }
}

/** The service refused the credentials (401/403, or its own "invalid API key" answer). */
export class AuthError extends PluginError {
  readonly code = 'auth';
  readonly transient = false;
  override readonly name = 'AuthError';
}

/** A required setting (an API key, a URL) is missing: the message says which one to set. */
export class NotConfiguredError extends PluginError {
  readonly code = 'not_configured';
  readonly transient = false;
  override readonly name = 'NotConfiguredError';
}

export class RateLimitedError extends PluginError {
  readonly code = 'rate_limited';
  readonly transient = true;
  override readonly name = 'RateLimitedError';
  constructor(
    message: string,
    /** Seconds the service asked to wait, when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** Unreachable, timed out, or 5xx after the retries. */
export class UnavailableError extends PluginError {
  readonly code = 'unavailable';
  readonly transient = true;
  override readonly name = 'UnavailableError';
}

/** The answer could not be understood: truncated or non-JSON body, unexpected shape, oversized. */
export class BadResponseError extends PluginError {
  readonly code = 'bad_response';
  readonly transient = false;
  override readonly name = 'BadResponseError';
}

/** The service answered with an anti-bot or captcha page instead of content. */
export class BlockedError extends PluginError {
  readonly code = 'blocked';
  readonly transient = true;
  override readonly name = 'BlockedError';
}

/** The service does not know the id (a deleted series, a mistyped id). */
export class NotFoundError extends PluginError {
  readonly code = 'not_found';
  readonly transient = false;
  override readonly name = 'NotFoundError';
}

export function isPluginError(error: unknown): error is PluginError {
  return error instanceof PluginError;
}
