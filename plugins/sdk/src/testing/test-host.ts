import { PluginHost } from '../host.js';
import type { LogLevel, PluginHostOptions } from '../host-types.js';
import type { ShelfmarkPlugin } from '../types.js';

export interface CollectedLogLine {
  level: LogLevel;
  message: string;
  fields: Record<string, unknown>;
}

export const TEST_USER_AGENT = 'Shelfmark-test';

/**
 * A PluginHost tuned for tests: short backoff, one retry and a 1.5 s request timeout (also capping the manifest's
 * `timeoutMs`) keep the error-mode tests fast; every log line is kept for the secret checks.
 */
export function createTestHost(
  plugin: ShelfmarkPlugin,
  overrides: Partial<PluginHostOptions> = {},
): { host: PluginHost; logs: CollectedLogLine[] } {
  const logs: CollectedLogLine[] = [];
  const options: PluginHostOptions = {
    userAgent: TEST_USER_AGENT,
    backoffBaseMs: 20,
    maxRetries: 1,
    defaultTimeoutMs: 1500,
    callTimeoutMs: 10_000,
    logSink: (level, message, fields) => logs.push({ level, message, fields }),
    ...overrides,
  };
  const host = new PluginHost(withTimeoutAtMost(plugin, options.defaultTimeoutMs ?? 1500), options);
  return { host, logs };
}

/** A service's long production timeout (Bédéthèque's 20 s) would make every 'timeout' test that slow. */
function withTimeoutAtMost<P extends ShelfmarkPlugin>(plugin: P, timeoutMs: number): P {
  if (plugin.manifest.timeoutMs === undefined || plugin.manifest.timeoutMs <= timeoutMs) return plugin;
  const copy = Object.create(Object.getPrototypeOf(plugin) as object | null) as P;
  return Object.assign(copy, plugin, { manifest: { ...plugin.manifest, timeoutMs } });
}
