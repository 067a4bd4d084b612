import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExternalBookMetadata } from '../src/entities/external-book-metadata.entity.js';
import { MetadataLink } from '../src/entities/metadata-link.entity.js';
import { Series } from '../src/entities/series.entity.js';
import { secret } from './support/secrets.js';
import { apiClient, type ApiClient, type CallOptions, type CallResult } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

interface ProwlarrFakeModule {
  FAKE_API_KEY: string;
  startProwlarrFake: (options?: { apiKey?: string; urlBase?: string; latencyMs?: number }) => Promise<FakeService>;
}
/**
 * The Prowlarr plugin's own fake server. Imported by URL because the file lies outside this package's tsconfig
 * rootDir (a static import fails `tsc` with TS6059); vitest loads the TypeScript as usual.
 */
const { FAKE_API_KEY, startProwlarrFake } = (await import(
  new URL('../../../plugins/prowlarr/test/fake-service.ts', import.meta.url).href
)) as ProwlarrFakeModule;

secret(FAKE_API_KEY);
const token = BOOTSTRAP_TOKEN;
const WRONG_KEY = secret('wrong-key-5d0e8a1c77f34b29');
const span = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

let server: TestServer;
let fake: FakeService;
let call: ApiClient;
let libraryId: string;
/** Every response of the release endpoints, to check that no secret ever leaves. */
const responses: string[] = [];

async function releases(route: '/releases/search' | '/releases/test', body?: unknown): Promise<CallResult<any>> {
  const options: CallOptions = { method: 'POST', token };
  if (body !== undefined) options.body = body;
  const result = await call(route, options);
  responses.push(result.text);
  return result;
}

const search = (body: Record<string, unknown>) => releases('/releases/search', { library_id: libraryId, ...body });

async function configure(releaseIndexer: Record<string, unknown>) {
  const result = await call('/settings', { method: 'PATCH', token, body: { release_indexer: releaseIndexer } });
  expect(result.status, result.text).toBe(200);
}
const configureFake = () => configure({ url: fake.url, api_key: FAKE_API_KEY, categories: [7030, 7020] });

/** The searches the fake received from `from` on. */
const searchesSince = (from: number) =>
  fake.requests.slice(from).filter((request) => request.path === '/api/v1/search');

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function addSeriesLinks(seriesName: string) {
  const em = server.container.orm.em.fork();
  const series = await em.findOneOrFail(Series, { library: libraryId, name: seriesName });
  const link = (status: 'approved' | 'pending', provider: string, volumes: number[]) => {
    const created = em.create(MetadataLink, {
      id: randomUUID(),
      series,
      provider,
      externalId: `${provider}-1`,
      status,
      matchedAt: new Date(),
      approvedAt: status === 'approved' ? new Date() : null,
    });
    for (const volumeNumber of volumes) {
      em.create(ExternalBookMetadata, { id: randomUUID(), link: created, book: null, volumeNumber });
    }
  };
  // Volume 1 has no book on the provider side yet, but the library holds it since the last sync.
  link('approved', 'bedetheque', [1, 39, 40]);
  link('pending', 'comicvine', [2, 3]);
  await em.flush();
}

