import path from 'node:path';
import { REPO_ROOT } from './server-process.js';

/** What the browser tests use of the server tests' OpenID provider (apps/server/test/support/oidc-provider.ts). */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How many times the end-session endpoint was reached. */
  endSessions: number;
  close(): Promise<void>;
}

interface OidcProviderModule {
  startTestProvider(
    redirectUri: string,
    postLogoutRedirectUri: string,
    options: { loginPage: boolean },
  ): Promise<TestProvider>;
}

/**
 * A real OpenID provider (oidc-provider) for the admin at `adminUrl`, whose login page (oidc-provider's development
 * interactions) takes any login name and password: the account's sub and preferred_username are the name typed.
 * The same set-up as the server's OIDC tests, loaded by a computed path: a static import would pull that file into
 * this workspace's TypeScript program, whose rootDir is test/ (TS6059). Vitest compiles it like any other module.
 */
export async function startOidcProvider(adminUrl: string): Promise<TestProvider> {
  const shared = (await import(
    path.join(REPO_ROOT, 'apps', 'server', 'test', 'support', 'oidc-provider.ts')
  )) as OidcProviderModule;
  return shared.startTestProvider(`${adminUrl}/api/v1/auth/oidc/callback`, `${adminUrl}/`, { loginPage: true });
}
