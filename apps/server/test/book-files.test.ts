import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BookFile } from '../src/entities/book-file.entity.js';
import { apiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
const ids: Record<string, string> = {};
let comicPath: string;

const get = (route: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/v1${route}`, { headers: { authorization: `Bearer ${token}`, ...headers } });

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  const call = apiClient(server.url);
  const dir = path.join(server.librariesRoot, 'shelf');
  comicPath = await writeComic(dir, 'Saga/Saga 001.cbz', { pages: 3 });
  await mkdir(path.join(dir, 'Other'), { recursive: true });
  await copyFile(path.join(fixtures, 'komga.pdf'), path.join(dir, 'Other/manual.pdf'));
  await copyFile(path.join(fixtures, 'epub3.epub'), path.join(dir, 'Other/novel.epub'));
  const library = await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } });
  const job = await call(`/libraries/${library.body.id}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
  for (const file of await server.container.orm.em.fork().find(BookFile, {})) ids[file.path] = file.book.id;
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('GET /books/{id}/file', () => {
  it('sends the file with its content type and a download name', async () => {
    const response = await get(`/books/${ids['Saga/Saga 001.cbz']}/file`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.comicbook+zip');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="Saga 001.cbz"/);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(await readFile(comicPath));
    expect((await get(`/books/${ids['Other/manual.pdf']}/file`)).headers.get('content-type')).toBe('application/pdf');
    expect((await get(`/books/${ids['Other/novel.epub']}/file`)).headers.get('content-type')).toBe(
      'application/epub+zip',
    );
  });

  it('answers Range requests with 206 and unsatisfiable ones with 416', async () => {
    const whole = await readFile(comicPath);
    const partial = await get(`/books/${ids['Saga/Saga 001.cbz']}/file`, { range: 'bytes=10-19' });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 10-19/${whole.length}`);
    expect(Buffer.from(await partial.arrayBuffer())).toEqual(whole.subarray(10, 20));
    const tail = await get(`/books/${ids['Saga/Saga 001.cbz']}/file`, { range: 'bytes=-5' });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 5));
    expect(
      (await get(`/books/${ids['Saga/Saga 001.cbz']}/file`, { range: `bytes=${whole.length + 10}-` })).status,
    ).toBe(416);
  });

  it('answers 404 for an unknown book', async () => {
    const response = await get('/books/0b5b7c4e-1111-4222-8333-944445555666/file');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('GET /books/{id}/pages/{page}', () => {
  it('returns the n-th page image, downscaled on request', async () => {
    const page = await get(`/books/${ids['Saga/Saga 001.cbz']}/pages/2`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/jpeg');
    const full = await sharp(Buffer.from(await page.arrayBuffer())).metadata();
    expect(full.width).toBe(60);
    const small = await get(`/books/${ids['Saga/Saga 001.cbz']}/pages/2?width=30`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(30);
  });

  it('renders PDF pages', async () => {
    const page = await get(`/books/${ids['Other/manual.pdf']}/pages/1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await page.arrayBuffer())).metadata()).format).toBe('png');
  });

  it('refuses pages out of range, page 0, and EPUB pages', async () => {
    const call = apiClient(server.url);
    expectProblem(await call(`/books/${ids['Saga/Saga 001.cbz']}/pages/4`, { token }), 404);
    expectProblem(await call(`/books/${ids['Saga/Saga 001.cbz']}/pages/0`, { token }), 400);
    expectProblem(await call(`/books/${ids['Saga/Saga 001.cbz']}/pages/1`, { token, query: { width: '1' } }), 400);
    expectProblem(await call(`/books/${ids['Other/novel.epub']}/pages/1`, { token }), 400);
  });
});

describe('GET /books/{id}/thumbnail', () => {
  it('makes the thumbnail on demand when the scan did not', async () => {
    const response = await get(`/books/${ids['Saga/Saga 001.cbz']}/thumbnail`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.height).toBeLessThanOrEqual(400);
    const file = await server.container.orm.em.fork().findOneOrFail(BookFile, { path: 'Saga/Saga 001.cbz' });
    expect(file.thumbnailPath).not.toBeNull();
  });

  it("moves the series' cover to its next book when the first turns out to have none", async () => {
    const call = apiClient(server.url);
    const dir = path.join(server.librariesRoot, 'coverless');
    // A JPEG's first bytes and then nothing: the book is read (its pages are counted), its cover cannot be decoded.
    await writeComic(dir, 'Torn/Torn 01.cbz', { cover: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3]) });
    await writeComic(dir, 'Torn/Torn 02.cbz');
    const library = await call('/libraries', { method: 'POST', token, body: { name: 'Torn', root_path: 'coverless' } });
    const job = await call(`/libraries/${library.body.id}/scan`, { method: 'POST', token, body: {} });
    expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
    const books = (await call('/books', { token, query: { library_id: library.body.id } })).body.items as any[];
    const [first, second] = books.sort((a, b) => a.volume - b.volume);
    const seriesCover = async () =>
      ((await call('/series', { token, query: { library_id: library.body.id } })).body.items as any[])[0].cover_url;
    expect(await seriesCover()).toContain(`/books/${first.id}/thumbnail`);

    expect((await get(`/books/${first.id}/thumbnail`)).status).toBe(404);
    expect(await seriesCover()).toContain(`/books/${second.id}/thumbnail`);
    expect((await get(`/books/${second.id}/thumbnail`)).status).toBe(200);
  });
});
