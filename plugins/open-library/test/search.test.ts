import { NotConfiguredError } from '@shelfmark/plugin-sdk';
import type { MetadataProviderPlugin, PluginContext } from '@shelfmark/plugin-sdk';
import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { startOpenLibraryFake } from './fake-service.js';

/** The rate limit has its own test; here it would only make every call wait a second. */
const unthrottled: MetadataProviderPlugin = { ...plugin, manifest: { ...plugin.manifest, rateLimit: undefined } };

let fake: FakeService;
let sentBefore = 0;

beforeAll(async () => {
  fake = await startOpenLibraryFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  sentBefore = fake.requests.length;
});

function sent() {
  return fake.requests.slice(sentBefore);
}

function run<T>(call: (context: PluginContext) => Promise<T>, language = 'en', settings = { base_url: fake.url }) {
  return createTestHost(unthrottled).host.run(call, { settings, language });
}

describe('searchSeries', () => {
  it('searches by title with the preferred language as a MARC code, asking for the fields it maps', async () => {
    const results = await run((context) => plugin.searchSeries({ name: 'Blacksad' }, context), 'fr');
    expect(sent()).toHaveLength(1);
    const [request] = sent();
    expect(request?.path).toBe('/search.json');
    expect(request?.query.get('title')).toBe('Blacksad');
    expect(request?.query.get('language')).toBe('fre');
    expect(request?.query.get('limit')).toBe('40');
    expect(request?.query.get('fields')?.split(',')).toEqual(
      expect.arrayContaining(['key', 'title', 'author_name', 'publisher', 'first_publish_year', 'cover_i', 'language']),
    );
    expect(results.map((series) => series.title)).toEqual(['Blacksad']);
    expect(results[0]).toMatchObject({
      externalId: '/works/OL15331214W',
      authors: ['Juan Díaz Canales', 'Juanjo Guarnido'],
      publishers: ['Dargaud', 'Dargaud Benelux', 'Norma Editorial'],
      startYear: 2000,
      totalVolumes: null,
      language: 'fr',
      coverUrl: 'https://covers.openlibrary.org/b/id/8234001-L.jpg',
      externalUrl: 'https://openlibrary.org/works/OL15331214W',
    });
  });

  it('lets the query language win over the context language', async () => {
    await run((context) => plugin.searchSeries({ name: 'Blacksad', language: 'es' }, context), 'fr');
    expect(sent()[0]?.query.get('language')).toBe('spa');
  });

  it('filters on English like any other language, and finds what only exists in English', async () => {
    const results = await run((context) => plugin.searchSeries({ name: 'Blacksad' }, context), 'en');
    expect(sent()[0]?.query.get('language')).toBe('eng');
    expect(results.map((series) => series.title)).toEqual(['Blacksad', 'Blacksad: A Silent Hell']);
  });

  it('does not filter when Open Library has no code for the language', async () => {
    const results = await run((context) => plugin.searchSeries({ name: 'Blacksad' }, context), 'xx');
    expect(sent()[0]?.query.has('language')).toBe(false);
    expect(results.map((series) => series.title)).toEqual(['Blacksad', 'Blacksad: A Silent Hell']);
  });

  it('sends non-ASCII titles intact and groups them', async () => {
    const french = await run((context) => plugin.searchSeries({ name: 'Les Légendaires' }, context), 'fr');
    expect(sent()[0]?.query.get('title')).toBe('Les Légendaires');
    expect(french).toHaveLength(1);
    expect(french[0]).toMatchObject({ title: 'Les Légendaires', authors: ['Patrick Sobral'], language: 'fr' });

    const japanese = await run((context) => plugin.searchSeries({ name: '寄生獣' }, context), 'ja');
    expect(japanese[0]).toMatchObject({ title: '寄生獣', authors: ['岩明均'], startYear: 1990, language: 'ja' });
  });

  it('groups translations whose titles differ only by accents', async () => {
    const results = await run((context) => plugin.searchSeries({ name: 'Asterix' }, context), 'xx');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ title: 'Astérix', alternativeTitles: ['Asterix'], startYear: 1961 });
  });

  it('keeps spin-offs found by the same title search as separate series, never counting hits as volumes', async () => {
    const results = await run((context) => plugin.searchSeries({ name: 'One Piece' }, context), 'en');
    expect(results.map((series) => series.title)).toEqual([
      'One Piece',
      'One Piece Color Walk',
      'One Piece: Strong World',
    ]);
    expect(results.every((series) => series.totalVolumes === null)).toBe(true);
  });

  it('sends nothing for a blank name', async () => {
    expect(await run((context) => plugin.searchSeries({ name: '   ' }, context))).toEqual([]);
    expect(sent()).toHaveLength(0);
  });

  it('accepts a base URL with a trailing slash', async () => {
    await run((context) => plugin.searchSeries({ name: 'Maus' }, context), 'en', { base_url: `${fake.url}/` });
    expect(sent()[0]?.path).toBe('/search.json');
  });

  it('fails with NotConfiguredError naming base_url when it is not an http(s) URL, without any request', async () => {
    for (const base_url of ['openlibrary.org', 'ftp://openlibrary.org']) {
      const error = await run((context) => plugin.searchSeries({ name: 'Maus' }, context), 'en', { base_url }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(NotConfiguredError);
      expect((error as Error).message).toContain('base_url');
    }
    expect(sent()).toHaveLength(0);
  });
});
