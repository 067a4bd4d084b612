import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { comicBuffer, writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
/** BOOK_UPLOAD_MAX_MB in this server: small, so that a file over it is cheap to send. */
const LIMIT = 1024 * 1024;
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let seriesId: string;
let readToken: string;

const staged = () => readdir(path.join(server.dataDir, 'uploads')).catch(() => [] as string[]);
const seriesBooks = async () =>
  ((await call(`/series/${seriesId}/books`, { token })).body.items as any[]).map((book) => book.volume);

/** The multipart upload the admin's drop zone sends. */
async function upload(
  data: Uint8Array,
  options: { as?: string; type?: string; auth?: string; query?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(data)], { type: options.type ?? 'application/zip' }),
    options.as ?? 'x.cbz',
  );
  const query = new URLSearchParams(options.query ?? { series_id: seriesId }).toString();
  const response = await fetch(`${server.url}/api/v1/imports/uploads${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.auth ?? token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  server = await startTestServer({ env: { BOOK_UPLOAD_MAX_MB: '1' } });
  call = apiClient(server.url);
  const root = path.join(server.librariesRoot, 'shelf');
  await writeComic(root, 'Blake/Blake - T01.cbz');
  const created = await call('/libraries', {
    method: 'POST',
    token,
    body: { name: 'Shelf', root_path: 'shelf', import_mode: 'copy' },
  });
  expect(created.status, created.text).toBe(201);
  libraryId = created.body.id;
  expect((await waitForJob(call, token, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  const list = (await call('/series', { token, query: { library_id: libraryId } })).body.items as any[];
  seriesId = list.find((item) => item.name === 'Blake').id;
  readToken = (await call('/tokens', { method: 'POST', token, body: { name: 'reader', scope: 'read' } })).body.token;
});
afterAll(() => server?.close());
afterEach(async () => {
  expect(server.responseFailures).toEqual([]);
  // Whatever happened, nothing stays in the staging folder.
  await expect.poll(staged).toEqual([]);
});

describe('a book uploaded from the browser', () => {
  it('is read by its content and imported into the series it was dropped on', async () => {
    // Named like nothing in the library, and as a .zip: the series comes from the page, the format from the bytes.
    const uploaded = await upload(await comicBuffer({ pages: 2 }), { as: 'unrelated name 02.zip' });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body).toMatchObject({ outcome: 'imported', format: 'cbz', series_id: seriesId });
    // Placed by the library's template in the series' folder, and listed once the scan of that folder is done.
    await expect.poll(seriesBooks, { timeout: 60_000 }).toEqual([1, 2]);
    expect(await readdir(path.join(server.librariesRoot, 'shelf', 'Blake'))).toEqual(
      expect.arrayContaining(['Blake - T01.cbz', 'Blake - T02.cbz']),
    );
  });

  it('waits in the import queue when dropped on a library and nothing matches it', async () => {
    const uploaded = await upload(await comicBuffer(), { as: 'Nothing Alike 5.cbz', query: { library_id: libraryId } });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body).toMatchObject({ outcome: 'queued', format: 'cbz', series_id: null });
    expect(uploaded.body.import_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a file that is not a book by its content, whatever it is called, and keeps nothing', async () => {
    const before = await seriesBooks();
    const folder = await mkdtemp(path.join(tmpdir(), 'upload-tar-'));
    try {
      await writeFile(path.join(folder, 'page.jpg'), 'x');
      const tar = execFileSync('tar', ['-cf', '-', '-C', folder, 'page.jpg']);
      for (const [data, as] of [
        [Buffer.from('<html><script>alert(1)</script></html>'), 'Blake - T03.cbz'],
        [Buffer.from('PK\u0003\u0004 but no archive after its signature'), 'Blake - T04.cbz'],
        [tar, 'Blake - T05.cbt'],
        [Buffer.alloc(0), 'Blake - T06.pdf'],
      ] as const) {
        const refused = await upload(data, { as });
        expectProblem(refused, 415);
        expect(refused.body.type).toBe('urn:shelfmark:problem:unsupported-media-type');
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect(await seriesBooks()).toEqual(before);
  });

  it('refuses a file over BOOK_UPLOAD_MAX_MB with 413 and keeps nothing', async () => {
    const before = await seriesBooks();
    const big = Buffer.concat([await comicBuffer(), Buffer.alloc(LIMIT, 1)]);
    const refused = await upload(big, { as: 'Blake - T07.cbz' });
    expectProblem(refused, 413);
    expect(refused.body.type).toBe('urn:shelfmark:problem:payload-too-large');
    expect(await seriesBooks()).toEqual(before);
  });

  it('keeps nothing of an upload the client cancels mid-file', async () => {
    const boundary = 'shelfmarkboundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Blake - T08.cbz"\r\n` +
      'Content-Type: application/zip\r\n\r\n';
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/imports/uploads?series_id=${seriesId} HTTP/1.1\r\nHost: ${url.host}\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${head.length + LIMIT / 2}\r\n\r\n${head}`,
    );
    socket.write((await comicBuffer()).subarray(0, 4096));
    while ((await staged()).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    await expect.poll(staged).toEqual([]);
    expect((await call('/health')).status).toBe(200);
    await expect.poll(() => server.logs.join('')).toContain('upload cut off by the client');
  });

  it('is for admins: a read credential is refused before a byte is stored', async () => {
    const before = await seriesBooks();
    expectProblem(await upload(await comicBuffer(), { as: 'Blake - T09.cbz', auth: readToken }), 403);
    expect(await seriesBooks()).toEqual(before);
  });

  it('refuses an unknown series or library (404), and a series with another library (400)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const comic = await comicBuffer();
    expectProblem(await upload(comic, { query: { series_id: unknown } }), 404);
    expectProblem(await upload(comic, { query: { library_id: unknown } }), 404);
    expectProblem(await upload(comic, { query: { series_id: seriesId, library_id: unknown } }), 400);
    expectProblem(await upload(comic, { query: { series_id: 'not-a-uuid' } }), 400);
    // Not multipart at all: refused by the contract, nothing read.
    const json = await call('/imports/uploads', { method: 'POST', token, body: {} });
    expect(json.status, json.text).toBeGreaterThanOrEqual(400);
    expect(json.status, json.text).toBeLessThan(500);
  });
});
