import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { AuthService, Principal } from '../services/auth.service.js';

export const SESSION_COOKIE = 'shelfmark_session';

/** The user a trusted proxy says is signed in (its user header, and its groups header when configured). */
export interface ForwardedUser {
  name: string;
  groups: string[] | undefined;
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal | null;
    /** Set by forward-auth.ts, from an address of FORWARD_AUTH_PROXIES only. */
    forwardedUser?: ForwardedUser;
  }
}

export type CredentialKind = 'bearer' | 'basic' | 'session';

export function cookiesOf(req: Request): Record<string, string | undefined> {
  return parseCookies(req.headers.cookie ?? '');
}

/** The user name and password of an HTTP Basic header, or null when the request carries none. */
export function basicCredentials(req: Request): { username: string; password: string } | null {
  const [scheme = '', ...rest] = (req.headers.authorization ?? '').trim().split(/\s+/);
  if (scheme.toLowerCase() !== 'basic' || rest.length === 0) return null;
  const decoded = Buffer.from(rest.join(' '), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  return separator < 0 ? null : { username: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}

/**
 * Finds who is calling from the credentials the transport allows (REST: Bearer and the session cookie;
 * OPDS: Basic with the token as password, Bearer, session). Returns null when none is valid; a
 * credential that is present but wrong is never silently ignored in favour of another one.
 */
export async function resolvePrincipal(
  req: Request,
  auth: AuthService,
  allowed: readonly CredentialKind[],
): Promise<Principal | null> {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const [scheme = '', ...rest] = header.trim().split(/\s+/);
    const value = rest.join(' ');
    if (scheme.toLowerCase() === 'bearer' && allowed.includes('bearer') && value) {
      return auth.authenticateToken(value);
    }
    if (scheme.toLowerCase() === 'basic' && allowed.includes('basic') && value) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const separator = decoded.indexOf(':');
      return separator < 0 ? null : auth.authenticateBasic(decoded.slice(0, separator), decoded.slice(separator + 1));
    }
    return null;
  }
  // The proxy signed this person in for every request it forwards: its word wins over a session cookie.
  if (req.forwardedUser && allowed.includes('session')) return auth.authenticateForwarded(req.forwardedUser);
  const session = cookiesOf(req)[SESSION_COOKIE];
  if (session && allowed.includes('session')) return auth.authenticateSession(session);
  return null;
}
