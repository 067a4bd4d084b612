import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError, BadResponseError, NotConfiguredError } from '@shelfmark/plugin-sdk';
import type { PluginSettings, ReleaseQuery } from '@shelfmark/plugin-sdk';
import { createTestHost, gapsBetween, SEND_SLACK_MS, startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { FAKE_API_KEY, startProwlarrFake } from './fake-service.js';

const BOOKS = [7030, 7020];

let fake: FakeService;
let proxied: FakeService;

beforeAll(async () => {
  fake = await startProwlarrFake();
  proxied = await startProwlarrFake({ urlBase: '/prowlarr' });
});

afterAll(async () => {
  await Promise.all([fake.close(), proxied.close()]);
});

function settingsFor(service: FakeService, overrides: PluginSettings = {}): PluginSettings {
  return { url: service.url, api_key: FAKE_API_KEY, categories: BOOKS, ...overrides };
}

/** A fresh host per search, so the rate limit of one test does not slow the next. */
function search(query: ReleaseQuery, settings: PluginSettings = settingsFor(fake)) {
  const { host } = createTestHost(plugin);
  return host.run((context) => plugin.search(query, context), { settings, language: 'fr' });
}

async function lastRequestOf(service: FakeService, run: () => Promise<unknown>) {
  const before = service.requests.length;
  await run();
  expect(service.requests.length - before, 'requests sent').toBe(1);
  return service.requests.at(-1)!;
}

describe('the search request', () => {
  it('asks /api/v1/search with the query, type=search and one categories parameter per id', async () => {
    const request = await lastRequestOf(fake, () => search({ query: '"One Piece" 12', categories: [7030, 7020] }));
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/v1/search');
    expect(request.query.get('query')).toBe('"One Piece" 12');
    expect(request.query.get('type')).toBe('search');
    expect(request.query.getAll('categories')).toEqual(['7030', '7020']);
  });

  it('sends the API key in the X-Api-Key header, never in the URL', async () => {
    const request = await lastRequestOf(fake, () => search({ query: 'Blacksad', categories: BOOKS }));
    expect(request.headers['x-api-key']).toBe(FAKE_API_KEY);
    expect(request.query.has('apikey')).toBe(false);
    expect(request.query.toString()).not.toContain(FAKE_API_KEY);
    expect(request.headers.accept).toContain('application/json');
  });

  it('sends non-ASCII queries intact', async () => {
    const request = await lastRequestOf(fake, () => search({ query: '"Astérix" 40', categories: BOOKS }));
    expect(request.query.get('query')).toBe('"Astérix" 40');
  });

  it('uses the categories setting when the query names none, and Books/Comics + Books/EBook when neither does', async () => {
    const fromSetting = await lastRequestOf(fake, () =>
      search({ query: 'Blacksad', categories: [] }, settingsFor(fake, { categories: [7010] })),
    );
    expect(fromSetting.query.getAll('categories')).toEqual(['7010']);

    const fromDefaults = await lastRequestOf(fake, () =>
      search({ query: 'Blacksad', categories: [] }, settingsFor(fake, { categories: [] })),
    );
    expect(fromDefaults.query.getAll('categories')).toEqual(['7030', '7020']);
  });

  it("keeps Prowlarr's URL Base and ignores a trailing slash in the url setting", async () => {
    const request = await lastRequestOf(proxied, () =>
      search({ query: 'Blacksad', categories: BOOKS }, settingsFor(proxied, { url: `${proxied.url}/prowlarr/` })),
    );
    expect(request.path).toBe('/prowlarr/api/v1/search');
  });

  it('sends nothing for a blank query (Prowlarr would list every latest release)', async () => {
    const before = fake.requests.length;
    await expect(search({ query: '  ', categories: BOOKS })).resolves.toEqual([]);
    expect(fake.requests.length).toBe(before);
  });
});

describe('the search results', () => {
  it('maps the releases Prowlarr found, in its order', async () => {
    const releases = await search({ query: '"One Piece"', categories: BOOKS });
    expect(releases).toHaveLength(14);
    expect(releases[0]).toEqual({
      guid: 'https://nyaa.si/view/1753201',
      title: 'One Piece T01-T105 (Glénat) [Intégrale CBZ]',
      sizeBytes: 10_523_566_080,
      indexer: 'Nyaa.si',
      protocol: 'torrent',
      seeders: 128,
      leechers: 17,
      publishDate: '2024-03-14T10:22:31Z',
      downloadUrl: expect.stringMatching(new RegExp(`^${fake.url}/1/download\\?link=[\\w-]+&file=One%20Piece`)),
      infoUrl: 'https://nyaa.si/view/1753201',
      categories: [7030, 100418],
      indexerData: { guid: 'https://nyaa.si/view/1753201', indexerId: 1 },
    });
    const usenet = releases.find((release) => release.indexer === 'NZBgeek');
    expect(usenet).toMatchObject({
      title: 'One.Piece.v107.2024.Digital.Comic.cbz-Oak',
      protocol: 'usenet',
      seeders: null,
      leechers: null,
      publishDate: '2024-08-02T06:41:09.123Z',
    });
  });

  it('never returns the API key that Prowlarr puts in its download links', async () => {
    const releases = await search({ query: '"One Piece"', categories: BOOKS });
    expect(releases.every((release) => release.downloadUrl !== null)).toBe(true);
    expect(JSON.stringify(releases)).not.toContain(FAKE_API_KEY);
  });

  it('finds releases by non-Latin titles and reports an unknown size as null', async () => {
    const [titan] = await search({ query: '進撃の巨人', categories: BOOKS });
    expect(titan?.title).toBe('[Kodansha] 進撃の巨人 第01-34巻 (完) [Digital]');
    const [arabe] = await search({ query: "L'Arabe du futur", categories: [7020] });
    expect(arabe).toMatchObject({ indexer: 'YggTorrent', sizeBytes: null, seeders: 0, categories: [7020, 100417] });
  });

  it('answers an empty list when the categories exclude every match', async () => {
    await expect(search({ query: 'Blacksad', categories: [7020] })).resolves.toEqual([]);
  });
});

describe('search failures', () => {
  it('fails with NotConfiguredError naming the missing setting, without a request', async () => {
    const before = fake.requests.length;
    await expect(search({ query: 'Blacksad', categories: BOOKS }, { api_key: FAKE_API_KEY })).rejects.toThrow(
      NotConfiguredError,
    );
    await expect(search({ query: 'Blacksad', categories: BOOKS }, { url: fake.url })).rejects.toThrow(/"api_key"/);
    await expect(
      search({ query: 'Blacksad', categories: BOOKS }, { url: 'prowlarr.local', api_key: FAKE_API_KEY }),
    ).rejects.toThrow(/"url"/);
    expect(fake.requests.length).toBe(before);
  });

  it('fails with AuthError pointing at api_key when Prowlarr refuses the key', async () => {
    const error = await search(
      { query: 'Blacksad', categories: BOOKS },
      settingsFor(fake, { api_key: 'wrong-key' }),
    ).then(
      () => null,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toMatch(/Prowlarr refused the API key.*"api_key"/);
    expect((error as Error).message).not.toContain('wrong-key');
  });

  it('says the URL is not Prowlarr when it answers 404 (a URL Base left out)', async () => {
    const attempt = search({ query: 'Blacksad', categories: BOOKS }, settingsFor(proxied));
    await expect(attempt).rejects.toThrow(BadResponseError);
    await expect(attempt).rejects.toThrow(/does not look like a Prowlarr server.*answered 404/);
  });

  it("says the URL is not Prowlarr when it answers with a web page (the web app's address)", async () => {
    const attempt = search({ query: 'Blacksad', categories: BOOKS }, settingsFor(fake, { url: `${fake.url}/web` }));
    await expect(attempt).rejects.toThrow(BadResponseError);
    await expect(attempt).rejects.toThrow(/does not look like a Prowlarr server.*an HTML page/);
  });

  it("reports Prowlarr's own reason when it rejects the search", async () => {
    const rejecting = await startFakeService({
      handle: () => ({
        status: 400,
        json: [
          { propertyName: 'Query', errorMessage: 'Query must not contain only special characters', severity: 'error' },
        ],
      }),
    });
    try {
      const attempt = search({ query: '***', categories: BOOKS }, settingsFor(rejecting));
      await expect(attempt).rejects.toThrow(BadResponseError);
      await expect(attempt).rejects.toThrow(
        'Prowlarr rejected the search: Query must not contain only special characters',
      );
    } finally {
      await rejecting.close();
    }
  });

  it('fails with BadResponseError when the JSON is not a list of releases', async () => {
    const odd = await startFakeService({ handle: () => ({ json: { records: [] } }) });
    try {
      await expect(search({ query: 'Blacksad', categories: BOOKS }, settingsFor(odd))).rejects.toThrow(
        /not a list of releases/,
      );
    } finally {
      await odd.close();
    }
  });
});

describe('rate limit', () => {
  it('spaces consecutive requests of one host 1.1 s apart', async () => {
    const { host, sentAt } = createTestHost(plugin);
    const before = fake.requests.length;
    const settings = settingsFor(fake);
    await Promise.all(
      ['Blacksad', 'Astérix', 'One Piece'].map((query) =>
        host.run((context) => plugin.search({ query, categories: BOOKS }, context), { settings, language: 'en' }),
      ),
    );
    expect(fake.requests.slice(before)).toHaveLength(3);
    // Timed as they left the host: a loaded machine can deliver one late to the local fake and shorten the gap it sees.
    expect(sentAt).toHaveLength(3);
    for (const gap of gapsBetween(sentAt)) expect(gap).toBeGreaterThanOrEqual(1100 - SEND_SLACK_MS);
  });
});
