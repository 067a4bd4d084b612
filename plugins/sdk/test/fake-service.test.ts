import { afterEach, describe, expect, it } from 'vitest';
import { startFakeService } from '../src/testing/index.js';
import type { FakeService, FakeServiceOptions } from '../src/testing/index.js';

const fakes: FakeService[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function start(options: Partial<FakeServiceOptions> = {}): Promise<FakeService> {
  const fake = await startFakeService({ handle: () => ({ json: { items: [{ id: 1, title: 'Saga' }] } }), ...options });
  fakes.push(fake);
  return fake;
}

describe('startFakeService', () => {
  it('listens on 127.0.0.1 and records what arrives', async () => {
    const fake = await start();
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const before = performance.now();
    const response = await fetch(`${fake.url}/search?q=a%20b&c=1&c=2`, {
      method: 'POST',
      body: 'payload',
      headers: { 'x-test': 'yes' },
    });
    expect(await response.json()).toEqual({ items: [{ id: 1, title: 'Saga' }] });
    expect(response.headers.get('content-type')).toContain('application/json');
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/search', body: 'payload' });
    expect(request?.query.get('q')).toBe('a b');
    expect(request?.query.getAll('c')).toEqual(['1', '2']);
    expect(request?.headers['x-test']).toBe('yes');
    expect(request?.receivedAt).toBeGreaterThanOrEqual(before);
  });

  it('sends bodies as HTML unless told otherwise', async () => {
    const fake = await start({ handle: () => ({ status: 201, body: '<p>hi</p>' }) });
    const response = await fetch(fake.url);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('<p>hi</p>');
  });

  it.each([
    ['unauthorized', 401, 'application/json'],
    ['rate_limited', 429, 'application/json'],
    ['server_error', 500, 'application/json'],
    ['html_instead_of_json', 200, 'text/html'],
    ['truncated_json', 200, 'application/json'],
  ] as const)('answers the generic %s', async (mode, status, type) => {
    const fake = await start();
    fake.setMode(mode);
    const response = await fetch(`${fake.url}/x`);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain(type);
    const text = await response.text();
    if (mode === 'rate_limited') expect(response.headers.get('retry-after')).toBe('1');
    if (mode === 'truncated_json') {
      expect(() => JSON.parse(text) as unknown).toThrow();
      expect(text.startsWith('{"items":[{')).toBe(true);
    }
    if (mode === 'html_instead_of_json') expect(text).toContain('<html');
  });

  it('prefers the service-specific answer of a mode and returns to normal in mode ok', async () => {
    const fake = await start({
      errorResponses: { unauthorized: { status: 200, json: { status_code: 100, error: 'Invalid API Key' } } },
    });
    fake.setMode('unauthorized');
    expect(await (await fetch(fake.url)).json()).toEqual({ status_code: 100, error: 'Invalid API Key' });
    fake.setMode('ok');
    expect((await fetch(fake.url)).status).toBe(200);
  });

  it('needs the service anti-bot page for mode blocked', async () => {
    const plain = await start();
    expect(() => plain.setMode('blocked')).toThrow(/errorResponses\.blocked/);
    const guarded = await start({ errorResponses: { blocked: { status: 200, body: '<title></title>' } } });
    guarded.setMode('blocked');
    expect(await (await fetch(guarded.url)).text()).toBe('<title></title>');
  });

  it('never answers in mode timeout, and still closes', async () => {
    const fake = await startFakeService({ handle: () => ({ json: {} }) });
    fake.setMode('timeout');
    const pending = fetch(fake.url).then(
      () => 'answered',
      () => 'connection closed',
    );
    const early = await Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve('silent'), 300))]);
    expect(early).toBe('silent');
    await fake.close();
    expect(await pending).toBe('connection closed');
    expect(fake.requests).toHaveLength(1);
  });

  it('delays every answer by latencyMs', async () => {
    const fake = await start({ latencyMs: 120 });
    const started = performance.now();
    await fetch(fake.url);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('answers 500 with the reason when the handler throws', async () => {
    const fake = await start({
      handle: () => {
        throw new Error('route not written');
      },
    });
    const response = await fetch(fake.url);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('route not written');
  });
});
