import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError, canGrab, NotFoundError, UnavailableError } from '@shelfmark/plugin-sdk';
import type { GrabRequest, GrabResult, PluginSettings, Release, ReleaseQuery } from '@shelfmark/plugin-sdk';
import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { PROWLARR_SEARCH_CACHE_MS } from '../src/grab.js';
import { FAKE_API_KEY, startProwlarrFake, type ProwlarrFake } from './fake-service.js';

const BOOKS = [7030, 7020];
const ASTERIX: ReleaseQuery = { query: '"Astérix" 40', categories: BOOKS };

let fake: ProwlarrFake;
/** Its YggTorrent (indexer 2) cannot hand releases over. */
let failing: ProwlarrFake;

beforeAll(async () => {
  fake = await startProwlarrFake();
  failing = await startProwlarrFake({ failingGrabIndexerIds: [2] });
});
afterAll(async () => {
  await Promise.all([fake.close(), failing.close()]);
});

const settingsFor = (service: ProwlarrFake, overrides: PluginSettings = {}): PluginSettings => ({
  url: service.url,
  api_key: FAKE_API_KEY,
  categories: BOOKS,
  ...overrides,
});

/** A fresh host per call, so the rate limit of one test does not slow the next. */
function run<T>(service: ProwlarrFake, call: Parameters<ReturnType<typeof createTestHost>['host']['run']>[0]) {
  const { host } = createTestHost(plugin);
  return host.run(call, { settings: settingsFor(service), language: 'en' }) as Promise<T>;
}

async function searchOn(service: ProwlarrFake, query: ReleaseQuery = ASTERIX): Promise<Release> {
  const [release] = await run<Release[]>(service, (context) => plugin.search(query, context));
  expect(release).toBeDefined();
  return release!;
}

const requestFor = (release: Release, searchedAt = new Date()): GrabRequest => ({
  guid: release.guid,
  title: release.title,
  indexerData: release.indexerData ?? {},
  query: ASTERIX,
  searchedAt: searchedAt.toISOString(),
});

const grab = (service: ProwlarrFake, request: GrabRequest) => {
  const grabbing = plugin;
  if (!canGrab(grabbing)) throw new Error('the Prowlarr plugin must grab');
  return run<GrabResult>(service, (context) => grabbing.grab(request, context));
};

const postsSince = (service: ProwlarrFake, from: number) =>
  service.requests.slice(from).map((request) => `${request.method} ${request.path}`);

describe('Prowlarr grab', () => {
  it("keeps Prowlarr's own guid and indexerId in the release's opaque data", async () => {
    const release = await searchOn(fake);
    expect(release.indexerData).toEqual({ guid: 'https://www.yggtorrent.top/torrent/ebook/bd/1188420', indexerId: 2 });
  });

  it('grabs a fresh release with POST /api/v1/search {guid, indexerId}, the key in the header', async () => {
    const release = await searchOn(fake);
    const from = fake.requests.length;
    const result = await grab(fake, requestFor(release));
    expect(result.message).toContain("Astérix - Tome 40 - L'Iris blanc");
    expect(postsSince(fake, from)).toEqual(['POST /api/v1/search']);
    const sent = fake.requests.at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ guid: release.indexerData!.guid, indexerId: 2 });
    expect(sent.headers['x-api-key']).toBe(FAKE_API_KEY);
    expect(sent.query.toString()).not.toContain(FAKE_API_KEY);
    expect(fake.grabs.at(-1)).toMatchObject({ guid: release.indexerData!.guid, indexerId: 2 });
  });

  it("searches again before grabbing a release older than Prowlarr's cache", async () => {
    const release = await searchOn(fake);
    fake.expireSearches();
    const from = fake.requests.length;
    await grab(fake, requestFor(release, new Date(Date.now() - PROWLARR_SEARCH_CACHE_MS - 1000)));
    expect(postsSince(fake, from)).toEqual(['GET /api/v1/search', 'POST /api/v1/search']);
    expect(fake.requests.at(-2)!.query.get('query')).toBe('"Astérix" 40');
  });

  it("searches again once when Prowlarr's cache lost a recent search (an expired search: 404)", async () => {
    const release = await searchOn(fake);
    fake.expireSearches();
    const from = fake.requests.length;
    await grab(fake, requestFor(release));
    expect(postsSince(fake, from)).toEqual(['POST /api/v1/search', 'GET /api/v1/search', 'POST /api/v1/search']);
  });

  it('says not found for a guid Prowlarr does not know, even after searching again', async () => {
    const release = await searchOn(fake);
    const unknown = { ...requestFor(release), indexerData: { guid: 'https://nowhere.example/1', indexerId: 2 } };
    await expect(grab(fake, unknown)).rejects.toBeInstanceOf(NotFoundError);
    // Without Prowlarr's data there is nothing to ask it.
    const from = fake.requests.length;
    await expect(grab(fake, { ...unknown, indexerData: {} })).rejects.toBeInstanceOf(NotFoundError);
    expect(fake.requests.length).toBe(from);
  });

  it('reports a refused key as AuthError, and an indexer that cannot hand the release over as UnavailableError', async () => {
    const release = await searchOn(fake);
    fake.setMode('unauthorized');
    try {
      await expect(grab(fake, requestFor(release))).rejects.toBeInstanceOf(AuthError);
    } finally {
      fake.setMode('ok');
    }
    const refused = await searchOn(failing);
    const error = await grab(failing, requestFor(refused)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toContain('Getting release from indexer failed');
    expect(failing.grabs).toEqual([]);
  });

  it('never retries a grab that failed with a server error (it may have reached the download client)', async () => {
    const release = await searchOn(fake);
    fake.setMode('server_error');
    const from = fake.requests.length;
    try {
      await expect(grab(fake, requestFor(release))).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      fake.setMode('ok');
    }
    expect(postsSince(fake, from)).toEqual(['POST /api/v1/search']);
  });
});
