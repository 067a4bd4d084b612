import type { AuthService } from '../../services/auth.service.js';
import type { OidcService } from '../../services/oidc.service.js';
import { authStatusDto, principalDto, userDto } from '../dto.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';
import { setUp, signIn, signOut, updateOwnAccount } from '../sign-in.js';
import type { SignInLimiter, SignInLimits } from '../sign-in-limiter.js';

export type LoginLimit = SignInLimits;

export function authRoutes(
  routes: OperationRouter,
  auth: AuthService,
  oidc: OidcService,
  limiter: SignInLimiter,
): void {
  routes.handle('getAuthStatus', async (req, res) => {
    res.json(authStatusDto(await auth.setupRequired(), req.principal, await oidc.buttonLabel()));
  });

  routes.handle('setupAdmin', async (req, res) => {
    const session = await setUp(req, res, auth, bodyOf(req, 'setupAdmin'));
    res.status(201).json(userDto(await auth.withLibraries(session.user)));
  });

  routes.handle('login', async (req, res) => {
    const session = await signIn(req, res, auth, limiter, bodyOf(req, 'login'));
    res.json(userDto(await auth.withLibraries(session.user)));
  });

  routes.handle('logout', async (req, res) => {
    await signOut(req, res, auth);
    res.status(204).end();
  });

  routes.handle('getCurrentPrincipal', (req, res) => {
    res.json(principalDto(req.principal!));
  });

  routes.handle('updateCurrentUser', async (req, res) => {
    const user = await updateOwnAccount(req, auth, limiter, req.principal!, bodyOf(req, 'updateCurrentUser'));
    res.json(userDto(await auth.withLibraries(user)));
  });
}
