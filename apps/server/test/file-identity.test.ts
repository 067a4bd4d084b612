import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BookFile } from '../src/entities/book-file.entity.js';
import { build7z } from './formats/support/seven-zip-writer.js';
import { buildTar } from './formats/support/tar-writer.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { comicBuffer, samplePage, writeComic } from './support/library-builder.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let libraryDir: string;

async function scan(): Promise<any> {
  const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode: 'incremental' } });
  return waitForJob(call, token, started.body.id);
}

const fileAt = (relative: string) =>
  server.container.orm.em.fork().findOne(BookFile, { library: libraryId, path: relative }, { populate: ['book'] });

async function bookAt(relative: string): Promise<any> {
  const file = await fileAt(relative);
  expect(file, relative).not.toBeNull();
  return (await call(`/books/${file!.book.id}`, { token })).body;
}

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  libraryDir = path.join(server.librariesRoot, 'identity');
  await writeComic(libraryDir, 'Lanfeust/Lanfeust T01.cbz', { pages: 4 });
  await writeComic(libraryDir, 'Lanfeust/Lanfeust T02.cbz', { pages: 5 });
  // Two identical copies: same bytes, so the same partial hash and size.
  await writeComic(libraryDir, 'Copies/Copy A.cbz', { pages: 6 });
  await writeComic(libraryDir, 'Copies/Copy B.cbz', { pages: 6 });
  const page = await samplePage();
  const comicInfo = Buffer.from('<ComicInfo><Title>Tar title</Title></ComicInfo>');
  await mkdir(path.join(libraryDir, 'Formats'), { recursive: true });
  await writeFile(
    path.join(libraryDir, 'Formats/Formats v01.cbt'),
    await buildTar([
      { name: 'p2.jpg', data: page },
      { name: 'p1.jpg', data: page },
      { name: 'ComicInfo.xml', data: comicInfo },
    ]),
  );
  await writeFile(
    path.join(libraryDir, 'Formats/Formats v02.cb7'),
    await build7z([
      { name: 'p1.jpg', data: page },
      { name: 'p2.jpg', data: page },
      { name: 'p3.jpg', data: page },
    ]),
  );
  await copyFile(path.join(fixtures, '7zip-encrypted.7z'), path.join(libraryDir, 'Formats/Formats v03.cb7'));
  await writeFile(path.join(libraryDir, 'Formats/cover.jpg'), page);
  await writeFile(path.join(libraryDir, 'Formats/book.mobi'), 'not indexed');
  // A name that is not UTF-8 (Latin-1 "é"), as old Windows and FTP copies leave them.
  await writeFile(
    Buffer.concat([Buffer.from(`${libraryDir}/Formats/Caf`), Buffer.from([0xe9]), Buffer.from('.cbz')]),
    await comicBuffer(),
  );
  const created = await call('/libraries', {
    method: 'POST',
    token,
    body: { name: 'Identity', root_path: 'identity' },
  });
  libraryId = created.body.id;
});
afterAll(() => server.close());

