import { writable } from 'svelte/store';

/**
 * What the shell shows above every page: the session ended (a 401 anywhere sends to sign-in and back), or the
 * server cannot be reached (a retry banner). Set by the tRPC link that watches every call (trpc.ts).
 */
export const sessionExpired = writable(false);
export const offline = writable(false);

/**
 * Counts the sessions this page has signed in to. A call remembers the count it was sent under: its 401 ends the
 * session only when no sign-in came after it (a call sent before signing in again can be answered after it).
 */
let session = 0;
export const currentSession = (): number => session;
export function sessionStarted(): void {
  session++;
  sessionExpired.set(false);
}
