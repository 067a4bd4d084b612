import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiToken } from '../src/entities/api-token.entity.js';
import { Library } from '../src/entities/library.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let call: ApiClient;
const token = BOOTSTRAP_TOKEN;

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

async function rowCounts() {
  const em = server.container.orm.em.fork();
  return { libraries: await em.count(Library, {}), tokens: await em.count(ApiToken, {}) };
}

describe('request validation against openapi.yaml', () => {
  it('refuses malformed paging with 400 problem+json naming the parameter', async () => {
    for (const query of [
      { page: '0' },
      { page: '-1' },
      { page: 'two' },
      { limit: '0' },
      { limit: '501' },
      { limit: '1e9' },
      { page: '1.5' },
    ] as Record<string, string>[]) {
      const result = await call('/libraries', { token, query });
      expectProblem(result, 400);
      expect(result.body.errors?.[0]?.path).toMatch(/page|limit/);
    }
  });

  it('applies the documented paging defaults and accepts the maximum', async () => {
    expect((await call('/libraries', { token })).body).toMatchObject({ page: 1, limit: 50 });
    expect((await call('/libraries', { token, query: { limit: '500' } })).body).toMatchObject({ limit: 500 });
  });

  it('refuses unknown query parameters', async () => {
    expectProblem(await call('/libraries', { token, query: { sort: 'name' } }), 400);
    expectProblem(await call('/folders', { token, query: { depth: '3' } }), 400);
  });

  it('refuses bad bodies and writes nothing', async () => {
    const before = await rowCounts();
    const bad: [string, unknown][] = [
      ['/tokens', { name: 'x', scope: 'superuser' }],
      ['/tokens', { name: '', scope: 'read' }],
      ['/tokens', { name: 'x', scope: 'read', admin: true }],
      ['/tokens', { name: 'x', scope: 'read', expires_at: 'tomorrow' }],
      ['/tokens', ['name', 'scope']],
      ['/libraries', { name: 'x', root_path: 7 }],
      ['/libraries', { name: 'x'.repeat(201), root_path: 'a' }],
      ['/libraries', { name: 'x', root_path: 'a', metadata_provider: 'Bad Id!' }],
      ['/libraries', null],
    ];
    for (const [route, body] of bad) {
      expectProblem(await call(route, { method: 'POST', token, body }), 400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a body that is not JSON, or not sent as JSON', async () => {
    const before = await rowCounts();
    const malformed = await call('/tokens', { method: 'POST', token, rawBody: '{"name": "x", "scope": ' });
    expectProblem(malformed, 400);
    expect(malformed.body.detail).toMatch(/JSON/);
    expectProblem(
      await call('/tokens', {
        method: 'POST',
        token,
        rawBody: 'name=x&scope=read',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );
    expectProblem(
      await call('/tokens', {
        method: 'POST',
        token,
        rawBody: JSON.stringify({ name: 'x'.repeat(2_000_000), scope: 'read' }),
      }),
      413,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 404 problem+json for an unknown API path and 405-style 404 for an undocumented method', async () => {
    expectProblem(await call('/nothing-here', { token }), 404);
    const wrongMethod = await call('/health', { method: 'DELETE', token });
    expect([404, 405]).toContain(wrongMethod.status);
    expect(wrongMethod.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await call('/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const made = await call('/health', { headers: { 'x-request-id': 'bad id with spaces <script>' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
