import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, BadResponseError, NotFoundError, RateLimitedError, UnavailableError } from '../src/index.js';
import { buildUrl, createHttpClient, parseRetryAfter } from '../src/http-client.js';
import type { HttpClientOptions } from '../src/http-client.js';
import { startFakeService } from '../src/testing/index.js';
import { startServer } from './helpers/server.js';
import type { TestServer } from './helpers/server.js';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function server(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const started = await startServer(handler);
  servers.push(started);
  return started;
}

function client(overrides: Partial<HttpClientOptions> = {}) {
  let attempts = 0;
  let acquired = 0;
  const http = createHttpClient({
    displayName: 'Test Service',
    userAgent: 'Shelfmark-unit',
    signal: new AbortController().signal,
    timeoutMs: 2000,
    maxResponseBytes: 1024 * 1024,
    maxRetries: 2,
    backoffBaseMs: 10,
    maxRetryAfterMs: 5000,
    acquire: () => {
      acquired += 1;
      return Promise.resolve();
    },
    onAttempt: () => {
      attempts += 1;
    },
    ...overrides,
  });
  return { http, attempts: () => attempts, acquired: () => acquired };
}

const rejection = async (promise: Promise<unknown>): Promise<Error> => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
};

describe('buildUrl', () => {
  it('repeats array keys, skips null and undefined, percent-encodes like the reference', () => {
    const url = buildUrl('http://h.test/api?fixed=1', {
      q: 'intitle:Blacksad Vol 1',
      categories: [7030, 7020],
      key: null,
      year: undefined,
      flag: true,
      odd: "a+b!*'()é",
    });
    expect(url.search).toBe(
      '?fixed=1&q=intitle%3ABlacksad%20Vol%201&categories=7030&categories=7020&flag=true&odd=a%2Bb%21%2A%27%28%29%C3%A9',
    );
    expect(url.searchParams.getAll('categories')).toEqual(['7030', '7020']);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP-dates, ignores junk', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('HttpClient', () => {
  it('sends the User-Agent, the query and JSON bodies; plugin headers win', async () => {
    const fake = await startFakeService({ handle: (request) => ({ json: { echo: request.body } }) });
    servers.push(fake);
    const { http } = client();
    await http.getJson(`${fake.url}/a`, { query: { q: 'x y' } });
    const answer = await http.postJson<{ echo: string }>(`${fake.url}/graphql`, { query: '{ a }' });
    await http.getText(`${fake.url}/b`, { headers: { 'User-Agent': 'Mozilla/5.0 (plugin choice)' } });

    const [get, post, own] = fake.requests;
    expect(get?.headers['user-agent']).toBe('Shelfmark-unit');
    expect(get?.headers.accept).toBe('application/json');
    expect(get?.query.get('q')).toBe('x y');
    expect(post?.method).toBe('POST');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(answer.echo).toBe('{"query":"{ a }"}');
    expect(own?.headers['user-agent']).toBe('Mozilla/5.0 (plugin choice)');
  });

  it('retries a 5xx with backoff and returns the answer that follows', async () => {
    const flaky = await server((_request, response, hit) => {
      response.writeHead(hit < 3 ? 503 : 200, { 'content-type': 'application/json' });
      response.end(hit < 3 ? '{}' : '{"ok":true}');
    });
    const { http, attempts, acquired } = client();
    await expect(http.getJson(`${flaky.url}/x`)).resolves.toEqual({ ok: true });
    expect(attempts()).toBe(3);
    expect(acquired(), 'the rate limit is consulted before every attempt').toBe(3);
  });

  it('gives up on a 5xx after the retries with a message naming the service, host and path only', async () => {
    const fake = await startFakeService({ handle: () => ({}) });
    servers.push(fake);
    fake.setMode('server_error');
    const { http } = client();
    const error = await rejection(http.getJson(`${fake.url}/books/v1/volumes`, { query: { key: 'SECRET-KEY' } }));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toBe(
      `Test Service answered 500 after 3 attempts (${new URL(fake.url).host}/books/v1/volumes)`,
    );
    expect(error.message).not.toContain('SECRET-KEY');
    expect(fake.requests).toHaveLength(3);
  });

  it('waits Retry-After seconds before retrying a 429', async () => {
    const limited = await server((_request, response, hit) => {
      if (hit === 1) response.writeHead(429, { 'retry-after': '1' }).end();
      else response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    const { http } = client({ backoffBaseMs: 1 });
    await expect(http.getJson(`${limited.url}/x`)).resolves.toEqual([]);
    const [first, second] = limited.hits;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('honours a Retry-After given as an HTTP-date', async () => {
    const limited = await server((_request, response, hit) => {
      if (hit === 1) {
        response.writeHead(429, { 'retry-after': new Date(Date.now() + 1500).toUTCString() }).end();
      } else response.writeHead(200).end('ok');
    });
    const { http } = client({ backoffBaseMs: 1 });
    await expect(http.getText(`${limited.url}/x`)).resolves.toBe('ok');
    // HTTP-dates have a one-second resolution.
    expect(limited.hits[1]!.at - limited.hits[0]!.at).toBeGreaterThanOrEqual(450);
  });

  it('fails at once with RateLimitedError when Retry-After is longer than it will wait', async () => {
    const limited = await server((_request, response) => response.writeHead(429, { 'retry-after': '3600' }).end());
    const { http } = client();
    const error = await rejection(http.getText(`${limited.url}/x`));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(3600);
    expect(limited.hits).toHaveLength(1);
  });

  it('backs off on a 429 without Retry-After and ends with RateLimitedError', async () => {
    const limited = await server((_request, response) => response.writeHead(429).end());
    const { http } = client({ maxRetries: 1 });
    const error = await rejection(http.getText(`${limited.url}/x`));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toContain('after 2 attempts');
    expect((error as RateLimitedError).retryAfterSeconds).toBeNull();
  });

  it.each([
    [401, AuthError],
    [403, AuthError],
    [404, NotFoundError],
    [400, BadResponseError],
    [422, BadResponseError],
  ])('maps %i to %o without retrying', async (status, errorClass) => {
    const answering = await server((_request, response) => response.writeHead(status).end('{"error":"nope"}'));
    const { http } = client();
    const error = await rejection(http.getJson(`${answering.url}/x?token=abc`));
    expect(error).toBeInstanceOf(errorClass);
    expect(error.message).toContain('Test Service');
    expect(error.message).not.toContain('token');
    expect(answering.hits).toHaveLength(1);
  });

  it('returns statuses the plugin accepts instead of throwing', async () => {
    const missing = await server((_request, response) => response.writeHead(404).end('{"error":"unknown id"}'));
    const { http } = client();
    const response = await http.request(`${missing.url}/x`, { acceptStatus: [404] });
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ error: 'unknown id' });
  });

  it('times out a silent service with UnavailableError, without retrying it', async () => {
    const fake = await startFakeService({ handle: () => ({}) });
    servers.push(fake);
    fake.setMode('timeout');
    const { http } = client({ timeoutMs: 200 });
    const started = performance.now();
    const error = await rejection(http.getJson(`${fake.url}/slow`));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toContain('Test Service did not answer within 0.2 s');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports an unreachable service as UnavailableError after the retries', async () => {
    const gone = await server(() => undefined);
    await gone.close();
    servers.pop();
    const { http, attempts } = client();
    const error = await rejection(http.getText(`${gone.url}/x`));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toMatch(/Test Service could not be reached at 127\.0\.0\.1:\d+\/x \(ECONNREFUSED\)/);
    expect(attempts()).toBe(3);
  });

  it('refuses a response whose declared size is over the cap', async () => {
    const big = await server((_request, response) => response.writeHead(200).end('x'.repeat(2000)));
    const { http } = client({ maxResponseBytes: 1000 });
    const error = await rejection(http.getText(`${big.url}/x`));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toContain('more than 1000 bytes');
  });

  it('stops reading an endless stream once it passes the cap', async () => {
    let closedEarly = false;
    const endless = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const timer = setInterval(() => response.write(chunk), 5);
      response.on('close', () => {
        clearInterval(timer);
        closedEarly = !response.writableEnded;
      });
    });
    const { http } = client({ maxResponseBytes: 256 * 1024 });
    const error = await rejection(http.getJson(`${endless.url}/x`));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toContain('256 KiB');
    await expect.poll(() => closedEarly).toBe(true);
  });

  it.each([
    ['an HTML page', 'text/html', '<html><body>Maintenance</body></html>', 'not valid JSON (text/html)'],
    ['truncated JSON', 'application/json', '{"items": [{"id": 1', 'not valid JSON (application/json)'],
    ['an empty body', 'application/json', '', 'an empty body'],
  ])('turns %s into BadResponseError when JSON is expected', async (_label, type, body, expected) => {
    const answering = await server((_request, response) => response.writeHead(200, { 'content-type': type }).end(body));
    const { http } = client();
    const error = await rejection(http.getJson(`${answering.url}/x`));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toContain(expected);
  });

  it('decodes the charset the service declares', async () => {
    const latin1 = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      response.end(Buffer.from('Légendaires', 'latin1'));
    });
    const { http } = client();
    await expect(http.getText(`${latin1.url}/x`)).resolves.toBe('Légendaires');
  });

  it('rejects with the reason of the call signal as soon as it aborts', async () => {
    const fake = await startFakeService({ handle: () => ({}) });
    servers.push(fake);
    fake.setMode('timeout');
    const controller = new AbortController();
    const { http } = client({ signal: controller.signal, timeoutMs: 5000 });
    const started = performance.now();
    setTimeout(() => controller.abort(new DOMException('cancelled by the job', 'AbortError')), 50);
    const error = await rejection(http.getText(`${fake.url}/x`));
    expect(error.name).toBe('AbortError');
    expect(error.message).toBe('cancelled by the job');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('does not start a request once the call is aborted', async () => {
    const fake = await startFakeService({ handle: () => ({ json: {} }) });
    servers.push(fake);
    const { http } = client({ signal: AbortSignal.abort() });
    const error = await rejection(http.getJson(`${fake.url}/x`));
    expect(error.name).toBe('AbortError');
    expect(fake.requests).toHaveLength(0);
  });
});
