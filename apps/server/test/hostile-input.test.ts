import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiToken } from '../src/entities/api-token.entity.js';
import { Book } from '../src/entities/book.entity.js';
import { Library } from '../src/entities/library.entity.js';
import { operations } from '../src/http/openapi-document.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Values a fuzzer sends that once reached the database or Node's HTTP parser: non-finite and oversized numbers,
 * control characters in text, empty searches, methods a path does not have, headers too long to parse.
 */

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let bookId: string;

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  await writeComic(path.join(server.librariesRoot, 'shelf'), 'Saga/Saga 001.cbz', { pages: 2 });
  libraryId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body
    .id;
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
  bookId = (await call('/books', { token })).body.items[0].id;
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
  expect(server.logs.join('')).not.toMatch(/unhandled error/);
});

async function snapshot() {
  const em = server.container.orm.em.fork();
  const [book] = await em.find(Book, { id: bookId });
  return {
    libraries: await em.find(Library, {}, { orderBy: { id: 'asc' } }),
    tokens: await em.count(ApiToken, {}),
    book: JSON.stringify(book),
  };
}

const pagedLists = () =>
  operations(server.app.spec.document).filter(
    (op) =>
      op.method === 'get' &&
      JSON.stringify(op.operation.parameters ?? []).includes('#/components/parameters/Page') &&
      !op.path.includes('{'),
  );

