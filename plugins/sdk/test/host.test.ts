import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthError,
  BadResponseError,
  NotFoundError,
  PluginHost,
  SDK_API_VERSION,
  UnavailableError,
  definePlugin,
} from '../src/index.js';
import type { LogLevel, MetadataProviderPlugin, PluginContext, PluginHostOptions, RateLimit } from '../src/index.js';
import { startFakeService } from '../src/testing/index.js';
import type { FakeService } from '../src/testing/index.js';

const SECRET = 'sk_live_9f8e7d6c';

function plugin(overrides: { rateLimit?: RateLimit; timeoutMs?: number } = {}): MetadataProviderPlugin {
  return definePlugin({
    kind: 'metadata',
    manifest: {
      id: 'host_test',
      displayName: 'Host Test',
      version: '0.0.1',
      apiVersion: SDK_API_VERSION,
      settings: [
        { key: 'base_url', type: 'url', label: 'URL', default: 'https://default.test' },
        { key: 'api_key', type: 'string', label: 'Key', secret: true },
        { key: 'page_size', type: 'number', label: 'Page size', default: 20 },
      ],
      ...overrides,
    },
    capabilities: { series: [], volumes: [], hasVolumes: false, honoursLanguage: false },
    searchSeries: () => Promise.resolve([]),
    getSeries: () => Promise.reject(new NotFoundError('Host Test does not know it')),
    getVolumes: () => Promise.resolve([]),
  });
}

function hostWithLogs(target = plugin(), options: Partial<PluginHostOptions> = {}) {
  const logs: { level: LogLevel; message: string; fields: Record<string, unknown> }[] = [];
  const host = new PluginHost(target, {
    userAgent: 'Shelfmark/test',
    backoffBaseMs: 5,
    maxRetries: 1,
    logSink: (level, message, fields) => logs.push({ level, message, fields }),
    ...options,
  });
  return { host, logs };
}

const settings = { base_url: null, api_key: SECRET };
const run = <T>(host: PluginHost, call: (context: PluginContext) => Promise<T>, signal?: AbortSignal) =>
  host.run(call, { settings, language: 'fr', signal });

const rejection = async (promise: Promise<unknown>): Promise<Error> => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
};

const fakes: FakeService[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});
async function fake(handle: () => { json?: unknown; status?: number } = () => ({ json: {} })) {
  const started = await startFakeService({ handle });
  fakes.push(started);
  return started;
}

describe('PluginHost context', () => {
  it('merges the settings over the manifest defaults, unset values falling back', async () => {
    const { host } = hostWithLogs();
    const seen = await host.run((context) => Promise.resolve(context), {
      settings: { base_url: '', api_key: SECRET, page_size: 50, extra: 'kept' },
      language: '',
    });
    expect(seen.settings).toEqual({ base_url: 'https://default.test', api_key: SECRET, page_size: 50, extra: 'kept' });
    expect(Object.isFrozen(seen.settings)).toBe(true);
    expect(seen.language).toBe('en');
  });

  it('hands every call a fresh signal, aborted once the call is over', async () => {
    const { host } = hostWithLogs();
    const first = await run(host, (context) => Promise.resolve(context.signal));
    const second = await run(host, (context) => Promise.resolve(context.signal));
    expect(first).not.toBe(second);
    expect(first.aborted).toBe(true);
  });

  it('sends its User-Agent and records the timing of the call', async () => {
    const service = await fake();
    const { host } = hostWithLogs();
    await run(host, async (context) => {
      await context.http.getJson(`${service.url}/one`);
      await context.http.getJson(`${service.url}/two`);
    });
    expect(service.requests.map((request) => request.headers['user-agent'])).toEqual([
      'Shelfmark/test',
      'Shelfmark/test',
    ]);
    expect(host.lastTiming?.requests).toBe(2);
    expect(host.lastTiming?.durationMs).toBeGreaterThan(0);
  });
});

