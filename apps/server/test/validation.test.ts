import { randomUUID } from 'node:crypto';
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
    const noBody = await call('/tokens', { method: 'POST', token });
    expectProblem(noBody, 415);
    expect(noBody.body.detail).toBe(
      'The request needs a body sent as application/json (no Content-Type header was given).',
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

interface Issue {
  path: string;
  message: string;
  code?: string;
  allowed?: unknown[];
}

function issueAt(result: { body: { errors?: Issue[] } }, path: string): Issue | undefined {
  return result.body.errors?.find((issue) => issue.path === path);
}

describe('validation problems, in words a user reads', () => {
  it('list every problem of a body at once, unknown fields named with the allowed ones', async () => {
    const before = await rowCounts();
    const result = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 5, colour: 'red', metadata_provider: 'Bad Id!' },
    });
    expectProblem(result, 400);
    expect(result.body.errors.map((issue: Issue) => issue.path).sort()).toEqual([
      '/body/colour',
      '/body/metadata_provider',
      '/body/name',
      '/body/root_path',
    ]);
    expect(issueAt(result, '/body/root_path')).toEqual({
      path: '/body/root_path',
      code: 'required',
      message: 'required',
    });
    const unknown = issueAt(result, '/body/colour');
    expect(unknown).toMatchObject({
      code: 'additionalProperties',
      message: expect.stringMatching(/^unknown field; allowed: /),
    });
    expect(unknown?.allowed).toEqual(expect.arrayContaining(['name', 'root_path', 'metadata_provider']));
    expect(issueAt(result, '/body/name')?.message).toBe('must be text from 1 to 200 characters (got 5)');
    expect(issueAt(result, '/body/metadata_provider')?.message).toMatch(
      /^must match the pattern .* \(got "Bad Id!"\)$/,
    );
    expect(result.body.detail).toMatch(/^[a-z_]+: /);
    for (const field of [
      'root_path: required',
      'colour: unknown field; allowed: name, root_path',
      'name: must be text',
    ]) {
      expect(result.body.detail).toContain(field);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('give numbers with their bounds and the value sent, and name unknown query parameters', async () => {
    const result = await call('/libraries', { token, query: { limit: 'abc', page: '0', sort: 'name' } });
    expectProblem(result, 400);
    expect(result.body.errors).toEqual(
      expect.arrayContaining([
        { path: '/query/limit', code: 'type', message: 'must be a whole number from 1 to 500 (got "abc")' },
        { path: '/query/page', code: 'minimum', limit: 1, message: 'must be a whole number from 1 to 1000000 (got 0)' },
        {
          path: '/query/sort',
          code: 'additionalProperties',
          message: 'unknown parameter; allowed: page, limit',
          allowed: ['page', 'limit'],
        },
      ]),
    );
    expect(result.body.errors).toHaveLength(3);
    const tooMany = await call('/libraries', { token, query: { limit: '501' } });
    expect(issueAt(tooMany, '/query/limit')).toEqual({
      path: '/query/limit',
      code: 'maximum',
      limit: 500,
      message: 'must be a whole number from 1 to 500 (got 501)',
    });
    expect(tooMany.body.detail).toBe('limit: must be a whole number from 1 to 500 (got 501)');
    const notation = await call('/libraries', { token, query: { limit: 'Infinity', page: '1.5' } });
    expect(notation.body.errors).toHaveLength(2);
    expect(notation.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: '/query/limit',
          message: expect.stringMatching(/written in decimal digits \(got "Infinity"\)$/),
        }),
        expect.objectContaining({
          path: '/query/page',
          message: expect.stringMatching(/^must be a whole number from 1 to 1000000/),
        }),
      ]),
    );
  });

  it('list the values of an enum, null included where the field takes it', async () => {
    const scope = await call('/tokens', { method: 'POST', token, body: { name: 'x', scope: 'superuser' } });
    expectProblem(scope, 400);
    expect(scope.body.errors).toEqual([
      {
        path: '/body/scope',
        code: 'enum',
        message: 'must be one of admin or read (got "superuser")',
        allowed: ['admin', 'read'],
      },
    ]);
    const mapping = await call('/settings/status-mappings', {
      method: 'POST',
      token,
      body: { provider_status: 'en cours', mapped_status: 'bogus' },
    });
    expectProblem(mapping, 400);
    expect(mapping.body.errors).toEqual([
      {
        path: '/body/mapped_status',
        code: 'anyOf',
        message: 'must be one of ongoing, ended, hiatus, cancelled, upcoming or null (got "bogus")',
        allowed: ['ongoing', 'ended', 'hiatus', 'cancelled', 'upcoming', null],
      },
    ]);
    const volumes = await call(`/libraries/${randomUUID()}/series/Saga`, {
      method: 'PATCH',
      token,
      body: { total_volumes: -1 },
    });
    expectProblem(volumes, 400);
    expect(issueAt(volumes, '/body/total_volumes')).toEqual({
      path: '/body/total_volumes',
      code: 'minimum',
      limit: 0,
      message: 'must be a whole number from 0 to 100000 or null (got -1)',
    });
  });

  it('name path parameters and formats in words, and keep secrets out of the answer', async () => {
    const book = await call('/books/not-a-uuid', { token });
    expectProblem(book, 400);
    expect(book.body.errors).toEqual([
      { path: '/path/book_id', code: 'format', message: 'must be a UUID (got "not-a-uuid")' },
    ]);
    const expiry = await call('/tokens', {
      method: 'POST',
      token,
      body: { name: 'x', scope: 'read', expires_at: 'tomorrow' },
    });
    expect(issueAt(expiry, '/body/expires_at')?.message).toMatch(
      /^must be a date and time such as .* \(got "tomorrow"\)$/,
    );
    const login = await call('/auth/login', {
      method: 'POST',
      body: { username: 'admin', password: ['hunter2-secret'] },
    });
    expectProblem(login, 400);
    expect(login.text).not.toContain('hunter2-secret');
  });

  it('join the edge checks and the contract in one answer, and cap a flood of problems', async () => {
    const mixed = await call('/tokens', {
      method: 'POST',
      token,
      body: { name: 'evil\u0000', scope: 'root', admin: true },
    });
    expectProblem(mixed, 400);
    expect(mixed.body.errors.map((issue: Issue) => [issue.path, issue.code])).toEqual(
      expect.arrayContaining([
        ['/body/name', 'controlCharacters'],
        ['/body/scope', 'enum'],
        ['/body/admin', 'additionalProperties'],
      ]),
    );
    const flood = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`field_${index}`, index]));
    const capped = await call('/tokens', { method: 'POST', token, body: { name: 'x', scope: 'read', ...flood } });
    expectProblem(capped, 400);
    expect(capped.body.errors).toHaveLength(50);
    expect(capped.body.detail).toMatch(/; and 150 more$/);
  });

  it('keep the shape of the problems the services find', async () => {
    const result = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'x', root_path: 'does-not-exist' },
    });
    expectProblem(result, 400);
    expect(result.body.errors).toEqual([
      expect.objectContaining({ path: '/body/root_path', message: expect.any(String) }),
    ]);
  });
});
