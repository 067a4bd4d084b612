import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node closes one after 5 s by default, while reverse proxies
 * (nginx's upstream `keepalive_timeout`, load balancers) and HTTP clients reuse theirs for 60 s: a request sent on a
 * connection the server is closing at that moment is lost (a 502 at the proxy, ECONNRESET at a client). The server
 * must be the side that waits longer.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Keeps idle connections past the usual proxies' and clients' own idle time (`Keep-Alive: timeout=65`). */
export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node expects the headers' deadline above the keep-alive one, or a slow request on a reused connection is cut.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
