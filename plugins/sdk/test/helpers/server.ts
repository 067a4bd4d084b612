import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface TestServer {
  url: string;
  /** Arrival times (performance.now()) and URLs of the requests, in order. */
  hits: { url: string; at: number; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

/** A bare node:http server for behaviours the fake service does not offer (streams, dates, flaky answers). */
export async function startServer(
  handler: (request: IncomingMessage, response: ServerResponse, hit: number) => void,
): Promise<TestServer> {
  const hits: TestServer['hits'] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ url: request.url ?? '', at, headers: request.headers, body: Buffer.concat(chunks).toString() });
      handler(request, response, hits.length);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
