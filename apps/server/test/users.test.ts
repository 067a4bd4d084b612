import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../src/entities/user.entity.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let call: ApiClient;
let adminId: string;
let libraryA: string;
let libraryB: string;
let counter = 0;

const READER_PASSWORD = 'reader password 1';
// Each test signs in and hashes passwords (scrypt) several times: slow on a loaded machine, never a measure here.
const SCRYPT_HEAVY_MS = 180_000;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const opds = (authorization: string) => fetch(`${server.url}/opds/v1.2/catalog`, { headers: { authorization } });

async function createLibrary(name: string): Promise<string> {
  await mkdir(path.join(server.librariesRoot, name), { recursive: true });
  const created = await call('/libraries', { method: 'POST', token: BOOTSTRAP_TOKEN, body: { name, root_path: name } });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function createUser(
  body: Record<string, unknown> = {},
): Promise<{ id: string; username: string; email: string | null }> {
  const username = `user${++counter}`;
  const created = await call('/users', {
    method: 'POST',
    token: BOOTSTRAP_TOKEN,
    body: { username, password: READER_PASSWORD, role: 'reader', ...body },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function signIn(username: string, password = READER_PASSWORD): Promise<string> {
  const result = await call('/auth/login', { method: 'POST', body: { username, password } });
  expect(result.status).toBe(200);
  return sessionCookie(result.headers);
}

async function tokenFor(cookie: string, scope: 'read' | 'admin' = 'read'): Promise<string> {
  const created = await call('/tokens', { method: 'POST', cookie, body: { name: `t${++counter}`, scope } });
  expect(created.status).toBe(201);
  return created.body.token;
}

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  adminId = (await call('/auth/me', { token: BOOTSTRAP_TOKEN })).body.user_id;
  libraryA = await createLibrary('a');
  libraryB = await createLibrary('b');
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('users', { timeout: SCRYPT_HEAVY_MS }, () => {
  it('are created, listed, read, changed and deleted by an admin, the password never shown', async () => {
    const created = await createUser({ library_ids: [libraryA] });
    expect(created).toMatchObject({ role: 'reader', library_ids: [libraryA], disabled: false });
    expect(JSON.stringify(created)).not.toContain(READER_PASSWORD);
    const listed = await call('/users', { token: BOOTSTRAP_TOKEN });
    expect(listed.body.items.map((user: { id: string }) => user.id)).toEqual(
      expect.arrayContaining([adminId, created.id]),
    );
    expect(listed.text).not.toContain('password');

    const changed = await call(`/users/${created.id}`, {
      method: 'PATCH',
      token: BOOTSTRAP_TOKEN,
      body: { library_ids: [libraryB, libraryA], username: `${created.username}x` },
    });
    expect(changed.body).toMatchObject({ username: `${created.username}x` });
    expect([...changed.body.library_ids].sort()).toEqual([libraryA, libraryB].sort());
    expect((await call(`/users/${created.id}`, { token: BOOTSTRAP_TOKEN })).body.library_ids).toHaveLength(2);

    expect((await call(`/users/${created.id}`, { method: 'DELETE', token: BOOTSTRAP_TOKEN })).status).toBe(204);
    expectProblem(await call(`/users/${created.id}`, { token: BOOTSTRAP_TOKEN }), 404);
    expectProblem(await call(`/users/${created.id}`, { method: 'DELETE', token: BOOTSTRAP_TOKEN }), 404);
  });

  it('refuses a taken user name (409 username-taken), an unknown library (400) and a short password (400)', async () => {
    const first = await createUser();
    const taken = await call('/users', {
      method: 'POST',
      token: BOOTSTRAP_TOKEN,
      body: { username: first.username, password: READER_PASSWORD, role: 'reader' },
    });
    expectProblem(taken, 409);
    expect(taken.body.type).toBe('urn:shelfmark:problem:username-taken');
    const renamed = await call(`/users/${first.id}`, {
      method: 'PATCH',
      token: BOOTSTRAP_TOKEN,
      body: { username: 'admin' },
    });
    expect(renamed.body.type).toBe('urn:shelfmark:problem:username-taken');
    const unknown = await call('/users', {
      method: 'POST',
      token: BOOTSTRAP_TOKEN,
      body: { username: 'ghost', password: READER_PASSWORD, role: 'reader', library_ids: [crypto.randomUUID()] },
    });
    expectProblem(unknown, 400);
    expect(unknown.body.errors[0].path).toBe('/body/library_ids/0');
    expectProblem(
      await call('/users', {
        method: 'POST',
        token: BOOTSTRAP_TOKEN,
        body: { username: 'x', password: 'short', role: 'reader' },
      }),
      400,
    );
    expectProblem(await call('/users', { token: BOOTSTRAP_TOKEN, query: { page: '1' } }), 400);
  });

  it('are managed by admins only: a reader and an admin’s read token get 403', async () => {
    const reader = await createUser({ library_ids: [libraryA] });
    const cookie = await signIn(reader.username);
    const adminRead = await tokenFor(await signIn('admin', ADMIN_PASSWORD), 'read');
    for (const credential of [{ cookie }, { token: adminRead }, { token: await tokenFor(cookie) }]) {
      expectProblem(await call('/users', credential), 403);
      expectProblem(await call(`/users/${adminId}`, { ...credential, method: 'DELETE' }), 403);
      expectProblem(
        await call('/libraries', { ...credential, method: 'POST', body: { name: 'n', root_path: 'a' } }),
        403,
      );
    }
  });
});

describe('a user’s e-mail address', { timeout: SCRYPT_HEAVY_MS }, () => {
  it('is kept trimmed, changed, and cleared with null', async () => {
    const created = await createUser({ email: '  Reader.One@Example.org ' });
    expect(created).toMatchObject({ email: 'Reader.One@Example.org' });
    expect((await call(`/users/${created.id}`, { token: BOOTSTRAP_TOKEN })).body.email).toBe('Reader.One@Example.org');
    const changed = await call(`/users/${created.id}`, {
      method: 'PATCH',
      token: BOOTSTRAP_TOKEN,
      body: { email: 'reader.one@example.net' },
    });
    expect(changed.body.email).toBe('reader.one@example.net');
    // Its own address in another case is no clash.
    const recased = await call(`/users/${created.id}`, {
      method: 'PATCH',
      token: BOOTSTRAP_TOKEN,
      body: { email: 'Reader.One@Example.NET' },
    });
    expect(recased.status, recased.text).toBe(200);
    const cleared = await call(`/users/${created.id}`, {
      method: 'PATCH',
      token: BOOTSTRAP_TOKEN,
      body: { email: null },
    });
    expect(cleared.body.email).toBeNull();
    expect((await createUser()).email).toBeNull();
  });

  it('refuses one of the wrong shape (400) and another user’s in any case (409 on the field), changing nothing', async () => {
    const holder = await createUser({ email: 'holder@example.org' });
    const other = await createUser({ email: 'other@example.org' });
    const tooLong = `${'a'.repeat(250)}@example.org`;
    for (const email of ['no-at-sign', 'two@at@signs.org', 'with space@example.org', '', tooLong]) {
      const refused = await call('/users', {
        method: 'POST',
        token: BOOTSTRAP_TOKEN,
        body: { username: `bad${++counter}`, password: READER_PASSWORD, role: 'reader', email },
      });
      expectProblem(refused, 400);
      expect(refused.body.errors[0].path, email).toBe('/body/email');
      const unchanged = await call(`/users/${other.id}`, { method: 'PATCH', token: BOOTSTRAP_TOKEN, body: { email } });
      expectProblem(unchanged, 400);
      expect(unchanged.body.errors[0].path).toBe('/body/email');
    }
    const clash = await call('/users', {
      method: 'POST',
      token: BOOTSTRAP_TOKEN,
      body: { username: 'clash', password: READER_PASSWORD, role: 'reader', email: ' HOLDER@example.ORG' },
    });
    expectProblem(clash, 409);
    expect(clash.body.type).toBe('urn:shelfmark:problem:email-taken');
    expect(clash.body.errors).toEqual([expect.objectContaining({ path: '/body/email', code: 'taken' })]);
    const users = (await call('/users', { token: BOOTSTRAP_TOKEN })).body.items as { username: string }[];
    expect(users.map((user) => user.username)).not.toContain('clash');
    const taken = await call(`/users/${other.id}`, {
      method: 'PATCH',
      token: BOOTSTRAP_TOKEN,
      body: { email: 'Holder@Example.org', username: `${other.username}-renamed` },
    });
    expectProblem(taken, 409);
    expect(taken.body.errors[0].path).toBe('/body/email');
    // Nothing of the refused change was kept, not even the name sent with it.
    expect((await call(`/users/${other.id}`, { token: BOOTSTRAP_TOKEN })).body).toMatchObject({
      username: other.username,
      email: 'other@example.org',
    });
    expect((await call(`/users/${holder.id}`, { token: BOOTSTRAP_TOKEN })).body.email).toBe('holder@example.org');
  });

  it('is shown to the user themselves, never another user’s to a reader', async () => {
    const secret = await createUser({ email: 'secret.other.mail@example.org' });
    const reader = await createUser({ email: 'own.reader.mail@example.org', library_ids: [libraryA] });
    const signedIn = await call('/auth/login', {
      method: 'POST',
      body: { username: reader.username, password: READER_PASSWORD },
    });
    expect(signedIn.body.email).toBe('own.reader.mail@example.org');
    const cookie = sessionCookie(signedIn.headers);
    const own = await call('/auth/me', { method: 'PATCH', cookie, body: { theme: 'dark' } });
    expect(own.body.email).toBe('own.reader.mail@example.org');
    const token = await tokenFor(cookie);
    for (const credential of [{ cookie }, { token }]) {
      expectProblem(await call('/users', credential), 403);
      expectProblem(await call(`/users/${secret.id}`, credential), 403);
      for (const path of ['/auth/me', '/auth/status', '/tokens']) {
        const seen = await call(path, credential);
        expect(seen.status, path).toBe(200);
        expect(seen.text, path).not.toContain('secret.other.mail');
      }
    }
  });
});

describe('who a credential acts as', { timeout: SCRYPT_HEAVY_MS }, () => {
  it('a session takes its user’s role and libraries; the bootstrap token is the first admin', async () => {
    const reader = await createUser({ library_ids: [libraryA] });
    const me = await call('/auth/me', { cookie: await signIn(reader.username) });
    expect(me.body).toEqual({
      kind: 'session',
      scope: 'read',
      username: reader.username,
      user_id: reader.id,
      role: 'reader',
      library_ids: [libraryA],
      token_id: null,
    });
    expect((await call('/auth/me', { cookie: await signIn('admin', ADMIN_PASSWORD) })).body).toMatchObject({
      scope: 'admin',
      role: 'admin',
      library_ids: null,
    });
    expect((await call('/auth/me', { token: BOOTSTRAP_TOKEN })).body).toMatchObject({
      kind: 'bootstrap',
      user_id: adminId,
      username: 'admin',
      role: 'admin',
      library_ids: null,
    });
  });

  it('a token acts as its owner, its scope narrowing and never widening the owner’s rights', async () => {
    const adminCookie = await signIn('admin', ADMIN_PASSWORD);
    const adminRead = await tokenFor(adminCookie, 'read');
    expect((await call('/auth/me', { token: adminRead })).body).toMatchObject({
      kind: 'token',
      scope: 'read',
      role: 'reader',
      library_ids: null,
      user_id: adminId,
    });

    // A reader cannot make an admin token, directly or with an admin's read token.
    const reader = await createUser({ library_ids: [libraryB] });
    const readerCookie = await signIn(reader.username);
    expectProblem(
      await call('/tokens', { method: 'POST', cookie: readerCookie, body: { name: 'x', scope: 'admin' } }),
      403,
    );
    expectProblem(
      await call('/tokens', { method: 'POST', token: adminRead, body: { name: 'x', scope: 'admin' } }),
      403,
    );

    // An admin's admin token, once its owner is demoted, acts as a reader of the libraries granted.
    const other = await createUser({ role: 'admin', library_ids: [libraryA] });
    const otherAdminToken = await tokenFor(await signIn(other.username), 'admin');
    expect((await call('/auth/me', { token: otherAdminToken })).body).toMatchObject({ scope: 'admin', role: 'admin' });
    await call(`/users/${other.id}`, { method: 'PATCH', token: BOOTSTRAP_TOKEN, body: { role: 'reader' } });
    expect((await call('/auth/me', { token: otherAdminToken })).body).toMatchObject({
      scope: 'read',
      role: 'reader',
      library_ids: [libraryA],
    });
    expectProblem(await call('/settings', { token: otherAdminToken }), 403);
  });

  it('every user manages their own tokens; an admin sees and revokes everyone’s', async () => {
    const reader = await createUser();
    const readerCookie = await signIn(reader.username);
    const readerToken = await tokenFor(readerCookie);
    const adminCookie = await signIn('admin', ADMIN_PASSWORD);
    const adminToken = await tokenFor(adminCookie, 'admin');

    const own = await call('/tokens', { cookie: readerCookie });
    expect(own.status).toBe(200);
    expect(own.body.items.every((token: { user_id: string }) => token.user_id === reader.id)).toBe(true);
    expect(own.body.items).toHaveLength(1);
    expect(own.body.items[0]).toMatchObject({ username: reader.username, scope: 'read' });

    const all = await call('/tokens', { cookie: adminCookie });
    const owners = new Set(all.body.items.map((token: { username: string }) => token.username));
    expect(owners).toEqual(expect.objectContaining({}));
    expect(owners.has(reader.username) && owners.has('admin')).toBe(true);

    // Another's token is not found for a reader (never a 403 that confirms it exists).
    const adminTokenId = all.body.items.find((token: { user_id: string }) => token.user_id === adminId).id;
    expectProblem(await call(`/tokens/${adminTokenId}`, { method: 'DELETE', cookie: readerCookie }), 404);
    expect((await call('/auth/me', { token: adminToken })).status).toBe(200);

    const readerTokenId = own.body.items[0].id;
    expect((await call(`/tokens/${readerTokenId}`, { method: 'DELETE', cookie: adminCookie })).status).toBe(204);
    expectProblem(await call('/auth/me', { token: readerToken }), 401);
  });
});

describe('the last administrator', { timeout: SCRYPT_HEAVY_MS }, () => {
  it('cannot be demoted, disabled or deleted (409 last-admin), even by two requests at once', async () => {
    for (const [method, body] of [
      ['PATCH', { role: 'reader' }],
      ['PATCH', { disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(`/users/${adminId}`, { method, token: BOOTSTRAP_TOKEN, body });
      expectProblem(refused, 409);
      expect(refused.body.type).toBe('urn:shelfmark:problem:last-admin');
    }
    // Two admins; each request would be fine alone, both together would leave none.
    const second = await createUser({ role: 'admin' });
    const [one, two] = await Promise.all([
      call(`/users/${adminId}`, { method: 'PATCH', token: BOOTSTRAP_TOKEN, body: { disabled: true } }),
      call(`/users/${second.id}`, { method: 'DELETE', token: BOOTSTRAP_TOKEN }),
    ]);
    expect([one.status, two.status].sort()).toEqual(one.status === 200 ? [200, 409] : [204, 409]);
    const enabledAdmins = (await call('/users', { token: BOOTSTRAP_TOKEN })).body.items.filter(
      (user: { role: string; disabled: boolean }) => user.role === 'admin' && !user.disabled,
    );
    expect(enabledAdmins).toHaveLength(1);
    // Put the first admin back for the other tests.
    if (one.status === 200) {
      await call(`/users/${adminId}`, { method: 'PATCH', token: BOOTSTRAP_TOKEN, body: { disabled: false } });
      await call(`/users/${second.id}`, { method: 'DELETE', token: BOOTSTRAP_TOKEN });
    }
    expect((await call('/auth/me', { token: BOOTSTRAP_TOKEN })).body.user_id).toBe(adminId);
  });
});

describe('a user’s own password', { timeout: SCRYPT_HEAVY_MS }, () => {
  it('changes with the current one; a wrong one is 403 wrong-password; other sessions end', async () => {
    const reader = await createUser();
    const current = await signIn(reader.username);
    const other = await signIn(reader.username);
    const token = await tokenFor(current);
    expectProblem(
      await call('/auth/me', { method: 'PATCH', cookie: current, body: { password: 'new password 1' } }),
      400,
    );
    const wrong = await call('/auth/me', {
      method: 'PATCH',
      cookie: current,
      body: { password: 'new password 1', current_password: 'not it at all' },
    });
    expectProblem(wrong, 403);
    expect(wrong.body.type).toBe('urn:shelfmark:problem:wrong-password');
    const changed = await call('/auth/me', {
      method: 'PATCH',
      cookie: current,
      body: { password: 'new password 1', current_password: READER_PASSWORD, locale: 'fr' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ locale: 'fr', role: 'reader' });
    expect((await call('/auth/me', { cookie: current })).status).toBe(200);
    expectProblem(await call('/auth/me', { cookie: other }), 401);
    expect((await call('/auth/me', { token })).status).toBe(200);
    expectProblem(
      await call('/auth/login', { method: 'POST', body: { username: reader.username, password: READER_PASSWORD } }),
      401,
    );
    await signIn(reader.username, 'new password 1');
  });
});

describe('ending a user’s access', { timeout: SCRYPT_HEAVY_MS }, () => {
  async function signedInEverywhere() {
    const reader = await createUser({ library_ids: [libraryA] });
    const cookie = await signIn(reader.username);
    const token = await tokenFor(cookie);
    const password = basic(reader.username, READER_PASSWORD);
    expect((await call('/auth/me', { cookie })).status).toBe(200);
    expect((await call('/auth/me', { token })).status).toBe(200);
    // Twice: the second is the remembered password.
    expect((await opds(password)).status).toBe(200);
    expect((await opds(password)).status).toBe(200);
    expect((await opds(basic('kobo', token))).status).toBe(200);
    return { reader, cookie, token, password };
  }

  async function expectAllRefused({ cookie, token, password }: { cookie: string; token: string; password: string }) {
    expectProblem(await call('/auth/me', { cookie }), 401);
    expectProblem(await call('/auth/me', { token }), 401);
    expect((await opds(password)).status).toBe(401);
    expect((await opds(basic('kobo', token))).status).toBe(401);
  }

  it('disabling ends sessions, tokens and remembered Basic passwords at once; enabling gives the tokens back', async () => {
    const access = await signedInEverywhere();
    await call(`/users/${access.reader.id}`, { method: 'PATCH', token: BOOTSTRAP_TOKEN, body: { disabled: true } });
    await expectAllRefused(access);
    expectProblem(
      await call('/auth/login', {
        method: 'POST',
        body: { username: access.reader.username, password: READER_PASSWORD },
      }),
      401,
    );
    await call(`/users/${access.reader.id}`, { method: 'PATCH', token: BOOTSTRAP_TOKEN, body: { disabled: false } });
    expect((await call('/auth/me', { token: access.token })).status).toBe(200);
    expectProblem(await call('/auth/me', { cookie: access.cookie }), 401);
  });

  it('a password reset ends sessions, revokes tokens and forgets the old Basic password', async () => {
    const access = await signedInEverywhere();
    const reset = await call(`/users/${access.reader.id}`, {
      method: 'PATCH',
      token: BOOTSTRAP_TOKEN,
      body: { password: 'a new one 123' },
    });
    expect(reset.status).toBe(200);
    await expectAllRefused(access);
    expect((await opds(basic(access.reader.username, 'a new one 123'))).status).toBe(200);
  });

  it('deleting ends everything', async () => {
    const access = await signedInEverywhere();
    expect((await call(`/users/${access.reader.id}`, { method: 'DELETE', token: BOOTSTRAP_TOKEN })).status).toBe(204);
    await expectAllRefused(access);
  });

  it('a password changed by another process is refused here too, though remembered', async () => {
    const access = await signedInEverywhere();
    // What another server process sharing the database does on a reset (here the admin's hash stands for the new
    // password): this one still remembers the old password, and must not trust it any more.
    await server.container.orm.em
      .fork()
      .getConnection()
      .execute(
        `update users set credentials_changed_at = ?, password_hash = (select password_hash from users where username = 'admin') where id = ?`,
        [new Date(Date.now() + 1000), access.reader.id],
      );
    expect((await opds(access.password)).status).toBe(401);
  });
});

describe('when what a user may see last changed', () => {
  const accessChangedAt = async (id: string) =>
    (await server.container.orm.em.fork().findOneOrFail(User, { id })).accessChangedAt?.getTime() ?? null;
  const patch = async (id: string, body: Record<string, unknown>) =>
    expect((await call(`/users/${id}`, { method: 'PATCH', token: BOOTSTRAP_TOKEN, body })).status).toBe(200);

  it('is written with each change of granted libraries, role or disabled, and only then', async () => {
    // Created with a library: nothing was shown to them before, so nothing to date after.
    const user = await createUser({ library_ids: [libraryA] });
    expect(await accessChangedAt(user.id)).toBeNull();
    await patch(user.id, { library_ids: [libraryA] });
    expect(await accessChangedAt(user.id)).toBeNull();
    let last = 0;
    /** The change moves the date past the one before (the clock first passes it, so equal is a failure). */
    const expectMovedBy = async (body: Record<string, unknown>) => {
      while (Date.now() <= last) await new Promise((resolve) => setImmediate(resolve));
      const before = Date.now();
      await patch(user.id, body);
      const changed = await accessChangedAt(user.id);
      expect(changed, JSON.stringify(body)).toBeGreaterThanOrEqual(before);
      last = changed!;
    };
    const expectKeptBy = async (body: Record<string, unknown>) => {
      await patch(user.id, body);
      expect(await accessChangedAt(user.id), JSON.stringify(body)).toBe(last);
    };
    await expectMovedBy({ library_ids: [libraryA, libraryB] });
    await expectKeptBy({ library_ids: [libraryB, libraryA] });
    await expectMovedBy({ library_ids: [libraryB] });
    await expectMovedBy({ library_ids: [] });
    await expectMovedBy({ role: 'admin' });
    await expectKeptBy({ role: 'admin', username: `${user.username}-renamed` });
    await expectMovedBy({ role: 'reader' });
    await expectMovedBy({ disabled: true });
    await expectKeptBy({ disabled: true });
    await expectMovedBy({ disabled: false });
  });
});
