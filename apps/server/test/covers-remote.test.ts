import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../src/config.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { SCRIPTED_PLUGINS, ScriptedProvider, seriesRecord } from './support/scripted-provider.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let provider: ScriptedProvider;
let libraryId: string;

/** A provider's image host: what each path answers, and how often each was asked. */
const images = new Map<string, (res: ServerResponse) => void>();
const hits = new Map<string, number>();
let imageHost: Server;
const stalled: ServerResponse[] = [];
let host = '';

const post = (route: string, body?: unknown) => call(route, { method: 'POST', token, body });
/** A `cover_url` of ours, called as the admin's <img> would (its path already holds the API root). */
const fetchCover = (coverUrl: string, headers: Record<string, string> = {}) =>
  apiClient(server.url, '')(coverUrl, { token, headers });
const hitsOf = (route: string) => hits.get(route) ?? 0;
const cachedFiles = async () => readdir(path.join(server.dataDir, 'remote-covers')).catch(() => [] as string[]);

async function candidatesFor(seriesName: string) {
  const result = await post('/metadata/search', { library_id: libraryId, series_name: seriesName });
  expect(result.status, result.text).toBe(200);
  return result.body.items as any[];
}

/** The cover_url of the first candidate the provider answers for a record whose cover is at `route`. */
async function candidateCover(id: string, route: string): Promise<string> {
  provider.search.set('Kept', [seriesRecord(id, 'Kept', { coverUrl: `${host}${route}` })]);
  const [candidate] = await candidatesFor('Kept');
  return candidate.cover_url;
}

