import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import type { PluginContext, PluginSettings } from '@shelfmark/plugin-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createComicVinePlugin } from '../src/index.js';
import { AKIRA_ID, DETECTIVE_ID, HELLBOY_ID, LEGENDAIRES_ID } from './fake-data.js';
import { FAKE_API_KEY, startComicVineFake } from './fake-service.js';

let fake: FakeService;
let seen: number;

beforeAll(async () => {
  fake = await startComicVineFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  seen = fake.requests.length;
});

function sent() {
  return fake.requests.slice(seen);
}

/** A fresh plugin and host per call, so that no test waits on the rate limit spent by another. */
function run<T>(
  call: (plugin: ReturnType<typeof createComicVinePlugin>, context: PluginContext) => Promise<T>,
  options: { settings?: PluginSettings; language?: string } = {},
): Promise<T> {
  const plugin = createComicVinePlugin();
  const { host } = createTestHost(plugin);
  return host.run((context) => call(plugin, context), {
    settings: options.settings ?? { base_url: fake.url, api_key: FAKE_API_KEY },
    language: options.language ?? 'en',
  });
}

describe('search', () => {
  it('sends the key, the JSON format, the volume resource, the limit and the fields it maps', async () => {
    await run((plugin, context) => plugin.searchSeries({ name: 'Hellboy' }, context));
    const [request] = sent();
    expect(request?.path).toBe('/api/search/');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      api_key: FAKE_API_KEY,
      format: 'json',
      resources: 'volume',
      query: 'Hellboy',
      limit: '20',
      field_list: 'id,name,aliases,deck,description,publisher,start_year,count_of_issues,image,site_detail_url',
    });
  });

  it('sends a non-ASCII query with spaces and colons intact', async () => {
    await run((plugin, context) => plugin.searchSeries({ name: '  Les Légendaires: Ōoku & co  ' }, context));
    expect(sent()[0]?.query.get('query')).toBe('Les Légendaires: Ōoku & co');
  });

  it('sends no language parameter and answers the same whatever the language preference', async () => {
    const english = await run((plugin, context) => plugin.searchSeries({ name: 'légendaires' }, context));
    const french = await run((plugin, context) => plugin.searchSeries({ name: 'légendaires' }, context), {
      language: 'fr',
    });
    expect(french).toEqual(english);
    for (const request of sent()) {
      expect([...request.query.keys()].some((key) => /lang|locale/i.test(key))).toBe(false);
    }
    expect(english[0]).toMatchObject({
      externalId: String(LEGENDAIRES_ID),
      title: 'Les Légendaires',
      alternativeTitles: ['Legendaires', 'The Legendaries'],
      description: 'Danaël, Jadina, Gryf, Shimy et Razzia : les héros déchus d’Alysia.',
      publishers: ['Delcourt'],
      startYear: 2004,
      totalVolumes: 5,
    });
  });

  it('answers an empty name without asking the service', async () => {
    expect(await run((plugin, context) => plugin.searchSeries({ name: '   ' }, context))).toEqual([]);
    expect(sent()).toHaveLength(0);
  });

  it.each([(url: string) => `${url}/`, (url: string) => `${url}/api`, (url: string) => `${url}/api/`])(
    'reaches the API whatever form the base URL takes (%#)',
    async (form) => {
      const results = await run((plugin, context) => plugin.searchSeries({ name: 'Saga' }, context), {
        settings: { base_url: form(fake.url), api_key: FAKE_API_KEY },
      });
      expect(results.map((series) => series.title)).toEqual(['Saga']);
      expect(sent()[0]?.path).toBe('/api/search/');
    },
  );

  it('upgrades http covers to https', async () => {
    const [hellboy] = await run((plugin, context) => plugin.searchSeries({ name: 'hellboy' }, context));
    expect(hellboy?.coverUrl).toBe('https://comicvine.gamespot.com/a/uploads/scale_medium/0/4/18166-hellboy.jpg');
  });
});

