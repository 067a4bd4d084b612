import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What Node and `send` raise when the client closes the connection before the answer is written: a reader that
 * scrolled past a thumbnail, an app that cancelled a download, a page closed while an EPUB's pictures load.
 */
const GONE_CODES = new Set([
  'ECONNABORTED',
  'ECONNRESET',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_UNABLE_TO_PIPE',
  'ERR_STREAM_DESTROYED',
]);

/**
 * The one test of "the client went away" (REST, OPDS and /epub): nobody is left to answer and the server did
 * nothing wrong, so such a failure is logged at debug, never as an error or a 500.
 */
export function clientWentAway(error: unknown, req: IncomingMessage, res: ServerResponse): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  // The same codes from elsewhere (a provider's connection reset) are faults: only this request's closed socket counts.
  const gone = req.destroyed || res.destroyed || req.socket?.destroyed === true;
  return gone && typeof code === 'string' && GONE_CODES.has(code);
}

/** The access log's level for a response: an answer the client did not wait for is only debug. */
export function responseLogLevel(res: ServerResponse): 'debug' | 'info' | 'warn' | 'error' {
  if (!res.writableEnded) return 'debug';
  // A 5xx we answered on purpose (501 not built, 502 provider down) is not a server fault.
  return res.statusCode === 500 ? 'error' : res.statusCode > 500 ? 'warn' : 'info';
}
