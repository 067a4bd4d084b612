import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { RequestHandler } from 'express';
import type { Container } from '../container.js';
import { resolvePrincipal } from '../http/credentials.js';
import type { LoadedSpec } from '../http/openapi-document.js';
import type { SignInLimiter } from '../http/sign-in-limiter.js';
import { serializeError } from '../logger.js';
import { createAppRouter } from './router.js';

/** tRPC for the admin app, beside /api/v1: the admin's session cookie, nothing else. */
export function trpcMiddleware(container: Container, spec: LoadedSpec, signIns: SignInLimiter): RequestHandler {
  const logger = container.logger.child({ area: 'trpc' });
  return createExpressMiddleware({
    router: createAppRouter(container, spec, signIns),
    createContext: async ({ req, res }) => ({
      req,
      res,
      principal: await resolvePrincipal(req, container.services.auth, ['session']),
    }),
    maxBodySize: 1024 * 1024,
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        logger.error({ err: serializeError(error.cause ?? error), procedure: path }, 'unhandled error');
      }
    },
  });
}
