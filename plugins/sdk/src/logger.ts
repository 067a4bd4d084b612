import type { LogLevel, LogSink } from './host-types.js';
import type { Redactor } from './redact.js';
import type { PluginLogger } from './types.js';

export interface PluginLoggerOptions {
  pluginId: string;
  sink: LogSink | undefined;
  redactor: Redactor;
  /** Setting keys whose values are secret: a field of that name is redacted whatever its value. */
  secretKeys?: readonly string[];
}

/** A logger scoped to one plugin: every line carries `plugin` in its fields, and no secret survives in it. */
export function createPluginLogger({ pluginId, sink, redactor, secretKeys = [] }: PluginLoggerOptions): PluginLogger {
  const secretKeySet = new Set(secretKeys);
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    if (!sink) return;
    const cleaned: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields ?? {})) {
      cleaned[key] =
        secretKeySet.has(key) && value !== null && value !== undefined ? '[redacted]' : redactor.deep(value);
    }
    try {
      sink(level, redactor.text(String(message)), { ...cleaned, plugin: pluginId });
    } catch {
      // A failing log sink must not fail the plugin call.
    }
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
