import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import { UnauthorizedError } from '../../domain/errors.js';
import type { UiLocale } from '../../entities/user.entity.js';
import type { AuthService, StartedSession } from '../../services/auth.service.js';
import { cookiesOf, SESSION_COOKIE } from '../credentials.js';
import { principalDto, userDto } from '../dto.js';
import type { OperationRouter } from '../operation-router.js';
import { SignInLimiter, type SignInLimits } from '../sign-in-limiter.js';

interface Credentials {
  username: string;
  password: string;
}

export type LoginLimit = SignInLimits;

function setSessionCookie(req: Request, res: Response, session: StartedSession): void {
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

export function authRoutes(routes: OperationRouter, auth: AuthService, loginLimit: LoginLimit): void {
  const limiter = new SignInLimiter(loginLimit);

  routes.handle('getAuthStatus', async (req, res) => {
    res.json({ setup_required: await auth.setupRequired(), authenticated: Boolean(req.principal) });
  });

  routes.handle('setupAdmin', async (req, res) => {
    const { username, password } = req.body as Credentials;
    const session = await auth.setup(username, password);
    setSessionCookie(req, res, session);
    res.status(201).json(userDto(session.user));
  });

  routes.handle('login', async (req, res) => {
    const { username, password } = req.body as Credentials;
    const client = req.ip ?? 'unknown';
    await limiter.admit(client, username, 'Too many failed sign-in attempts; try again later.');
    let session: StartedSession;
    try {
      session = await auth.login(username, password);
    } catch (error) {
      if (error instanceof UnauthorizedError) limiter.recordFailure(client, username);
      throw error;
    }
    setSessionCookie(req, res, session);
    res.json(userDto(session.user));
  });

  routes.handle('logout', async (req, res) => {
    await auth.logout(cookiesOf(req)[SESSION_COOKIE]);
    res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 }));
    res.status(204).end();
  });

  routes.handle('getCurrentPrincipal', (req, res) => {
    res.json(principalDto(req.principal!));
  });

  routes.handle('updateCurrentUser', async (req, res) => {
    const { locale } = req.body as { locale: UiLocale };
    res.json(userDto(await auth.setLocale(req.principal!, locale)));
  });
}
