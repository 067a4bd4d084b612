import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationRef } from '../src/http/openapi-document.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { BROKEN_BODIES, ODD_STRINGS, ODD_VALUES, resolver, valueOf, type Schema } from './support/schema-arbitrary.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Every operation of openapi.yaml, with parameters and bodies built from its schemas and then broken (wrong types,
 * missing and unknown fields, non-finite numbers, control characters, huge strings, bad JSON, odd ids), sent as the
 * admin. The server must answer each with a 4xx problem (or a documented 501/502), never a 500, and stay up.
 * The seed is fixed so a failure replays; SHELFMARK_FUZZ_RUNS=5000 runs longer, SHELFMARK_FUZZ_SEED another seed.
 */

const RUNS = Number(process.env.SHELFMARK_FUZZ_RUNS ?? 400);
const SEED = Number(process.env.SHELFMARK_FUZZ_SEED ?? 20261124);
const token = BOOTSTRAP_TOKEN;

let server: TestServer;
let call: ApiClient;
const realIds: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  await writeComic(path.join(server.librariesRoot, 'shelf'), 'Saga/Saga 001.cbz', {
    pages: 3,
    comicInfo: { Title: 'Saga Chapter 1', Series: 'Saga', Number: 1 },
  });
  const library = await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } });
  const job = await call(`/libraries/${library.body.id}/scan`, { method: 'POST', token, body: {} });
  await waitForJob(call, token, job.body.id);
  const readToken = await call('/tokens', { method: 'POST', token, body: { name: 'reader', scope: 'read' } });
  Object.assign(realIds, {
    library_id: library.body.id,
    job_id: job.body.id,
    book_id: (await call('/books', { token })).body.items[0].id,
    token_id: readToken.body.id,
    series_name: 'Saga',
    page: '1',
  });
}, 120_000);
afterAll(() => server.close());

interface FuzzRequest {
  op: OperationRef;
  path: string;
  query: [string, string][];
  body?: { json: unknown } | { raw: string; type: string };
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

// A lone surrogate cannot be percent-encoded as UTF-8; URLs carry its replacement character instead.
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

const ODD_IDS = [
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%00',
  '%E0%A4%A',
  'a'.repeat(300),
  '0',
  '-1',
  'null',
  '%F0%9F%98%80',
  '%20',
];

type Mutation = 'none' | 'path' | 'query' | 'unknown-query' | 'field' | 'body-value' | 'raw-body' | 'content-type';

/**
 * A request valid by the schemas (real ids where the path names one), then broken in at most one place, so that
 * the broken value is the one the server has to deal with rather than a neighbour the validator refuses first.
 */
function requestArbitrary(ops: OperationRef[], resolve: (schema?: Schema) => Schema): fc.Arbitrary<FuzzRequest> {
  const asText = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  const oddString = fc.constantFrom(...ODD_STRINGS);
  return fc.constantFrom(...ops).chain((op) => {
    const pathItem = server.app.spec.document.paths[op.path] as { parameters?: Schema[] };
    const parameters = [...(pathItem.parameters ?? []), ...((op.operation.parameters as Schema[] | undefined) ?? [])]
      .map((parameter) => resolve(parameter) as Parameter)
      .filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');

    const validPath = fc.tuple(
      ...pathParameters.map((parameter) => {
        const real = realIds[parameter.name];
        const fromSchema = asText(valueOf(parameter.schema, resolve)).map(encode);
        return real === undefined
          ? fromSchema
          : fc.oneof({ arbitrary: fc.constant(encode(real)), weight: 4 }, { arbitrary: fromSchema, weight: 1 });
      }),
    );
    const validQuery = fc.tuple(
      ...queryParameters.map((parameter) =>
        parameter.required
          ? asText(valueOf(parameter.schema, resolve))
          : fc.option(asText(valueOf(parameter.schema, resolve)), { freq: 2 }),
      ),
    );
    const bodySchema = (op.operation.requestBody as Schema | undefined)?.content?.['application/json']?.schema;
    const validBody = bodySchema === undefined ? fc.constant(undefined) : valueOf(bodySchema, resolve);

    const mutations: { arbitrary: fc.Arbitrary<Mutation>; weight: number }[] = [
      { arbitrary: fc.constant('none'), weight: 3 },
      { arbitrary: fc.constant('unknown-query'), weight: 1 },
    ];
    if (pathParameters.length > 0) mutations.push({ arbitrary: fc.constant('path'), weight: 2 });
    if (queryParameters.length > 0) mutations.push({ arbitrary: fc.constant('query'), weight: 3 });
    if (bodySchema !== undefined) {
      mutations.push(
        { arbitrary: fc.constant('field'), weight: 4 },
        { arbitrary: fc.constant('body-value'), weight: 1 },
        { arbitrary: fc.constant('raw-body'), weight: 1 },
        { arbitrary: fc.constant('content-type'), weight: 1 },
      );
    }

    return fc
      .record({
        path: validPath,
        query: validQuery,
        body: validBody,
        mutation: fc.oneof(...mutations),
        target: fc.nat(),
        oddString,
        oddId: fc.constantFrom(...ODD_IDS, ...ODD_STRINGS.map(encode)),
        oddValue: fc.constantFrom(...ODD_VALUES),
        brokenBody: fc.constantFrom(...BROKEN_BODIES),
        fieldChange: fc.constantFrom('drop', 'retype', 'unknown'),
      })
      .map((parts) => {
        const pathValues = [...parts.path];
        const query: [string, string][] = [];
        queryParameters.forEach((parameter, index) => {
          const value = parts.query[index];
          if (value !== null && value !== undefined) query.push([parameter.name, value]);
        });
        let body: FuzzRequest['body'] = bodySchema === undefined ? undefined : { json: parts.body };
        switch (parts.mutation) {
          case 'path':
            pathValues[parts.target % pathValues.length] = parts.oddId;
            break;
          case 'query': {
            const parameter = queryParameters[parts.target % queryParameters.length]!;
            const kept = query.filter(([name]) => name !== parameter.name);
            query.splice(0, query.length, ...kept, [parameter.name, parts.oddString]);
            break;
          }
          case 'unknown-query':
            query.push([['sort', '__proto__', 'q[]', 'limit[0]'][parts.target % 4]!, parts.oddString]);
            break;
          case 'field':
            body = { json: brokenObject(parts.body, parts.target, parts.oddValue, parts.fieldChange) };
            break;
          case 'body-value':
            body = { json: parts.oddValue };
            break;
          case 'raw-body':
            body = { raw: parts.brokenBody, type: 'application/json' };
            break;
          case 'content-type':
            body = { raw: 'name=x', type: 'text/plain' };
            break;
        }
        let route = op.path;
        pathParameters.forEach((parameter, index) => {
          route = route.replace(`{${parameter.name}}`, pathValues[index]!);
        });
        const request: FuzzRequest = { op, path: route, query, ...(body === undefined ? {} : { body }) };
        // fast-check prints a failing request this way rather than as the whole operation object.
        return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
      });
  });
}

/** The object made wrong one way: a field dropped, a field of the wrong type, or an unknown field. */
function brokenObject(value: unknown, pick: number, odd: unknown, how: 'drop' | 'retype' | 'unknown'): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return odd;
  const copy: Record<string, unknown> = { ...value };
  const keys = Object.keys(copy);
  const key = keys[pick % Math.max(1, keys.length)];
  if (how === 'unknown' || key === undefined) copy[`unknown_${pick % 3}`] = odd;
  else if (how === 'drop') delete copy[key];
  else copy[key] = odd;
  return copy;
}

