import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../src/http/openapi-document.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * The whole REST surface of openapi.yaml, operation by operation: each has a handler, checks credentials first,
 * and answers a request about things that do not exist with a 4xx problem, never a 500 or a hang.
 */

let server: TestServer;
let call: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

function concretePath(template: string): string {
  return template
    .replace(/\{series_name\}/g, encodeURIComponent('Les Légendaires'))
    .replace(/\{page\}/g, '1')
    .replace(/\{[^}]+\}/g, '0b5b7c4e-1111-4222-8333-944445555666');
}

const isPublic = (security: unknown) => Array.isArray(security) && security.length === 0;

describe('every operation of openapi.yaml', () => {
  const all = () => operations(server.app.spec.document);

  it('has a handler', () => {
    const unbuilt = all()
      .map((op) => op.operation.operationId)
      .filter((id) => !server.app.implemented.has(id));
    expect(unbuilt).toEqual([]);
  });

  it('refuses a caller without credentials with 401, unless it is public', async () => {
    for (const op of all().filter((o) => !isPublic((o.operation as { security?: unknown }).security))) {
      expectProblem(await call(concretePath(op.path), { method: op.method.toUpperCase() }), 401);
    }
  });

  it('answers an admin asking about things that do not exist with a 4xx problem, never a 5xx', async () => {
    for (const op of all()) {
      if (isPublic((op.operation as { security?: unknown }).security) || op.path.endsWith('/events')) continue;
      const result = await call(concretePath(op.path), {
        method: op.method.toUpperCase(),
        token: BOOTSTRAP_TOKEN,
        ...(op.method === 'get' || op.method === 'delete' ? {} : { body: {} }),
      });
      if (result.status >= 400) expectProblem(result, result.status);
      expect(result.status, `${op.method} ${op.path}: ${result.text}`).toBeLessThan(500);
    }
  });
});