beforeAll(async () => {
  fake = await startProwlarrFake();
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  const shelf = path.join(server.librariesRoot, 'shelf');
  await writeComic(shelf, 'One Piece/One Piece T01.cbz', { pages: 1 });
  await writeComic(shelf, 'One Piece/One Piece T02.cbz', { pages: 1 });
  await writeComic(shelf, 'One Piece/One Piece T03-T04.cbz', { pages: 1 });
  await writeComic(shelf, 'Blacksad/Blacksad T02.cbz', { pages: 1 });
  await writeComic(shelf, 'Blacksad/Blacksad T03.cbz', { pages: 1 });
  await writeComic(shelf, "L'Arabe du futur/L'Arabe du futur T01.cbz", { pages: 1 });
  await writeComic(shelf, 'Astérix/Astérix T01.cbz', { pages: 1 });
  libraryId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body
    .id;
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
  for (const [name, total] of [
    ['One Piece', 12],
    ['Blacksad', 6],
    ['Astérix', 3],
  ] as const) {
    const patched = await call(`/libraries/${libraryId}/series/${encodeURIComponent(name)}`, {
      method: 'PATCH',
      token,
      body: { total_volumes: total },
    });
    expect(patched.status, patched.text).toBe(200);
  }
  await addSeriesLinks('Astérix');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('an unconfigured release indexer', () => {
  it('answers 400 to search and test, naming the settings to set', async () => {
    const before = fake.requests.length;
    for (const result of [await search({ series_name: 'One Piece' }), await releases('/releases/test')]) {
      expectProblem(result, 400);
      expect(result.body).toMatchObject({ provider: 'prowlarr', failure: 'not_configured' });
      expect(result.body.detail).toMatch(/release_indexer\.url and release_indexer\.api_key/);
    }
    await configure({ url: fake.url });
    const keyOnly = await releases('/releases/test');
    expectProblem(keyOnly, 400);
    expect(keyOnly.body.detail).toMatch(/set release_indexer\.api_key in the settings/);
    expect(keyOnly.body.detail).not.toMatch(/release_indexer\.url/);
    // Even with nothing to search (no missing volume), the answer says the indexer cannot be used.
    expectProblem(await search({ series_name: "L'Arabe du futur", missing: true }), 400);
    expect(fake.requests.length).toBe(before);
  });
});

describe('POST /releases/test', () => {
  beforeAll(configureFake);

  it('reports a working connection with the number of enabled indexers', async () => {
    const result = await releases('/releases/test');
    expect(result.status, result.text).toBe(200);
    expect(result.body).toEqual({
      ok: true,
      message: expect.stringMatching(/Connected to Prowlarr at 127\.0\.0\.1:\d+: 3 enabled indexers/),
      indexer_count: 3,
      provider: 'prowlarr',
      failure: null,
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/indexer', headers: { 'x-api-key': FAKE_API_KEY } });
  });

  it('tells a bad key, an unreachable host and a wrong URL apart, each as a 200 with ok: false', async () => {
    const outcomes: Record<string, any> = {};
    await configure({ api_key: WRONG_KEY });
    outcomes.badKey = (await releases('/releases/test')).body;
    await configure({ url: `http://127.0.0.1:${await closedPort()}`, api_key: FAKE_API_KEY });
    outcomes.unreachable = (await releases('/releases/test')).body;
    await configure({ url: `${fake.url}/not-prowlarr` });
    outcomes.wrongUrl = (await releases('/releases/test')).body;
    await configureFake();

    for (const outcome of Object.values(outcomes)) {
      expect(outcome).toMatchObject({ ok: false, indexer_count: null, message: expect.any(String) });
    }
    expect(outcomes.badKey).toMatchObject({ provider: 'prowlarr', failure: 'refused_key' });
    expect(outcomes.unreachable).toMatchObject({ provider: 'prowlarr', failure: 'unreachable' });
    expect(outcomes.wrongUrl).toMatchObject({ provider: 'prowlarr', failure: 'wrong_url' });
    expect(outcomes.badKey.message).toMatch(/refused the API key/);
    expect(outcomes.unreachable.message).toMatch(/Could not reach Prowlarr at 127\.0\.0\.1:\d+/);
    expect(outcomes.wrongUrl.message).toMatch(/does not look like a Prowlarr server/);
    expect(new Set(Object.values(outcomes).map((outcome) => outcome.message)).size).toBe(3);
    expect((await releases('/releases/test')).body.ok).toBe(true);
  }, 60_000);
});

describe('POST /releases/search', () => {
  beforeAll(configureFake);

  it('searches by series, with the volumes of each title and the missing ones it fills, most useful first', async () => {
    const from = fake.requests.length;
    const result = await search({ series_name: 'One Piece' });
    expect(result.status, result.text).toBe(200);
    expect(result.body.queries).toEqual(['"One Piece"']);

    const sent = searchesSince(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.get('query')).toBe('"One Piece"');
    expect(sent[0]!.query.getAll('categories')).toEqual(['7030', '7020']);
    expect(sent[0]!.headers['x-api-key']).toBe(FAKE_API_KEY);

    // One Piece holds T01, T02 and T03-T04 of 12: 5 to 12 are missing.
    const items = result.body.items as any[];
    expect(items.map((item) => item.title)).toEqual([
      'One Piece T01-T105 (Glénat) [Intégrale CBZ]',
      ...span(5, 12).map((n) => `One Piece - Tome ${String(n).padStart(2, '0')} [Glénat] (CBZ)`),
      ...span(1, 4).map((n) => `One Piece - Tome 0${n} [Glénat] (CBZ)`),
      'One.Piece.v107.2024.Digital.Comic.cbz-Oak',
    ]);
    expect(items[0]).toMatchObject({ volumes: span(1, 105), fills_missing: span(5, 12) });
    const tome5 = items.find((item) => item.title.includes('Tome 05'));
    expect(tome5).toEqual({
      guid: 'https://www.yggtorrent.top/torrent/ebook/bd/900005',
      title: 'One Piece - Tome 05 [Glénat] (CBZ)',
      size: 70_000_000 + 5 * 1_234_567,
      indexer: 'YggTorrent',
      protocol: 'torrent',
      seeders: 35,
      leechers: 1,
      publish_date: '2023-06-06T18:05:00Z',
      download_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/2\/download\?link=/),
      info_url: 'https://www.yggtorrent.top/torrent/ebook/bd/900005',
      categories: [7030, 100418],
      volumes: [5],
      fills_missing: [5],
    });
    expect(items.find((item) => item.title.includes('Tome 03'))).toMatchObject({ volumes: [3], fills_missing: [] });
    expect(items.at(-1)).toMatchObject({ protocol: 'usenet', seeders: null, volumes: [107], fills_missing: [] });
  });

  it('searches one volume', async () => {
    const result = await search({ series_name: 'One Piece', volume: 5 });
    expect(result.status, result.text).toBe(200);
    expect(result.body.queries).toEqual(['"One Piece" 5']);
    expect(result.body.items.map((item: any) => [item.title, item.fills_missing])).toEqual([
      ['One Piece - Tome 05 [Glénat] (CBZ)', [5]],
    ]);
  });

  it('searches each missing volume and merges the answers, each release once', async () => {
    const from = fake.requests.length;
    const result = await search({ series_name: 'Blacksad', missing: true });
    expect(result.status, result.text).toBe(200);
    // Blacksad holds T02 and T03 of 6.
    expect(result.body.queries).toEqual(['"Blacksad" 1', '"Blacksad" 4', '"Blacksad" 5', '"Blacksad" 6']);
    expect(
      searchesSince(from)
        .map((request) => request.query.get('query'))
        .sort(),
    ).toEqual([...result.body.queries].sort());
    // The pack answers both "1" and "6".
    expect(result.body.items).toHaveLength(1);
    expect(result.body.items[0]).toMatchObject({
      title: 'Blacksad.Vol.01-06.FRENCH.CBZ-NoGroup',
      protocol: 'usenet',
      volumes: span(1, 6),
      fills_missing: [1, 4, 5, 6],
    });
  }, 30_000);

  it("takes the missing volumes from an approved provider link over the series' total", async () => {
    const series = await search({ series_name: 'Astérix' });
    expect(series.body.items.map((item: any) => [item.volumes, item.fills_missing])).toEqual([[[40], [40]]]);

    const missing = await search({ series_name: 'Astérix', missing: true });
    expect(missing.status, missing.text).toBe(200);
    // Not 2 and 3 (total_volumes, or the pending link), not 1 (held locally).
    expect(missing.body.queries).toEqual(['"Astérix" 39', '"Astérix" 40']);
    expect(missing.body.items.map((item: any) => item.title)).toEqual([
      "Astérix - Tome 40 - L'Iris blanc (2023) [CBR]",
    ]);
  });

  it('expands French ranges, and searches nothing for missing volumes when none are known', async () => {
    const series = await search({ series_name: "L'Arabe du futur" });
    expect(series.status, series.text).toBe(200);
    expect(series.body.items).toHaveLength(1);
    expect(series.body.items[0]).toMatchObject({ volumes: span(1, 6), fills_missing: [], size: null });

    const from = fake.requests.length;
    const missing = await search({ series_name: "L'Arabe du futur", missing: true });
    expect(missing.status, missing.text).toBe(200);
    expect(missing.body).toEqual({ items: [], queries: [] });
    expect(fake.requests.length).toBe(from);
  });

  it('passes the categories of the settings', async () => {
    await configure({ categories: [7020] });
    const from = fake.requests.length;
    const result = await search({ series_name: 'One Piece' });
    expect(searchesSince(from)[0]!.query.getAll('categories')).toEqual(['7020']);
    // The fake's One Piece releases are all in Books/Comics.
    expect(result.body.items).toEqual([]);
    await configureFake();
  });

  it('refuses volume with missing, an unknown library and an unknown series', async () => {
    const both = await search({ series_name: 'One Piece', volume: 2, missing: true });
    expectProblem(both, 400);
    expect(both.body.detail).toMatch(/volume.*missing/);
    expectProblem(await search({ series_name: 'Nope' }), 404);
    expectProblem(await releases('/releases/search', { library_id: randomUUID(), series_name: 'One Piece' }), 404);
    expectProblem(await search({ series_name: '' }), 400);
  });

  it('searches the first 20 missing volumes at most, and lists the queries it sent', async () => {
    const onePiece = `/libraries/${libraryId}/series/${encodeURIComponent('One Piece')}`;
    await call(onePiece, { method: 'PATCH', token, body: { total_volumes: 30 } });
    try {
      const from = fake.requests.length;
      const result = await search({ series_name: 'One Piece', missing: true });
      expect(result.status, result.text).toBe(200);
      expect(result.body.queries).toEqual(span(5, 24).map((n) => `"One Piece" ${n}`));
      expect(searchesSince(from)).toHaveLength(20);
      // Every missing volume still counts for fills_missing, searched or not.
      expect(result.body.items.map((item: any) => item.fills_missing)).toEqual(span(5, 12).map((n) => [n]));
    } finally {
      await call(onePiece, { method: 'PATCH', token, body: { total_volumes: 12 } });
    }
  }, 60_000);

  it('answers 502 when Prowlarr keeps failing', async () => {
    fake.setMode('server_error');
    try {
      const from = fake.requests.length;
      const result = await search({ series_name: 'One Piece' });
      expectProblem(result, 502);
      expect(result.body.detail).toMatch(/prowlarr/i);
      // The plugin retried before giving up.
      expect(searchesSince(from).length).toBeGreaterThan(1);
    } finally {
      fake.setMode('ok');
    }
  }, 30_000);
});

describe('secrets', () => {
  it('never sends the API key back, nor writes it in the logs', () => {
    expect(responses.length).toBeGreaterThan(10);
    for (const text of responses) {
      expect(text).not.toContain(FAKE_API_KEY);
      expect(text).not.toContain(WRONG_KEY);
    }
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(FAKE_API_KEY);
    expect(logs).not.toContain(WRONG_KEY);
  });
});

describe('without a release-indexer plugin', () => {
  it('answers 501 to search and test', async () => {
    const bare = await startTestServer({
      thumbnails: false,
      env: { SHELFMARK_PLUGINS: '@shelfmark/plugin-google-books' },
    });
    try {
      const bareCall = apiClient(bare.url);
      await writeComic(path.join(bare.librariesRoot, 'shelf'), 'Blacksad/Blacksad T01.cbz', { pages: 1 });
      const library = await bareCall('/libraries', {
        method: 'POST',
        token,
        body: { name: 'Shelf', root_path: 'shelf' },
      });
      const job = await bareCall(`/libraries/${library.body.id}/scan`, { method: 'POST', token, body: {} });
      expect((await waitForJob(bareCall, token, job.body.id)).status).toBe('succeeded');

      const searched = await bareCall('/releases/search', {
        method: 'POST',
        token,
        body: { library_id: library.body.id, series_name: 'Blacksad' },
      });
      expectProblem(searched, 501);
      expect(searched.body.detail).toMatch(/no release-indexer plugin is loaded|none is loaded/);
      expectProblem(await bareCall('/releases/test', { method: 'POST', token }), 501);
      expect(bare.responseFailures).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
