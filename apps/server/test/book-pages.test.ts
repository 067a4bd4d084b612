import { copyFile, mkdir, utimes, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.js';
import { komga } from './formats/support/books.js';
import { buildZip } from './formats/support/zip-writer.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { expectProblem } from './support/problems.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * GET /books/{id}/pages on real archives: sizes from image headers (EXIF orientation applied, a header past the first
 * 64 KB found by reading the page whole), PDF page boxes, entries of a solid RAR null until the page route reads them,
 * kept in the database across a restart and measured again when the file changes.
 */

const token = BOOTSTRAP_TOKEN;
let database: TestDatabase;
let scratch: string;
let server: TestServer;
let call: ApiClient;
const books = new Map<string, string>();

const solid = (width: number, height: number) => ({
  create: { width, height, channels: 3 as const, background: { r: 90, g: 120, b: 200 } },
});

/** A JPEG whose frame header sits after 120 KB of comments: measuring it needs more than the first 64 KB. */
async function jpegWithLongHead(width: number, height: number): Promise<Buffer> {
  const image = await sharp(solid(width, height)).jpeg().toBuffer();
  const comment = (size: number) =>
    Buffer.concat([Buffer.from([0xff, 0xfe, (size + 2) >> 8, (size + 2) & 0xff]), Buffer.alloc(size, 0x41)]);
  return Buffer.concat([image.subarray(0, 2), comment(60_000), comment(60_000), image.subarray(2)]);
}

async function spreadsVolume(): Promise<Buffer> {
  return buildZip([
    { name: '001.jpg', data: await sharp(solid(1600, 2400)).jpeg().toBuffer() },
    { name: '002.jpg', data: await sharp(solid(3200, 2400)).jpeg().toBuffer() },
    { name: '003.png', data: await sharp(solid(800, 1200)).png().toBuffer(), method: 0 },
    // Stored sideways with EXIF orientation 6 (turn 90°): shown, and measured, as the portrait it is.
    { name: '004.jpg', data: await sharp(solid(2400, 1600)).jpeg().withMetadata({ orientation: 6 }).toBuffer() },
    { name: '005.jpg', data: await jpegWithLongHead(1000, 1500) },
  ]);
}

/** A page image's real format and size, as sharp decodes it. */
async function imageOf(route: string) {
  const response = await fetch(`${server.url}/api/v1${route}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

async function pagesOf(name: string) {
  const result = await call(`/books/${books.get(name)}/pages`, { token });
  expect(result.status, result.text).toBe(200);
  return result.body.items as { number: number; media_type: string; width: number | null; height: number | null }[];
}

async function start(): Promise<void> {
  server = await startTestServer({ database, scratch, thumbnails: false });
  call = apiClient(server.url);
}

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-pages-'));
  await start();
  const root = path.join(server.librariesRoot, 'pages');
  const place = async (relative: string, write: (file: string) => Promise<void>) => {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await write(path.join(root, relative));
  };
  const volume = await spreadsVolume();
  await place('Spreads/Spreads 01.cbz', (file) => writeFile(file, volume));
  await place('Rar4/Rar4 01.cbr', (file) => copyFile(komga('rar4.rar'), file));
  await place('Solid/Solid 01.cbr', (file) => copyFile(komga('rar5-solid.rar'), file));
  await place('Seven/Seven 01.cb7', (file) => copyFile(komga('7zip.7z'), file));
  await place('Pdf/Pdf 01.pdf', (file) => copyFile(komga('komga.pdf'), file));
  await place('Epub/Epub 01.epub', (file) => copyFile(komga('epub3.epub'), file));
  const created = await call('/libraries', { method: 'POST', token, body: { name: 'Pages', root_path: 'pages' } });
  expect(created.status).toBe(201);
  expect((await waitForJob(call, token, created.body.scan_job.id, 90_000)).status).toMatch(/succeeded/);
  const listed = await call(`/books?library_id=${created.body.id}&limit=50`, { token });
  for (const book of listed.body.items as { id: string; series: string }[]) books.set(book.series, book.id);
  expect([...books.keys()].sort()).toEqual(['Epub', 'Pdf', 'Rar4', 'Seven', 'Solid', 'Spreads']);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('GET /books/{book_id}/pages', () => {
  it('gives each page of a CBZ its type and size from the image header', async () => {
    expect(await pagesOf('Spreads')).toEqual([
      { number: 1, media_type: 'image/jpeg', width: 1600, height: 2400 },
      { number: 2, media_type: 'image/jpeg', width: 3200, height: 2400 },
      { number: 3, media_type: 'image/png', width: 800, height: 1200 },
      { number: 4, media_type: 'image/jpeg', width: 1600, height: 2400 },
      { number: 5, media_type: 'image/jpeg', width: 1000, height: 1500 },
    ]);
  });

  it('answers the same over tRPC (books.pages)', async () => {
    const login = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
    const cookie = sessionCookie(login.headers);
    const trpc = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })],
    });
    expect((await trpc.books.pages.query({ book_id: books.get('Spreads')! })).items).toEqual(await pagesOf('Spreads'));
  });

  it('measures every entry of a RAR that is not solid, and those of a 7z at the start of their block', async () => {
    const rar = await pagesOf('Rar4');
    expect(rar.length).toBeGreaterThan(0);
    for (const page of rar) {
      const meta = await imageOf(`/books/${books.get('Rar4')}/pages/${page.number}`);
      expect(page).toEqual({
        number: page.number,
        media_type: `image/${meta.format}`,
        width: meta.width,
        height: meta.height,
      });
    }
    const seven = await pagesOf('Seven');
    expect(seven[0]?.width).toBeGreaterThan(0);
  });

  it('leaves the entries of a solid RAR after the first unmeasured until the page route reads them', async () => {
    const before = await pagesOf('Solid');
    expect(before.length).toBe(3);
    expect(before[0]!.width).toBeGreaterThan(0);
    expect(before.slice(1).map((page) => [page.width, page.height])).toEqual([
      [null, null],
      [null, null],
    ]);
    // A scaled read records the page's own size, not the scaled one.
    expect((await call(`/books/${books.get('Solid')}/pages/3?width=16`, { token })).status).toBe(200);
    const after = await pagesOf('Solid');
    expect(after[2]).toEqual({ ...before[0], number: 3 });
    expect(after[1]).toEqual(before[1]);
  });

  it('gives a PDF page its page box in points, with the aspect ratio of the rendered page', async () => {
    const [first] = await pagesOf('Pdf');
    expect(first).toMatchObject({ number: 1, media_type: 'image/png' });
    const meta = await imageOf(`/books/${books.get('Pdf')}/pages/1`);
    expect(first!.width! / first!.height!).toBeCloseTo(meta.width / meta.height, 1);
  });

  it('refuses an EPUB (400) and a book that does not exist (404)', async () => {
    expectProblem(await call(`/books/${books.get('Epub')}/pages`, { token }), 400);
    expectProblem(await call('/books/0b5b7c4e-1111-4222-8333-944445555666/pages', { token }), 404);
  });

  it('keeps the sizes in the database across a restart, and measures again a file that changed', async () => {
    const id = books.get('Spreads')!;
    await pagesOf('Spreads');
    const connection = () => server.container.orm.em.fork().getConnection();
    // A mark only the stored rows carry: what comes back after the restart was read, not measured again.
    await connection().execute(
      `update book_pages set width = 1234 where number = 1 and book_file_id = (select id from book_files where book_id = ?)`,
      [id],
      'run',
    );
    await server.close();
    await start();
    expect((await pagesOf('Spreads'))[0]?.width).toBe(1234);
    // Another file at the same path (new size and time): its pages are measured afresh.
    const file = path.join(server.librariesRoot, 'pages/Spreads/Spreads 01.cbz');
    await writeFile(file, buildZip([{ name: '001.jpg', data: await sharp(solid(1700, 2500)).jpeg().toBuffer() }]));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    expect(await pagesOf('Spreads')).toEqual([{ number: 1, media_type: 'image/jpeg', width: 1700, height: 2500 }]);
  }, 120_000);
});