describe('PluginHost errors', () => {
  it('turns an unexpected exception into BadResponseError with a safe message', async () => {
    const { host, logs } = hostWithLogs();
    const error = await rejection(
      run(host, () => {
        throw new TypeError(`Cannot read properties of undefined (reading 'items') for key ${SECRET}`);
      }),
    );
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toContain('Host Test');
    expect(error.message).toContain('TypeError');
    expect(error.message).not.toContain(SECRET);
    expect(logs.some((line) => line.level === 'error' && line.fields.error === 'TypeError')).toBe(true);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });

  it('redacts secrets from the message, stack and cause of a plugin error', async () => {
    const { host } = hostWithLogs();
    const error = await rejection(
      run(host, () =>
        Promise.reject(new AuthError(`Host Test refused key ${SECRET}`, { cause: new Error(`raw answer: ${SECRET}`) })),
      ),
    );
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toBe('Host Test refused key [redacted]');
    expect(error.stack).not.toContain(SECRET);
    expect((error.cause as Error).message).toBe('raw answer: [redacted]');
  });

  it('keeps the secret out of errors and logs when it travels in the query string', async () => {
    const service = await fake();
    service.setMode('server_error');
    const { host, logs } = hostWithLogs();
    const error = await rejection(
      run(host, async (context) => {
        context.log.info(`calling ${service.url}/api?key=${encodeURIComponent(SECRET)}`, { key: SECRET });
        return context.http.getJson(`${service.url}/api`, { query: { key: SECRET } });
      }),
    );
    expect(error).toBeInstanceOf(UnavailableError);
    expect(service.requests[0]?.query.get('key')).toBe(SECRET);
    const everything = [error.message, error.stack, JSON.stringify(error), JSON.stringify(logs)].join('\n');
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(encodeURIComponent(SECRET));
    expect(logs.length).toBeGreaterThan(0);
  });

  it('fails a call that outlives its deadline with UnavailableError, even if the plugin hangs', async () => {
    const { host } = hostWithLogs(plugin(), { callTimeoutMs: 100 });
    const started = performance.now();
    const error = await rejection(run(host, () => new Promise(() => undefined)));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toBe('Host Test did not finish within 0.1 s');
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('does not count rate-limit waits against the deadline', async () => {
    // Fake clocks and an answer without I/O: only the limiter's wait (400 ms) can outlast the 250 ms deadline, however
    // slow the machine. With real time, a loaded machine spent the deadline on the request itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const answer = (): Promise<Response> =>
        Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } }));
      const { host } = hostWithLogs(plugin({ rateLimit: { requests: 1, perMilliseconds: 400 } }), {
        callTimeoutMs: 250,
        fetch: answer,
      });
      await run(host, (context) => context.http.getJson('http://provider.test/first'));
      const second = run(host, (context) => context.http.getJson('http://provider.test/second'));
      await vi.advanceTimersByTimeAsync(400);
      await expect(second).resolves.toEqual({});
      expect(host.lastTiming?.throttledMs).toBeGreaterThan(250);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PluginHost cancellation', () => {
  it('rejects with AbortError at once when the plugin ignores the signal', async () => {
    const { host } = hostWithLogs();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    const error = await rejection(run(host, () => new Promise(() => undefined), controller.signal));
    expect(error.name).toBe('AbortError');
    expect(error.message).toBe('The call to Host Test was cancelled');
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('rejects with AbortError while the call waits for the rate limiter', async () => {
    const service = await fake();
    const { host } = hostWithLogs(plugin({ rateLimit: { requests: 1, perMilliseconds: 10_000 } }));
    await run(host, (context) => context.http.getJson(`${service.url}/first`));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const error = await rejection(
      run(host, (context) => context.http.getJson(`${service.url}/second`), controller.signal),
    );
    expect(error.name).toBe('AbortError');
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(service.requests).toHaveLength(1);
  });

  it('rejects with AbortError while waiting for a slow answer, even if the plugin swallows errors', async () => {
    const service = await fake();
    service.setMode('timeout');
    const { host } = hostWithLogs();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(
      run(host, (context) => context.http.getJson(`${service.url}/slow`).catch(() => 'swallowed'), controller.signal),
    );
    expect(error.name).toBe('AbortError');
  });

  it('does not call the plugin at all when the signal is already aborted', async () => {
    const { host } = hostWithLogs();
    let called = false;
    const error = await rejection(
      run(
        host,
        () => {
          called = true;
          return Promise.resolve();
        },
        AbortSignal.abort(),
      ),
    );
    expect(error.name).toBe('AbortError');
    expect(called).toBe(false);
  });
});

describe('PluginHost rate limit', () => {
  it('shares one limiter between all concurrent calls of a plugin', async () => {
    // Fake clocks and answers without I/O, so the times seen are the limiter's alone, however busy the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const sentAt: number[] = [];
      const answer = (): Promise<Response> => {
        sentAt.push(performance.now());
        return Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } }));
      };
      const { host } = hostWithLogs(plugin({ rateLimit: { requests: 2, perMilliseconds: 150 } }), { fetch: answer });
      const calls = Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          run(host, (context) => context.http.getJson(`http://provider.test/${index}`)),
        ),
      );
      await vi.advanceTimersByTimeAsync(1_000);
      await calls;
      const first = sentAt[0]!;
      // Two starts per window: 0, 0, 150, 150, 300, 300. One window per call would reach 750 ms.
      expect(sentAt.map((at) => Math.round(at - first))).toEqual([0, 0, 150, 150, 300, 300]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives each host its own limiter', async () => {
    const service = await fake();
    const limited = plugin({ rateLimit: { requests: 1, perMilliseconds: 10_000 } });
    const first = hostWithLogs(limited).host;
    const second = hostWithLogs(limited).host;
    const started = performance.now();
    await run(first, (context) => context.http.getJson(`${service.url}/a`));
    await run(second, (context) => context.http.getJson(`${service.url}/b`));
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});
