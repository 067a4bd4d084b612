import { appendFile, mkdir, readdir, readFile, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../src/database/request-context.js';
import { ReleaseGrab } from '../src/entities/release-grab.entity.js';
import { WatchRepository } from '../src/repositories/watch.repository.js';
import { ImportFolders } from '../src/services/import-folders.js';
import type { ImportSubmission } from '../src/services/import.service.js';
import { LibrariesRoot } from '../src/services/libraries-root.js';
import { ImportFolderWatcher } from '../src/watch/import-folder-watcher.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { comicBuffer, samplePage, writeComic } from './support/library-builder.js';
import { loopMount, loopMountRefusal } from './support/loop-mount.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Issue 37: arriving files matched and placed into libraries, never a file lost or overwritten, on both databases.
 * The intake (`ImportService.submit`) is what uploads and import folders call.
 */

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let libraryId: string;
const seriesIds: Record<string, string> = {};
let staged = 0;

const submit = (input: ImportSubmission) =>
  withContext(server.container.orm, () => server.container.services.imports.submit(input));

/** A file staged the way the upload route leaves it: a random name under DATA_DIR/uploads. */
async function stage(options: Parameters<typeof comicBuffer>[0] = {}): Promise<string> {
  const folder = path.join(server.dataDir, 'uploads');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `staged-${++staged}`);
  await writeFile(file, await comicBuffer({ pages: 1, ...options }));
  return file;
}

async function bookVolumes(seriesId: string): Promise<number[]> {
  const result = await call(`/series/${seriesId}/books?limit=100`, { token });
  expect(result.status, result.text).toBe(200);
  return (result.body.items as { volume: number }[]).map((book) => book.volume).sort((a, b) => a - b);
}

