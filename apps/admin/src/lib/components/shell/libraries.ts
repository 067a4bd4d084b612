import { writable } from 'svelte/store';
import { trpc } from '../../trpc.js';

export interface NavLibrary {
  id: string;
  name: string;
}

/**
 * The libraries the side navigation lists. The shell asks again after each change of page (a library is created,
 * renamed or deleted on the library pages, which then go to another page), and a page may call refreshLibraries()
 * itself right after a change.
 */
export const navLibraries = writable<NavLibrary[] | null>(null);

let pending: Promise<void> | null = null;

export function refreshLibraries(): Promise<void> {
  pending ??= trpc.libraries.list
    .query({ limit: 100 })
    .then((page) => navLibraries.set(page.items.map(({ id, name }) => ({ id, name }))))
    .catch(() => {
      // The page's own calls show the connection problem; the navigation keeps what it had.
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