async function send(request: FuzzRequest): Promise<{ status: number; type: string; text: string }> {
  const url = new URL(`${server.app.spec.basePath}${request.path}`, server.url);
  url.search = new URLSearchParams(request.query).toString();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: string | undefined;
  if (request.body && 'raw' in request.body) {
    body = request.body.raw;
    headers['content-type'] = request.body.type;
  } else if (request.body) {
    body = JSON.stringify(request.body.json) ?? 'null';
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(url, {
    method: request.op.method.toUpperCase(),
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });
  // An event stream of a finished job ends by itself; the body is read whole for every answer.
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

function describeRequest(request: FuzzRequest): string {
  const query = new URLSearchParams(request.query).toString();
  const body = request.body ? ('raw' in request.body ? request.body.raw : JSON.stringify(request.body.json)) : '';
  return `${request.op.method.toUpperCase()} ${request.path}${query ? `?${query}` : ''} ${body ?? ''}`.slice(0, 600);
}

describe('the REST surface under fuzzing', () => {
  it(`answers ${RUNS} broken requests built from openapi.yaml with 4xx problems and stays up`, async () => {
    const ops = operations(server.app.spec.document);
    const resolve = resolver(server.app.spec.document);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(ops, resolve), async (request) => {
        const result = await send(request);
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        const what = `${describeRequest(request)} → ${result.status} ${result.text.slice(0, 300)}`;
        if (result.status >= 500) {
          expect(['501', '502'], what).toContain(String(result.status));
          expect(Object.keys(request.op.operation.responses), what).toContain(String(result.status));
        }
        if (result.status >= 400) {
          expect(result.type, what).toMatch(/^application\/problem\+json/);
          expect(result.text, what).not.toMatch(/\bat .*\.(ts|js):\d+/);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect((await call('/health')).status).toBe(200);
    expect(server.logs.join('')).not.toMatch(/"level":50/);
    // A run that never got past validation would prove little: some requests must have succeeded.
    const succeeded = [...statuses].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
    expect(succeeded).toBeGreaterThan(RUNS / 20);
  }, 300_000);
});
