import { describe, expect, it } from 'vitest';
import type { LogLevel } from '../src/index.js';
import { createPluginLogger } from '../src/logger.js';
import { createRedactor } from '../src/redact.js';

const SECRET = 'k3y/with spaces&symbols';

function collect() {
  const lines: { level: LogLevel; message: string; fields: Record<string, unknown> }[] = [];
  const log = createPluginLogger({
    pluginId: 'comicvine',
    sink: (level, message, fields) => lines.push({ level, message, fields }),
    redactor: createRedactor([SECRET]),
    secretKeys: ['api_key'],
  });
  return { log, lines };
}

describe('plugin logger', () => {
  it('writes every level with the plugin id in the fields', () => {
    const { log, lines } = collect();
    log.debug('d');
    log.info('i', { hits: 3 });
    log.warn('w');
    log.error('e');
    expect(lines.map((line) => line.level)).toEqual(['debug', 'info', 'warn', 'error']);
    expect(lines[1]).toEqual({ level: 'info', message: 'i', fields: { hits: 3, plugin: 'comicvine' } });
  });

  it('does not let a plugin spoof its id', () => {
    const { log, lines } = collect();
    log.info('x', { plugin: 'someone_else' });
    expect(lines[0]?.fields.plugin).toBe('comicvine');
  });

  it('redacts the secret in the message, raw and URL-encoded', () => {
    const { log, lines } = collect();
    log.info(`GET /api?api_key=${encodeURIComponent(SECRET)} with ${SECRET}`);
    log.info(`form ${new URLSearchParams({ api_key: SECRET }).toString()}`);
    expect(lines[0]?.message).toBe('GET /api?api_key=[redacted] with [redacted]');
    expect(lines[1]?.message).toBe('form api_key=[redacted]');
  });

  it('redacts deep in fields: nested objects, arrays, errors, URLs and secret-named keys', () => {
    const { log, lines } = collect();
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    log.warn('request failed', {
      request: { headers: { 'x-api-key': SECRET }, tries: [1, { note: `used ${SECRET}` }] },
      error: new Error(`bad key ${SECRET}`),
      url: new URL(`https://api.test/x?key=${encodeURIComponent(SECRET)}`),
      api_key: 'whatever value it has',
      circular,
    });
    const fields = lines[0]?.fields as Record<string, any>;
    expect(JSON.stringify(fields)).not.toContain('k3y');
    expect(fields.request.headers['x-api-key']).toBe('[redacted]');
    expect(fields.request.tries[1].note).toBe('used [redacted]');
    expect(fields.error).toEqual({ name: 'Error', message: 'bad key [redacted]' });
    expect(fields.url).toBe('https://api.test/x?key=[redacted]');
    expect(fields.api_key).toBe('[redacted]');
    expect(fields.circular.self).toBe('[circular or too deep]');
  });

  it('is silent without a sink and survives a sink that throws', () => {
    const redactor = createRedactor([]);
    expect(() => createPluginLogger({ pluginId: 'x', sink: undefined, redactor }).info('nothing')).not.toThrow();
    const throwing = createPluginLogger({
      pluginId: 'x',
      sink: () => {
        throw new Error('disk full');
      },
      redactor,
    });
    expect(() => throwing.error('still fine')).not.toThrow();
  });
});
