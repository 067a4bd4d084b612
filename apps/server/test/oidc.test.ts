import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { claimsOf, startTestProvider, type ProviderAccount, type TestProvider } from './support/oidc-provider.js';
import { expectProblem } from './support/problems.js';
import { RedirectBrowser } from './support/redirect-browser.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Single sign-on against a real OpenID provider (oidc-provider) run by the test (issue 38): the whole redirect
 * round trip as a browser makes it, and every check `openid-client` must make on the way.
 */
let server: TestServer;
let provider: TestProvider;
let call: ApiClient;
const READER_PASSWORD = 'a reader password 123';

const admin = { token: BOOTSTRAP_TOKEN };
const isAdminPage = (url: string) => url.startsWith(`${server.url}/`) && !url.startsWith(`${server.url}/api/`);
const isCallback = (url: string) => url.startsWith(`${server.url}/api/v1/auth/oidc/callback`);

async function configure(oidc: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const result = await call('/settings', { method: 'PATCH', ...admin, body: { sign_in: { oidc, ...extra } } });
  expect(result.status, result.text).toBe(200);
  return result.body;
}

async function whoAmI(browser: RedirectBrowser) {
  const me = await call('/auth/me', { cookie: browser.cookieHeader() });
  return me.status === 200 ? (me.body as { username: string; role: string }) : null;
}

async function createUser(body: { username: string; email?: string }) {
  const created = await call('/users', {
    method: 'POST',
    ...admin,
    body: { ...body, password: READER_PASSWORD, role: 'reader' },
  });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string; email: string | null };
}

async function userNamed(username: string) {
  const users = (await call('/users', admin)).body.items as { username: string; email: string | null }[];
  const user = users.find((candidate) => candidate.username === username);
  expect(user, username).toBeDefined();
  return user!;
}

/** The sign-in button's round trip; returns where the browser lands in the admin and the `sso_error` it carries. */
async function signIn(account: ProviderAccount, browser = new RedirectBrowser()) {
  provider.signInAs(account);
  const landed = await browser.follow(`${server.url}/api/v1/auth/oidc/start`, isAdminPage);
  return { browser, error: new URL(landed).searchParams.get('sso_error'), user: await whoAmI(browser) };
}

beforeAll(async () => {
  server = await startTestServer({ env: { OIDC_SCOPES: 'openid profile email groups' } });
  call = apiClient(server.url);
  provider = await startTestProvider(`${server.url}/api/v1/auth/oidc/callback`, `${server.url}/`);
  await configure({
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    create_users: true,
    admin_group: 'shelfmark-admins',
  });
});
afterAll(async () => {
  await provider?.close();
  await server?.close();
});
afterEach(() => {
  provider.tamperWith(undefined);
  expect(server.responseFailures).toEqual([]);
});

describe('settings', () => {
  it('show the environment’s fields as set there, never the secret, and refuse to change them', async () => {
    const settings = (await call('/settings', admin)).body.sign_in;
    expect(settings.oidc).toMatchObject({
      enabled: true,
      issuer: provider.issuer,
      client_secret_set: true,
      scopes: 'openid profile email groups',
      set_by_environment: ['scopes'],
    });
    expect(JSON.stringify(settings)).not.toContain(provider.clientSecret);
    const refused = await call('/settings', {
      method: 'PATCH',
      ...admin,
      body: { sign_in: { oidc: { scopes: 'openid' } } },
    });
    expectProblem(refused, 400);
    expect(refused.body.errors[0].path).toBe('/body/sign_in/oidc/scopes');
    expect((await call('/auth/status')).body.sso_button_label).toBe('');
  });
});

