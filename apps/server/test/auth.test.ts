import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiToken } from '../src/entities/api-token.entity.js';
import { User } from '../src/entities/user.entity.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let call: ApiClient;
let adminToken: string;
let readToken: string;

beforeAll(async () => {
  server = await startTestServer({ loginLimit: { attempts: 5, windowMs: 60_000 } });
  call = apiClient(server.url);
  adminToken = (
    await call('/tokens', { method: 'POST', token: BOOTSTRAP_TOKEN, body: { name: 'admin', scope: 'admin' } })
  ).body.token;
  readToken = (
    await call('/tokens', { method: 'POST', token: BOOTSTRAP_TOKEN, body: { name: 'reader', scope: 'read' } })
  ).body.token;
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('the auth matrix', () => {
  const adminRoute = { route: '/libraries', method: 'POST', body: { name: 'x', root_path: 'missing' } };

  it('refuses a request without credential with 401 and a WWW-Authenticate challenge', async () => {
    for (const route of ['/libraries', '/tokens', '/auth/me', '/folders']) {
      const result = await call(route);
      expectProblem(result, 401);
      expect(result.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('refuses a wrong, malformed or unknown-scheme credential with 401', async () => {
    const forged = `${adminToken.slice(0, -4)}AAAA`;
    for (const authorization of [
      `Bearer ${forged}`,
      'Bearer smk_nope',
      'Bearer ',
      'Token abc',
      `Basic ${Buffer.from(`x:${adminToken}`).toString('base64')}`,
    ]) {
      expectProblem(await call('/libraries', { headers: { authorization } }), 401);
    }
  });

  it('lets a read token read but not write (403), and an admin token do both', async () => {
    expect((await call('/libraries', { token: readToken })).status).toBe(200);
    expect((await call('/folders', { token: readToken })).status).toBe(200);
    expectProblem(await call(adminRoute.route, { method: 'POST', token: readToken, body: adminRoute.body }), 403);
    // A read credential manages its own tokens, but cannot make one with more rights than itself.
    expect((await call('/tokens', { token: readToken })).status).toBe(200);
    expectProblem(
      await call('/tokens', { method: 'POST', token: readToken, body: { name: 'x', scope: 'admin' } }),
      403,
    );
    expect((await call('/tokens', { token: adminToken })).status).toBe(200);
    expect((await call('/auth/me', { token: readToken })).body).toMatchObject({ kind: 'token', scope: 'read' });
  });

  it('checks the credential before the input: an anonymous invalid body gets 401, not 400', async () => {
    expectProblem(await call('/libraries', { method: 'POST', body: { bogus: true } }), 401);
    expectProblem(await call('/libraries', { method: 'POST', token: readToken, body: { bogus: true } }), 403);
    expectProblem(await call('/libraries', { method: 'POST', token: adminToken, body: { bogus: true } }), 400);
  });

  it('accepts the bootstrap token as an admin credential', async () => {
    expect((await call('/auth/me', { token: BOOTSTRAP_TOKEN })).body).toMatchObject({
      kind: 'bootstrap',
      scope: 'admin',
    });
  });

  it('leaves /health, /openapi.yaml and /docs public', async () => {
    expect((await call('/health')).status).toBe(200);
    expect((await fetch(`${server.url}/openapi.yaml`)).status).toBe(200);
    expect((await fetch(`${server.url}/docs`)).status).toBe(200);
  });
});

describe('API tokens', () => {
  it('shows the secret once, stores only a hash, and lists tokens without it', async () => {
    const created = await call('/tokens', {
      method: 'POST',
      token: adminToken,
      body: { name: 'Panels on iPad', scope: 'read' },
    });
    expect(created.status).toBe(201);
    const secret: string = created.body.token;
    expect(secret).toMatch(/^smk_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const listed = await call('/tokens', { token: adminToken });
    expect(listed.text).not.toContain(secret.slice('smk_'.length + 13));
    expect(listed.body.items.find((t: { id: string }) => t.id === created.body.id)).toMatchObject({
      name: 'Panels on iPad',
      scope: 'read',
    });
    const row = await server.container.orm.em.fork().findOneOrFail(ApiToken, { id: created.body.id });
    expect(row.tokenHash).not.toContain(secret);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records last use, and stops accepting a deleted token', async () => {
    const created = await call('/tokens', {
      method: 'POST',
      token: adminToken,
      body: { name: 'temp', scope: 'admin' },
    });
    expect((await call('/libraries', { token: created.body.token })).status).toBe(200);
    const listed = await call('/tokens', { token: adminToken });
    expect(listed.body.items.find((t: { id: string }) => t.id === created.body.id).last_used_at).not.toBeNull();
    expect((await call(`/tokens/${created.body.id}`, { method: 'DELETE', token: adminToken })).status).toBe(204);
    expectProblem(await call('/libraries', { token: created.body.token }), 401);
    expectProblem(await call(`/tokens/${created.body.id}`, { method: 'DELETE', token: adminToken }), 404);
  });

  it('refuses an expired token and an expiry in the past', async () => {
    const created = await call('/tokens', {
      method: 'POST',
      token: adminToken,
      body: { name: 'short', scope: 'read', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect((await call('/libraries', { token: created.body.token })).status).toBe(200);
    const em = server.container.orm.em.fork();
    await em.nativeUpdate(ApiToken, { id: created.body.id }, { expiresAt: new Date(Date.now() - 1000) });
    expectProblem(await call('/libraries', { token: created.body.token }), 401);
    expectProblem(
      await call('/tokens', {
        method: 'POST',
        token: adminToken,
        body: { name: 'past', scope: 'read', expires_at: '2020-01-01T00:00:00Z' },
      }),
      400,
    );
  });
});

describe('sessions', () => {
  it('signs the admin in with an HttpOnly, SameSite=Lax cookie, and out again', async () => {
    const login = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = sessionCookie(login.headers);
    expect((await call('/auth/me', { cookie })).body).toMatchObject({
      kind: 'session',
      scope: 'admin',
      username: 'admin',
    });
    expect((await call('/auth/status', { cookie })).body).toEqual({
      setup_required: false,
      authenticated: true,
      username: 'admin',
      sso_button_label: null,
    });
    expect((await call('/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expectProblem(await call('/auth/me', { cookie }), 401);
  });

  it('refuses a cross-site write made with the session cookie', async () => {
    const login = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
    const cookie = sessionCookie(login.headers);
    const result = await call('/tokens', {
      method: 'POST',
      cookie,
      headers: { origin: 'https://evil.example' },
      body: { name: 'stolen', scope: 'admin' },
    });
    expectProblem(result, 403);
    const tokens = await call('/tokens', { token: adminToken });
    expect(tokens.body.items.map((t: { name: string }) => t.name)).not.toContain('stolen');
  });

  it('keeps the language preference of the admin in the database', async () => {
    const cookie = sessionCookie(
      (await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } })).headers,
    );
    expect((await call('/auth/me', { method: 'PATCH', cookie, body: { locale: 'fr' } })).body.locale).toBe('fr');
    const user = await server.container.orm.em.fork().findOneOrFail(User, { username: 'admin' });
    expect(user.locale).toBe('fr');
  });

  it('keeps the colour theme of the admin in the database, beside the language, and returns it', async () => {
    const cookie = sessionCookie(
      (await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } })).headers,
    );
    // A new account follows the system until it chooses.
    expect(
      (await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } })).body,
    ).toMatchObject({ theme: 'system' });
    const dark = await call('/auth/me', { method: 'PATCH', cookie, body: { theme: 'dark' } });
    expect(dark.status).toBe(200);
    expect(dark.body).toMatchObject({ username: 'admin', theme: 'dark' });
    // Changing only the language keeps the theme, and the other way round.
    const language = await call('/auth/me', { method: 'PATCH', cookie, body: { locale: 'fr' } });
    expect(language.body).toMatchObject({ locale: 'fr', theme: 'dark' });
    expect((await call('/auth/me', { method: 'PATCH', cookie, body: { theme: 'light' } })).body).toMatchObject({
      locale: 'fr',
      theme: 'light',
    });
    const user = await server.container.orm.em.fork().findOneOrFail(User, { username: 'admin' });
    expect(user.theme).toBe('light');
    // The next sign-in (a new browser) gets it back.
    const again = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(again.body.theme).toBe('light');
    expectProblem(await call('/auth/me', { method: 'PATCH', cookie, body: { theme: 'sepia' } }), 400);
    expectProblem(await call('/auth/me', { method: 'PATCH', cookie, body: {} }), 400);
    expect((await server.container.orm.em.fork().findOneOrFail(User, { username: 'admin' })).theme).toBe('light');
  });

  it('rate-limits failed sign-ins with 429 and Retry-After, without locking out on success', async () => {
    const wrong = { username: 'admin', password: 'wrong password' };
    for (let i = 0; i < 5; i++) expectProblem(await call('/auth/login', { method: 'POST', body: wrong }), 401);
    const limited = await call('/auth/login', { method: 'POST', body: wrong });
    expectProblem(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password is refused too while limited: the limit is per client, not per guess.
    expectProblem(
      await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } }),
      429,
    );
  });
});

describe('first run', () => {
  it('creates the admin from SHELFMARK_ADMIN_PASSWORD, hashed with scrypt', async () => {
    const user = await server.container.orm.em.fork().findOneOrFail(User, { username: 'admin' });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain(ADMIN_PASSWORD);
    expect((await call('/auth/status')).body.setup_required).toBe(false);
  });

  it('offers setup only while no admin exists, and only once', async () => {
    const fresh = await startTestServer({ env: { SHELFMARK_ADMIN_PASSWORD: '' } });
    try {
      const freshCall = apiClient(fresh.url);
      expect((await freshCall('/auth/status')).body).toEqual({
        setup_required: true,
        authenticated: false,
        username: null,
        sso_button_label: null,
      });
      expectProblem(
        await freshCall('/auth/setup', { method: 'POST', body: { username: 'me', password: 'short' } }),
        400,
      );
      const [first, second] = await Promise.all([
        freshCall('/auth/setup', { method: 'POST', body: { username: 'librarian', password: 'a long passphrase' } }),
        freshCall('/auth/setup', { method: 'POST', body: { username: 'intruder', password: 'another passphrase' } }),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const winner = first.status === 201 ? first : second;
      const cookie = sessionCookie(winner.headers);
      expect((await freshCall('/libraries', { cookie })).status).toBe(200);
      expectProblem(
        await freshCall('/auth/setup', { method: 'POST', body: { username: 'late', password: 'a long passphrase' } }),
        409,
      );
      expect(await fresh.container.orm.em.fork().count(User, {})).toBe(1);
      expect(fresh.responseFailures).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('OPDS authentication', () => {
  it('asks for HTTP Basic and accepts an API token as the password', async () => {
    const anonymous = await fetch(`${server.url}/opds/v1.2/catalog`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm="Shelfmark"/);
    const wrong = await fetch(`${server.url}/opds/v1.2/catalog`, {
      headers: { authorization: `Basic ${Buffer.from('reader:not-a-token').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    const basic = await fetch(`${server.url}/opds/v1.2/catalog`, {
      headers: { authorization: `Basic ${Buffer.from(`koreader:${readToken}`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
  });
});

describe('logs', () => {
  it('never contain a password, a token or a session secret', () => {
    const joined = server.logs.join('');
    expect(joined.length).toBeGreaterThan(0);
    for (const secret of [ADMIN_PASSWORD, BOOTSTRAP_TOKEN, adminToken, readToken]) expect(joined).not.toContain(secret);
    expect(joined).not.toMatch(/shelfmark_session=/);
    expect(joined).not.toMatch(/"stack"/);
  });
});
