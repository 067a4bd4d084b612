import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { problem, PROBLEM_CONTENT_TYPE } from './problem.js';

interface ClientError extends Error {
  code?: string;
}

function problemFor(code: string | undefined) {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return problem(
      431,
      'request-header-fields-too-large',
      'Request header fields too large',
      'The request line and headers together are larger than the server accepts (16 KB).',
    );
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return problem(408, 'request-timeout', 'Request timeout', 'The request was not received in time.');
  }
  return problem(400, 'bad-request', 'Bad request', 'The request is not well-formed HTTP.');
}

/**
 * Node answers a request it cannot parse (request line or headers too long, malformed HTTP) itself, with a bare
 * status line and no body, before Express sees it; this writes the same status as problem+json instead.
 */
export function answerClientErrorsWithProblems(server: Server): void {
  server.on('clientError', (error: ClientError, socket: Duplex) => {
    const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || started) {
      socket.destroy();
      return;
    }
    const body = problemFor(error.code);
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${body.status} ${STATUS_CODES[body.status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Connection: close\r\n\r\n' +
        json,
    );
  });
}
