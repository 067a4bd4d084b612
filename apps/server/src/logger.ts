import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger };

/**
 * Paths pino blanks out wherever they appear, so a credential that slips into a log object is
 * never written. Services still must not log secrets; this is the second line of defence.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.api_key',
  '*.apiKey',
  '*.secret',
  'password',
  'token',
  'api_key',
];

/** Errors are logged by kind and message only: stack traces stay out of logs, as they do out of responses. */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as NodeJS.ErrnoException).code;
  return { type: error.name, message: error.message, ...(code ? { code } : {}) };
}

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'shelfmark' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}
