import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import { UnauthorizedError, ValidationError } from '../domain/errors.js';
import { WrongPasswordError, type AuthService, type Principal, type StartedSession } from '../services/auth.service.js';
import type { User, UiLocale, UiTheme } from '../entities/user.entity.js';
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

export interface OwnAccountChanges {
  locale?: UiLocale;
  theme?: UiTheme;
  password?: string;
  current_password?: string;
}

/**
 * `PATCH /auth/me` for REST and tRPC alike: preferences, and a new password proven by the current one. Wrong current
 * passwords count as failed sign-ins of that user from that client (the same limiter), so a stolen session cannot be
 * used to guess the password.
 */
export async function updateOwnAccount(
  req: Request,
  auth: AuthService,
  limiter: SignInLimiter,
  principal: Principal,
  changes: OwnAccountChanges,
): Promise<User> {
  if (changes.current_password !== undefined && changes.password === undefined) {
    throw new ValidationError('current_password is only used with a new password.', [
      { path: '/body/password', message: 'required with current_password', code: 'required' },
    ]);
  }
  let user: User | null = null;
  if (changes.password !== undefined) {
    if (changes.current_password === undefined) {
      throw new ValidationError('A new password needs the current one.', [
        { path: '/body/current_password', message: 'required with password', code: 'required' },
      ]);
    }
    const client = req.ip ?? 'unknown';
    const name = principal.username ?? '';
    await limiter.admit(client, name, 'Too many wrong passwords; try again later.');
    try {
      user = await auth.changeOwnPassword(principal, changes.current_password, changes.password);
    } catch (error) {
      if (error instanceof WrongPasswordError) limiter.recordFailure(client, name);
      throw error;
    }
  }
  if (changes.locale !== undefined || changes.theme !== undefined || user === null) {
    user = await auth.setPreferences(principal, { locale: changes.locale, theme: changes.theme });
  }
  return user;
}