describe('first scan', () => {
  let job: any;
  beforeAll(async () => {
    job = await scan();
  });

  it('reads CBT and CB7 books in the reader processes, pages in natural order', async () => {
    expect(await bookAt('Formats/Formats v01.cbt')).toMatchObject({ format: 'cbt', page_count: 2, title: 'Tar title' });
    const cb7 = await bookAt('Formats/Formats v02.cb7');
    expect(cb7).toMatchObject({ format: 'cb7', page_count: 3 });
    const page = await fetch(`${server.url}/api/v1/books/${cb7.id}/pages/2?width=30`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^image\//);
    const file = await fetch(`${server.url}/api/v1/books/${cb7.id}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.headers.get('content-type')).toBe('application/x-cb7');
    expect((await fileAt('Formats/Formats v02.cb7'))!.thumbnailPath).toMatch(/\.jpg$/);
  });

  it('records an encrypted CB7 as an error on the book and the job', () => {
    const error = job.item_errors.find((e: { item: string }) => e.item === 'Formats/Formats v03.cb7');
    expect(error.message).toMatch(/encrypted/);
  });

  it('lists the files it ignored, and reports a name that is not UTF-8 instead of dropping it', () => {
    expect(job.report.ignored_files).toBe(2);
    expect([...job.report.ignored_examples].sort()).toEqual(['Formats/book.mobi', 'Formats/cover.jpg']);
    const undecodable = job.item_errors.find((e: { item: string }) => e.item.startsWith('Formats/Caf'));
    expect(undecodable.item).toBe('Formats/Caf\\xe9.cbz');
    expect(undecodable.message).toMatch(/not valid UTF-8/);
  });

  it('stores a partial hash of every file', async () => {
    const file = await fileAt('Lanfeust/Lanfeust T01.cbz');
    expect(file!.partialHash).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('moves', () => {
  it('a renamed file keeps its book, progress and locked metadata', async () => {
    const before = await bookAt('Lanfeust/Lanfeust T01.cbz');
    await call(`/books/${before.id}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 3 } });
    await call(`/books/${before.id}`, {
      method: 'PATCH',
      token,
      body: { title: 'Mon titre', locked_fields: ['title'] },
    });
    await rename(path.join(libraryDir, 'Lanfeust/Lanfeust T01.cbz'), path.join(libraryDir, 'Lanfeust/Lanfeust 01.cbz'));
    const job = await scan();
    expect(job.report).toMatchObject({ moved: 1, added: 0, removed: 0 });
    const after = await bookAt('Lanfeust/Lanfeust 01.cbz');
    expect(after).toMatchObject({ id: before.id, title: 'Mon titre', locked_fields: ['title'] });
    expect(after).toMatchObject({ reading_status: 'reading', current_page: 3 });
  });

  it('a file moved to another folder changes series and keeps the rest', async () => {
    const before = await bookAt('Lanfeust/Lanfeust 01.cbz');
    await mkdir(path.join(libraryDir, 'Lanfeust de Troy'), { recursive: true });
    await rename(
      path.join(libraryDir, 'Lanfeust/Lanfeust 01.cbz'),
      path.join(libraryDir, 'Lanfeust de Troy/Lanfeust 01.cbz'),
    );
    const job = await scan();
    expect(job.report).toMatchObject({ moved: 1, added: 0, removed: 0 });
    const after = await bookAt('Lanfeust de Troy/Lanfeust 01.cbz');
    expect(after).toMatchObject({ id: before.id, title: 'Mon titre' });
    expect(after.series_id).not.toBe(before.series_id);
    expect(after.series).toBe('Lanfeust de Troy');
    expect(after).toMatchObject({ reading_status: 'reading', current_page: 3 });
  });

  it('two identical copies are not confused: the moved one keeps its own book', async () => {
    const a = await bookAt('Copies/Copy A.cbz');
    const b = await bookAt('Copies/Copy B.cbz');
    await call(`/books/${b.id}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 5 } });
    await mkdir(path.join(libraryDir, 'Elsewhere'), { recursive: true });
    await rename(path.join(libraryDir, 'Copies/Copy B.cbz'), path.join(libraryDir, 'Elsewhere/Copy B.cbz'));
    const job = await scan();
    expect(job.report).toMatchObject({ moved: 1, added: 0, removed: 0 });
    expect((await bookAt('Copies/Copy A.cbz')).id).toBe(a.id);
    const movedB = await bookAt('Elsewhere/Copy B.cbz');
    expect(movedB.id).toBe(b.id);
    expect(movedB).toMatchObject({ reading_status: 'reading', current_page: 5 });
  });

  it('a new copy of a file that stayed is a new book', async () => {
    await copyFile(path.join(libraryDir, 'Copies/Copy A.cbz'), path.join(libraryDir, 'Copies/Copy C.cbz'));
    const job = await scan();
    expect(job.report).toMatchObject({ moved: 0, added: 1, removed: 0 });
  });
});