describe('getSeries', () => {
  it.each(['18166', '4050-18166'])('reads volume 4050-18166 from id %s', async (externalId) => {
    const series = await run((plugin, context) => plugin.getSeries(externalId, context));
    expect(series).toMatchObject({ externalId: String(HELLBOY_ID), title: 'Hellboy: Seed of Destruction' });
    const [request] = sent();
    expect(request?.path).toBe('/api/volume/4050-18166/');
    expect(request?.query.get('api_key')).toBe(FAKE_API_KEY);
    expect(request?.query.get('format')).toBe('json');
    expect(request?.query.get('field_list')).toContain('count_of_issues');
  });

  it('maps a volume with little data without inventing any', async () => {
    const series = await run((plugin, context) => plugin.getSeries('147381', context));
    expect(series).toMatchObject({
      title: 'Blacksad',
      alternativeTitles: [],
      description: null,
      publishers: [],
      startYear: null,
      totalVolumes: null,
      coverUrl: 'https://comicvine.gamespot.com/a/uploads/original/blacksad.png',
    });
  });
});

describe('getVolumes', () => {
  it('asks for the issues of the volume, with the fields it maps, 100 at a time', async () => {
    await run((plugin, context) => plugin.getVolumes(String(HELLBOY_ID), context));
    const [request] = sent();
    expect(request?.path).toBe('/api/issues/');
    expect(request?.query.get('filter')).toBe(`volume:${HELLBOY_ID}`);
    expect(request?.query.get('limit')).toBe('100');
    expect(request?.query.get('offset')).toBe('0');
    expect(request?.query.get('field_list')?.split(',')).toEqual(
      expect.arrayContaining(['id', 'name', 'issue_number', 'image', 'cover_date', 'person_credits']),
    );
  });

  it('orders issues by number and keeps only authoring credits', async () => {
    const volumes = await run((plugin, context) => plugin.getVolumes(`4050-${HELLBOY_ID}`, context));
    expect(volumes.map((volume) => volume.volumeNumber)).toEqual([1, 2, 3, 4]);
    expect(volumes[0]).toEqual({
      externalId: '900',
      volumeNumber: 1,
      title: 'Seed of Destruction, Part One',
      authors: ['Mike Mignola', 'John Byrne'],
      isbn: null,
      summary: 'First.',
      coverUrl: 'https://comicvine.gamespot.com/a/uploads/scale_medium/issue-900.jpg',
      pageCount: null,
      language: null,
      publishDate: '1994-03-01',
    });
  });

  it('pages through a long series and returns every issue once, in number order', async () => {
    const volumes = await run((plugin, context) => plugin.getVolumes(String(DETECTIVE_ID), context));
    expect(sent().map((request) => request.query.get('offset'))).toEqual(['0', '100', '200']);
    expect(volumes).toHaveLength(230);
    expect(new Set(volumes.map((volume) => volume.externalId)).size).toBe(230);
    const numbers = volumes.map((volume) => volume.volumeNumber);
    expect(numbers.slice(0, 3)).toEqual([0, 1, 2]);
    expect(numbers.slice(27, 30)).toEqual([27, 27.1, 28]);
    expect(numbers.at(-1)).toBe(1000);
    expect(volumes.find((volume) => volume.volumeNumber === 27.1)?.publishDate).toBe('2011-09');
  }, 10_000);

  it('leaves unknown covers and impossible dates empty', async () => {
    const volumes = await run((plugin, context) => plugin.getVolumes(String(AKIRA_ID), context));
    expect(volumes.map((volume) => [volume.volumeNumber, volume.coverUrl === null, volume.publishDate])).toEqual([
      [1, false, '1988-09-01'],
      [2, true, '1988-10-01'],
      [3, false, null],
    ]);
    expect(volumes[0]?.summary).toBe('Tetsuo and Kaneda');
  });

  it('answers no volumes for a volume ComicVine lists no issue for', async () => {
    expect(await run((plugin, context) => plugin.getVolumes('999999', context))).toEqual([]);
    expect(sent()).toHaveLength(1);
  });
});
