import { copyFile, mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BookFile } from '../src/entities/book-file.entity.js';
import { Book } from '../src/entities/book.entity.js';
import { ReadingProgress } from '../src/entities/reading-progress.entity.js';
import { User } from '../src/entities/user.entity.js';
import { Series } from '../src/entities/series.entity.js';
import { ScanRepository } from '../src/repositories/scan.repository.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { replaceComic, writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let libraryDir: string;

async function scan(mode: 'incremental' | 'full' = 'incremental'): Promise<any> {
  const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode } });
  expect([200, 202]).toContain(started.status);
  return waitForJob(call, token, started.body.id);
}

const em = () => server.container.orm.em.fork();
const books = () => em().find(Book, { library: libraryId }, { populate: ['series'], orderBy: { title: 'asc' } });
const bookByPath = async (relative: string) => {
  const file = await em().findOneOrFail(BookFile, { library: libraryId, path: relative }, { populate: ['book'] });
  return file;
};

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  libraryDir = path.join(server.librariesRoot, 'bd');
  await writeComic(libraryDir, 'Astérix/Astérix - T01 - Astérix le Gaulois.cbz', {
    pages: 4,
    comicInfo: {
      Title: 'Astérix le Gaulois',
      Writer: 'René Goscinny',
      Penciller: 'Albert Uderzo',
      Year: 1961,
      LanguageISO: 'fr',
    },
  });
  await writeComic(libraryDir, 'Astérix/Astérix - T02 - La Serpe d’or.cbz');
  await writeComic(libraryDir, 'Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz', { pages: 2 });
  await writeComic(libraryDir, 'loose one-shot.cbz');
  await writeComic(libraryDir, 'Blacksad/.hidden.cbz');
  await writeComic(libraryDir, 'Blacksad/._Blacksad T01.cbz');
  await writeFile(path.join(libraryDir, 'Blacksad/notes.txt'), 'not a book');
  await mkdir(path.join(libraryDir, 'Broken'), { recursive: true });
  await writeFile(
    path.join(libraryDir, 'Broken/random.cbz'),
    Buffer.from('this is not a zip archive at all, just text'),
  );
  await writeFile(path.join(libraryDir, 'Broken/empty.cbz'), Buffer.alloc(0));
  await mkdir(path.join(libraryDir, 'Formats'), { recursive: true });
  await copyFile(path.join(fixtures, 'rar5.rar'), path.join(libraryDir, 'Formats/Formats v01.cbr'));
  await copyFile(path.join(fixtures, 'rar4-encrypted.rar'), path.join(libraryDir, 'Formats/Formats v02.cbr'));
  await copyFile(path.join(fixtures, 'komga.pdf'), path.join(libraryDir, 'Formats/Formats v03.PDF'));
  await copyFile(path.join(fixtures, 'epub3.epub'), path.join(libraryDir, 'Formats/Formats v04.epub'));
  // Not watched: what a scan reads is decided here by folder mtimes alone, not by the marks a watcher makes as the
  // tests write files (watch.test.ts covers those).
  const created = await call('/libraries', {
    method: 'POST',
    token,
    body: { name: 'BD', root_path: 'bd', watch: 'off' },
  });
  libraryId = created.body.id;
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('first scan', () => {
  let job: any;
  beforeAll(async () => {
    job = await scan();
  });

  it('ends completed_with_errors and reports what it found, with per-file errors recorded on the job', () => {
    // The unreadable files are item errors: the job says so in its status (the jobs list filters on it).
    expect(job.status).toBe('completed_with_errors');
    expect(job.report).toMatchObject({
      mode: 'incremental',
      added: 10,
      updated: 0,
      removed: 0,
      errors: 3,
      files_seen: 10,
      ignored_files: 1,
      ignored_examples: ['Blacksad/notes.txt'],
    });
    expect(job.progress).toMatchObject({ percent: 100 });
    expect(job.item_errors.map((e: { item: string }) => e.item).sort()).toEqual([
      'Broken/empty.cbz',
      'Broken/random.cbz',
      'Formats/Formats v02.cbr',
    ]);
    expect(job.item_errors.find((e: { item: string }) => e.item === 'Formats/Formats v02.cbr').message).toMatch(
      /encrypted/,
    );
    expect(job.item_errors_count).toBe(3);
  });

  it('records each file error as a code with its values beside the words, for clients to translate', () => {
    const byItem = Object.fromEntries(job.item_errors.map((e: any) => [e.item, e]));
    expect(byItem['Broken/empty.cbz']).toMatchObject({ code: 'file_empty', params: { detail: expect.any(String) } });
    expect(byItem['Broken/random.cbz']).toMatchObject({ code: 'file_corrupt' });
    const encrypted = byItem['Formats/Formats v02.cbr'];
    expect(encrypted.code).toBe('file_encrypted');
    // The words stay what they were: the kind, then the reader's detail, which the code's values carry too.
    expect(encrypted.message).toBe(`encrypted: ${encrypted.params.detail}`);
    expect(job.error_code).toBeNull();
    expect(job.error_params).toBeNull();
  });

  it('makes series of folders, leaves root files unclassified and skips hidden and non-book files', async () => {
    const all = await books();
    expect(all).toHaveLength(10);
    const series = await em().find(Series, { library: libraryId }, { orderBy: { name: 'asc' } });
    expect(series.map((s) => s.name)).toEqual(['Astérix', 'Blacksad', 'Broken', 'Formats']);
    expect((await bookByPath('loose one-shot.cbz')).book.series).toBeNull();
    expect(await em().count(BookFile, { path: { $like: '%hidden%' } })).toBe(0);
  });

  it('reads volume, pages and embedded metadata', async () => {
    const asterix = await em().findOneOrFail(Book, {
      id: (await bookByPath('Astérix/Astérix - T01 - Astérix le Gaulois.cbz')).book.id,
    });
    expect(asterix).toMatchObject({
      title: 'Astérix le Gaulois',
      volume: 1,
      pageCount: 4,
      format: 'cbz',
      language: 'fr',
    });
    expect(asterix.authors).toEqual([
      { name: 'René Goscinny', role: 'writer' },
      { name: 'Albert Uderzo', role: 'penciller' },
    ]);
    const t2 = await em().findOneOrFail(Book, {
      id: (await bookByPath('Astérix/Astérix - T02 - La Serpe d’or.cbz')).book.id,
    });
    expect(t2.volume).toBe(2);
    const rar = await bookByPath('Formats/Formats v01.cbr');
    expect(rar.parseStatus).toBe('ok');
    expect((await em().findOneOrFail(Book, { id: rar.book.id })).pageCount).toBeGreaterThan(0);
    const pdf = await bookByPath('Formats/Formats v03.PDF');
    expect(pdf.format).toBe('pdf');
    const broken = await bookByPath('Broken/random.cbz');
    expect(broken.parseStatus).toBe('error');
    expect(broken.parseError).toMatch(/corrupt/);
  });

  it('counts books and series on the library', async () => {
    expect((await call(`/libraries/${libraryId}`, { token })).body).toMatchObject({ book_count: 10, series_count: 4 });
    expect((await call(`/libraries/${libraryId}`, { token })).body.last_scanned_at).not.toBeNull();
  });

  it('makes thumbnails of readable covers', async () => {
    const file = await bookByPath('Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz');
    expect(file.thumbnailPath).toMatch(/\.jpg$/);
    const response = await fetch(`${server.url}/api/v1/books/${file.book.id}/thumbnail`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('rescans', () => {
  it('leaves unchanged folders and files alone', async () => {
    const job = await scan();
    expect(job.report).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 10, folders_read: 0 });
    expect(job.report.folders_skipped).toBeGreaterThan(0);
  });

  it('opens a file again when its folder is read and its size, mtime or ctime changed; a full scan opens all', async () => {
    const file = path.join(libraryDir, 'Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz');
    const before = await stat(file);
    await writeFile(file, Buffer.alloc(before.size, 0x41)); // same size, garbage
    // Seconds as numbers keep sub-millisecond precision (a Date would round the mtime to the millisecond).
    await utimes(file, before.atimeMs / 1000, before.mtimeMs / 1000);
    // Rewritten in place, its folder's mtime did not move, and no watcher marked it: the folder is not read.
    const incremental = await scan();
    expect(incremental.report).toMatchObject({ updated: 0, folders_read: 0 });
    expect((await bookByPath('Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz')).parseStatus).toBe('ok');
    // Once its folder is read (a file added beside it), the ctime, which no program sets, gives the rewrite away.
    const beside = await writeComic(libraryDir, 'Blacksad/Blacksad T09.cbz', { pages: 9 });
    expect((await scan()).report).toMatchObject({ added: 1, updated: 1, folders_read: 1 });
    expect((await bookByPath('Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz')).parseStatus).toBe('error');
    await rm(beside);
    const full = await scan('full');
    expect(full.report).toMatchObject({ mode: 'full', updated: 10, added: 0, removed: 1 });
    expect((await bookByPath('Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz')).parseStatus).toBe('error');
    await writeComic(libraryDir, 'Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz', { pages: 2 });
  });

  it('finds a new file, picks up a changed one and removes a vanished one', async () => {
    await writeComic(libraryDir, 'Astérix/Astérix - T03 - Astérix et Cléopâtre.cbz');
    await replaceComic(libraryDir, 'Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz', { pages: 5 });
    await rm(path.join(libraryDir, 'Broken/empty.cbz'));
    const job = await scan();
    expect(job.report).toMatchObject({ added: 1, updated: 1, removed: 1 });
    expect(await em().count(BookFile, { library: libraryId, path: 'Broken/empty.cbz' })).toBe(0);
    const blacksad = await bookByPath('Blacksad/Blacksad T01 - Quelque part entre les ombres.cbz');
    expect(blacksad.parseStatus).toBe('ok');
    expect((await em().findOneOrFail(Book, { id: blacksad.book.id })).pageCount).toBe(5);
  });

  it('rescans only the folders that changed, counts the others and refreshes the series that changed', async () => {
    const seriesNamed = (name: string) => em().findOne(Series, { library: libraryId, name });
    const stored = () => em().count(BookFile, { library: libraryId });
    await writeComic(libraryDir, 'Zep/Titeuf - T01.cbz');
    await writeComic(libraryDir, 'Zep/Titeuf - T02.cbz');
    expect((await scan()).report).toMatchObject({ added: 2, removed: 0 });
    expect((await seriesNamed('Zep'))?.bookCount).toBe(2);

    const unchanged = (await scan()).report;
    expect(unchanged).toMatchObject({ added: 0, updated: 0, removed: 0, folders_read: 0 });
    expect(unchanged.files_seen).toBe(await stored());
    expect(unchanged.unchanged).toBe(unchanged.files_seen);

    // A folder gone and a file added elsewhere: the others are neither read nor lost.
    const asterix = (await seriesNamed('Astérix'))!.bookCount;
    await rm(path.join(libraryDir, 'Zep'), { recursive: true });
    // Other pages than the Titeuf files: the same bytes would be taken for one of them, moved.
    await writeComic(libraryDir, 'Astérix/Astérix - T05 - Le Tour de Gaule.cbz', { pages: 4 });
    const changed = (await scan()).report;
    expect(changed).toMatchObject({ added: 1, removed: 2, updated: 0 });
    expect(changed.files_seen).toBe(await stored());
    expect(changed.unchanged).toBe(changed.files_seen - 1);
    expect(await seriesNamed('Zep')).toBeNull();
    expect((await seriesNamed('Astérix'))?.bookCount).toBe(asterix + 1);
  });

  it('counts right when the changed folder holds subfolders, sits at the root, or has a name outside the BMP', async () => {
    const stored = () => em().count(BookFile, { library: libraryId });
    await writeComic(libraryDir, 'Séries 🐉/Dragon/Dragon - T01.cbz');
    await writeComic(libraryDir, 'Séries 🐉/Dragon/Dragon - T02.cbz', { pages: 3 });
    await writeComic(libraryDir, 'Séries 🐉/Dragon - Hors-série.cbz', { pages: 4 });
    await writeComic(libraryDir, 'Loose One-shot.cbz', { pages: 5 });
    expect((await scan()).report).toMatchObject({ added: 4, removed: 0 });
    // A file added beside a subfolder (the emoji's folder), then one at the library's root: each time only that
    // folder's own files are read, the rest counted, and every stored file is seen once.
    for (const [relative, pages] of [
      ['Séries 🐉/Dragon - Hors-série 2.cbz', 6],
      ['Loose Two-shot.cbz', 7],
    ] as const) {
      await writeComic(libraryDir, relative, { pages });
      const report = (await scan()).report;
      expect(report).toMatchObject({ added: 1, removed: 0, updated: 0 });
      expect(report.files_seen).toBe(await stored());
      expect(report.unchanged).toBe(report.files_seen - 1);
    }
    await rm(path.join(libraryDir, 'Séries 🐉'), { recursive: true });
    await rm(path.join(libraryDir, 'Loose One-shot.cbz'));
    await rm(path.join(libraryDir, 'Loose Two-shot.cbz'));
    expect((await scan()).report).toMatchObject({ added: 0, removed: 6 });
  });

  it('keeps reading progress of a vanished file and gives it back when the file returns elsewhere', async () => {
    const relative = 'Astérix/Astérix - T03 - Astérix et Cléopâtre.cbz';
    const file = await bookByPath(relative);
    const fork = em();
    const admin = await fork.findOneOrFail(User, { username: 'admin' });
    fork.create(ReadingProgress, {
      user: admin.id,
      book: file.book.id,
      status: 'reading',
      currentPage: 2,
      lastReadAt: new Date(),
    });
    await fork.flush();
    const aside = path.join(server.librariesRoot, 'aside.cbz');
    await rename(path.join(libraryDir, relative), aside);
    expect((await scan()).report).toMatchObject({ removed: 1, moved: 0 });
    // Back in a later scan (a move within one scan keeps the book: see file-identity.test.ts).
    await mkdir(path.join(libraryDir, 'Moved'), { recursive: true });
    await rename(aside, path.join(libraryDir, 'Moved/Astérix - T03 - Astérix et Cléopâtre.cbz'));
    const job = await scan();
    expect(job.report).toMatchObject({ added: 1, removed: 0, progress_restored: 1 });
    const moved = await bookByPath('Moved/Astérix - T03 - Astérix et Cléopâtre.cbz');
    const progress = await em().findOneOrFail(ReadingProgress, { user: admin.id, book: moved.book.id });
    expect(progress).toMatchObject({ status: 'reading', currentPage: 2 });
  });

  it('starts one scan per library at a time', async () => {
    const [a, b] = await Promise.all([
      call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode: 'full' } }),
      call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode: 'full' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 202]);
    expect(a.body.id).toBe(b.body.id);
    await waitForJob(call, token, a.body.id);
  });

  it('refuses to empty a library whose folder vanished or looks empty, and deletes nothing', async () => {
    const count = await em().count(Book, { library: libraryId });
    await rename(libraryDir, `${libraryDir}.away`);
    const lost = await scan();
    expect(lost.status).toBe('failed');
    expect(lost.error).toMatch(/missing or unreadable/);
    expect(lost).toMatchObject({ error_code: 'scan_root_missing', error_params: { library: 'BD', folder: 'bd' } });
    expect(await em().count(Book, { library: libraryId })).toBe(count);

    await mkdir(libraryDir);
    const empty = await scan();
    expect(empty.status).toBe('failed');
    expect(empty.error).toMatch(/would lose all/);
    expect(empty).toMatchObject({ error_code: 'scan_would_empty', error_params: { library: 'BD', count } });
    expect(await em().count(Book, { library: libraryId })).toBe(count);
    await rm(libraryDir, { recursive: true });
    await rename(`${libraryDir}.away`, libraryDir);
    expect((await scan()).status).toBe('succeeded');
  });
});

