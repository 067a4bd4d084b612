import { withoutBase } from './paths.js';

export type Role = 'admin' | 'reader';

/**
 * The pages only an administrator may use (issue 20): settings, library management, jobs, metadata approval and the
 * users. A reader keeps the dashboard, the series and books of their libraries, search, the reader, their own tokens.
 * The server refuses the calls anyway (403, or 404 for a library they may not see); this list is what the admin
 * shows, so that a reader who opens such a page by its address reads "not available" instead of a failed page.
 */
const ADMIN_ONLY = ['/settings', '/libraries', '/jobs', '/metadata', '/users', '/wanted', '/imports'];

/** `/series/<id>/metadata` (matching a series with a provider) is metadata management too. */
const ADMIN_ONLY_PATTERNS = [/^\/series\/[^/]+\/metadata(\/|$)/];

/** Whether a path of the admin (with or without its base) is for administrators only. */
export function isAdminOnly(path: string): boolean {
  const at = withoutBase(path);
  return (
    ADMIN_ONLY.some((prefix) => at === prefix || at.startsWith(`${prefix}/`)) ||
    ADMIN_ONLY_PATTERNS.some((pattern) => pattern.test(at))
  );
}

/** Whether someone with `role` may open `path`. */
export function mayOpen(role: Role, path: string): boolean {
  return role === 'admin' || !isAdminOnly(path);
}
