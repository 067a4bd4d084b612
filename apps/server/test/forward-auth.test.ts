import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/** Forward authentication (issue 38): a proxy's user header, believed from FORWARD_AUTH_PROXIES only. */
let trusted: TestServer;
let untrusted: TestServer;

beforeAll(async () => {
  const env = { FORWARD_AUTH_USER_HEADER: 'Remote-User', FORWARD_AUTH_GROUPS_HEADER: 'Remote-Groups' };
  [trusted, untrusted] = await Promise.all([
    startTestServer({ env: { ...env, FORWARD_AUTH_PROXIES: '127.0.0.1', OIDC_ADMIN_GROUP: 'shelf-admins' } }),
    // Its proxies are elsewhere; and X-Forwarded-For is believed from anyone, which must not matter.
    startTestServer({ env: { ...env, FORWARD_AUTH_PROXIES: '10.0.0.0/8', TRUST_PROXY: 'true' } }),
  ]);
});
afterAll(async () => {
  await trusted?.close();
  await untrusted?.close();
});

describe('from a trusted proxy', () => {
  it('signs the named user in, creates them only when allowed, and applies the admin group', async () => {
    const call = apiClient(trusted.url);
    const as = (user: string, groups?: string) => ({
      headers: { 'remote-user': user, ...(groups === undefined ? {} : { 'remote-groups': groups }) },
    });
    expect((await call('/auth/me', as('admin'))).body).toMatchObject({ username: 'admin', kind: 'session' });
    expectProblem(await call('/auth/me', as('erin')), 401);
    const settings = await call('/settings', {
      method: 'PATCH',
      token: BOOTSTRAP_TOKEN,
      body: { sign_in: { oidc: { create_users: true } } },
    });
    expect(settings.status, settings.text).toBe(200);
    expect((await call('/auth/me', as('Érin Doe'))).body).toMatchObject({ username: 'Erin-Doe', role: 'reader' });
    expect((await call('/auth/me', as('Érin Doe', 'family, shelf-admins'))).body.role).toBe('admin');
    expect((await call('/auth/me', as('Érin Doe', 'family'))).body.role).toBe('reader');
    // A write from the proxy's user is checked against the host like a session's.
    expectProblem(
      await call('/tokens', {
        method: 'POST',
        body: { name: 'x', scope: 'read' },
        headers: { ...as('admin').headers, origin: 'http://evil.example' },
      }),
      403,
    );
    expect(trusted.responseFailures).toEqual([]);
  });
});

describe('from any other address', () => {
  it('ignores the header, even with X-Forwarded-For naming a trusted address, and never logs it', async () => {
    const call = apiClient(untrusted.url);
    const attempts: Record<string, string>[] = [
      { 'remote-user': 'admin' },
      { 'remote-user': 'admin', 'x-forwarded-for': '10.0.0.1' },
    ];
    for (const headers of attempts) {
      expectProblem(await call('/auth/me', { headers }), 401);
    }
    expectProblem(await call('/auth/me', { headers: { 'remote-user': 'admin-header-value-never-logged' } }), 401);
    expect((await call('/auth/status', { headers: { 'remote-user': 'admin' } })).body.authenticated).toBe(false);
    expect(untrusted.logs.join('\n')).not.toContain('admin-header-value-never-logged');
  });
});
