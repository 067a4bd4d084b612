import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import { absoluteBase } from '../../opds/feed-links.js';
import type { AuthService } from '../../services/auth.service.js';
import { OidcError, type OidcPending, type OidcService } from '../../services/oidc.service.js';
import { cookiesOf, SESSION_COOKIE } from '../credentials.js';
import type { OperationRouter } from '../operation-router.js';
import { setSessionCookie, signOut } from '../sign-in.js';

/** Holds `state`, `nonce` and the PKCE verifier between the start and the callback, and nothing else. */
const PENDING_COOKIE = 'shelfmark_oidc';
const PENDING_LIFETIME_S = 600;

/**
 * Single sign-on's three redirects (issue 38). Each answers a redirect, never a problem page: the browser is
 * navigating, so a failure goes back to the admin's sign-in page with `?sso_error=`, which says it in the reader's
 * language.
 */
export function oidcRoutes(
  routes: OperationRouter,
  auth: AuthService,
  oidc: OidcService,
  publicUrl: string | undefined,
  apiRoot: string,
): void {
  /** Where browsers reach this server: PUBLIC_URL, else the request's own address as a trusted proxy tells it. */
  const base = (req: Request) => publicUrl ?? absoluteBase(req);
  const callbackUri = (req: Request) => `${base(req)}${apiRoot}/auth/oidc/callback`;
  const toAdmin = (req: Request, res: Response, failure?: string, status = 302) => {
    res
      .status(status)
      .setHeader('Location', `${base(req)}/${failure ? `?sso_error=${encodeURIComponent(failure)}` : ''}`)
      .end();
  };

  routes.handle('startOidcSignIn', async (req, res) => {
    let started: Awaited<ReturnType<OidcService['begin']>>;
    try {
      started = await oidc.begin(callbackUri(req));
    } catch (error) {
      if (error instanceof OidcError) return toAdmin(req, res, error.failure);
      throw error;
    }
    res.append(
      'Set-Cookie',
      serialize(PENDING_COOKIE, Buffer.from(JSON.stringify(started.pending)).toString('base64url'), {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        path: '/',
        maxAge: PENDING_LIFETIME_S,
      }),
    );
    res.status(302).setHeader('Location', started.url).end();
  });

  routes.handle('finishOidcSignIn', async (req, res) => {
    const pending = pendingOf(cookiesOf(req)[PENDING_COOKIE]);
    // One use: whatever happens next, this browser's pending sign-in is over.
    res.append('Set-Cookie', serialize(PENDING_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 }));
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    try {
      const user = await oidc.finish(new URL(`${callbackUri(req)}${query}`), pending);
      setSessionCookie(req, res, await auth.openSession(user));
    } catch (error) {
      if (error instanceof OidcError) return toAdmin(req, res, error.failure);
      throw error;
    }
    toAdmin(req, res);
  });

  routes.handle('endOidcSession', async (req, res) => {
    // A GET (see openapi.yaml): another site's link must not sign anyone out.
    if (req.headers['sec-fetch-site'] === 'cross-site') return toAdmin(req, res, undefined, 303);
    const secret = cookiesOf(req)[SESSION_COOKIE];
    const principal = secret ? await auth.authenticateSession(secret) : null;
    const user = principal ? await auth.currentUser(principal) : null;
    await signOut(req, res, auth);
    const provider = await oidc.endSessionUrl(user, `${base(req)}/`);
    if (provider) res.status(303).setHeader('Location', provider).end();
    else toAdmin(req, res, undefined, 303);
  });
}

function pendingOf(cookie: string | undefined): OidcPending | undefined {
  if (!cookie) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cookie, 'base64url').toString('utf8')) as Partial<OidcPending>;
    const { state, nonce, verifier } = value;
    if (typeof state === 'string' && typeof nonce === 'string' && typeof verifier === 'string') {
      return { state, nonce, verifier };
    }
  } catch {
    // A cookie that is not ours: as if there were none.
  }
  return undefined;
}
