import { copyFile, mkdir, rename, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookFile } from '../src/entities/book-file.entity.js';
import { Book } from '../src/entities/book.entity.js';
import { Series } from '../src/entities/series.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { replaceComic, writeComic } from './support/library-builder.js';
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
