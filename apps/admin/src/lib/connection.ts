import { writable } from 'svelte/store';

/**
 * What the shell shows above every page: the session ended (a 401 anywhere sends to sign-in and back), or the
 * server cannot be reached (a retry banner). Set by the tRPC link that watches every call (trpc.ts).
 */
export const sessionExpired = writable(false);
export const offline = writable(false);
