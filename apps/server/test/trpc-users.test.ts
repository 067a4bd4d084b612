import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.js';
import { sessionCookie } from './support/http-client.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;

function client(cookie: string) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie, origin: server.url }) })],
  });
}

async function signIn(username: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
  return sessionCookie(response.headers);
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
    throw error;
  }
  throw new Error('the call succeeded');
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false, worker: false });
});
afterAll(() => server.close());

describe('users through tRPC, the twins of /users and PATCH /auth/me', () => {
  it('lets the admin manage users, with the REST problems, and refuses a reader', async () => {
    const admin = client(await signIn('admin', ADMIN_PASSWORD));
    const created = await admin.users.create.mutate({
      body: { username: 'ana', password: 'ana password', role: 'reader' },
    });
    expect(created).toMatchObject({ username: 'ana', role: 'reader', library_ids: [], disabled: false });
    expect((await admin.users.list.query({})).items.map((user) => user.username)).toEqual(['admin', 'ana']);
    expect(await admin.users.get.query({ user_id: created.id })).toEqual(created);
    const me = await admin.auth.me.query({});
    const lastAdmin = await failure(admin.users.update.mutate({ user_id: me.user_id!, body: { role: 'reader' } }));
    expect(lastAdmin.data?.httpStatus).toBe(409);
    expect(lastAdmin.data?.problem.type).toBe('urn:shelfmark:problem:last-admin');

    const ana = client(await signIn('ana', 'ana password'));
    expect(await ana.auth.me.query({})).toMatchObject({ role: 'reader', scope: 'read', library_ids: [] });
    expect((await failure(ana.users.list.query({}))).data?.httpStatus).toBe(403);
    const token = await ana.tokens.create.mutate({ body: { name: 'kobo', scope: 'read' } });
    expect((await ana.tokens.list.query({})).items.map((item) => item.id)).toEqual([token.id]);
    expect((await failure(ana.tokens.create.mutate({ body: { name: 'x', scope: 'admin' } }))).data?.httpStatus).toBe(
      403,
    );

    const wrong = await failure(
      ana.auth.changePassword.mutate({ body: { password: 'new password', current_password: 'not the one' } }),
    );
    expect(wrong.data?.problem.type).toBe('urn:shelfmark:problem:wrong-password');
    await ana.auth.changePassword.mutate({ body: { password: 'new password', current_password: 'ana password' } });
    await signIn('ana', 'new password');

    await admin.users.update.mutate({ user_id: created.id, body: { disabled: true } });
    expect((await failure(ana.auth.me.query({}))).data?.httpStatus).toBe(401);
    expect(await admin.users.remove.mutate({ user_id: created.id })).toEqual({ deleted: created.id });
    expect((await failure(admin.users.get.query({ user_id: created.id }))).data?.httpStatus).toBe(404);
  }, 180_000);
});
