import { Router } from 'express';
import { NotImplementedError, UnauthorizedError } from '../domain/errors.js';
import { resolvePrincipal } from '../http/credentials.js';
import type { AuthService } from '../services/auth.service.js';

/**
 * OPDS catalogs live outside the REST root. E-reader apps speak HTTP Basic (any user name, an API
 * token as password), so Basic is accepted here and only here. The feeds themselves come later.
 */
export function opdsRoutes(auth: AuthService): Router {
  const router = Router();
  router.use(async (req, res, next) => {
    req.principal = await resolvePrincipal(req, auth, ['basic', 'bearer', 'session']);
    if (!req.principal) {
      res.setHeader('WWW-Authenticate', 'Basic realm="Shelfmark OPDS", charset="UTF-8"');
      throw new UnauthorizedError('OPDS needs an API token as the password of HTTP Basic authentication.');
    }
    next();
  });
  router.use((req) => {
    throw new NotImplementedError(`OPDS catalog ${req.path}`);
  });
  return router;
}
