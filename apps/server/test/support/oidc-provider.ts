import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, decodeJwt, SignJWT, type JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** An account of the test's provider: what its claims say. */
export interface ProviderAccount {
  sub: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
}

/** Rewrites the ID token the token endpoint answers (a provider gone wrong, or a token tampered with on the way). */
export type IdTokenTamper = (
  idToken: string,
  sign: (claims: Record<string, unknown>) => Promise<string>,
) => Promise<string>;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next login prompt. */
  signInAs(account: ProviderAccount): void;
  tamperWith(tamper: IdTokenTamper | undefined): void;
  /** How many times the end-session endpoint was reached. */
  endSessions: number;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  /**
   * Sign in at oidc-provider's own login page (its development interactions: any login name, any password), as a
   * person at a browser does; the account's sub and preferred_username are the name typed, unless `signInAs` named
   * an account with that sub. Off: the login prompt is answered at once with the account `signInAs` named.
   */
  loginPage?: boolean;
}

export const TEST_CLIENT_ID = 'shelfmark';
export const TEST_CLIENT_SECRET = 'a-client-secret-for-tests-only-0123456789';

/**
 * A real OpenID provider (`oidc-provider`, a certified implementation) on a random port, signing in whichever account
 * the test names: the login prompt is answered at once (or by its login page, see `loginPage`), and consent is given
 * for the scopes asked. Shared by the server's tests and the admin's browser tests (test/support/oidc-provider.ts).
 */
export async function startTestProvider(
  redirectUri: string,
  postLogoutRedirectUri: string,
  { loginPage = false }: TestProviderOptions = {},
): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let current: ProviderAccount = { sub: 'nobody' };
  let tamper: IdTokenTamper | undefined;
  const accounts = new Map<string, ProviderAccount>();

  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    scopes: ['openid', 'profile', 'email', 'groups'],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
    },
    features: { devInteractions: { enabled: loginPage }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id) ?? (loginPage ? { sub: id, preferred_username: id } : undefined);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    // The login page's own routes when it is on (oidc-provider warns that a URL given here would not be used).
    interactions: loginPage ? undefined : { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid profile email groups');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const state = { endSessions: 0 };

  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.path === '/session/end') state.endSessions++;
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (tamper && ctx.oidc?.route === 'token' && body?.id_token) {
      const sign = (claims: Record<string, unknown>) =>
        new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);
      ctx.body = { ...body, id_token: await tamper(body.id_token, sign) };
    }
  });

  const callback = provider.callback();
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (loginPage || !req.url?.startsWith('/interaction/')) {
      void callback(req, res);
      return;
    }
    void (async () => {
      accounts.set(current.sub, current);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: current.sub } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    signInAs(account) {
      current = account;
      if (loginPage) accounts.set(account.sub, account);
    },
    tamperWith(next) {
      tamper = next;
    },
    get endSessions() {
      return state.endSessions;
    },
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** The claims of an ID token, for tampering tests that change one of them. */
export const claimsOf = (idToken: string) => decodeJwt(idToken) as Record<string, unknown>;
