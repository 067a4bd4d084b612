import { abortError, raceWithSignal, timeoutCause } from './abort.js';
import { Deadline } from './deadline.js';
import { BadResponseError, PluginError, UnavailableError } from './errors.js';
import type { CallOptions, CallTiming, PluginCall, PluginHostOptions } from './host-types.js';
import { createHttpClient, formatSeconds } from './http-client.js';
import { createPluginLogger } from './logger.js';
import { RateLimiter } from './rate-limiter.js';
import { createRedactor, redactError } from './redact.js';
import type { Redactor } from './redact.js';
import type { PluginContext, PluginLogger, PluginSettings, SettingValue, ShelfmarkPlugin } from './types.js';

const DEFAULTS = {
  defaultTimeoutMs: 15_000,
  callTimeoutMs: 120_000,
  maxResponseBytes: 5 * 1024 * 1024,
  maxRetries: 2,
  backoffBaseMs: 500,
  maxRetryAfterMs: 30_000,
};

/**
 * Runs the calls of one plugin: a fresh context per call, one rate limiter shared by all of them, typed errors only,
 * and no secret in anything that leaves (errors, log lines).
 */
export class PluginHost {
  /** Timing of the last call that settled (for the runner's metrics and the benchmarks). */
  lastTiming?: CallTiming;
  private readonly limiter: RateLimiter;
  private readonly options: Required<Omit<PluginHostOptions, 'logSink' | 'fetch'>> &
    Pick<PluginHostOptions, 'logSink' | 'fetch'>;

  constructor(
    readonly plugin: ShelfmarkPlugin,
    options: PluginHostOptions,
  ) {
    this.options = { ...DEFAULTS, ...stripUndefined(options), userAgent: options.userAgent };
    this.limiter = new RateLimiter(plugin.manifest.rateLimit);
  }

  async run<T>(call: PluginCall<T>, options: CallOptions): Promise<T> {
    const { manifest } = this.plugin;
    if (options.signal?.aborted) throw abortError(`The call to ${manifest.displayName} was cancelled`);
    const started = performance.now();
    const stats = { requests: 0, throttledMs: 0 };
    const settings = this.settingsFor(options.settings);
    const secretKeys = manifest.settings.filter((field) => field.secret).map((field) => field.key);
    const redactor = createRedactor(secretKeys.flatMap((key) => secretStrings(settings[key])));
    const log = createPluginLogger({ pluginId: manifest.id, sink: this.options.logSink, redactor, secretKeys });

    const controller = new AbortController();
    const callerSignal = options.signal;
    const onCallerAbort = (): void => controller.abort(abortError(`The call to ${manifest.displayName} was cancelled`));
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const deadline = new Deadline(this.options.callTimeoutMs, () =>
      controller.abort(
        new UnavailableError(
          `${manifest.displayName} did not finish within ${formatSeconds(this.options.callTimeoutMs)}`,
          { cause: timeoutCause() },
        ),
      ),
    );

    const http = createHttpClient({
      displayName: manifest.displayName,
      userAgent: this.options.userAgent,
      signal: controller.signal,
      timeoutMs: manifest.timeoutMs ?? this.options.defaultTimeoutMs,
      maxResponseBytes: this.options.maxResponseBytes,
      maxRetries: this.options.maxRetries,
      backoffBaseMs: this.options.backoffBaseMs,
      maxRetryAfterMs: this.options.maxRetryAfterMs,
      fetch: this.options.fetch,
      log,
      onAttempt: () => {
        stats.requests += 1;
      },
      acquire: async (signal) => {
        const waitStarted = performance.now();
        deadline.pause();
        try {
          await this.limiter.acquire(signal);
        } finally {
          deadline.resume();
          stats.throttledMs += performance.now() - waitStarted;
        }
      },
    });
    const context: PluginContext = {
      settings,
      language: options.language || 'en',
      signal: controller.signal,
      http,
      log,
    };

    try {
      // A plugin that ignores the signal still cannot hold the caller: the race settles on abort or deadline.
      return await raceWithSignal(
        Promise.resolve().then(() => call(context)),
        controller.signal,
      );
    } catch (error) {
      throw this.safeError(error, controller.signal, redactor, log);
    } finally {
      deadline.clear();
      callerSignal?.removeEventListener('abort', onCallerAbort);
      // Requests the plugin left running (parallel ones after a failure) are not needed any more.
      if (!controller.signal.aborted) controller.abort(abortError('The call has ended'));
      this.lastTiming = {
        durationMs: performance.now() - started,
        requests: stats.requests,
        throttledMs: stats.throttledMs,
      };
    }
  }

  /** The manifest's defaults under the admin's values; unset (undefined, null, '') falls back to the default. */
  private settingsFor(given: PluginSettings): PluginSettings {
    const merged: Record<string, SettingValue> = { ...given };
    for (const field of this.plugin.manifest.settings) {
      const value = given[field.key];
      if ((value === undefined || value === null || value === '') && field.default !== undefined) {
        merged[field.key] = field.default;
      }
    }
    return Object.freeze(merged);
  }

  private safeError(error: unknown, signal: AbortSignal, redactor: Redactor, log: PluginLogger): Error {
    if (signal.aborted) {
      const reason: unknown = signal.reason;
      if (reason instanceof Error) return reason;
    }
    if (error instanceof PluginError) return redactError(error, redactor);
    const name = error instanceof Error ? error.name : typeof error;
    const detail = error instanceof Error ? error.message : String(error);
    log.error(`${this.plugin.manifest.displayName} plugin failed with ${name}`, {
      error: name,
      message: detail,
      stack: error instanceof Error ? error.stack : undefined,
    });
    const shortDetail = redactor.text(detail).slice(0, 200);
    return new BadResponseError(
      `${this.plugin.manifest.displayName} sent an answer the plugin could not read (${name}: ${shortDetail})`,
    );
  }
}

function secretStrings(value: SettingValue | undefined): string[] {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
