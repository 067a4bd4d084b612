import { PluginHost } from '../host.js';
import type { LogLevel, PluginHostOptions } from '../host-types.js';
import type { ShelfmarkPlugin } from '../types.js';
import { timedFetch } from './timed-fetch.js';

export interface CollectedLogLine {
  level: LogLevel;
  message: string;
  fields: Record<string, unknown>;
}

export const TEST_USER_AGENT = 'Shelfmark-test';
export const TEST_REQUEST_TIMEOUT_MS = 5_000;

/**
 * A PluginHost tuned for tests: short backoff, one retry and a 5 s request timeout (also capping the manifest's
 * `timeoutMs`) keep the error-mode tests short; every log line is kept for the secret checks, and the time each request
 * left (`sentAt`, see timed-fetch.ts) for the pacing checks. 5 s, not less: a local
 * fake's answer took over 1.5 s on a loaded CI machine.
 */
export function createTestHost(
  plugin: ShelfmarkPlugin,
  overrides: Partial<PluginHostOptions> = {},
): { host: PluginHost; logs: CollectedLogLine[]; sentAt: number[] } {
  const logs: CollectedLogLine[] = [];
  const timed = timedFetch(overrides.fetch);
  const options: PluginHostOptions = {
    userAgent: TEST_USER_AGENT,
    backoffBaseMs: 20,
    maxRetries: 1,
    defaultTimeoutMs: TEST_REQUEST_TIMEOUT_MS,
    callTimeoutMs: 10_000,
    logSink: (level, message, fields) => logs.push({ level, message, fields }),
    ...overrides,
    fetch: timed.fetch,
  };
  const host = new PluginHost(withTimeoutAtMost(plugin, options.defaultTimeoutMs ?? TEST_REQUEST_TIMEOUT_MS), options);
  return { host, logs, sentAt: timed.sentAt };
}

/** A service's long production timeout (Bédéthèque's 20 s) would make every 'timeout' test that slow. */
function withTimeoutAtMost<P extends ShelfmarkPlugin>(plugin: P, timeoutMs: number): P {
  if (plugin.manifest.timeoutMs === undefined || plugin.manifest.timeoutMs <= timeoutMs) return plugin;
  const copy = Object.create(Object.getPrototypeOf(plugin) as object | null) as P;
  return Object.assign(copy, plugin, { manifest: { ...plugin.manifest, timeoutMs } });
}