describe('the sign-in round trip', () => {
  it('signs a new person in, creating a reader named after preferred_username, with no password', async () => {
    const { error, user, browser } = await signIn({ sub: 'sub-alice', preferred_username: 'Alice Émile' });
    expect(error).toBeNull();
    expect(user).toMatchObject({ username: 'Alice-Emile', role: 'reader' });
    // The same sub signs in to the same account.
    expect((await signIn({ sub: 'sub-alice', preferred_username: 'renamed' })).user?.username).toBe('Alice-Emile');
    // No password works for an account made by the provider.
    expectProblem(
      await call('/auth/login', { method: 'POST', body: { username: 'Alice-Emile', password: '!none!none' } }),
      401,
    );
    expect(browser.cookies.has('shelfmark_oidc')).toBe(false);
  });

  it('gives another sub with the same name its own account (a suffix), never the first one', async () => {
    const { user } = await signIn({ sub: 'sub-alice-impostor', preferred_username: 'Alice Émile' });
    expect(user?.username).toBe('Alice-Emile-2');
  });

  it('refuses a callback whose state is not the one it sent', async () => {
    provider.signInAs({ sub: 'sub-state', preferred_username: 'state' });
    const browser = new RedirectBrowser();
    const callback = new URL(await browser.follow(`${server.url}/api/v1/auth/oidc/start`, isCallback));
    callback.searchParams.set('state', 'forged-state');
    const landed = await browser.follow(callback.href, isAdminPage);
    expect(new URL(landed).searchParams.get('sso_error')).toBe('invalid-response');
    expect(await whoAmI(browser)).toBeNull();
  });

  it('refuses a code used a second time', async () => {
    provider.signInAs({ sub: 'sub-replay', preferred_username: 'replay' });
    const browser = new RedirectBrowser();
    const callback = await browser.follow(`${server.url}/api/v1/auth/oidc/start`, isCallback);
    const pending = browser.cookies.get('shelfmark_oidc')!;
    await browser.follow(callback, isAdminPage);
    expect((await whoAmI(browser))?.username).toBe('replay');
    const replay = new RedirectBrowser();
    replay.cookies.set('shelfmark_oidc', pending);
    const landed = await replay.follow(callback, isAdminPage);
    expect(new URL(landed).searchParams.get('sso_error')).toBe('invalid-response');
    expect(await whoAmI(replay)).toBeNull();
  });

  it('accepts an ID token re-signed unchanged by the provider’s key (so the refusals below are the claims’ doing)', async () => {
    provider.tamperWith((idToken, sign) => sign(claimsOf(idToken)));
    const { error, user } = await signIn({ sub: 'sub-resigned', preferred_username: 'resigned' });
    expect(error).toBeNull();
    expect(user?.username).toBe('resigned');
  });

  it.each([
    ['for another audience', (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client' })],
    [
      'expired',
      (claims: Record<string, unknown>) => {
        const now = Math.floor(Date.now() / 1000);
        return { ...claims, iat: now - 7200, exp: now - 3600 };
      },
    ],
    ['from another issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'http://evil.example' })],
  ])('refuses an ID token %s, though signed by the provider', async (_name, change) => {
    provider.tamperWith((idToken, sign) => sign(change(claimsOf(idToken))));
    const { error, user } = await signIn({ sub: 'sub-tampered', preferred_username: 'tampered' });
    expect(error).toBe('invalid-response');
    expect(user).toBeNull();
  });

  it('refuses an unsigned ID token (alg none) and one with a broken signature', async () => {
    const unsigned = (idToken: string) => {
      const [, payload] = idToken.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      return `${header}.${payload}.`;
    };
    provider.tamperWith((idToken) => Promise.resolve(unsigned(idToken)));
    expect((await signIn({ sub: 'sub-none', preferred_username: 'none' })).error).toBe('invalid-response');
    provider.tamperWith((idToken) => Promise.resolve(`${idToken.slice(0, -6)}AAAAAA`));
    expect((await signIn({ sub: 'sub-none', preferred_username: 'none' })).error).toBe('invalid-response');
  });

  it('answers the provider’s own refusal with denied', async () => {
    const browser = new RedirectBrowser();
    const landed = await browser.follow(
      `${server.url}/api/v1/auth/oidc/callback?error=access_denied&state=x`,
      isAdminPage,
    );
    expect(new URL(landed).searchParams.get('sso_error')).toBe('denied');
  });
});

describe('accounts', () => {
  it('links by e-mail only the account holding that whole verified address, never by user name', async () => {
    const bob = await createUser({ username: 'bob', email: 'Bob@Example.org' });
    // Named as the claim's local part, with no address or another one: never the one a sign-in finds.
    await createUser({ username: 'dan' });
    await createUser({ username: 'erin', email: 'erin@elsewhere.example' });
    await configure({ create_users: false, link_by_email: true });
    for (const name of ['dan', 'erin']) {
      const impostor = await signIn({ sub: `sub-${name}`, email: `${name}@example.org`, email_verified: true });
      expect(impostor.error).toBe('no-account');
      expect(impostor.user).toBeNull();
    }
    const unverified = await signIn({ sub: 'sub-bob', email: 'bob@example.org', email_verified: false });
    expect(unverified.error).toBe('no-account');
    expect(unverified.user).toBeNull();
    await configure({ link_by_email: false });
    expect((await signIn({ sub: 'sub-bob', email: 'bob@example.org', email_verified: true })).error).toBe('no-account');
    await configure({ link_by_email: true });
    // The stored address whatever its case.
    const verified = await signIn({ sub: 'sub-bob', email: 'BOB@example.ORG', email_verified: true });
    expect(verified.error).toBeNull();
    expect(verified.user?.username).toBe('bob');
    // Linked by sub from now on; another sub claiming the same verified e-mail does not take the account over.
    expect((await signIn({ sub: 'sub-mallory', email: 'bob@example.org', email_verified: true })).error).toBe(
      'no-account',
    );
    expect((await signIn({ sub: 'sub-bob', email: 'changed@example.org' })).user?.username).toBe('bob');
    expect((await userNamed('bob')).email).toBe(bob.email);
    await configure({ create_users: true, link_by_email: false });
  });

  it('gives a user created at first sign-in the verified e-mail, unless unverified or another account’s', async () => {
    expect(
      (
        await signIn({
          sub: 'sub-frank',
          preferred_username: 'frank',
          email: ' Frank@Example.org',
          email_verified: true,
        })
      ).user?.username,
    ).toBe('frank');
    expect((await userNamed('frank')).email).toBe('Frank@Example.org');
    await signIn({ sub: 'sub-gina', preferred_username: 'gina', email: 'gina@example.org', email_verified: false });
    expect((await userNamed('gina')).email).toBeNull();
    // Linking is off, so bob's address makes a new account, which does not get it.
    await signIn({ sub: 'sub-hank', preferred_username: 'hank', email: 'bob@EXAMPLE.org', email_verified: true });
    expect((await userNamed('hank')).email).toBeNull();
    expect((await userNamed('bob')).email).toBe('Bob@Example.org');
  });

  it('makes a member of the admin group an admin, and never demotes the last admin', async () => {
    const carol = await signIn({ sub: 'sub-carol', preferred_username: 'carol', groups: ['shelfmark-admins'] });
    expect(carol.user).toMatchObject({ username: 'carol', role: 'admin' });
    expect((await signIn({ sub: 'sub-carol', preferred_username: 'carol', groups: [] })).user?.role).toBe('reader');
    await signIn({ sub: 'sub-carol', preferred_username: 'carol', groups: ['shelfmark-admins'] });
    const users = (await call('/users', admin)).body.items as { id: string; username: string }[];
    const first = users.find((user) => user.username === 'admin')!;
    expect((await call(`/users/${first.id}`, { method: 'PATCH', ...admin, body: { disabled: true } })).status).toBe(
      200,
    );
    expect((await signIn({ sub: 'sub-carol', preferred_username: 'carol', groups: [] })).user?.role).toBe('admin');
    await call(`/users/${first.id}`, { method: 'PATCH', ...admin, body: { disabled: false } });
  });
});

describe('sign-out', () => {
  it('ends the session here and at the provider', async () => {
    const { browser } = await signIn({ sub: 'sub-dave', preferred_username: 'dave' });
    const before = provider.endSessions;
    // A link from another site leaves the session alone.
    const elsewhere = await browser.request(`${server.url}/api/v1/auth/oidc/logout`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.location).toBe(`${server.url}/`);
    expect((await whoAmI(browser))?.username).toBe('dave');
    const out = await browser.request(`${server.url}/api/v1/auth/oidc/logout`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.status).toBe(303);
    expect(out.location?.startsWith(`${provider.issuer}/session/end`)).toBe(true);
    expect(await whoAmI(browser)).toBeNull();
    await browser.request(out.location!);
    expect(provider.endSessions).toBe(before + 1);
  });
});

describe('local passwords off', () => {
  it('keep the break-glass admin’s password, refuse everyone else’s (admin and OPDS), and keep tokens working', async () => {
    const users = (await call('/users', admin)).body.items as { id: string; username: string }[];
    const first = users.find((user) => user.username === 'admin')!;
    const bobToken = (
      await call('/tokens', {
        method: 'POST',
        cookie: (await signIn({ sub: 'sub-bob' })).browser.cookieHeader(),
        body: { name: 'opds', scope: 'read' },
      })
    ).body.token as string;
    const refused = await call('/settings', {
      method: 'PATCH',
      ...admin,
      body: { sign_in: { local_passwords: false } },
    });
    expectProblem(refused, 400);
    await configure({ create_users: true }, { local_passwords: false, break_glass_user_id: first.id });
    expectProblem(
      await call('/auth/login', { method: 'POST', body: { username: 'bob', password: READER_PASSWORD } }),
      401,
    );
    expect(
      (await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } })).status,
    ).toBe(200);
    const basic = (user: string, password: string) =>
      fetch(`${server.url}/opds/v1.2/catalog`, {
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      }).then((response) => response.status);
    expect(await basic('bob', READER_PASSWORD)).toBe(401);
    expect(await basic('bob', bobToken)).toBe(200);
    await configure({ create_users: true }, { local_passwords: true });
    expect(await basic('bob', READER_PASSWORD)).toBe(200);
  });
});

describe('an unreachable provider', () => {
  it('sends the browser back with a clear error, and passwords still sign in', async () => {
    await configure({ issuer: 'http://127.0.0.1:9' });
    const browser = new RedirectBrowser();
    const landed = await browser.follow(`${server.url}/api/v1/auth/oidc/start`, isAdminPage);
    expect(new URL(landed).searchParams.get('sso_error')).toBe('unreachable');
    expect(
      (await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } })).status,
    ).toBe(200);
    await configure({ issuer: provider.issuer });
  });
});
