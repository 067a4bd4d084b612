import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requiredScope } from '../src/http/authorize.js';
import { operations } from '../src/http/openapi-document.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
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

// Each test walks every operation over HTTP: minutes, not seconds, on a loaded 2-core machine.
describe('every operation of openapi.yaml', { timeout: 300_000 }, () => {
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
    // Some 110 operations one after the other: 30 s on a quiet machine, past 120 s on one loaded ten times over.
  }, 300_000);
});

describe('every operation for a reader', { timeout: 300_000 }, () => {
  it('refuses each admin operation with 403 and lets each read operation through, session or token', async () => {
    const password = 'reader password 1';
    const created = await call('/users', {
      method: 'POST',
      token: BOOTSTRAP_TOKEN,
      body: { username: 'matrix-reader', password, role: 'reader' },
    });
    expect(created.status).toBe(201);
    const signedIn = await call('/auth/login', { method: 'POST', body: { username: 'matrix-reader', password } });
    const cookie = sessionCookie(signedIn.headers);
    // Even a token the database says is `admin` (made before a demotion) acts with the reader's `read` scope.
    const token = (await call('/tokens', { method: 'POST', cookie, body: { name: 'matrix', scope: 'read' } })).body
      .token as string;
    await server.container.orm.em.fork().getConnection().execute(`update api_tokens set scope = 'admin'`);
    const document = server.app.spec.document;
    for (const credential of [{ token }, { cookie }]) {
      for (const op of operations(document)) {
        const scope = requiredScope((op.operation as { security?: never }).security, document);
        // Public, streaming, or ending the credential under test.
        if (scope === null || op.path.endsWith('/events') || op.operation.operationId === 'logout') continue;
        const result = await call(concretePath(op.path), {
          method: op.method.toUpperCase(),
          ...credential,
          headers: { origin: server.url },
          ...(op.method === 'get' || op.method === 'delete' ? {} : { body: {} }),
        });
        const label = `${op.method} ${op.path} (${Object.keys(credential)[0]}): ${result.status} ${result.text}`;
        if (scope === 'admin') expectProblem(result, 403);
        else expect([401, 403], label).not.toContain(result.status);
        expect(result.status, label).toBeLessThan(500);
      }
    }
  });
});
