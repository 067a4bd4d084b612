import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie } from './support/http-client.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server.js';

/**
 * A browser's write through a reverse proxy: the proxy may rewrite `Host` (nginx's `$host` drops the port, a bare
 * `proxy_pass` sends Shelfmark's own address), so the cross-site check compares `Origin` with the host the browser
 * asked for: `X-Forwarded-Host` when the proxy is trusted (TRUST_PROXY), the `Host` header otherwise.
 */
const ORIGIN = 'https://books.example.org:8443';
const FORWARDED = { origin: ORIGIN, 'x-forwarded-host': 'books.example.org:8443', 'x-forwarded-proto': 'https' };

let trusted: TestServer;
let direct: TestServer;

async function signIn(server: TestServer): Promise<string> {
  const login = await apiClient(server.url)('/auth/login', {
    method: 'POST',
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  return sessionCookie(login.headers);
}

function trpc(server: TestServer, headers: Record<string, string>) {
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => headers })] });
}

async function trpcStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof TRPCClientError) return (error as TRPCClientError<AppRouter>).data?.httpStatus ?? 0;
    throw error;
  }
}

beforeAll(async () => {
  [trusted, direct] = await Promise.all([
    startTestServer({ env: { TRUST_PROXY: 'loopback' }, thumbnails: false }),
    startTestServer({ thumbnails: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([trusted?.close(), direct?.close()]);
});

describe('cross-site writes behind a proxy', () => {
  it('accepts a write whose Origin is the host the trusted proxy names, over REST and tRPC', async () => {
    const cookie = await signIn(trusted);
    const created = await apiClient(trusted.url)('/tokens', {
      method: 'POST',
      cookie,
      headers: FORWARDED,
      body: { name: 'through the proxy', scope: 'read' },
    });
    expect(created.status).toBe(201);
    const client = trpc(trusted, { cookie, ...FORWARDED });
    expect(
      await trpcStatus(client.tokens.create.mutate({ body: { name: 'tRPC through the proxy', scope: 'read' } })),
    ).toBe(200);
  });

  it('still refuses an Origin that is neither host', async () => {
    const cookie = await signIn(trusted);
    const headers = { ...FORWARDED, origin: 'https://evil.example' };
    const refused = await apiClient(trusted.url)('/tokens', {
      method: 'POST',
      cookie,
      headers,
      body: { name: 'x', scope: 'read' },
    });
    expect(refused.status).toBe(403);
    expect(
      await trpcStatus(
        trpc(trusted, { cookie, ...headers }).tokens.create.mutate({ body: { name: 'x', scope: 'read' } }),
      ),
    ).toBe(403);
  });

  it('believes no X-Forwarded-Host without TRUST_PROXY', async () => {
    const cookie = await signIn(direct);
    const refused = await apiClient(direct.url)('/tokens', {
      method: 'POST',
      cookie,
      headers: FORWARDED,
      body: { name: 'x', scope: 'read' },
    });
    expect(refused.status).toBe(403);
    expect(
      await trpcStatus(
        trpc(direct, { cookie, ...FORWARDED }).tokens.create.mutate({ body: { name: 'x', scope: 'read' } }),
      ),
    ).toBe(403);
  });
});
