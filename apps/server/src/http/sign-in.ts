import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import { UnauthorizedError } from '../domain/errors.js';
import type { AuthService, StartedSession } from '../services/auth.service.js';
import { cookiesOf, SESSION_COOKIE } from './credentials.js';
import type { SignInLimiter } from './sign-in-limiter.js';

/**
 * Signing in and out of the admin, for REST and tRPC alike: one limiter (per client and user name), one cookie.
 * The cookie is Secure when the request is HTTPS, as seen through a trusted proxy (TRUST_PROXY).
 */
export function setSessionCookie(req: Request, res: Response, session: StartedSession): void {
  res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, session.secret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      expires: session.expiresAt,
    }),
  );
}

export async function signIn(
  req: Request,
  res: Response,
  auth: AuthService,
  limiter: SignInLimiter,
  credentials: { username: string; password: string },
): Promise<StartedSession> {
  const client = req.ip ?? 'unknown';
  await limiter.admit(client, credentials.username, 'Too many failed sign-in attempts; try again later.');
  let session: StartedSession;
  try {
    session = await auth.login(credentials.username, credentials.password);
  } catch (error) {
    if (error instanceof UnauthorizedError) limiter.recordFailure(client, credentials.username);
    throw error;
  }
  setSessionCookie(req, res, session);
  return session;
}

export async function setUp(
  req: Request,
  res: Response,
  auth: AuthService,
  credentials: { username: string; password: string },
): Promise<StartedSession> {
  const session = await auth.setup(credentials.username, credentials.password);
  setSessionCookie(req, res, session);
  return session;
}

export async function signOut(req: Request, res: Response, auth: AuthService): Promise<void> {
  await auth.logout(cookiesOf(req)[SESSION_COOKIE]);
  res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 }));
}
