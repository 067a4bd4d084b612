import { copyFile, mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookFile } from '../src/entities/book-file.entity.js';
import { Book } from '../src/entities/book.entity.js';
import { Series } from '../src/entities/series.entity.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { replaceComic, writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { secret } from './support/secrets.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

// A file rewritten as taggers do (same pages, new ComicInfo.xml, temp file + rename) keeps its thumbnail when its
// cover entry is the same bytes; any other change makes it again (issue 22).
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;
const LONG_AGO = new Date('2001-01-01T00:00:00Z');
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let libraryDir: string;

const tagged = 'Rewrites/Rewrites - T01.cbz';
const newCover = 'Rewrites/Rewrites - T02.cbz';
const pdf = 'Rewrites/Rewrites - T03.pdf';

async function scan(mode: 'incremental' | 'full' = 'incremental'): Promise<any> {
  const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode } });
  expect([200, 202]).toContain(started.status);
  return (await waitForJob(call, token, started.body.id)).report;
}

const fileAt = (relative: string) =>
  server.container.orm.em
    .fork()
    .findOneOrFail(BookFile, { library: libraryId, path: relative }, { populate: ['book'] });
const thumbnailOf = async (relative: string) =>
  path.join(server.dataDir, 'thumbnails', (await fileAt(relative)).thumbnailPath!);

/** Dates every thumbnail file back: one made again by the next scan gets a fresh mtime. */
async function ageThumbnails(): Promise<void> {
  for (const relative of [tagged, newCover, pdf]) await utimes(await thumbnailOf(relative), LONG_AGO, LONG_AGO);
}
const remade = async (relative: string) => (await stat(await thumbnailOf(relative))).mtimeMs > LONG_AGO.getTime();

