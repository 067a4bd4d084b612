import type { TokenScope } from '../entities/api-token.entity.js';
import type { Viewer } from '../domain/viewer.js';
import type { CredentialOwner } from '../repositories/credential.repository.js';

/**
 * What a credential may do, from its user and (for a token) its scope: the scope narrows the user's rights and never
 * widens them. A reader is `read` whatever their token says and sees the libraries granted to them; a `read`
 * credential of an admin is a reader of every library; an admin credential is an admin of every library.
 */
export function effectiveRights(
  owner: Pick<CredentialOwner, 'id' | 'role' | 'libraryIds' | 'accessChangedAt'> | null,
  scope: TokenScope,
): { scope: TokenScope; viewer: Viewer } {
  const userId = owner?.id ?? null;
  const accessChangedAt = owner?.accessChangedAt ?? null;
  if (owner?.role === 'reader') {
    return { scope: 'read', viewer: { userId, role: 'reader', libraryIds: [...owner.libraryIds], accessChangedAt } };
  }
  if (scope === 'read') return { scope: 'read', viewer: { userId, role: 'reader', libraryIds: null, accessChangedAt } };
  return { scope: 'admin', viewer: { userId, role: 'admin', libraryIds: null, accessChangedAt } };
}

/** The scope a user's own session carries: their role's. */
export const roleScope = (role: CredentialOwner['role']): TokenScope => (role === 'admin' ? 'admin' : 'read');
