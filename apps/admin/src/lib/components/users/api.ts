import type { Role } from '../../access.js';
import { trpc } from '../../trpc.js';
import type { LibraryChoice, UserRow } from './types.js';

/** The users' calls in one place (the tRPC twins of GET/POST /users and GET/PATCH/DELETE /users/{user_id}). */

export interface UserChanges {
  /** null removes the address. */
  email?: string | null;
  role?: Role;
  library_ids?: string[];
  disabled?: boolean;
  password?: string;
  age_max?: number | null;
  allow_unrated?: boolean;
  labels_include?: string[];
  labels_exclude?: string[];
}

export async function listUsers(): Promise<UserRow[]> {
  return (await trpc.users.list.query({})).items;
}

export function createUser(
  body: { username: string; email: string | null; password: string; role: Role; library_ids: string[] } & Pick<
    UserChanges,
    'age_max' | 'allow_unrated' | 'labels_include' | 'labels_exclude'
  >,
) {
  return trpc.users.create.mutate({ body: { ...body, disabled: false } });
}

export function updateUser(userId: string, body: UserChanges) {
  return trpc.users.update.mutate({ user_id: userId, body });
}

export function deleteUser(userId: string) {
  return trpc.users.remove.mutate({ user_id: userId });
}

/** Every library, to grant (the list is an administrator's: all of them). */
export async function listLibraryChoices(): Promise<LibraryChoice[]> {
  return (await trpc.libraries.list.query({ limit: 500 })).items.map(({ id, name }) => ({ id, name }));
}
