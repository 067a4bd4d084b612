import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExternalBookMetadata } from '../src/entities/external-book-metadata.entity.js';
import { MetadataLink } from '../src/entities/metadata-link.entity.js';
import { ReleaseGrab } from '../src/entities/release-grab.entity.js';
import { Series } from '../src/entities/series.entity.js';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * GET /wanted (issue 36): the missing volumes of linked series (their provider's numbered volumes) and of unlinked
 * series with a `total_volumes`, across libraries, with their grab status, paged and filtered, over REST and tRPC,
 * and only of the libraries the caller may see.
 */

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
const libraries = { shelf: '', other: '' };
const READER_PASSWORD = 'reader password 1';

const wanted = async (query = '', auth: { token?: string; cookie?: string } = { token }) => {
  const result = await call(`/wanted${query}`, auth);
  expect(result.status, result.text).toBe(200);
  return result.body as { items: any[]; total: number; page: number; limit: number };
};
/** `series volume` of each item, in order: what the list says at a glance. */
const volumes = (body: { items: any[] }) => body.items.map((item) => `${item.series_name} ${item.volume}`);

async function seriesNamed(name: string): Promise<Series> {
  return server.container.orm.em.fork().findOneOrFail(Series, { name });
}

async function setTotal(libraryId: string, name: string, total: number, status?: string) {
  const patched = await call(`/libraries/${libraryId}/series/${encodeURIComponent(name)}`, {
    method: 'PATCH',
    token,
    body: { total_volumes: total },
  });
  expect(patched.status, patched.text).toBe(200);
  if (status !== undefined) {
    const series = await seriesNamed(name);
    const updated = await call(`/series/${series.id}`, { method: 'PATCH', token, body: { status } });
    expect(updated.status, updated.text).toBe(200);
  }
}

/** A provider link on a series, with its numbered volumes (`hasBook`: the sync matched a local book to it). */
async function link(name: string, status: 'approved' | 'pending', volumes: [number, string | null, boolean][]) {
  const em = server.container.orm.em.fork();
  const series = await em.findOneOrFail(Series, { name });
  const created = em.create(MetadataLink, {
    id: randomUUID(),
    series,
    provider: `provider-${status}`,
    externalId: `${name}-${status}`,
    status,
    matchedAt: new Date(),
    approvedAt: status === 'approved' ? new Date() : null,
  });
  for (const [volumeNumber, title, hasBook] of volumes) {
    const [first] = await em.execute<{ id: string }[]>(
      'select id from books where series_id = ? order by volume_sort limit 1',
      [series.id],
    );
    const book = hasBook ? first!.id : null;
    em.create(ExternalBookMetadata, { id: randomUUID(), link: created, book, volumeNumber, title });
  }
  await em.flush();
}

/** A grab as POST /releases/grab records it (that operation comes with the grab; the list only reads grabs). */
async function recordGrab(name: string, volume: number, status: 'grabbed' | 'failed' | 'imported') {
  const em = server.container.orm.em.fork();
  const series = await em.findOneOrFail(Series, { name });
  const grab = em.create(ReleaseGrab, {
    id: randomUUID(),
    series,
    seriesName: name,
    volume,
    title: `${name} T${volume} (2026) [Digital]`,
    sizeBytes: 50_000_000,
    protocol: 'torrent',
    indexer: 'Nyaa',
    provider: 'prowlarr',
    status,
    failureCode: status === 'failed' ? 'unavailable' : null,
    failureMessage: null,
    grabbedBy: null,
  });
  await em.flush();
  return grab.id;
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  const shelf = path.join(server.librariesRoot, 'shelf');
  await writeComic(shelf, 'Naruto/Naruto T01.cbz', { pages: 1 });
  await writeComic(shelf, 'Naruto/Naruto T03.cbz', { pages: 1 });
  // An omnibus holds each volume of its range.
  await writeComic(shelf, 'Omnibus/Omnibus T01-T03.cbz', { pages: 1 });
  await writeComic(shelf, 'Linked/Linked T01.cbz', { pages: 1 });
  await writeComic(shelf, 'Untold/Untold T01.cbz', { pages: 1 });
  await writeComic(path.join(server.librariesRoot, 'other'), 'Other/Other T01.cbz', { pages: 1 });
  for (const key of ['shelf', 'other'] as const) {
    const created = await call('/libraries', { method: 'POST', token, body: { name: key, root_path: key } });
    expect(created.status, created.text).toBe(201);
    libraries[key] = created.body.id;
    expect((await waitForJob(call, token, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  }
  await setTotal(libraries.shelf, 'Naruto', 4, 'ended');
  await setTotal(libraries.shelf, 'Omnibus', 4);
  // The approved link's volumes are the expected ones: its total of 9 does not add 3..9.
  await setTotal(libraries.shelf, 'Linked', 9);
  await setTotal(libraries.other, 'Other', 2);
  await link('Linked', 'approved', [
    [1, 'Un', false],
    [2, 'Deux', false],
    [5, 'Cinq', true],
  ]);
  // A pending link says nothing yet.
  await link('Linked', 'pending', [[3, 'Trois', false]]);
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('GET /wanted', () => {
  it('lists the missing volumes of linked and unlinked series across libraries, by series then volume', async () => {
    const body = await wanted();
    expect(volumes(body)).toEqual(['Linked 2', 'Naruto 2', 'Naruto 4', 'Omnibus 4', 'Other 2']);
    expect(body).toMatchObject({ total: 5, page: 1, limit: 50 });
    const naruto = await seriesNamed('Naruto');
    expect(body.items[1]).toEqual({
      series_id: naruto.id,
      series_name: 'Naruto',
      library_id: libraries.shelf,
      series_status: 'ended',
      volume: 2,
      title: null,
      status: 'missing',
      last_grab: null,
    });
    // The provider's title of a linked series' volume.
    expect(body.items[0]).toMatchObject({ series_name: 'Linked', volume: 2, title: 'Deux' });
  });

  it('pages and filters by library, series, series status and status', async () => {
    const second = await wanted('?limit=2&page=2');
    expect(volumes(second)).toEqual(['Naruto 4', 'Omnibus 4']);
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect((await wanted('?page=9')).items).toEqual([]);
    expect(volumes(await wanted(`?library_id=${libraries.other}`))).toEqual(['Other 2']);
    const naruto = await seriesNamed('Naruto');
    expect(volumes(await wanted(`?series_id=${naruto.id}`))).toEqual(['Naruto 2', 'Naruto 4']);
    expect(volumes(await wanted('?series_status=ended'))).toEqual(['Naruto 2', 'Naruto 4']);
    expect((await wanted(`?series_id=${randomUUID()}`)).total).toBe(0);
    expect(volumes(await wanted('?status=missing'))).toHaveLength(5);
  });

  it('refuses bad parameters with a 400', async () => {
    for (const query of ['?limit=0', '?limit=501', '?page=0', '?status=lost', '?library_id=nope', '?series_id=1'])
      expectProblem(await call(`/wanted${query}`, { token }), 400);
  });

  it("gives each volume its latest grab's status: grabbed and imported are said, a failed grab leaves it missing", async () => {
    const failed = await recordGrab('Naruto', 2, 'failed');
    let body = await wanted('?library_id=' + libraries.shelf);
    expect(body.items[1]).toMatchObject({
      volume: 2,
      status: 'missing',
      last_grab: { id: failed, status: 'failed' },
    });
    const grabbed = await recordGrab('Naruto', 2, 'grabbed');
    await recordGrab('Omnibus', 4, 'imported');
    body = await wanted('?library_id=' + libraries.shelf);
    expect(body.items[1]).toMatchObject({
      volume: 2,
      status: 'grabbed',
      last_grab: { id: grabbed, status: 'grabbed' },
    });
    expect(Date.parse(body.items[1].last_grab.grabbed_at)).not.toBeNaN();
    expect(volumes(await wanted('?status=grabbed'))).toEqual(['Naruto 2']);
    expect(volumes(await wanted('?status=imported'))).toEqual(['Omnibus 4']);
    expect(volumes(await wanted('?status=missing'))).toEqual(['Linked 2', 'Naruto 4', 'Other 2']);
  });

  it('drops a volume once a scan brings its book in', async () => {
    await writeComic(path.join(server.librariesRoot, 'other'), 'Other/Other T02.cbz', { pages: 1 });
    const job = await call(`/libraries/${libraries.other}/scan`, { method: 'POST', token, body: {} });
    expect((await waitForJob(call, token, job.body.id, 60_000)).status).toBe('succeeded');
    expect((await wanted(`?library_id=${libraries.other}`)).items).toEqual([]);
  });

  it('shows a reader the volumes of their libraries only, over REST and tRPC alike', async () => {
    const created = await call('/users', {
      method: 'POST',
      token,
      body: { username: 'shelf-reader', password: READER_PASSWORD, role: 'reader', library_ids: [libraries.shelf] },
    });
    expect(created.status, created.text).toBe(201);
    const login = await call('/auth/login', {
      method: 'POST',
      body: { username: 'shelf-reader', password: READER_PASSWORD },
    });
    const cookie = sessionCookie(login.headers);
    const rest = await wanted('', { cookie });
    expect(rest.items.every((item) => item.library_id === libraries.shelf)).toBe(true);
    expect((await wanted(`?library_id=${libraries.other}`, { cookie })).total).toBe(0);
    const trpc = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })],
    });
    expect(await trpc.wanted.list.query({})).toEqual(rest);
    expect(await trpc.wanted.list.query({ status: 'grabbed', limit: 1 })).toMatchObject({
      total: 1,
      limit: 1,
      items: [{ series_name: 'Naruto', volume: 2 }],
    });
  });
});