describe('stored files', () => {
  it('are read in pages along the path index, each file once and in order', async () => {
    const repository = new ScanRepository(server.container.orm.em, server.container.config.database.kind);
    const all = (await em().find(BookFile, { library: libraryId })).map((file) => file.path).sort();
    expect(all.length).toBeGreaterThan(4);
    const pages: string[][] = [];
    for await (const page of repository.knownFilePages(libraryId, 2)) pages.push(page.map((file) => file.path));
    // Full pages of 2, then what is left; no empty page at the end.
    expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
    // The database's own order (its collation), without gaps or repeats.
    expect(pages.flat()).toHaveLength(all.length);
    expect(new Set(pages.flat())).toEqual(new Set(all));
  });
});

describe('jobs API', () => {
  it('lists, filters and pages jobs', async () => {
    const all = await call('/jobs', { token, query: { type: 'scan', library_id: libraryId, limit: '2' } });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(2);
    expect(all.body.items).toHaveLength(2);
    // The failed ones, those of the test before (and any scan the folder watcher started as the folder came and
    // went): the filter gives exactly the jobs listed as failed, once none is running.
    let everyJob: { status: string }[] = [];
    for (let tries = 0; tries < 100; tries++) {
      everyJob = (await call('/jobs', { token, query: { limit: '100' } })).body.items;
      if (everyJob.every((job) => job.status !== 'queued' && job.status !== 'running')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const failed = await call('/jobs', { token, query: { status: 'failed' } });
    expect(failed.body.items.every((j: { status: string }) => j.status === 'failed')).toBe(true);
    expect(failed.body.total).toBeGreaterThanOrEqual(2);
    expect(failed.body.total).toBe(everyJob.filter((job) => job.status === 'failed').length);
    expectProblem(await call('/jobs', { token, query: { status: 'exploded' } }), 400);
  });

  it('answers 404 for an unknown job and 409 when cancelling a finished one', async () => {
    expectProblem(await call('/jobs/0b5b7c4e-1111-4222-8333-944445555666', { token }), 404);
    const [job] = (await call('/jobs', { token, query: { status: 'succeeded', limit: '1' } })).body.items;
    expectProblem(await call(`/jobs/${job.id}/cancel`, { method: 'POST', token }), 409);
  });

  it('streams progress as Server-Sent Events until the job ends', async () => {
    const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode: 'full' } });
    const response = await fetch(`${server.url}/api/v1/jobs/${started.body.id}/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const events = [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((m) => ({
      event: m[1],
      job: JSON.parse(m[2]!),
    }));
    // This library holds unreadable files: the scan ends completed_with_errors.
    expect(events.at(-1)).toMatchObject({
      event: 'end',
      job: { id: started.body.id, status: 'completed_with_errors' },
    });
    expect(events.filter((e) => e.event === 'end')).toHaveLength(1);
  });

  it('lets a read token follow jobs but not start or cancel them', async () => {
    const read = (await call('/tokens', { method: 'POST', token, body: { name: 'r', scope: 'read' } })).body.token;
    expect((await call('/jobs', { token: read })).status).toBe(200);
    expectProblem(await call(`/libraries/${libraryId}/scan`, { method: 'POST', token: read, body: {} }), 403);
  });
});
