import type { Role } from '../../access.js';

/** A user as the server lists them (openapi.yaml `User`; the password is write-only and never in it). */
export interface UserRow {
  id: string;
  username: string;
  /** Seen by administrators (and the user themselves); what single sign-on links an account by. */
  email: string | null;
  role: Role;
  /** The libraries a reader may see (empty = none); what an administrator sees is every library whatever it holds. */
  library_ids: string[];
  /** What a reader may see inside those libraries (issue 39); ignored for an administrator. */
  age_max: number | null;
  allow_unrated: boolean;
  labels_include: string[];
  labels_exclude: string[];
  disabled: boolean;
  created_at: string;
}

export interface LibraryChoice {
  id: string;
  name: string;
}

export const ROLES: readonly Role[] = ['reader', 'admin'];

/** The administrators still able to sign in: the last of them may not be removed, disabled or demoted. */
export function activeAdmins(users: readonly UserRow[]): number {
  return users.filter((user) => user.role === 'admin' && !user.disabled).length;
}

/** Whether this user is the only active administrator (the server refuses their removal; the row says why). */
export function isLastAdmin(user: UserRow, users: readonly UserRow[]): boolean {
  return user.role === 'admin' && !user.disabled && activeAdmins(users) === 1;
}

/** What the list says of a user's libraries: every library for an administrator, else their names. */
export function libraryNames(user: UserRow, libraries: readonly LibraryChoice[]): string[] | 'all' {
  if (user.role === 'admin') return 'all';
  const names = new Map(libraries.map((library) => [library.id, library.name]));
  return user.library_ids.map((id) => names.get(id) ?? id);
}

/** The ages a rating may stand for (the server's domain/age-ratings.ts): the choices of a reader's highest age. */
export const AGE_CHOICES: readonly number[] = [0, 3, 6, 10, 13, 15, 17, 18];

/** Label names typed as a comma-separated list: trimmed, without empties or repeats, in the order typed. */
export function labelList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
}
