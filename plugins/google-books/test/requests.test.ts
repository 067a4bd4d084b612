import { AuthError, NotConfiguredError } from '@shelfmark/plugin-sdk';
import type { PluginSettings } from '@shelfmark/plugin-sdk';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { FAKE_API_KEY, startGoogleBooksFake } from './fake-service.js';

let fake: FakeService;
let settings: PluginSettings;

beforeAll(async () => {
  fake = await startGoogleBooksFake();
  settings = { base_url: fake.url, api_key: FAKE_API_KEY };
});
afterAll(() => fake.close());

/** Only the requests of the current test. */
let seen = 0;
beforeEach(() => {
  seen = fake.requests.length;
});
const requests = () => fake.requests.slice(seen);

function search(name: string, language: string, overrides: PluginSettings = {}, queryLanguage?: string) {
  const { host } = createTestHost(plugin);
  return host.run((ctx) => plugin.searchSeries({ name, language: queryLanguage }, ctx), {
    settings: { ...settings, ...overrides },
    language,
  });
}

describe('search requests', () => {
  it('asks for book titles in the preferred language, with the key, and keeps non-ASCII intact', async () => {
    const series = await search('Les Légendaires', 'fr');
    expect(series.map((s) => s.title)).toEqual(['Les Légendaires']);
    const [request] = requests();
    expect(request?.path).toBe('/books/v1/volumes');
    expect(Object.fromEntries(request!.query)).toEqual({
      q: 'intitle:Les Légendaires',
      maxResults: '20',
      printType: 'books',
      langRestrict: 'fr',
      key: FAKE_API_KEY,
    });
  });

  it('lets the language change the answer', async () => {
    expect(await search('Les Légendaires', 'en')).toEqual([]);
    expect(requests()[0]?.query.get('langRestrict')).toBe('en');
  });

  it('prefers the language of the query, reduced to ISO 639-1', async () => {
    await search('Saga', 'fr', {}, 'en-US');
    expect(requests()[0]?.query.get('langRestrict')).toBe('en');
  });

  it('sends no langRestrict for a language Google cannot filter on', async () => {
    await search('Saga', 'und');
    expect(requests()[0]?.query.has('langRestrict')).toBe(false);
  });

  it('sends no key when none is set', async () => {
    const series = await search('Saga', 'en', { api_key: '' });
    expect(series[0]?.title).toBe('Saga');
    expect(requests()[0]?.query.has('key')).toBe(false);
  });

  it('turns Google’s 400 for a bad key into AuthError without leaking the key', async () => {
    const wrongKey = 'AIzaWrongKey-zyxwvutsrqponmlkjihgfedcba';
    const { host, logs } = createTestHost(plugin);
    const error = await host
      .run((ctx) => plugin.searchSeries({ name: 'Saga' }, ctx), {
        settings: { ...settings, api_key: wrongKey },
        language: 'en',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toContain('api_key');
    expect(JSON.stringify(logs)).not.toContain(wrongKey);
    expect((error as Error).message).not.toContain(wrongKey);
    expect(requests()).toHaveLength(1);
  });

  it('does not send a request for an empty query', async () => {
    expect(await search('   ', 'en')).toEqual([]);
    expect(requests()).toHaveLength(0);
  });

  it('goes through a base URL with a path prefix (a proxy)', async () => {
    const error = await search('Saga', 'en', { base_url: `${fake.url}/proxy/google` }).catch(
      (caught: unknown) => caught,
    );
    expect(requests()[0]?.path).toBe('/proxy/google/books/v1/volumes');
    // The fake serves the API at its root only: a 404 on the search means base_url is wrong.
    expect(error).toBeInstanceOf(NotConfiguredError);
    expect((error as Error).message).toContain('base_url');
  });

  it('refuses a base_url that is not an http(s) URL, naming the setting', async () => {
    const error = await search('Saga', 'en', { base_url: 'ftp://example.org' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotConfiguredError);
    expect((error as Error).message).toContain('base_url');
    expect(requests()).toHaveLength(0);
  });

  it('reports series without inventing a volume count from the hits', async () => {
    const series = await search('One Piece', 'en');
    expect(series[0]).toMatchObject({ title: 'One Piece', totalVolumes: null });
    // 20 hits of one series still give one candidate.
    expect(series).toHaveLength(1);
  });
});
