import * as client from 'openid-client';
import type { User } from '../entities/user.entity.js';
import type { Logger } from '../logger.js';
import { ExternalSignInError, type ExternalAccounts, type ExternalIdentity } from './external-accounts.js';
import type { OidcSettings, SignInSettings } from './sign-in-settings.js';

/** Why single sign-on failed, as the admin's sign-in page says it (`?sso_error=`). */
export type OidcFailure = 'not-configured' | 'unreachable' | 'denied' | 'invalid-response' | 'no-account' | 'disabled';

export class OidcError extends Error {
  constructor(readonly failure: OidcFailure) {
    super(failure);
    this.name = 'OidcError';
  }
}

/** What the browser keeps between the start and the callback (in a short-lived HttpOnly cookie). */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
}

/** How long the provider's configuration (discovery document, keys) is reused before being read again. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const PROVIDER_TIMEOUT_S = 10;

interface Discovered {
  key: string;
  config: client.Configuration;
  until: number;
}

/**
 * OpenID Connect sign-in (issue 38), every check left to `openid-client` (a certified relying party): discovery,
 * authorization code with PKCE, `state`, `nonce`, and the ID token's signature, issuer, audience and expiry.
 */
export class OidcService {
  private discovered: Discovered | undefined;

  constructor(
    private readonly signIn: SignInSettings,
    private readonly accounts: ExternalAccounts,
    private readonly logger: Logger,
  ) {}

  async buttonLabel(): Promise<string | null> {
    const settings = await this.signIn.oidc();
    if (settings.issuer === null || settings.clientId === null) return null;
    return settings.buttonLabel ?? '';
  }

  /** The provider's authorization URL for a new sign-in, and what the callback must find again. */
  async begin(redirectUri: string): Promise<{ url: string; pending: OidcPending }> {
    const settings = await this.settings();
    const config = await this.configuration(settings);
    const pending: OidcPending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Checks the provider's answer and returns the account it signs in. */
  async finish(callbackUrl: URL, pending: OidcPending | undefined): Promise<User> {
    const settings = await this.settings();
    const config = await this.configuration(settings);
    if (callbackUrl.searchParams.has('error')) {
      this.logger.info({ error: callbackUrl.searchParams.get('error')?.slice(0, 100) }, 'provider refused sign-in');
      throw new OidcError('denied');
    }
    if (!pending) throw new OidcError('invalid-response');
    let identity: ExternalIdentity;
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      let extra: Record<string, unknown> = {};
      if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
        // The ID token's `sub` must match the user info's (openid-client checks it).
        extra = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      }
      const merged = { ...extra, ...claims } as Record<string, unknown>;
      identity = {
        oidc: { issuer: claims.iss, subject: claims.sub },
        name: stringClaim(merged.preferred_username) ?? stringClaim(merged.name),
        email: stringClaim(merged.email),
        emailVerified: merged.email_verified === true,
        groups: groupsClaim(merged.groups),
      };
    } catch (error) {
      throw this.providerFailure(error);
    }
    try {
      return await this.accounts.resolve(identity, settings);
    } catch (error) {
      if (error instanceof ExternalSignInError) throw new OidcError(error.failure);
      throw error;
    }
  }

  /** The provider's end-of-session URL for a user it signed in, or null when it offers none. */
  async endSessionUrl(user: User | null, returnTo: string): Promise<string | null> {
    if (!user?.oidcIssuer) return null;
    try {
      const settings = await this.settings();
      const config = await this.configuration(settings);
      if (!config.serverMetadata().end_session_endpoint || config.serverMetadata().issuer !== user.oidcIssuer) {
        return null;
      }
      return client.buildEndSessionUrl(config, { client_id: settings.clientId!, post_logout_redirect_uri: returnTo })
        .href;
    } catch {
      // Signed out here all the same; the provider's session ends when it expires.
      return null;
    }
  }

  private async settings(): Promise<OidcSettings> {
    const settings = await this.signIn.oidc();
    if (settings.issuer === null || settings.clientId === null) throw new OidcError('not-configured');
    return settings;
  }

  private async configuration(settings: OidcSettings): Promise<client.Configuration> {
    const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
    if (this.discovered && this.discovered.key === key && this.discovered.until > Date.now()) {
      return this.discovered.config;
    }
    const issuer = new URL(settings.issuer!);
    let config: client.Configuration;
    try {
      config = await client.discovery(
        issuer,
        settings.clientId!,
        undefined,
        settings.clientSecret === null ? client.None() : client.ClientSecretBasic(settings.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_S,
          // Home servers often reach their provider over plain HTTP on the LAN; the admin chose the issuer's scheme.
          execute: [
            ...(issuer.protocol === 'http:' ? [client.allowInsecureRequests] : []),
            client.enableNonRepudiationChecks,
          ],
        },
      );
    } catch (error) {
      throw this.providerFailure(error);
    }
    this.discovered = { key, config, until: Date.now() + DISCOVERY_TTL_MS };
    return config;
  }

  /** A provider that cannot be reached, or an answer that does not pass the checks; the details go to the log only. */
  private providerFailure(error: unknown): OidcError {
    if (error instanceof OidcError) return error;
    const reason = error instanceof Error ? error : new Error(String(error));
    const code = (reason as { code?: unknown }).code;
    const unreachable =
      reason.name === 'TimeoutError' ||
      reason.name === 'AbortError' ||
      (reason instanceof TypeError && reason.message === 'fetch failed') ||
      code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      (reason as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
    this.logger.warn(
      { err: { name: reason.name, message: reason.message.slice(0, 300), code } },
      'sign-in through the OpenID provider failed',
    );
    return new OidcError(unreachable ? 'unreachable' : 'invalid-response');
  }
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function groupsClaim(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  return undefined;
}