const otherCover = () =>
  sharp({ create: { width: 60, height: 90, channels: 3, background: { r: 20, g: 40, b: 200 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  libraryDir = path.join(server.librariesRoot, 'rewrites');
  await writeComic(libraryDir, tagged, { pages: 3, comicInfo: { Title: 'Before tagging' } });
  await writeComic(libraryDir, newCover, { pages: 4 });
  await mkdir(path.join(libraryDir, 'Rewrites'), { recursive: true });
  await copyFile(path.join(fixtures, 'komga.pdf'), path.join(libraryDir, pdf));
  const created = await call('/libraries', {
    method: 'POST',
    token,
    body: { name: 'Rewrites', root_path: 'rewrites' },
  });
  libraryId = created.body.id;
  expect(await scan()).toMatchObject({ added: 3, thumbnails: 3 });
});
afterAll(() => server.close());

describe('a rescan of rewritten files', () => {
  it('keeps the thumbnail of a CBZ whose cover did not change, and makes those of a new cover and a PDF again', async () => {
    await ageThumbnails();
    const before = await fileAt(tagged);
    await replaceComic(libraryDir, tagged, { pages: 3, comicInfo: { Title: 'After tagging' } });
    await replaceComic(libraryDir, newCover, { pages: 4, cover: await otherCover() });
    // The same PDF, rewritten: other formats have no cheap fingerprint of their cover, so it is made again.
    const later = new Date();
    await utimes(path.join(libraryDir, pdf), later, later);

    const report = await scan();
    expect(report).toMatchObject({ updated: 3, added: 0, removed: 0, thumbnails: 2 });
    const after = await fileAt(tagged);
    expect(after.sizeBytes).not.toBe(before.sizeBytes);
    expect(after.thumbnailPath).toBe(before.thumbnailPath);
    expect((await server.container.orm.em.fork().findOneOrFail(Book, { id: after.book.id })).title).toBe(
      'After tagging',
    );
    expect(await remade(tagged)).toBe(false);
    expect(await remade(newCover)).toBe(true);
    expect(await remade(pdf)).toBe(true);
  });

  it('a full scan makes every thumbnail again', async () => {
    await ageThumbnails();
    const full = await scan('full');
    expect(full).toMatchObject({ mode: 'full', thumbnails: 3 });
    for (const relative of [tagged, newCover, pdf]) expect(await remade(relative)).toBe(true);
  });

  it('refreshes the series when a rewrite changes what its counts are made of: numbers, a readable cover', async () => {
    const chapter = 'Rewrites/Rewrites c010.cbz';
    await writeComic(libraryDir, chapter, { pages: 2 });
    expect(await scan()).toMatchObject({ added: 1 });
    const series = () => server.container.orm.em.fork().findOneOrFail(Series, { library: libraryId, name: 'Rewrites' });
    expect(await series()).toMatchObject({ chapterCount: 1, coverBookId: (await fileAt(tagged)).book.id });

    // ComicInfo gives the loose chapter a volume; the first volume is rewritten unreadable.
    await replaceComic(libraryDir, chapter, { pages: 2, comicInfo: { Volume: 4 } });
    const broken = path.join(libraryDir, tagged);
    await writeFile(`${broken}.tmp`, 'not a ZIP any more');
    await rename(`${broken}.tmp`, broken);
    expect(await scan()).toMatchObject({ updated: 2 });
    expect(await series()).toMatchObject({ chapterCount: 0, coverBookId: (await fileAt(newCover)).book.id });
  });
});

// Issue 30: a rewritten file never leaves a reader past its last page, nor on a position in bytes that are gone.
describe('reading progress across a rewrite', () => {
  const shorter = 'Kept/Kept - T01.cbz';
  const novel = 'Novels/novel.epub';
  const gone = 'Kept/Kept - T02.cbz';
  const READER_PASSWORD = secret('progress reader password 1');
  let shelf: string;
  let shelfId: string;
  let readerCookie: string;
  const bookIds: Record<string, string> = {};

  const scanShelf = async (mode: 'incremental' | 'full' = 'incremental') => {
    const started = await call(`/libraries/${shelfId}/scan`, { method: 'POST', token, body: { mode } });
    return (await waitForJob(call, token, started.body.id)).report;
  };
  const asAdmin = (route: string, options: Parameters<ApiClient>[1] = {}) => call(route, { ...options, token });
  const asReader = (route: string, options: Parameters<ApiClient>[1] = {}) =>
    call(route, { ...options, cookie: readerCookie });
  const bookAt = async (relative: string) =>
    (
      await server.container.orm.em
        .fork()
        .findOneOrFail(BookFile, { library: shelfId, path: relative }, { populate: ['book'] })
    ).book.id;
  /** A reader's place in the book, as GET /books/{id} shows it to them. */
  const progressOf = async (who: typeof asAdmin, book: string) => {
    const answer = await who(`/books/${bookIds[book]}`);
    expect(answer.status, answer.text).toBe(200);
    const { reading_status, current_page, reading_position, reading_percentage } = answer.body;
    return { status: reading_status, current_page, position: reading_position, percentage: reading_percentage };
  };
  const put = async (who: typeof asAdmin, book: string, body: Record<string, unknown>) => {
    const answer = await who(`/books/${bookIds[book]}/progress`, { method: 'PUT', body });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };
  const seriesOf = async (who: typeof asAdmin) =>
    Object.fromEntries(
      (await who(`/libraries/${shelfId}/series`)).body.items.map((item: any) => [
        item.name,
        [item.read_count, item.reading_status],
      ]),
    );

  beforeAll(async () => {
    shelf = path.join(server.librariesRoot, 'progress');
    await writeComic(shelf, shorter, { pages: 4 });
    await writeComic(shelf, gone, { pages: 4 });
    await mkdir(path.join(shelf, 'Novels'), { recursive: true });
    await copyFile(path.join(fixtures, 'epub3.epub'), path.join(shelf, novel));
    const created = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'Progress', root_path: 'progress' },
    });
    shelfId = created.body.id;
    await waitForJob(call, token, created.body.scan_job.id);
    for (const relative of [shorter, novel, gone]) bookIds[relative] = await bookAt(relative);
    const reader = await call('/users', {
      method: 'POST',
      token,
      body: { username: 'progress-reader', password: READER_PASSWORD, role: 'reader', library_ids: [shelfId] },
    });
    expect(reader.status, reader.text).toBe(201);
    const login = await call('/auth/login', {
      method: 'POST',
      body: { username: 'progress-reader', password: READER_PASSWORD },
    });
    readerCookie = sessionCookie(login.headers);
  });

  it('a 4-page CBZ rewritten as 2 pages: each reader on page 2 at most, still reading or read, and page 2 accepted', async () => {
    await put(asAdmin, shorter, { status: 'reading', current_page: 4 });
    await put(asReader, shorter, { status: 'read' });
    expect(await progressOf(asReader, shorter)).toMatchObject({ status: 'read', current_page: 4 });
    const seriesBefore = { admin: await seriesOf(asAdmin), reader: await seriesOf(asReader) };

    await replaceComic(shelf, shorter, { pages: 2 });
    expect(await scanShelf()).toMatchObject({ updated: 1 });

    expect(await progressOf(asAdmin, shorter)).toMatchObject({ status: 'reading', current_page: 2, percentage: 1 });
    expect(await progressOf(asReader, shorter)).toMatchObject({ status: 'read', current_page: 2, percentage: 1 });
    // What a client read back, it can write back.
    await put(asAdmin, shorter, { status: 'reading', current_page: 2 });
    expectProblem(
      await asAdmin(`/books/${bookIds[shorter]}/progress`, {
        method: 'PUT',
        body: { status: 'reading', current_page: 3 },
      }),
      400,
    );
    expect((await asAdmin(`/books/${bookIds[shorter]}`)).body).toMatchObject({
      page_count: 2,
      reading_status: 'reading',
      current_page: 2,
    });
    // Nobody's series state moved: the rewrite read nothing for them.
    expect({ admin: await seriesOf(asAdmin), reader: await seriesOf(asReader) }).toEqual(seriesBefore);
  });

  it('an EPUB keeps its position through a touch and a full rescan, and loses it when its bytes change', async () => {
    const cfi = 'epubcfi(/6/4!/4/2/1:0)';
    await put(asAdmin, novel, { status: 'reading', position: cfi, percentage: 0.4 });
    await put(asReader, novel, { status: 'reading', position: cfi, percentage: 0.7 });

    const later = new Date();
    await utimes(path.join(shelf, novel), later, later);
    // An incremental scan reads the folders whose mtime changed only.
    await utimes(path.join(shelf, 'Novels'), later, later);
    expect(await scanShelf()).toMatchObject({ updated: 1 });
    expect(await scanShelf('full')).toMatchObject({ mode: 'full' });
    expect(await progressOf(asAdmin, novel)).toMatchObject({ status: 'reading', position: cfi, percentage: 0.4 });
    expect(await progressOf(asReader, novel)).toMatchObject({ status: 'reading', position: cfi, percentage: 0.7 });

    // Another book's bytes under the same name, as a tool saves it (temporary file, then rename).
    const temporary = path.join(shelf, 'Novels', '.novel.epub.tmp');
    await copyFile(path.join(fixtures, 'The Incomplete Theft - Ralph Burke.epub'), temporary);
    await rename(temporary, path.join(shelf, novel));
    expect(await scanShelf()).toMatchObject({ updated: 1, added: 0, removed: 0 });
    for (const who of [asAdmin, asReader]) {
      expect(await progressOf(who, novel)).toMatchObject({ status: 'reading', position: null, percentage: null });
    }
    expect(
      (await asReader('/books', { query: { library_id: shelfId, reading_status: 'reading' } })).body.items,
    ).toEqual([expect.objectContaining({ id: bookIds[novel] })]);
  });

  it('progress set aside for a vanished file comes back fitted to the file found at its path', async () => {
    await put(asAdmin, gone, { status: 'reading', current_page: 3 });
    await rm(path.join(shelf, gone));
    expect(await scanShelf()).toMatchObject({ removed: 1 });
    await writeComic(shelf, gone, { pages: 2 });
    expect(await scanShelf()).toMatchObject({ added: 1, progress_restored: 1 });
    bookIds[gone] = await bookAt(gone);
    expect(await progressOf(asAdmin, gone)).toMatchObject({ status: 'reading', current_page: 2, percentage: 1 });
  });
});
