import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionTest, PluginSettings } from '@shelfmark/plugin-sdk';
import { createTestHost, startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { FAKE_API_KEY, startProwlarrFake } from './fake-service.js';

let fake: FakeService;
let proxied: FakeService;

beforeAll(async () => {
  fake = await startProwlarrFake();
  proxied = await startProwlarrFake({ urlBase: '/prowlarr' });
});

afterEach(() => {
  fake.setMode('ok');
});

afterAll(async () => {
  await Promise.all([fake.close(), proxied.close()]);
});

function settingsFor(url: string, overrides: PluginSettings = {}): PluginSettings {
  return { url, api_key: FAKE_API_KEY, ...overrides };
}

function testConnection(settings: PluginSettings, signal?: AbortSignal): Promise<ConnectionTest> {
  // The host's whole-call deadline must outlast the plugin's own 10 s request timeout.
  const { host } = createTestHost(plugin, { callTimeoutMs: 30_000 });
  return host.run((context) => plugin.testConnection(context), { settings, language: 'en', signal });
}

/** A one-route server answering every request the same way. */
async function withService<T>(answer: FakeResponse, run: (url: string) => Promise<T>): Promise<T> {
  const service = await startFakeService({ handle: () => answer });
  try {
    return await run(service.url);
  } finally {
    await service.close();
  }
}

async function unusedUrl(): Promise<string> {
  const service = await startFakeService({ handle: () => ({ json: [] }) });
  await service.close();
  return service.url;
}

describe('a working Prowlarr', () => {
  it('counts the enabled indexers only (3 of 4)', async () => {
    const before = fake.requests.length;
    const result = await testConnection(settingsFor(fake.url));
    expect(result).toEqual({ ok: true, message: expect.stringContaining('3 enabled indexers'), indexerCount: 3 });
    const sent = fake.requests.slice(before);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/v1/indexer']);
    expect(sent[0]?.headers['x-api-key']).toBe(FAKE_API_KEY);
    expect(sent[0]?.query.has('apikey')).toBe(false);
  });

  it('works behind a URL Base', async () => {
    const result = await testConnection(settingsFor(`${proxied.url}/prowlarr`));
    expect(result).toMatchObject({ ok: true, indexerCount: 3 });
  });

  it('succeeds with a warning when no indexer is enabled', async () => {
    const result = await withService({ json: [{ id: 7, name: 'Nyaa.si', enable: false }] }, (url) =>
      testConnection(settingsFor(url)),
    );
    expect(result).toEqual({ ok: true, message: expect.stringContaining('no indexer is enabled'), indexerCount: 0 });
  });
});

describe('failures, each with its own message and without throwing', () => {
  const messages = new Map<string, string>();

  async function failure(label: string, settings: PluginSettings): Promise<string> {
    const result = await testConnection(settings);
    expect(result.ok, result.message).toBe(false);
    expect(result.indexerCount).toBeUndefined();
    expect(result.message).not.toContain(FAKE_API_KEY);
    messages.set(label, result.message);
    return result.message;
  }

  it('a refused API key', async () => {
    const message = await failure('bad key', settingsFor(fake.url, { api_key: 'not-the-key' }));
    expect(message).toMatch(/^Prowlarr refused the API key/);
    expect(message).not.toContain('not-the-key');
  });

  it('a refused API key in Prowlarr mode unauthorized', async () => {
    fake.setMode('unauthorized');
    await expect(testConnection(settingsFor(fake.url))).resolves.toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Prowlarr refused the API key/),
    });
  });

  it('a host that refuses connections', async () => {
    const url = await unusedUrl();
    const message = await failure('refused', settingsFor(url));
    expect(message).toMatch(new RegExp(`^Could not reach Prowlarr at ${new URL(url).host}`));
  });

  it('a host that never answers (after the 10 s test timeout)', { timeout: 20_000 }, async () => {
    fake.setMode('timeout');
    const message = await failure('timeout', settingsFor(fake.url));
    expect(message).toMatch(new RegExp(`^Could not reach Prowlarr at ${new URL(fake.url).host}`));
  });

  it('a URL that answers 404 (the URL Base left out)', async () => {
    const message = await failure('404', settingsFor(proxied.url));
    expect(message).toMatch(/^The URL does not look like a Prowlarr server: .*answered 404/);
  });

  it("a URL that answers with a web page (a web app's address)", async () => {
    const message = await failure('html', settingsFor(`${fake.url}/login`));
    expect(message).toMatch(/^The URL does not look like a Prowlarr server: .*an HTML page/);
  });

  it('another *arr application (its indexers have no enable flag)', async () => {
    const lidarr = [{ id: 1, name: 'NZBgeek', enableRss: true, enableAutomaticSearch: true, protocol: 'usenet' }];
    const message = await withService({ json: lidarr }, (url) => failure('other app', settingsFor(url)));
    expect(message).toMatch(/^The URL does not look like a Prowlarr server: .*not a list of indexers/);
  });

  it('a Prowlarr failing with 500, asked once (no retries while the admin waits)', async () => {
    fake.setMode('server_error');
    const before = fake.requests.length;
    const message = await failure('500', settingsFor(fake.url));
    expect(message).toMatch(/failed with HTTP 500/);
    expect(fake.requests.length - before).toBe(1);
  });

  it('a reverse proxy answering 502 because Prowlarr is down', async () => {
    const message = await withService({ status: 502, body: '<html>Bad Gateway</html>' }, (url) =>
      failure('502', settingsFor(url)),
    );
    expect(message).toMatch(/^Could not reach Prowlarr at .*answered 502/);
  });

  it('a truncated answer', async () => {
    fake.setMode('truncated_json');
    const message = await failure('truncated', settingsFor(fake.url));
    expect(message).toMatch(/sent a broken answer/);
  });

  it('a missing url or api_key, named, without any request', async () => {
    const before = fake.requests.length;
    expect(await failure('no url', { api_key: FAKE_API_KEY })).toMatch(/"url"/);
    expect(await failure('no key', { url: fake.url })).toMatch(/"api_key"/);
    expect(fake.requests.length).toBe(before);
  });

  it('gives a different message for each failure', () => {
    expect(messages.size).toBe(11);
    expect(new Set(messages.values()).size).toBe(messages.size);
  });
});

it('still lets the caller cancel a test that hangs', async () => {
  fake.setMode('timeout');
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  await expect(testConnection(settingsFor(fake.url), controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
});
