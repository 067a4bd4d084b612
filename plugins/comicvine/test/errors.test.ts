import {
  AuthError,
  BadResponseError,
  BlockedError,
  NotConfiguredError,
  NotFoundError,
  RateLimitedError,
} from '@shelfmark/plugin-sdk';
import type { MetadataProviderPlugin, PluginContext, PluginSettings } from '@shelfmark/plugin-sdk';
import { createTestHost, gapsBetween, SEND_SLACK_MS, startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createComicVinePlugin } from '../src/index.js';
import { HELLBOY_ID } from './fake-data.js';
import { FAKE_API_KEY, comicVineHandler, startComicVineFake } from './fake-service.js';

const fakes: FakeService[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fakeComicVine(options: Parameters<typeof startComicVineFake>[0] = {}): Promise<FakeService> {
  const fake = await startComicVineFake(options);
  fakes.push(fake);
  return fake;
}

async function fakeAnswering(answer: (call: number) => FakeResponse | null): Promise<FakeService> {
  let calls = 0;
  const normal = comicVineHandler();
  const fake = await startFakeService({ handle: (request) => answer(++calls) ?? normal(request) });
  fakes.push(fake);
  return fake;
}

function harness(settings: PluginSettings) {
  const plugin = createComicVinePlugin();
  const { host, logs, sentAt } = createTestHost(plugin);
  const run = <T>(call: (plugin: MetadataProviderPlugin, context: PluginContext) => Promise<T>) =>
    host.run((context) => call(plugin, context), { settings, language: 'en' });
  return { run, logs, sentAt };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  return expect.fail('expected the call to fail');
}

type Operation = (plugin: MetadataProviderPlugin, context: PluginContext) => Promise<unknown>;

const operations: Record<'searchSeries' | 'getSeries' | 'getVolumes', Operation> = {
  searchSeries: (plugin: MetadataProviderPlugin, context: PluginContext) =>
    plugin.searchSeries({ name: 'Hellboy' }, context),
  getSeries: (plugin: MetadataProviderPlugin, context: PluginContext) => plugin.getSeries('18166', context),
  getVolumes: (plugin: MetadataProviderPlugin, context: PluginContext) => plugin.getVolumes('18166', context),
};

describe('without an API key', () => {
  it.each([undefined, null, '', '   '])('every operation says to set the key, without a request (%j)', async (key) => {
    const fake = await fakeComicVine();
    const { run } = harness(key === undefined ? { base_url: fake.url } : { base_url: fake.url, api_key: key });
    for (const operation of Object.values(operations)) {
      const error = await rejection(run(operation));
      expect(error).toBeInstanceOf(NotConfiguredError);
      expect(error.message).toContain('ComicVine needs an API key');
      expect(error.message).toContain('api_key');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('needs the key even for an id that could be refused without one', async () => {
    const fake = await fakeComicVine();
    const error = await rejection(
      harness({ base_url: fake.url }).run((plugin, context) => plugin.getSeries('x', context)),
    );
    expect(error).toBeInstanceOf(NotConfiguredError);
  });
});

describe('settings', () => {
  it.each(['not a url', 'ftp://comicvine.example'])('refuses base_url %j, naming the setting', async (baseUrl) => {
    const error = await rejection(harness({ base_url: baseUrl, api_key: FAKE_API_KEY }).run(operations.searchSeries));
    expect(error).toBeInstanceOf(NotConfiguredError);
    expect(error.message).toContain('base_url');
  });

  it('declares the real service as the base_url default and the key as a required secret', () => {
    const plugin = createComicVinePlugin();
    const base = plugin.manifest.settings.find((field) => field.key === 'base_url');
    expect(base).toMatchObject({ type: 'url', default: 'https://comicvine.gamespot.com' });
    expect(plugin.manifest.settings.find((field) => field.key === 'api_key')).toMatchObject({
      secret: true,
      required: true,
    });
  });
});

describe('the API key', () => {
  it('is refused as AuthError when ComicVine does not know it, and appears in no error or log line', async () => {
    const fake = await fakeComicVine();
    const wrongKey = 'wrong-key-0a1b2c3d4e';
    const { run, logs } = harness({ base_url: fake.url, api_key: wrongKey });
    const error = await rejection(run(operations.searchSeries));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toMatch(/ComicVine rejected the API key .*Invalid API Key.*api_key/);
    expect(fake.requests[0]?.query.get('api_key')).toBe(wrongKey);
    const texts = [error.message, String(error), error.stack ?? '', JSON.stringify(logs)];
    for (const text of texts) expect(text).not.toContain(wrongKey);
  });

  it('stays out of the log lines of retried failures', async () => {
    const fake = await fakeComicVine();
    fake.setMode('server_error');
    const { run, logs } = harness({ base_url: fake.url, api_key: FAKE_API_KEY });
    await rejection(run(operations.searchSeries));
    expect(fake.requests.length).toBeGreaterThan(1);
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(FAKE_API_KEY);
  });
});

describe('ComicVine error answers', () => {
  it('reads an unknown id from a 404 envelope as NotFoundError naming the volume', async () => {
    const fake = await fakeComicVine({ httpStatuses: true });
    const error = await rejection(
      harness({ base_url: fake.url, api_key: FAKE_API_KEY }).run((plugin, context) =>
        plugin.getSeries('999999', context),
      ),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain('volume 4050-999999');
  });

  it('does not retry a 420 rate-limit answer, which would only prolong the ban', async () => {
    const fake = await fakeComicVine({ httpStatuses: true });
    fake.setMode('rate_limited');
    const error = await rejection(harness({ base_url: fake.url, api_key: FAKE_API_KEY }).run(operations.getVolumes));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toContain('Slow down cowboy');
    expect(fake.requests).toHaveLength(1);
  });

  it('waits for Retry-After on a 429 and then gets the answer', async () => {
    const fake = await fakeAnswering((call) =>
      call === 1 ? { status: 429, headers: { 'retry-after': '1' }, json: { error: 'Too Many Requests' } } : null,
    );
    const { run, sentAt } = harness({ base_url: fake.url, api_key: FAKE_API_KEY });
    const results = await run((plugin, context) => plugin.searchSeries({ name: 'Hellboy' }, context));
    expect(results[0]?.externalId).toBe(String(HELLBOY_ID));
    expect(fake.requests).toHaveLength(2);
    // Timed as the requests left the host (the wait starts once the 429 is in).
    expect(gapsBetween(sentAt)[0]).toBeGreaterThanOrEqual(1000 - SEND_SLACK_MS);
  });

  it('reports the traffic-protection page as BlockedError', async () => {
    const fake = await fakeComicVine();
    fake.setMode('blocked');
    const error = await rejection(harness({ base_url: fake.url, api_key: FAKE_API_KEY }).run(operations.getSeries));
    expect(error).toBeInstanceOf(BlockedError);
  });

  it.each([
    ['a URL-format error', { json: { status_code: 102, error: 'Error in URL Format', results: [] } }],
    ['results that are not a list', { json: { status_code: 1, error: 'OK', results: { id: 1 } } }],
    ['an envelope without results', { json: { status_code: 1, error: 'OK' } }],
    ['an XML answer', { headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><response/>' }],
  ])('reports %s to a search as BadResponseError', async (_label, answer: FakeResponse) => {
    const fake = await fakeAnswering(() => answer);
    const error = await rejection(harness({ base_url: fake.url, api_key: FAKE_API_KEY }).run(operations.searchSeries));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toContain('ComicVine');
  });

  it('reports a volume answered with empty results as NotFoundError', async () => {
    const fake = await fakeAnswering(() => ({ json: { status_code: 1, error: 'OK', results: [] } }));
    const error = await rejection(harness({ base_url: fake.url, api_key: FAKE_API_KEY }).run(operations.getSeries));
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it.each(['hellboy', '4000-900', '18166/../search'])(
    'refuses id %j as NotFoundError without a request',
    async (id) => {
      const fake = await fakeComicVine();
      const { run } = harness({ base_url: fake.url, api_key: FAKE_API_KEY });
      expect(await rejection(run((plugin, context) => plugin.getSeries(id, context)))).toBeInstanceOf(NotFoundError);
      expect(await rejection(run((plugin, context) => plugin.getVolumes(id, context)))).toBeInstanceOf(NotFoundError);
      expect(fake.requests).toHaveLength(0);
    },
  );
});
