import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../src/database/request-context.js';
import type { ImportSubmission } from '../src/services/import.service.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { comicBuffer, writeComic } from './support/library-builder.js';
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
  server = await startTestServer({ thumbnails: false });
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
    const entry = await submit({ path: await stage(), originalName: 'Naruto - Tome 2.cbz', source: 'upload' });
    expect(entry.status, entry.errorMessage ?? '').toBe('imported');
    expect(entry.series?.id).toBe(seriesIds['Naruto']);
    await waitForVolume(seriesIds['Naruto']!, 2);
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
