import type { TokenScope } from '../entities/api-token.entity.js';
import type { Viewer } from '../domain/viewer.js';
import type { CredentialOwner } from '../repositories/credential.repository.js';

/**
 * What a credential may do, from its user and (for a token) its scope: the scope narrows the user's rights and never
 * widens them. A reader is `read` whatever their token says and sees the libraries granted to them; a `read`
 * credential of an admin is a reader of every library; an admin credential is an admin of every library. Only a
 * reader carries their age and label restrictions: an admin's read token is not restricted.
 */
export function effectiveRights(
  owner: Pick<CredentialOwner, 'id' | 'role' | 'libraryIds' | 'accessChangedAt' | 'restrictions'> | null,
  scope: TokenScope,
): { scope: TokenScope; viewer: Viewer } {
  const userId = owner?.id ?? null;
  const accessChangedAt = owner?.accessChangedAt ?? null;
  if (owner?.role === 'reader') {
    const restrictions = owner.restrictions ?? null;
    const libraryIds = [...owner.libraryIds];
    return { scope: 'read', viewer: { userId, role: 'reader', libraryIds, accessChangedAt, restrictions } };
  }
  if (scope === 'read') return { scope: 'read', viewer: { userId, role: 'reader', libraryIds: null, accessChangedAt } };
  return { scope: 'admin', viewer: { userId, role: 'admin', libraryIds: null, accessChangedAt } };
}

/** The scope a user's own session carries: their role's. */
export const roleScope = (role: CredentialOwner['role']): TokenScope => (role === 'admin' ? 'admin' : 'read');
