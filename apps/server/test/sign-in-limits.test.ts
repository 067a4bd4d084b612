import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server.js';

// The server sees 127.0.0.1 (loopback, trusted here), so X-Forwarded-For names the client as a proxy would.
const LIMITS = { attempts: 3, windowMs: 60_000, addressAttempts: 6, throttleMs: 300, maxWaitMs: 1000 };

let server: TestServer;
let call: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ loginLimit: LIMITS, env: { TRUST_PROXY: 'loopback' }, thumbnails: false });
  call = apiClient(server.url);
});
afterAll(() => server.close());

function signIn(client: string, username: string, password: string, headers: Record<string, string> = {}) {
  return call('/auth/login', {
    method: 'POST',
    body: { username, password },
    headers: { 'x-forwarded-for': client, ...headers },
  });
}

describe('failed sign-ins behind a trusted proxy', () => {
  it('locks out one user name from one client, not the client, not the name from elsewhere', async () => {
    for (let i = 0; i < LIMITS.attempts; i++) expectProblem(await signIn('10.0.0.1', 'admin', 'wrong guess'), 401);
    const locked = await signIn('10.0.0.1', 'admin', ADMIN_PASSWORD);
    expectProblem(locked, 429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client behind the same proxy, and the same name changed in case, are judged on their own.
    expectProblem(await signIn('10.0.0.1', 'ADMIN', 'wrong guess'), 429);
    expect((await signIn('10.0.0.2', 'admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('lets the right password through, after a short delay, when the client failed for other names', async () => {
    const client = '10.0.0.3';
    for (const name of ['root', 'bob', 'carol', 'dave', 'erin', 'frank']) {
      expectProblem(await signIn(client, name, 'wrong guess'), 401);
    }
    const started = performance.now();
    const signedIn = await signIn(client, 'admin', ADMIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(LIMITS.throttleMs - 20);
  });

  it('checks a sprayed address one password at a time and refuses what would wait too long', async () => {
    const client = '10.0.0.4';
    for (let i = 0; i < LIMITS.addressAttempts; i++)
      expectProblem(await signIn(client, `user${i}`, 'wrong guess'), 401);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(client, `spray${i}`, 'wrong guess')));
    const statuses = burst.map((result) => result.status);
    // Waits of 300, 600, 900 ms are served; 1200 ms and more are past maxWaitMs (fewer when requests arrive late).
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
    for (const refused of burst.filter((result) => result.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

describe('the session cookie behind a proxy', () => {
  it('is Secure when a trusted proxy says the request came over HTTPS', async () => {
    const login = await signIn('10.0.0.5', 'admin', ADMIN_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie().join('\n')).toMatch(/shelfmark_session=[^\n]*; Secure/);
    const plain = await signIn('10.0.0.5', 'admin', ADMIN_PASSWORD);
    expect(plain.headers.getSetCookie().join('\n')).not.toMatch(/Secure/);
  });

  it('ignores X-Forwarded-Proto and X-Forwarded-For without TRUST_PROXY', async () => {
    const direct = await startTestServer({ loginLimit: LIMITS, thumbnails: false });
    try {
      const directCall = apiClient(direct.url);
      const login = await directCall('/auth/login', {
        method: 'POST',
        body: { username: 'admin', password: ADMIN_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(login.status).toBe(200);
      expect(login.headers.getSetCookie().join('\n')).not.toMatch(/Secure/);
      // A forged X-Forwarded-For does not make a fresh client: the address is the socket's.
      for (let i = 0; i < LIMITS.attempts; i++) {
        const forged = { 'x-forwarded-for': `10.1.0.${i}` };
        expectProblem(
          await directCall('/auth/login', {
            method: 'POST',
            body: { username: 'x', password: 'wrong guess' },
            headers: forged,
          }),
          401,
        );
      }
      expectProblem(
        await directCall('/auth/login', {
          method: 'POST',
          body: { username: 'x', password: 'wrong guess' },
          headers: { 'x-forwarded-for': '10.1.0.99' },
        }),
        429,
      );
      expect(direct.responseFailures).toEqual([]);
    } finally {
      await direct.close();
    }
  });
});
