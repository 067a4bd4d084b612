import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from './formats/support/zip-writer.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { samplePage } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Pages whose bytes look like an image but that libvips cannot decode: asked with `width`, they must be the book's
 * problem (422), not the server's (500), in every reader process, and leave the server serving other pages.
 */

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let bookId: string;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG header declaring 30000×30000 pixels (past the 200-megapixel limit), with no image data behind it. */
function hugePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** JPEG and PNG signatures followed by noise: the type is sniffed right, the decoder fails. */
const brokenJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
const brokenPng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  const shelf = path.join(server.librariesRoot, 'shelf');
  await mkdir(shelf, { recursive: true });
  await writeFile(
    path.join(shelf, 'Broken Pages.cbz'),
    buildZip([
      { name: 'p1.jpg', data: await samplePage() },
      { name: 'p2.jpg', data: brokenJpeg },
      { name: 'p3.png', data: brokenPng },
      { name: 'p4.png', data: hugePng() },
    ]),
  );
  const library = await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } });
  const job = await call(`/libraries/${library.body.id}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
  const books = await call('/books', { token });
  expect(books.body.items).toHaveLength(1);
  bookId = books.body.items[0].id;
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('a page image that cannot be decoded', () => {
  it('is a 422 problem when it is scaled, whatever the decoder says', async () => {
    for (const page of [2, 3, 4]) {
      const result = await call(`/books/${bookId}/pages/${page}`, { token, query: { width: '200' } });
      expectProblem(result, 422);
      expect(result.body.detail).not.toMatch(/vips|buffer|header/i);
    }
  });

  it('leaves the readers serving the pages that can be decoded', async () => {
    const result = await fetch(`${server.url}/api/v1/books/${bookId}/pages/1?width=30`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('image/jpeg');
    expect((await call('/health')).status).toBe(200);
    expect(server.logs.join('')).not.toMatch(/unhandled error/);
  });
});