beforeAll(async () => {
  const png = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: '#c03040' } })
    .png()
    .toBuffer();
  images.set('/cover.png', (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  images.set('/page.html', (res) =>
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html><script>alert(1)</script></html>'),
  );
  // Past the cap without a Content-Length: the cap must hold on the bytes, not on what the answer claims.
  images.set('/huge.png', (res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(png.subarray(0, 64));
    const block = Buffer.alloc(256 * 1024);
    for (let i = 0; i < 9; i++) res.write(block);
    res.end();
  });
  // Starts an image, then holds the rest back until the test ends.
  images.set('/slow.png', (res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(png.subarray(0, 64));
    stalled.push(res);
  });
  images.set('/moved', (res) => res.writeHead(302, { location: '/cover.png' }).end());
  images.set('/to-file', (res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
  images.set('/gone.png', (res) => res.writeHead(404).end('no such cover'));
  imageHost = createServer((req, res) => {
    const route = new URL(req.url ?? '/', 'http://fake').pathname;
    hits.set(route, hitsOf(route) + 1);
    const answer = images.get(route);
    if (answer) answer(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;

  provider = await new ScriptedProvider().start();
  server = await startTestServer({
    thumbnails: false,
    remoteCoverLimits: { timeoutMs: 5000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 },
    env: { SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, ...SCRIPTED_PLUGINS].join(',') },
  });
  call = apiClient(server.url);
  const settings = await call('/settings', {
    method: 'PATCH',
    token,
    body: { plugins: { scripted_primary: { base_url: provider.url, api_key: 'covers-test-key' } } },
  });
  expect(settings.status, settings.text).toBe(200);
  const shelf = path.join(server.librariesRoot, 'shelf');
  await writeComic(shelf, 'Kept/Kept 01.cbz');
  // A series whose only file has no cover: the list shows the provider's cover for it.
  await mkdir(path.join(shelf, 'Coverless'), { recursive: true });
  await writeFile(path.join(shelf, 'Coverless', 'Coverless 01.cbz'), 'not a zip at all');
  const library = await post('/libraries', {
    name: 'Shelf',
    root_path: 'shelf',
    metadata_provider: 'scripted_primary',
  });
  expect(library.status, library.text).toBe(201);
  libraryId = library.body.id;
  const job = await post(`/libraries/${libraryId}/scan`, {});
  // The broken file is an error of the scan, not of the test.
  expect((await waitForJob(call, token, job.body.id)).status).toBe('completed_with_errors');
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
  for (const res of stalled) res.end();
  await new Promise((resolve) => imageHost?.close(resolve));
});

afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('covers from metadata providers, through the server', () => {
  it('sends a candidate’s cover as a signed address of the server, and answers it with a re-encoded JPEG once fetched', async () => {
    const cover = await candidateCover('png', '/cover.png');
    expect(cover).toMatch(/^\/api\/v1\/covers\/remote\?u=[^&]+&s=[0-9a-f]{64}$/);
    expect(new URL(cover, server.url).searchParams.get('u')).toBe(`${host}/cover.png`);
    expect(hitsOf('/cover.png')).toBe(0);

    const first = await fetch(new URL(cover, server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const bytes = Buffer.from(await first.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 600, height: 900 });
    expect(hitsOf('/cover.png')).toBe(1);

    // Kept on disk: neither a second request nor a revalidation reaches the provider again.
    const again = await fetch(new URL(cover, server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
    // A browser revalidating (fetch() would add `Cache-Control: no-cache` to a conditional request by itself).
    expect((await fetchCover(cover, { 'if-none-match': etag!, 'cache-control': 'max-age=0' })).status).toBe(304);
    expect(hitsOf('/cover.png')).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    const cover = await candidateCover('anonymous', '/cover.png');
    expectProblem(await apiClient(server.url, '')(cover), 401);
  });

  it('answers 404 to an address it did not sign, and fetches nothing', async () => {
    const cover = new URL(await candidateCover('signed', '/cover.png'), server.url);
    const signature = cover.searchParams.get('s')!;
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const before = hitsOf('/cover.png');
    const asked = (u: string, s: string) => call('/covers/remote', { token, query: { u, s } });

    expectProblem(await asked(`${host}/cover.png`, tampered), 404);
    // A signature is good for its own address only.
    expectProblem(await asked(`${host}/elsewhere.png`, signature), 404);
    expectProblem(await asked(`${host}/cover.png?x=1`, signature), 404);
    expectProblem(await asked('http://169.254.169.254/latest/meta-data', signature), 404);
    // Malformed signatures are refused by the contract.
    expectProblem(await asked(`${host}/cover.png`, 'nope'), 400);
    expect(hitsOf('/cover.png')).toBe(before);
    expect(hitsOf('/elsewhere.png')).toBe(0);
  });

  it('answers 404 for an answer that is not an image, too large, too slow, missing or redirected off the web, and keeps nothing', async () => {
    const before = await cachedFiles();
    for (const route of ['/page.html', '/huge.png', '/slow.png', '/gone.png', '/to-file']) {
      const cover = await candidateCover(`bad${route.replace(/\W/g, '-')}`, route);
      const result = await fetchCover(cover);
      expectProblem(result, 404);
      // Nothing of the remote answer is passed on.
      expect(result.text).not.toContain('script');
      expect(result.text).not.toContain('no such cover');
      expect(result.text).not.toContain('127.0.0.1');
    }
    expect(await cachedFiles()).toEqual(before);
    // Nothing kept, so a later request asks again (the provider may have fixed it).
    const html = await candidateCover('bad-page-html', '/page.html');
    await fetchCover(html);
    expect(hitsOf('/page.html')).toBe(2);
  });

  it('follows a redirect to an image', async () => {
    const cover = await candidateCover('moved', '/moved');
    const result = await fetch(new URL(cover, server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(result.status).toBe(200);
    expect((await sharp(Buffer.from(await result.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it('shows a matched series’ provider cover through the server, and keeps the provider’s own address in the series', async () => {
    provider.add(seriesRecord('coverless', 'Coverless', { coverUrl: `${host}/cover.png` }), [], 'Coverless');
    const [candidate] = await candidatesFor('Coverless');
    // The admin passes the candidate back as the search returned it.
    const link = await post('/metadata/match', {
      library_id: libraryId,
      series_name: 'Coverless',
      provider: candidate.provider,
      external_id: candidate.external_id,
      candidate,
    });
    expect(link.status, link.text).toBe(201);
    expect((await post(`/metadata/approve/${link.body.id}`)).status).toBe(200);

    const stored = await server.container.orm.em
      .fork()
      .getConnection()
      .execute<{ cover_url: string }[]>(`select cover_url from series where name = 'Coverless'`);
    expect(stored[0]?.cover_url).toBe(`${host}/cover.png`);

    const list = (await call('/series', { token, query: { library_id: libraryId } })).body.items as any[];
    const coverless = list.find((series) => series.name === 'Coverless');
    expect(coverless.cover_url).toMatch(/^\/api\/v1\/covers\/remote\?u=[^&]+&s=[0-9a-f]{64}$/);
    expect(coverless.cover_url).toBe(candidate.cover_url);
    expect((await fetchCover(coverless.cover_url)).status).toBe(200);
    const details = (await call(`/series/${coverless.id}`, { token })).body;
    expect(details.cover_url).toBe(coverless.cover_url);
    // A series with a cover of its own still shows its first book's thumbnail.
    expect(list.find((series) => series.name === 'Kept').cover_url).toMatch(
      /^\/api\/v1\/books\/[0-9a-f-]{36}\/thumbnail$/,
    );
  });
});