async function waitForVolume(seriesId: string, volume: number, present = true): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await bookVolumes(seriesId)).includes(volume) !== present) {
    if (Date.now() > deadline) throw new Error(`volume ${volume} still ${present ? 'missing' : 'present'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false, env: { IMPORT_QUIET_MS: '300', WATCH_LEASE_SECONDS: '1' } });
  call = apiClient(server.url);
  const shelf = path.join(server.librariesRoot, 'shelf');
  await writeComic(shelf, 'One Piece/One Piece T01.cbz', { pages: 1 });
  await writeComic(shelf, 'Naruto/Naruto T01.cbz', { pages: 1 });
  const created = await call('/libraries', {
    token,
    method: 'POST',
    body: { name: 'Shelf', root_path: 'shelf', import_mode: 'hardlink' },
  });
  expect(created.status, created.text).toBe(201);
  libraryId = created.body.id;
  expect((await waitForJob(call, token, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  const series = await call(`/series?library_id=${libraryId}&limit=10`, { token });
  for (const item of series.body.items as { id: string; name: string }[]) seriesIds[item.name] = item.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('submit (the intake uploads and import folders call)', () => {
  it('imports an upload dropped on a series at once, by the naming template, and the scan indexes it', async () => {
    const file = await stage();
    const entry = await submit({
      path: file,
      originalName: 'whatever name.cbz',
      source: 'upload',
      seriesId: seriesIds['One Piece'],
    });
    expect(entry.status, entry.errorMessage ?? '').toBe('queued');
    // No number in the name nor in the file: it waits, with the series suggested.
    expect(entry.suggestions[0]).toMatchObject({ seriesId: seriesIds['One Piece'], volume: null });
    await expect(stat(file)).rejects.toThrow();
    const numbered = await submit({
      path: await stage(),
      originalName: 'One Piece 02.cbz',
      source: 'upload',
      seriesId: seriesIds['One Piece'],
    });
    expect(numbered.status, numbered.errorMessage ?? '').toBe('imported');
    await stat(path.join(server.librariesRoot, 'shelf', 'One Piece', 'One Piece - T02.cbz'));
    await waitForVolume(seriesIds['One Piece']!, 2);
  });

  it('matches by name alone, the series of the same number in another series untouched', async () => {
    const otherSeries = path.join(server.librariesRoot, 'shelf', 'One Piece', 'One Piece - T02.cbz');
    const before = await readFile(otherSeries);
    const entry = await submit({ path: await stage(), originalName: 'Naruto - Tome 2.cbz', source: 'upload' });
    expect(entry.status, entry.errorMessage ?? '').toBe('imported');
    expect(entry.series?.id).toBe(seriesIds['Naruto']);
    await waitForVolume(seriesIds['Naruto']!, 2);
    // Not a duplicate of One Piece 2, not filed beside it.
    expect(await readFile(otherSeries)).toEqual(before);
    expect((await readdir(path.join(server.librariesRoot, 'shelf', 'One Piece'))).sort()).toEqual([
      'One Piece - T02.cbz',
      'One Piece T01.cbz',
    ]);
    expect(await bookVolumes(seriesIds['One Piece']!)).toEqual([1, 2]);
  });

  it('matches a name only its ComicInfo explains', async () => {
    const file = await stage({ comicInfo: { Series: 'Naruto', Number: 3 } });
    const entry = await submit({ path: file, originalName: 'scan_0042_final.cbz', source: 'upload' });
    expect(entry.status, entry.errorMessage ?? '').toBe('imported');
    expect(entry.suggestions[0]).toMatchObject({ matchedBy: 'metadata', volume: 3 });
    await waitForVolume(seriesIds['Naruto']!, 3);
  });

  it('never overwrites an owned volume: the duplicate waits in the queue with the reason', async () => {
    const before = await readFile(path.join(server.librariesRoot, 'shelf', 'Naruto', 'Naruto T01.cbz'));
    const entry = await submit({ path: await stage({ pages: 2 }), originalName: 'Naruto T01.cbz', source: 'upload' });
    expect(entry.status).toBe('queued');
    expect(entry.errorCode).toBe('duplicate');
    expect(await readFile(path.join(server.librariesRoot, 'shelf', 'Naruto', 'Naruto T01.cbz'))).toEqual(before);
    expect(await readdir(path.join(server.librariesRoot, 'shelf', 'Naruto'))).not.toContain('Naruto - T01.cbz');
  });
});

const incoming = () => path.join(server.librariesRoot, 'incoming');
const step = () => server.container.importWatcher.pass();

async function queue(): Promise<any[]> {
  const result = await call('/imports?limit=100', { token });
  expect(result.status, result.text).toBe(200);
  return result.body.items;
}

async function history(): Promise<any[]> {
  const result = await call('/imports/history?limit=100', { token });
  expect(result.status, result.text).toBe(200);
  return result.body.items;
}

/** Steps the watcher until `check` holds (the quiet time passes between steps). */
async function until<T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await step();
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const importedAs = (name: string) => async () =>
  (await history()).find((record) => record.source_name === name && record.undone_at === null);

describe('the import_folders setting', () => {
  it('refuses folders outside a root, a library’s folder, and a folder that does not exist, changing nothing', async () => {
    await mkdir(incoming(), { recursive: true });
    for (const [folders, code] of [
      [['../outside'], 'folder'],
      [['/tmp'], 'folder'],
      [['shelf'], 'overlap'],
      [['shelf/Naruto'], 'overlap'],
      [['missing-folder'], 'folder'],
    ] as const) {
      const result = await call('/settings', { token, method: 'PATCH', body: { import_folders: folders } });
      expectProblem(result, 400);
      expect(result.body.errors[0], JSON.stringify(folders)).toMatchObject({ code });
    }
    expect((await call('/settings', { token })).body.import_folders).toEqual([]);
    const set = await call('/settings', { token, method: 'PATCH', body: { import_folders: ['incoming'] } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.import_folders).toEqual(['incoming']);
  });
});

describe('files arriving in an import folder', () => {
  it('waits while a file is written in pieces under .part, then imports it once renamed and still', async () => {
    const partial = path.join(incoming(), 'Naruto T06.cbz.part');
    const data = await comicBuffer({ pages: 2 });
    const half = Math.floor(data.length / 2);
    await writeFile(partial, data.subarray(0, half));
    for (let i = 0; i < 3; i++) await step();
    await appendFile(partial, data.subarray(half));
    for (let i = 0; i < 3; i++) await step();
    expect((await queue()).map((entry) => entry.original_name)).not.toContain('Naruto T06.cbz');
    expect(await importedAs('Naruto T06.cbz')()).toBeUndefined();
    await rename(partial, path.join(incoming(), 'Naruto T06.cbz'));
    const record = await until(importedAs('Naruto T06.cbz'), 'Naruto T06 imported');
    // A hard link: the download stays for seeding, the library has the same bytes.
    expect(record).toMatchObject({ how: 'hardlink', series_name: 'Naruto', volume: 6 });
    expect(await readFile(path.join(server.librariesRoot, 'shelf', record.target_path))).toEqual(data);
    await stat(path.join(incoming(), 'Naruto T06.cbz'));
    await waitForVolume(seriesIds['Naruto']!, 6);
  });

  it('waits for a folder being unpacked (_UNPACK_), then imports its book under the release name', async () => {
    const unpacking = path.join(incoming(), '_UNPACK_Naruto.T07.FRENCH.CBZ');
    await writeComic(unpacking, 'naruto-07.cbz', { pages: 1 });
    for (let i = 0; i < 3; i++) await step();
    expect(await importedAs('naruto-07.cbz')()).toBeUndefined();
    await rename(unpacking, path.join(incoming(), 'Naruto.T07.FRENCH.CBZ'));
    const record = await until(importedAs('naruto-07.cbz'), 'the unpacked book imported');
    expect(record).toMatchObject({ series_name: 'Naruto', volume: 7 });
  });

  it('packs a folder of images into a CBZ and imports it', async () => {
    const folder = path.join(incoming(), 'Naruto - Tome 08');
    await mkdir(folder);
    const page = await samplePage();
    for (const name of ['002.jpg', '001.jpg', '010.jpg']) await writeFile(path.join(folder, name), page);
    const record = await until(importedAs('Naruto - Tome 08.cbz'), 'the packed folder imported');
    expect(record).toMatchObject({ series_name: 'Naruto', volume: 8, how: 'move' });
    expect(record.target_path).toMatch(/\.cbz$/);
    await waitForVolume(seriesIds['Naruto']!, 8);
    const book = (await call(`/series/${seriesIds['Naruto']}/books?limit=100`, { token })).body.items.find(
      (item: { volume: number }) => item.volume === 8,
    );
    expect(book.page_count).toBe(3);
  });

  it('places every arrival of a pass first, then indexes them all with one scan', async () => {
    // Counts the scans asked for (the real service still starts them): one per arrival made a thousand downloads
    // a thousand scans, each waiting for the one before.
    const jobs = server.container.services.jobs;
    const start = jobs.start.bind(jobs);
    const asked: unknown[] = [];
    jobs.start = (type, library, params, ...rest) => {
      if (type === 'scan' && library === libraryId) asked.push(params);
      return start(type, library, params, ...rest);
    };
    try {
      const names = [40, 41, 42, 43, 44].map((volume) => `Naruto T${volume}.cbz`);
      const data = await comicBuffer({ pages: 1 });
      await Promise.all(names.map((name) => writeFile(path.join(incoming(), name), data)));
      await until(
        async () => (await Promise.all(names.map((name) => importedAs(name)()))).every(Boolean),
        'the five arrivals imported',
      );
      for (const volume of [40, 41, 42, 43, 44]) await waitForVolume(seriesIds['Naruto']!, volume);
      expect(asked).toEqual([{ mode: 'incremental', folders: ['Naruto'] }]);
    } finally {
      jobs.start = start;
    }
  });

  it('takes a pass of mixed arrivals together, each as it would be alone', async () => {
    // One pass sees them all ready at once: read, matched, queued and placed together (bench:import).
    const watcher = server.container.importWatcher;
    await watcher.stop();
    try {
      const em = server.container.orm.em.fork();
      const grab = em.create(ReleaseGrab, {
        series: seriesIds['One Piece']!,
        seriesName: 'One Piece',
        volume: 60,
        title: 'Some.Other.Release.Name',
        protocol: 'torrent',
        provider: 'prowlarr',
        status: 'grabbed',
      });
      await em.flush();
      const owned = path.join(server.librariesRoot, 'shelf', 'Naruto', 'Naruto T01.cbz');
      const ownedBefore = await readFile(owned);
      const before = new Set([...(await queue()), ...(await history())].map((row) => row.id));
      await writeComic(incoming(), 'Naruto T60.cbz', { pages: 1 });
      await writeComic(incoming(), 'One Piece T60.cbz', { pages: 1 });
      await writeComic(incoming(), 'Bleach T01.cbz', { pages: 1 });
      const duplicate = path.join(incoming(), 'Mixed pass', 'Naruto T01.cbz');
      await writeComic(path.dirname(duplicate), 'Naruto T01.cbz', { pages: 2 });
      // Two arrivals racing for one name: one takes it, the other waits with the reason.
      await writeComic(incoming(), 'Naruto T61.cbz', { pages: 1 });
      await writeComic(path.join(incoming(), 'Naruto.T61.REPACK'), 'Naruto T61.cbz', { pages: 2 });
      const names = ['Naruto T60.cbz', 'One Piece T60.cbz', 'Bleach T01.cbz', 'Naruto T01.cbz', 'Naruto T61.cbz'];
      const settled = async () => {
        const queued = (await queue()).filter((entry) => !before.has(entry.id) && names.includes(entry.original_name));
        const done = (await history()).filter((record) => !before.has(record.id) && names.includes(record.source_name));
        return queued.length + done.length === 6 ? { queued, done } : undefined;
      };
      const { queued, done } = await until(settled, 'the six arrivals taken');
      expect(done.map((record) => `${record.series_name} ${record.volume}`).sort()).toEqual([
        'Naruto 60',
        'Naruto 61',
        'One Piece 60',
      ]);
      expect(queued.map((entry) => [entry.original_name, entry.error]).sort()).toEqual(
        [
          ['Bleach T01.cbz', null],
          ['Naruto T01.cbz', 'duplicate'],
          ['Naruto T61.cbz', 'target-exists'],
        ].sort(),
      );
      expect(await readFile(owned)).toEqual(ownedBefore);
      await expect
        .poll(async () => (await em.fork().findOneOrFail(ReleaseGrab, { id: grab.id })).status)
        .toBe('imported');
      // Hard links: every download is still where its client left it.
      for (const name of ['Naruto T60.cbz', 'One Piece T60.cbz', 'Bleach T01.cbz', 'Naruto T61.cbz']) {
        await stat(path.join(incoming(), name));
      }
      await stat(duplicate);
      await waitForVolume(seriesIds['Naruto']!, 60);
      await waitForVolume(seriesIds['Naruto']!, 61);
      await waitForVolume(seriesIds['One Piece']!, 60);
    } finally {
      watcher.start();
    }
  });

  it('matches a download to its grab by the release name, and the grab becomes imported', async () => {
    const em = server.container.orm.em.fork();
    const grab = em.create(ReleaseGrab, {
      series: seriesIds['One Piece']!,
      seriesName: 'One Piece',
      volume: 12,
      title: 'One.Piece.T12.FRENCH.CBZ-TEAM',
      protocol: 'torrent',
      provider: 'prowlarr',
      status: 'grabbed',
    });
    await em.flush();
    // The file's own name says nothing: the folder the client named after the release does.
    await writeComic(path.join(incoming(), 'One.Piece.T12.FRENCH.CBZ-TEAM'), 'op-xx.cbz', { pages: 1 });
    const record = await until(importedAs('op-xx.cbz'), 'the grabbed release imported');
    expect(record).toMatchObject({ series_name: 'One Piece', volume: 12 });
    await expect
      .poll(async () => (await em.fork().findOneOrFail(ReleaseGrab, { id: grab.id })).status)
      .toBe('imported');
  });

  it('waits while a file grows under its final name, and imports it whole once it stops', async () => {
    // Only this test's looks, so that a piece lands between every two of them however slow the machine is: the
    // file never stays the same from one look to the next until the last piece.
    const watcher = server.container.importWatcher;
    await watcher.stop();
    try {
      const file = path.join(incoming(), 'Naruto T16.cbz');
      const data = await comicBuffer({ pages: 3 });
      const pieces = 5;
      const size = Math.ceil(data.length / pieces);
      await writeFile(file, data.subarray(0, size));
      for (let piece = 1; piece < pieces; piece++) {
        await step();
        expect(await importedAs('Naruto T16.cbz')()).toBeUndefined();
        expect((await queue()).map((entry) => entry.original_name)).not.toContain('Naruto T16.cbz');
        await appendFile(file, data.subarray(piece * size, (piece + 1) * size));
      }
      const record = await until(importedAs('Naruto T16.cbz'), 'the grown file imported');
      expect(record).toMatchObject({ series_name: 'Naruto', volume: 16 });
      expect(await readFile(path.join(server.librariesRoot, 'shelf', record.target_path))).toEqual(data);
    } finally {
      watcher.start();
    }
  });

  it('leaves a duplicate of an owned volume dropped in the folder waiting: the owned file and the download kept', async () => {
    const owned = path.join(server.librariesRoot, 'shelf', 'Naruto', 'Naruto T01.cbz');
    const before = await readFile(owned);
    await writeComic(incoming(), 'Naruto - T01 [HD].cbz', { pages: 3 });
    const entry = await until(
      async () => (await queue()).find((item) => item.original_name === 'Naruto - T01 [HD].cbz'),
      'the duplicate queued',
    );
    expect(entry.error).toBe('duplicate');
    expect(await readFile(owned)).toEqual(before);
    expect(await readdir(path.join(server.librariesRoot, 'shelf', 'Naruto'))).not.toContain('Naruto - T01.cbz');
    await stat(path.join(incoming(), 'Naruto - T01 [HD].cbz'));
  });

  it('never takes a file from outside every root through a symlink dropped in the folder', async () => {
    const outside = path.join(path.dirname(server.dataDir), 'outside');
    await mkdir(outside, { recursive: true });
    const data = await comicBuffer({ pages: 1 });
    await writeFile(path.join(outside, 'Naruto T20.cbz'), data);
    await writeFile(path.join(outside, 'Naruto T21.cbz'), data);
    await symlink(path.join(outside, 'Naruto T20.cbz'), path.join(incoming(), 'Naruto T20.cbz'));
    // A download's folder holding a symlink to the outside book beside nothing else.
    await mkdir(path.join(incoming(), 'Naruto.T21.FRENCH'));
    await symlink(path.join(outside, 'Naruto T21.cbz'), path.join(incoming(), 'Naruto.T21.FRENCH', 'Naruto T21.cbz'));
    // A real arrival dropped with them: once it is imported, the symlinks were looked at as many times.
    await writeComic(incoming(), 'Naruto T22.cbz', { pages: 1 });
    await until(importedAs('Naruto T22.cbz'), 'the real arrival imported');
    for (let i = 0; i < 3; i++) await step();
    const names = [...(await history()), ...(await queue())].map((item) => item.source_name ?? item.original_name);
    expect(names).not.toContain('Naruto T20.cbz');
    expect(names).not.toContain('Naruto T21.cbz');
    expect(await bookVolumes(seriesIds['Naruto']!)).not.toContain(20);
    expect(await bookVolumes(seriesIds['Naruto']!)).not.toContain(21);
    expect(await readFile(path.join(outside, 'Naruto T20.cbz'))).toEqual(data);
    expect(await readFile(path.join(outside, 'Naruto T21.cbz'))).toEqual(data);
    await rm(path.join(incoming(), 'Naruto T20.cbz'));
    await rm(path.join(incoming(), 'Naruto.T21.FRENCH'), { recursive: true });
  });

  it('keeps going when an import folder vanishes, and reads it again when it returns', async () => {
    await rm(incoming(), { recursive: true, force: true });
    await step();
    expect(server.logs.join('')).toContain('is skipped');
    await mkdir(incoming());
    await writeComic(incoming(), 'One Piece - T05.cbz', { pages: 1 });
    const record = await until(importedAs('One Piece - T05.cbz'), 'the file in the returned folder imported');
    expect(record).toMatchObject({ series_name: 'One Piece', volume: 5 });
  });
});

describe('an import folder read by two workers on one database (one lease at a time, ADR 13)', () => {
  it('imports each arrival once, and the other worker takes the folder over when the holder dies', async () => {
    const { orm, config, services, logger, importWatcher: first } = server.container;
    const repository = new WatchRepository(orm.em);
    // A second worker's watcher: its own holder name and instance id, the same database and folders.
    const second = new ImportFolderWatcher(
      orm,
      services.settings,
      new ImportFolders(new LibrariesRoot(config.librariesRoot), config.imports.roots, () => Promise.resolve([])),
      services.imports,
      config.imports.quietMs,
      logger,
      { repository, leaseMs: config.watch.leaseMs },
    );
    second.start();
    const folder = await realpath(incoming());
    const lease = () => withContext(orm, () => repository.importFolderLease(folder));
    const importedOnce = async (names: string[]) => {
      const records = await history();
      return names.every((name) => records.some((record) => record.source_name === name));
    };
    try {
      const names = ['One Piece T14.cbz', 'One Piece T15.cbz', 'Naruto T09.cbz'];
      for (const name of names) await writeComic(incoming(), name, { pages: 1 });
      // Both read the folder at the same moments: both would find the arrivals ready and not yet imported.
      const deadline = Date.now() + 30_000;
      while (!(await importedOnce(names))) {
        if (Date.now() > deadline) throw new Error('the arrivals were not imported');
        await Promise.all([first.pass(), second.pass()]);
      }
      await Promise.all([first.pass(), second.pass()]);
      const records = await history();
      for (const name of names)
        expect(
          records.filter((record) => record.source_name === name),
          name,
        ).toHaveLength(1);
      expect((await queue()).filter((entry) => names.includes(entry.original_name))).toEqual([]);

      const holder = (await lease())!.holder;
      const [dying, other] = holder === first.holderName ? [first, second] : [second, first];
      expect(dying.holderName).toBe(holder);
      // The holder dies: it reads no more, and its lease stays as it last renewed it, until it expires.
      await dying.stop();
      await withContext(orm, () =>
        repository.acquireImportFolder(folder, holder, Date.now(), Date.now() + config.watch.leaseMs),
      );
      await writeComic(incoming(), 'Naruto T10.cbz', { pages: 1 });
      const takeOverDeadline = Date.now() + 30_000;
      while (!(await importedOnce(['Naruto T10.cbz']))) {
        if (Date.now() > takeOverDeadline) throw new Error('the other worker did not take the folder over');
        await other.pass();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await lease())!.holder).toBe(other.holderName);
      expect((await history()).filter((record) => record.source_name === 'Naruto T10.cbz')).toHaveLength(1);
    } finally {
      await second.stop();
      first.start();
    }
  });
});

describe('the queue, history and undo over REST', () => {
  it('imports a queued file as the admin chooses, then undoes it: the file goes back and the book leaves', async () => {
    const entry = await submit({ path: await stage(), originalName: 'mystery.cbz', source: 'upload' });
    expect(entry.status).toBe('queued');
    expect((await queue()).map((item) => item.id)).toContain(entry.id);
    const done = await call(`/imports/${entry.id}/import`, {
      token,
      method: 'POST',
      body: { series_id: seriesIds['One Piece'], volume: 9 },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'imported', series_id: seriesIds['One Piece'] });
    await waitForVolume(seriesIds['One Piece']!, 9);
    const record = (await history()).find((item) => item.import_id === entry.id);
    expect(record).toMatchObject({ how: 'move', volume: 9, imported_by: expect.any(String) });
    const placed = path.join(server.librariesRoot, 'shelf', record.target_path);
    await stat(placed);
    const undone = await call(`/imports/history/${record.id}/undo`, { token, method: 'POST' });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.undone_at).not.toBeNull();
    await expect(stat(placed)).rejects.toThrow();
    await stat(entry.path);
    expect((await queue()).map((item) => item.id)).toContain(entry.id);
    await waitForVolume(seriesIds['One Piece']!, 9, false);
    expectProblem(await call(`/imports/history/${record.id}/undo`, { token, method: 'POST' }), 409);
  });

  it('refuses to undo an import whose file changed since, and leaves it', async () => {
    const entry = await submit({ path: await stage(), originalName: 'One Piece T10.cbz', source: 'upload' });
    expect(entry.status, entry.errorMessage ?? '').toBe('imported');
    const record = (await history()).find((item) => item.import_id === entry.id);
    const placed = path.join(server.librariesRoot, 'shelf', record.target_path);
    await appendFile(placed, 'edited');
    expectProblem(await call(`/imports/history/${record.id}/undo`, { token, method: 'POST' }), 409);
    await stat(placed);
  });

  it('upgrades an owned volume only when asked: the book keeps its id', async () => {
    await waitForVolume(seriesIds['Naruto']!, 1);
    const before = (await call(`/series/${seriesIds['Naruto']}/books?limit=100`, { token })).body.items.find(
      (item: { volume: number }) => item.volume === 1,
    );
    const entry = await submit({
      path: await stage({ pages: 4 }),
      originalName: 'Naruto T01 HD.cbz',
      source: 'upload',
    });
    expect(entry.errorCode).toBe('duplicate');
    const refused = await call(`/imports/${entry.id}/import`, {
      token,
      method: 'POST',
      body: { series_id: seriesIds['Naruto'], volume: 1 },
    });
    expectProblem(refused, 409);
    const upgraded = await call(`/imports/${entry.id}/import`, {
      token,
      method: 'POST',
      body: { series_id: seriesIds['Naruto'], volume: 1, replace: true },
    });
    expect(upgraded.status, upgraded.text).toBe(200);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const books = (await call(`/series/${seriesIds['Naruto']}/books?limit=100`, { token })).body.items;
      const book = books.find((item: { volume: number }) => item.volume === 1);
      if (book?.page_count === 4) {
        expect(book.id).toBe(before.id);
        break;
      }
      if (Date.now() > deadline) throw new Error('the upgrade was not indexed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const record = (await history()).find((item) => item.import_id === entry.id);
    expect(record.replaced).toBe(true);
    expectProblem(await call(`/imports/history/${record.id}/undo`, { token, method: 'POST' }), 409);
  });

  it('ignores a queued file, which then leaves the queue', async () => {
    const entry = await submit({ path: await stage(), originalName: 'nothing known.cbz', source: 'upload' });
    const ignored = await call(`/imports/${entry.id}/ignore`, { token, method: 'POST' });
    expect(ignored.status, ignored.text).toBe(200);
    expect((await queue()).map((item) => item.id)).not.toContain(entry.id);
    expectProblem(await call(`/imports/${entry.id}/ignore`, { token, method: 'POST' }), 409);
  });

  it('lets two files racing for one name place one, and queues the other with the reason, nothing overwritten', async () => {
    const [a, b] = await Promise.all([
      stage({ pages: 1 }).then((file) => submit({ path: file, originalName: 'One Piece T11.cbz', source: 'upload' })),
      stage({ pages: 2 }).then((file) => submit({ path: file, originalName: 'One Piece - 11.cbz', source: 'upload' })),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual(['imported', 'queued']);
    const loser = a.status === 'queued' ? a : b;
    expect(['target-exists', 'duplicate']).toContain(loser.errorCode);
    await stat(loser.path);
  });
});

const refusal = await loopMountRefusal(path.join('/tmp', `shelfmark-loop-${process.pid}`));

describe.skipIf(refusal !== null)(`libraries that cannot take a file${refusal ? ` (skipped: ${refusal})` : ''}`, () => {
  it('records a read-only library as the reason, and a full one, with nothing half-written', async () => {
    const scratch = path.join('/tmp', `shelfmark-loop-${process.pid}`);
    const readOnly = await loopMount(path.join(scratch, 'ro.img'), path.join(server.librariesRoot, 'ro'), 4);
    const full = await loopMount(path.join(scratch, 'full.img'), path.join(server.librariesRoot, 'full'), 2);
    try {
      await writeComic(readOnly.at, 'Bleach/Bleach T01.cbz', { pages: 1 });
      await writeComic(full.at, 'Berserk/Berserk T01.cbz', { pages: 1 });
      for (const [name, root] of [
        ['RO', 'ro'],
        ['Full', 'full'],
      ] as const) {
        const created = await call('/libraries', {
          token,
          method: 'POST',
          body: { name, root_path: root, import_mode: 'copy' },
        });
        expect(created.status, created.text).toBe(201);
        expect((await waitForJob(call, token, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
      }
      await readOnly.remountReadOnly();
      // Fill the small file system but for a little room: the copy starts, then the disk fills up mid-copy.
      await writeFile(path.join(full.at, 'room'), randomBytes(64 * 1024));
      await writeFile(path.join(full.at, 'filler'), Buffer.alloc(8_000_000)).catch(() => undefined);
      await rm(path.join(full.at, 'room'));
      const series = await call('/series?limit=100', { token });
      const idOf = (name: string) => series.body.items.find((item: { name: string }) => item.name === name).id;

      const ro = await submit({ path: await stage(), originalName: 'Bleach T02.cbz', source: 'upload' });
      expect(ro.status).toBe('queued');
      expect(ro.errorCode).toBe('read-only');

      const big = await comicBuffer({ pages: 2, cover: randomBytes(600_000) });
      const file = path.join(server.dataDir, 'uploads', 'big');
      await writeFile(file, big);
      const entry = await submit({ path: file, originalName: 'Berserk T02.cbz', source: 'upload' });
      expect(entry.status).toBe('queued');
      expect(entry.errorCode).toBe('no-space');
      // Nothing half-written: no partial book, no temporary file left.
      expect((await readdir(path.join(full.at, 'Berserk'))).sort()).toEqual(['Berserk T01.cbz']);
      expect(idOf('Berserk')).toBeTruthy();
      // The file is still the import's, whole.
      expect(await readFile(entry.path)).toEqual(big);
    } finally {
      await readOnly.unmount();
      await full.unmount();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
