import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FakeMode, FakeRequest, FakeResponse, FakeService, FakeServiceOptions } from './fake-types.js';

type RecordedRequest = FakeRequest & { receivedAt: number };

const GENERIC_ANSWERS: Record<Exclude<FakeMode, 'ok' | 'timeout' | 'blocked' | 'truncated_json'>, FakeResponse> = {
  unauthorized: { status: 401, json: { error: 'Unauthorized', message: 'Invalid API key' } },
  rate_limited: { status: 429, headers: { 'retry-after': '1' }, json: { error: 'Too Many Requests' } },
  server_error: { status: 500, json: { error: 'Internal Server Error' } },
  html_instead_of_json: {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: '<!DOCTYPE html>\n<html><head><title>Maintenance</title></head><body><h1>Back soon</h1></body></html>\n',
  },
};

/**
 * Starts a real HTTP server on 127.0.0.1 (random port) that answers with `handle` in mode `ok` and with the generic
 * (or service-specific) failure of the current mode otherwise.
 */
export async function startFakeService(options: FakeServiceOptions): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let mode: FakeMode = 'ok';

  const server = createServer((incoming, outgoing) => {
    const receivedAt = performance.now();
    const modeAtArrival = mode;
    void readBody(incoming).then(async (body) => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: flattenHeaders(incoming),
        body,
      };
      requests.push({ ...request, receivedAt });
      if (modeAtArrival === 'timeout') return;
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      let answer: FakeResponse;
      try {
        answer = await answerFor(modeAtArrival, request, options);
      } catch (error) {
        answer = {
          status: 500,
          body: `fake handler failed: ${String(error)}`,
          headers: { 'content-type': 'text/plain' },
        };
      }
      send(outgoing, answer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      if (next === 'blocked' && !options.errorResponses?.blocked) {
        throw new Error("Mode 'blocked' needs errorResponses.blocked: the service's own anti-bot page");
      }
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Requests held by mode 'timeout' would otherwise keep the server open forever.
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function answerFor(mode: FakeMode, request: FakeRequest, options: FakeServiceOptions): Promise<FakeResponse> {
  if (mode === 'ok' || mode === 'timeout') return options.handle(request);
  const specific = options.errorResponses?.[mode];
  if (specific) return specific;
  if (mode === 'blocked') throw new Error('no blocked answer configured');
  if (mode === 'truncated_json') return truncatedJson(await options.handle(request));
  return GENERIC_ANSWERS[mode];
}

/** The first half of what the service would have answered, so the plugin's own parsing path is exercised. */
function truncatedJson(normal: FakeResponse): FakeResponse {
  const whole = JSON.stringify(normal.json ?? { items: [{ id: 'truncated', title: 'A document cut in half' }] });
  let half = whole.slice(0, Math.max(1, Math.floor(whole.length / 2)));
  if (isJson(half)) half = '{"items": [{"id": "trunc';
  return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: half };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function send(outgoing: ServerResponse, answer: FakeResponse): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers[name.toLowerCase()] = value;
  let body: string;
  if (answer.json !== undefined) {
    body = JSON.stringify(answer.json);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  } else {
    body = answer.body ?? '';
    headers['content-type'] ??= 'text/html; charset=utf-8';
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  outgoing.writeHead(answer.status ?? 200, headers);
  outgoing.end(body);
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function flattenHeaders(incoming: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
