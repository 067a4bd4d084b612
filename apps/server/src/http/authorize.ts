import type { RequestHandler } from 'express';
import { ForbiddenError, UnauthorizedError } from '../domain/errors.js';
import type { AuthService, Scope } from '../services/auth.service.js';
import { ANONYMOUS_VIEWER } from '../domain/viewer.js';
import { runAsViewer } from '../services/viewer-context.js';
import { resolvePrincipal } from './credentials.js';
import type { OpenApiDocument, SecurityRequirement } from './openapi-document.js';

interface OpenApiRequestMetadata {
  openapi?: { schema?: { security?: SecurityRequirement[]; operationId?: string } };
}

/** The scope an operation needs, read from its `security` in openapi.yaml; null for public operations. */
export function requiredScope(security: SecurityRequirement[] | undefined, document: OpenApiDocument): Scope | null {
  const requirements = security ?? document.security ?? [];
  if (requirements.length === 0 || requirements.some((requirement) => Object.keys(requirement).length === 0)) {
    return null;
  }
  const scopes = requirements.flatMap((requirement) => Object.values(requirement).flat());
  return scopes.includes('read') ? 'read' : 'admin';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs inside the validator's chain, after it has matched the operation and before it validates input,
 * so an anonymous caller gets 401 rather than a description of what the body should look like.
 */
export function authorize(document: OpenApiDocument, auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    const schema = (req as OpenApiRequestMetadata).openapi?.schema;
    if (!schema) {
      next();
      return;
    }
    const needed = requiredScope(schema.security, document);
    req.principal = await resolvePrincipal(req, auth, ['bearer', 'session']);
    if (needed === null) {
      runAsViewer(req.principal?.viewer ?? ANONYMOUS_VIEWER, next);
      return;
    }
    if (!req.principal) throw new UnauthorizedError();
    if (req.principal.kind === 'session' && !SAFE_METHODS.has(req.method) && crossSite(req.headers.origin, req.host)) {
      // SameSite=Lax already keeps the cookie off cross-site POSTs; this also covers old browsers.
      throw new ForbiddenError('Cross-site request refused.');
    }
    if (needed === 'admin' && req.principal.scope !== 'admin') {
      throw new ForbiddenError('This operation needs a credential with the admin scope.');
    }
    runAsViewer(req.principal.viewer, next);
  };
}

/**
 * Whether a browser's write comes from another site: its `Origin` names another host than the one it asked. `host` is
 * Express's `req.host`: the `Host` header, or behind a trusted proxy (TRUST_PROXY) the `X-Forwarded-Host` it sends,
 * since a proxy may rewrite `Host` (nginx's `$host` drops the port; a bare `proxy_pass` sends the upstream's).
 */
export function crossSite(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