describe('numbers in a query or a path', () => {
  it('are refused unless written as plain decimal digits, on every paged list', async () => {
    expect(pagedLists().length).toBeGreaterThanOrEqual(4);
    for (const op of pagedLists()) {
      for (const [name, value] of [
        ['limit', 'Infinity'],
        ['limit', '-Infinity'],
        ['limit', 'NaN'],
        ['limit', '1e309'],
        ['limit', '1e2'],
        ['limit', '0x10'],
        ['page', 'Infinity'],
        ['page', '9223372036854775807'],
        ['page', '1000001'],
      ] as const) {
        const result = await call(op.path, {
          token,
          query: { [name]: value, ...(name === 'limit' ? { page: '3' } : {}) },
        });
        expectProblem(result, 400);
        expect(result.body.errors.map((issue: { path: string }) => issue.path)).toContain(`/query/${name}`);
      }
    }
  });

  it('answer an empty page at the largest page the contract allows', async () => {
    for (const op of pagedLists()) {
      const result = await call(op.path, { token, query: { page: '1000000', limit: '500' } });
      expect(result.status, `${op.path}: ${result.text}`).toBe(200);
      expect(result.body).toMatchObject({ items: [], page: 1_000_000, limit: 500 });
    }
  });

  it('in a path are held to the same rule, and body numbers to finite safe values', async () => {
    for (const page of ['Infinity', '1e1', '9007199254740993']) {
      expectProblem(await call(`/books/${bookId}/pages/${page}`, { token }), 400);
    }
    const before = await snapshot();
    const huge = await call(`/books/${bookId}`, {
      method: 'PATCH',
      token,
      rawBody: '{"volume_number": 1e309}',
    });
    expectProblem(huge, 400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('text with control characters', () => {
  it('is refused once at the edge with a 400 naming the field, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [string, Parameters<ApiClient>[1], string][] = [
      ['/books', { query: { q: 'a\u0000b' } }, '/query/q'],
      ['/series', { query: { q: 'a\u0007b' } }, '/query/q'],
      ['/series/statuses', { query: { library_id: libraryId, series_status: 'x\u0000' } }, '/query/series_status'],
      [
        `/libraries/${libraryId}/series/${encodeURIComponent('Sa\u0000ga')}`,
        { method: 'PATCH', body: {} },
        '/path/series_name',
      ],
      ['/tokens', { method: 'POST', body: { name: 'evil\u0000', scope: 'read' } }, '/body/name'],
      [`/libraries/${libraryId}`, { method: 'PATCH', body: { name: 'Shelf\u001b[31m' } }, '/body/name'],
      [`/books/${bookId}`, { method: 'PATCH', body: { title: 'Saga\u0000' } }, '/body/title'],
      [
        '/metadata/search',
        { method: 'POST', body: { library_id: libraryId, series_name: 'Saga\u0000' } },
        '/body/series_name',
      ],
      [
        '/series/mark-read',
        { method: 'POST', body: { library_id: libraryId, series_name: '\u0000' } },
        '/body/series_name',
      ],
    ];
    for (const [route, options, field] of cases) {
      const result = await call(route, { ...options, token });
      expectProblem(result, 400);
      expect(result.body.errors, `${route}: ${result.text}`).toContainEqual(
        expect.objectContaining({ path: field, message: expect.stringMatching(/control characters/) }),
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps tab and newlines as ordinary text', async () => {
    const result = await call('/tokens', { method: 'POST', token, body: { name: 'line\tone\r\ntwo', scope: 'read' } });
    expect(result.status, result.text).toBe(201);
    expect(result.body.name).toBe('line\tone\r\ntwo');
  });
});

describe('HTTP conformance', () => {
  it('treats an empty search as no filter', async () => {
    for (const route of ['/books', '/series', `/libraries/${libraryId}/series`]) {
      const all = await call(route, { token });
      const empty = await call(route, { token, query: { q: '' } });
      expect(empty.status, empty.text).toBe(200);
      expect(empty.body.total).toBe(all.body.total);
      expect(empty.body.total).toBeGreaterThan(0);
    }
  });

  it('lists the methods of the path in the Allow header of a 405', async () => {
    const result = await call('/libraries', { method: 'PUT', token });
    expectProblem(result, 405);
    expect(result.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['GET', 'HEAD', 'POST']);
    const single = await call(`/books/${bookId}/progress`, { method: 'DELETE', token });
    expectProblem(single, 405);
    const declared = Object.keys(server.app.spec.document.paths['/books/{book_id}/progress'] ?? {})
      .filter((key) => ['get', 'put', 'post', 'patch', 'delete'].includes(key))
      .map((key) => key.toUpperCase());
    if (declared.includes('GET')) declared.push('HEAD');
    expect(single.headers.get('allow')?.split(/,\s*/).sort()).toEqual(declared.sort());
  });

  it('answers HEAD wherever GET is allowed, with the headers and no body', async () => {
    for (const route of ['/health', '/libraries', `/books/${bookId}`]) {
      const get = await fetch(`${server.url}/api/v1${route}`, { headers: { authorization: `Bearer ${token}` } });
      const head = await fetch(`${server.url}/api/v1${route}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(head.status, route).toBe(200);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
    }
    const anonymous = await fetch(`${server.url}/api/v1/libraries`, { method: 'HEAD' });
    expect(anonymous.status).toBe(401);
  });

  it('answers a request line or headers too large for Node with a 431 problem', async () => {
    for (const request of [
      `GET /api/v1/books?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const raw = await rawExchange(request);
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/content-type: application\/problem\+json/i);
      expect(JSON.parse(body!)).toMatchObject({ status: 431, type: expect.any(String), detail: expect.any(String) });
    }
    expect((await call('/health')).status).toBe(200);
  });

  it('sets the language of the user behind a token (the bootstrap token: the first admin)', async () => {
    // A token without a user behind it (made before any user existed) is refused with 403; every token has one now.
    const result = await call('/auth/me', { method: 'PATCH', token, body: { locale: 'fr' } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ username: 'admin', locale: 'fr' });
    await call('/auth/me', { method: 'PATCH', token, body: { locale: 'en' } });
    const documented = server.app.spec.document.paths['/auth/me']?.patch?.responses ?? {};
    expect(Object.keys(documented)).toContain('403');
  });
});

function rawExchange(request: string): Promise<string> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
