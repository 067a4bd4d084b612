import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adaptCaddy,
  adaptNginx,
  CADDY_BINARY,
  DOCUMENTED_AUTHELIA,
  DOCUMENTED_AUTHENTIK,
  NGINX_BINARY,
  readmeForwardAuthSnippets,
  startCaddySites,
  startNginxServer,
  type RunningProxy,
} from './support/reverse-proxy.js';
import { startServer, type RunningServer } from './support/server-process.js';

/**
 * The README's forward-authentication blocks (issue 38) through real nginx and Caddy in front of the built server:
 * the proxy asks the identity provider's forward-auth endpoint, and passes the user it names on to Shelfmark, which
 * believes it from the proxy's address (FORWARD_AUTH_PROXIES). Authelia and Authentik themselves cannot run here: a
 * stand-in answers their endpoints as they document them (200 with the user's headers for a signed-in browser,
 * 401 or a redirect to the login page otherwise).
 */
const SIGNED_IN = 'idp_session=erin';

let server: RunningServer | undefined;
let identityProvider: Server | undefined;
const proxies: Record<'nginx' | 'caddy', RunningProxy | undefined> = { nginx: undefined, caddy: undefined };

beforeAll(async () => {
  identityProvider = createServer((req, res) => {
    const signedIn = (req.headers.cookie ?? '').includes(SIGNED_IN);
    if (!signedIn) {
      res.writeHead(req.url?.startsWith('/api/authz/') ? 401 : 302, { Location: 'https://auth.example.org/login' });
      res.end();
      return;
    }
    res.writeHead(200, {
      'Remote-User': 'erin',
      'Remote-Groups': 'family,shelf-admins',
      'X-Authentik-Username': 'erin',
      'X-Authentik-Groups': 'family|shelf-admins',
    });
    res.end();
  });
  await new Promise<void>((resolve) => identityProvider!.listen(0, '127.0.0.1', resolve));
  const idp = `127.0.0.1:${(identityProvider.address() as AddressInfo).port}`;
  server = await startServer({
    env: {
      TRUST_PROXY: 'loopback',
      FORWARD_AUTH_PROXIES: '127.0.0.1',
      FORWARD_AUTH_GROUPS_HEADER: 'Remote-Groups',
      OIDC_CREATE_USERS: 'true',
      OIDC_ADMIN_GROUP: 'shelf-admins',
      SHELFMARK_ADMIN_PASSWORD: 'an admin password 123',
    },
  });
  const snippets = await readmeForwardAuthSnippets();
  const upstream = server.port;
  if (NGINX_BINARY) {
    proxies.nginx = await startNginxServer((port) =>
      adaptNginx(snippets.autheliaNginx, port, upstream).replaceAll(DOCUMENTED_AUTHELIA, idp),
    );
  }
  if (CADDY_BINARY) {
    proxies.caddy = await startCaddySites([
      (port) => adaptCaddy(snippets.authentikCaddy, port, upstream).replaceAll(DOCUMENTED_AUTHENTIK, idp),
    ]);
  }
}, 90_000);

afterAll(async () => {
  await Promise.all([proxies.nginx?.stop(), proxies.caddy?.stop()]);
  await new Promise<void>((resolve) => (identityProvider ? identityProvider.close(() => resolve()) : resolve()));
  await server?.dispose();
});

const installed = { nginx: NGINX_BINARY, caddy: CADDY_BINARY };

describe.each([
  ['nginx', 'Authelia'],
  ['caddy', 'Authentik'],
] as const)('behind %s with %s, with the README block', (name, _provider) => {
  const missing = installed[name] === undefined;
  if (missing) {
    if (process.env.CI) throw new Error(`${name} is not installed: .ci/run installs it (apt-get install -y ${name})`);
    console.warn(`${name} is not installed (apt-get install -y ${name}): its forward-auth test is skipped`);
  }

  it.skipIf(missing)(
    'signs in the user the provider names (created, admin by group), and never one the client names',
    async () => {
      const origin = proxies[name]!.urls[0]!;
      const me = (headers: Record<string, string>) =>
        fetch(`${origin}/api/v1/auth/me`, { headers, redirect: 'manual' });
      // Not signed in at the provider: the proxy sends the browser to its login page, whatever header it forged.
      const anonymous = await me({ 'Remote-User': 'admin' });
      expect([302, 401]).toContain(anonymous.status);
      expect(anonymous.headers.get('location') ?? '').toMatch(/^https:\/\/auth\.example\.org\/login|^$/);
      // Signed in as erin: erin, whatever the client claims to be.
      const signedIn = await me({ cookie: SIGNED_IN, 'Remote-User': 'admin', 'Remote-Groups': 'x' });
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toMatchObject({ username: 'erin', role: 'admin', kind: 'session' });
    },
  );
});
