import { derived, writable } from 'svelte/store';
import type { Role } from './access.js';
import { trpc } from './trpc.js';

/** Who is signed in, as the server says (GET /auth/me): what the shell and the pages show depends on the role. */
export interface Account {
  /** Null for a credential with no user behind it (the bootstrap token before any user exists). */
  userId: string | null;
  username: string;
  role: Role;
  /** The libraries a reader may see; null = every library (an administrator). */
  libraryIds: string[] | null;
}

export const account = writable<Account | null>(null);

/** Whether the admin's management pages and actions are shown (the server decides what is allowed regardless). */
export const isAdmin = derived(account, ($account) => $account?.role === 'admin');

/** Asks the server who the session is: their role and the libraries they may see. */
export async function loadAccount(username: string): Promise<Account> {
  const me = await trpc.auth.me.query({});
  const loaded: Account = {
    userId: me.user_id ?? null,
    username: me.username ?? username,
    role: me.role,
    libraryIds: me.library_ids ?? null,
  };
  account.set(loaded);
  return loaded;
}

/** PATCH /auth/me with the new password and the current one (the server checks it; a wrong one is refused). */
export async function changePassword(currentPassword: string, password: string): Promise<void> {
  await trpc.auth.changePassword.mutate({ body: { password, current_password: currentPassword } });
}
