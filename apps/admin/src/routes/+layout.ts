import { trpc } from '../lib/trpc.js';

// The admin is a client-side app: the server only sends the HTML shell, and the
// browser calls the API. Nothing calls the API at build time.
export const ssr = false;
export const prerender = false;

/**
 * Who is signed in, asked while the page's code is still loading (one public call: set-up needed, signed in, user
 * name). The layout waits on the promise, so the first page does not pay for a second round trip.
 */
export function load() {
  const status = trpc.auth.status.query({});
  // The layout's onMount awaits it and shows the offline state when it fails; on a loaded machine it can fail (server
  // unreachable) before that handler is attached, which the browser would report as an unhandled rejection.
  status.catch(() => undefined);
  return { status };
}
