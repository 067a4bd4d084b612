import { NotConfiguredError, NotFoundError } from '@shelfmark/plugin-sdk';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { startFakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { handleAniList, startAniListFake } from './fake-service.js';
import { callAniList, rejectionOf, sentBody } from './helpers.js';

let fake: FakeService;
let seen: number;

beforeAll(async () => {
  fake = await startAniListFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  seen = fake.requests.length;
});

const newRequests = () => fake.requests.slice(seen);

describe('what the plugin sends to AniList', () => {
  it('posts one GraphQL search for manga, with the trimmed name and 20 results at most', async () => {
    await callAniList(fake.url, (context) => plugin.searchSeries({ name: '  Attack on Titan ' }, context));
    const [request, ...others] = newRequests();
    expect(others).toEqual([]);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    const body = sentBody(request!);
    expect(body.variables).toEqual({ search: 'Attack on Titan', perPage: 20 });
    expect(body.query).toMatch(/media\(search: \$search, type: MANGA, sort: SEARCH_MATCH\)/);
    expect(body.query).toMatch(/description\(asHtml: false\)/);
  });

  it('sends non-ASCII names intact and finds them', async () => {
    const results = await callAniList(fake.url, (context) => plugin.searchSeries({ name: 'フリーレン' }, context));
    expect(sentBody(newRequests()[0]!).variables['search']).toBe('フリーレン');
    expect(results.map((series) => series.externalId)).toEqual(['118586']);
  });

  it('looks a series up by its numeric id', async () => {
    const series = await callAniList(fake.url, (context) => plugin.getSeries('30960', context));
    const body = sentBody(newRequests()[0]!);
    expect(body.variables).toEqual({ id: 30960 });
    expect(body.query).toMatch(/Media\(id: \$id, type: MANGA\)/);
    expect(series.title).toBe('Kochira Katsushika-ku Kameari Kouen-mae Hashutsujo');
    expect(series.totalVolumes).toBe(201);
  });

  it('sends nothing for an empty name', async () => {
    expect(await callAniList(fake.url, (context) => plugin.searchSeries({ name: '   ' }, context))).toEqual([]);
    expect(newRequests()).toEqual([]);
  });

  it('answers no volumes, without asking AniList, which has no per-volume records', async () => {
    expect(await callAniList(fake.url, (context) => plugin.getVolumes('30011', context))).toEqual([]);
    expect(newRequests()).toEqual([]);
    expect(plugin.capabilities.hasVolumes).toBe(false);
  });

  it('refuses an id that cannot be an AniList id without asking', async () => {
    for (const id of ['abc', '12.5', '-3', '0', '99999999999']) {
      const error = await rejectionOf(callAniList(fake.url, (context) => plugin.getSeries(id, context)));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toContain(`"${id}"`);
    }
    expect(newRequests()).toEqual([]);
  });

  it('reads AniList’s own 404 answer as NotFoundError naming the id', async () => {
    const error = await rejectionOf(callAniList(fake.url, (context) => plugin.getSeries('424242', context)));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('AniList has no manga with id "424242"');
  });
});

describe('search results through the fake', () => {
  it('keeps AniList’s order and maps every hit', async () => {
    const results = await callAniList(fake.url, (context) => plugin.searchSeries({ name: 'naruto' }, context));
    expect(results.map((series) => [series.externalId, series.title])).toEqual([
      ['30011', 'Naruto'],
      ['97922', 'Boruto: Naruto Next Generations'],
    ]);
  });

  it('reports a running series’ chapters as chapters, not volumes', async () => {
    const [kaiju] = await callAniList(fake.url, (context) => plugin.searchSeries({ name: 'Kaiju No. 8' }, context));
    expect(kaiju).toMatchObject({ totalVolumes: null, totalChapters: 110, rawStatus: 'RELEASING' });
  });

  it('finds a series under a synonym, e.g. its French title', async () => {
    const results = await callAniList(fake.url, (context) =>
      plugin.searchSeries({ name: "L'Attaque des Titans" }, context),
    );
    expect(results[0]?.externalId).toBe('53390');
    expect(results[0]?.alternativeTitles).toContain("L'Attaque des Titans");
  });
});

describe('the language preference', () => {
  it('shows the English title to an English reader and the native one to a Japanese reader', async () => {
    const search = { name: 'Attack on Titan' };
    const english = await callAniList(fake.url, (context) => plugin.searchSeries(search, context), { language: 'en' });
    const japanese = await callAniList(fake.url, (context) => plugin.searchSeries(search, context), {
      language: 'ja',
    });
    expect(english[0]?.title).toBe('Attack on Titan');
    expect(japanese[0]?.title).toBe('進撃の巨人');
    expect(japanese[0]?.alternativeTitles).toContain('Attack on Titan');
  });

  it('lets the query’s language override the context’s', async () => {
    const results = await callAniList(
      fake.url,
      (context) => plugin.searchSeries({ name: 'Solo Leveling', language: 'ko' }, context),
      { language: 'en' },
    );
    expect(results[0]?.title).toBe('나 혼자만 레벨업');
  });

  it('applies to getSeries as well', async () => {
    const series = await callAniList(fake.url, (context) => plugin.getSeries('118586', context), { language: 'ja' });
    expect(series.title).toBe('葬送のフリーレン');
  });
});

describe('base_url', () => {
  it('is used as the endpoint as given, path included (for a proxy)', async () => {
    const proxy = await startFakeService({
      handle: (request) =>
        request.path === '/anilist/graphql'
          ? handleAniList({ ...request, path: '/' })
          : { status: 404, body: 'no such route', headers: { 'content-type': 'text/plain' } },
    });
    try {
      const results = await callAniList(proxy.url, (context) => plugin.searchSeries({ name: 'Naruto' }, context), {
        settings: { base_url: `${proxy.url}/anilist/graphql` },
      });
      expect(results[0]?.externalId).toBe('30011');
      expect(proxy.requests.map((request) => request.path)).toEqual(['/anilist/graphql']);
    } finally {
      await proxy.close();
    }
  });

  it('defaults to the real AniList endpoint', () => {
    expect(plugin.manifest.settings.find((field) => field.key === 'base_url')).toMatchObject({
      type: 'url',
      default: 'https://graphql.anilist.co',
    });
  });

  it('fails with NotConfiguredError naming base_url when it is not an http(s) URL', async () => {
    for (const base_url of ['not a url', 'ftp://graphql.anilist.co']) {
      const error = await rejectionOf(
        callAniList(fake.url, (context) => plugin.searchSeries({ name: 'Naruto' }, context), {
          settings: { base_url },
        }),
      );
      expect(error).toBeInstanceOf(NotConfiguredError);
      expect(error.message).toContain('base_url');
    }
    expect(newRequests()).toEqual([]);
  });
});
