import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
const LIMIT = 20 * 1024 * 1024;
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let seriesId: string;
let otherSeriesId: string;
let books: string[];
let readToken: string;

const staged = () => readdir(path.join(server.dataDir, 'uploads')).catch(() => [] as string[]);
const storedCovers = () => readdir(path.join(server.dataDir, 'series-covers')).catch(() => [] as string[]);
const series = async (id = seriesId) => (await call(`/series/${id}`, { token })).body;
const basic = (password: string) => `Basic ${Buffer.from(`kobo:${password}`).toString('base64')}`;

/** The multipart upload the admin's browser sends. */
async function upload(data: Uint8Array, options: { as?: string; type?: string; field?: string; auth?: string } = {}) {
  const form = new FormData();
  form.append(
    options.field ?? 'image',
    new Blob([new Uint8Array(data)], { type: options.type ?? 'image/png' }),
    options.as ?? 'c.png',
  );
  const response = await fetch(`${server.url}/api/v1/series/${seriesId}/cover/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${options.auth ?? token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
}

async function scan(mode: 'full' | 'incremental' = 'full') {
  const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode } });
  expect([200, 202], started.text).toContain(started.status);
  expect((await waitForJob(call, token, started.body.id, 60_000)).status).toBe('succeeded');
}

/** The image a `cover_url` answers, decoded. */
async function coverAt(coverUrl: string) {
  const response = await fetch(`${server.url}${coverUrl}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  const data = Buffer.from(await response.arrayBuffer());
  return { data, metadata: await sharp(data).metadata(), stats: await sharp(data).stats() };
}

/** A black 1-bit PNG of that size: a few kilobytes however many pixels it declares. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height, 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  const root = path.join(server.librariesRoot, 'shelf');
  for (const volume of [1, 2, 3]) await writeComic(root, `Blake/Blake v0${volume}.cbz`);
  await writeComic(root, `Other/Other v01.cbz`);
  const created = await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } });
  libraryId = created.body.id;
  await scan();
  const list = (await call('/series', { token, query: { library_id: libraryId } })).body.items as any[];
  seriesId = list.find((item) => item.name === 'Blake').id;
  otherSeriesId = list.find((item) => item.name === 'Other').id;
  books = ((await call(`/series/${seriesId}/books`, { token })).body.items as any[]).map((book) => book.id);
  readToken = (await call('/tokens', { method: 'POST', token, body: { name: 'reader', scope: 'read' } })).body.token;
});
afterAll(() => server?.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('a series cover chosen by the admin', () => {
  it('is the first book by default', async () => {
    const details = await series();
    expect(details.cover).toEqual({ source: 'first_book', book_id: null });
    expect(details.cover_url).toBe(`/api/v1/books/${books[0]}/thumbnail`);
  });

  it('can be another of its books, and a rescan keeps the choice', async () => {
    const chosen = await call(`/series/${seriesId}/cover`, {
      method: 'PUT',
      token,
      body: { source: 'book', book_id: books[2] },
    });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.cover).toEqual({ source: 'book', book_id: books[2] });
    expect(chosen.body.cover_url).toBe(`/api/v1/books/${books[2]}/thumbnail`);
    await scan('full');
    expect((await series()).cover_url).toBe(`/api/v1/books/${books[2]}/thumbnail`);
    const listed = (await call('/series', { token, query: { library_id: libraryId } })).body.items as any[];
    expect(listed.find((item) => item.id === seriesId).cover_url).toBe(`/api/v1/books/${books[2]}/thumbnail`);
  });

  it('refuses a book of another series, and a book without source book', async () => {
    const other = (await call(`/series/${otherSeriesId}/books`, { token })).body.items[0].id;
    expectProblem(
      await call(`/series/${seriesId}/cover`, { method: 'PUT', token, body: { source: 'book', book_id: other } }),
      400,
    );
    expectProblem(await call(`/series/${seriesId}/cover`, { method: 'PUT', token, body: { source: 'book' } }), 400);
    expectProblem(
      await call(`/series/${seriesId}/cover`, {
        method: 'PUT',
        token,
        body: { source: 'first_book', book_id: books[1] },
      }),
      400,
    );
    expect((await series()).cover).toEqual({ source: 'book', book_id: books[2] });
  });

  it('can be an uploaded image, re-encoded without its metadata, shown at a new address after each upload', async () => {
    const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#10c040' } })
      .png()
      .withExif({ IFD0: { Artist: 'secret-artist' } })
      .toBuffer();
    const uploaded = await upload(png, { as: '../../etc/passwd.png' });
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.body.cover).toEqual({ source: 'upload', book_id: null });
    const first = uploaded.body.cover_url as string;
    expect(first).toMatch(new RegExp(`^/api/v1/series/${seriesId}/cover/image\\?v=[0-9a-f]{32}$`));
    const cover = await coverAt(first);
    expect(cover.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect([cover.metadata.width, cover.metadata.height]).toEqual([300, 400]);
    expect(cover.metadata.exif).toBeUndefined();
    expect(cover.data.includes('secret-artist')).toBe(false);
    expect(cover.stats.dominant.g).toBeGreaterThan(150);
    await expect.poll(staged).toEqual([]);

    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2020d0' } })
      .webp()
      .toBuffer();
    const again = await upload(webp, { as: 'cover.webp', type: 'image/webp' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.cover_url).not.toBe(first);
    expect((await coverAt(again.body.cover_url)).stats.dominant.b).toBeGreaterThan(150);
    // The first upload's file is gone: one image per series.
    expect(await storedCovers()).toHaveLength(1);
    expect((await fetch(`${server.url}${first}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('keeps the uploaded image through a rescan, in REST and OPDS', async () => {
    const before = (await series()).cover_url;
    await scan('full');
    expect((await series()).cover_url).toBe(before);
    const feed = await fetch(`${server.url}/opds/v1.2/libraries/${libraryId}`, {
      headers: { authorization: basic(readToken) },
    });
    const xml = await feed.text();
    const version = new URL(before, 'http://x').searchParams.get('v');
    const href = `/opds/series/${seriesId}/cover?v=${version}`;
    expect(xml).toContain(`href="${href}"`);
    const image = await fetch(`${server.url}${href}`, { headers: { authorization: basic(readToken) } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses what is not a JPEG, PNG or WebP by its content, whatever it is called, and changes nothing', async () => {
    const before = await series();
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    for (const [data, as] of [
      [text, 'cover.png'],
      [gif, 'cover.jpg'],
      [png.subarray(0, 60), 'truncated.png'],
    ] as const) {
      const refused = await upload(data, { as });
      expectProblem(refused, 415);
      expect(refused.body.type).toBe('urn:shelfmark:problem:unsupported-media-type');
    }
    expect((await series()).cover_url).toBe(before.cover_url);
    await expect.poll(staged).toEqual([]);
  });

  it('refuses a file past 20 MiB and an image past 50 million pixels with 413', async () => {
    const before = await series();
    const big = Buffer.alloc(LIMIT + 1, 0);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await upload(big);
    expectProblem(tooBig, 413);
    expect(tooBig.body.type).toBe('urn:shelfmark:problem:payload-too-large');
    // A few bytes that declare 60 million pixels: refused from the header, never decoded.
    const bomb = blackPng(10_000, 6_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expectProblem(await upload(bomb), 413);
    expect((await series()).cover_url).toBe(before.cover_url);
    await expect.poll(staged).toEqual([]);
  });

  it('refuses at once an upload that declares more bytes than the limit, reading none of it', async () => {
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Headers only: the 4 GB body is never sent, and the answer must come without it.
    socket.write(
      `PUT /api/v1/series/${seriesId}/cover/image HTTP/1.1\r\nHost: ${url.host}\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
        `Content-Length: ${4 * 1024 ** 3}\r\n\r\n`,
    );
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('application/problem+json');
    expect(answer).toContain('urn:shelfmark:problem:payload-too-large');
    await expect.poll(staged).toEqual([]);
  });

  it('refuses a request without an image part, or with more parts', async () => {
    const form = new FormData();
    form.append('note', 'hello');
    const response = await fetch(`${server.url}/api/v1/series/${seriesId}/cover/image`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
    await expect.poll(staged).toEqual([]);
  });

  it('is the admin scope: a reader gets 403 and nothing is stored', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const before = await series();
    expectProblem(await upload(png, { auth: readToken }), 403);
    expectProblem(
      await call(`/series/${seriesId}/cover`, { method: 'PUT', token: readToken, body: { source: 'first_book' } }),
      403,
    );
    expect((await series()).cover_url).toBe(before.cover_url);
    await expect.poll(staged).toEqual([]);
  });

  it('removes a partial upload when the client goes away mid-file', async () => {
    const boundary = 'shelfmarkboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`;
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `PUT /api/v1/series/${seriesId}/cover/image HTTP/1.1\r\nHost: ${url.host}\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${head.length + 10 * 1024 * 1024}\r\n\r\n${head}`,
    );
    socket.write(Buffer.alloc(256 * 1024, 7));
    while ((await staged()).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    while ((await staged()).length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await expect.poll(staged).toEqual([]);
    // The server is still well, and a client going away is no fault of the server's.
    expect((await call('/health')).status).toBe(200);
    await expect.poll(() => server.logs.join('')).toContain('upload cut off by the client');
    expect(server.logs.join('')).not.toMatch(/unhandled error/);
  });

  it('goes back to the first book, removing the uploaded image', async () => {
    const reset = await call(`/series/${seriesId}/cover`, { method: 'PUT', token, body: { source: 'first_book' } });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.cover).toEqual({ source: 'first_book', book_id: null });
    expect(reset.body.cover_url).toBe(`/api/v1/books/${books[0]}/thumbnail`);
    expect(await storedCovers()).toEqual([]);
  });
});
