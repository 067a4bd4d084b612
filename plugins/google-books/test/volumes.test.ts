import { NotFoundError } from '@shelfmark/plugin-sdk';
import type { PluginContext, PluginSettings } from '@shelfmark/plugin-sdk';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { FAKE_API_KEY, IDS, ONE_PIECE_VOLUMES, startGoogleBooksFake } from './fake-service.js';

let fake: FakeService;
let settings: PluginSettings;

beforeAll(async () => {
  fake = await startGoogleBooksFake();
  settings = { base_url: fake.url, api_key: FAKE_API_KEY };
});
afterAll(() => fake.close());

let seen = 0;
beforeEach(() => {
  seen = fake.requests.length;
});
const requests = () => fake.requests.slice(seen);

function run<T>(call: (context: PluginContext) => Promise<T>, language = 'en'): Promise<T> {
  const { host } = createTestHost(plugin);
  return host.run(call, { settings, language });
}

describe('getVolumes', () => {
  it('returns only the volumes of the series, one edition each, in order', async () => {
    const volumes = await run((ctx) => plugin.getVolumes(IDS.sagaVol2, ctx));
    expect(volumes.map((v) => [v.externalId, v.volumeNumber])).toEqual([
      [IDS.sagaVol1, 1],
      [IDS.sagaVol2, 2],
      [IDS.sagaVol3, 3],
    ]);
    expect(volumes[0]).toMatchObject({
      isbn: '9781607066019',
      coverUrl: expect.stringMatching(/^https:\/\/books\.google\.com\/.*zoom=1&source=gbs_api$/),
      summary: 'When two soldiers from opposite sides of a never-ending galactic war fall in love…',
      publishDate: '2012-10-10',
      pageCount: 160,
      language: 'en',
    });
    const [volume, search] = requests();
    expect(volume?.path).toBe(`/books/v1/volumes/${IDS.sagaVol2}`);
    expect(volume?.query.get('key')).toBe(FAKE_API_KEY);
    expect(search?.query.get('q')).toBe('intitle:Saga');
    expect(search?.query.get('maxResults')).toBe('40');
    expect(search?.query.get('langRestrict')).toBe('en');
  });

  it('pages through a long series and stops when Google has no more', async () => {
    const volumes = await run((ctx) => plugin.getVolumes(IDS.onePiece(3), ctx));
    expect(volumes.map((v) => v.volumeNumber)).toEqual(Array.from({ length: ONE_PIECE_VOLUMES }, (_, i) => i + 1));
    expect(volumes.some((v) => v.externalId === IDS.onePieceColorWalk)).toBe(false);
    const searches = requests().filter((r) => r.path === '/books/v1/volumes');
    expect(searches.map((r) => r.query.get('startIndex'))).toEqual([null, '40']);
  });

  it('groups French volumes despite accents and uses Google’s own numbering', async () => {
    const legendaires = await run((ctx) => plugin.getVolumes(IDS.legendaires1, ctx), 'fr');
    expect(legendaires.map((v) => [v.volumeNumber, v.publishDate])).toEqual([
      [1, '2004-03-10'],
      [2, '2004-10'],
      [3, '2005'],
    ]);
    const blacksad = await run((ctx) => plugin.getVolumes(IDS.blacksad2, ctx), 'fr');
    expect(blacksad.map((v) => [v.externalId, v.volumeNumber, v.title])).toEqual([
      [IDS.blacksad1, 1, 'Blacksad: Quelque part entre les ombres'],
      [IDS.blacksad2, 2, 'Blacksad - Tome 2 : Arctic Nation'],
    ]);
  });

  it('numbers volumes whose title has no marker from seriesInfo', async () => {
    const volumes = await run((ctx) => plugin.getVolumes(IDS.shingeki1, ctx), 'ja');
    expect(volumes.map((v) => [v.title, v.volumeNumber, v.language])).toEqual([
      ['進撃の巨人 1', 1, 'ja'],
      ['進撃の巨人 2', 2, 'ja'],
    ]);
  });

  it('returns the linked volume alone when the language filter hides the others', async () => {
    const volumes = await run((ctx) => plugin.getVolumes(IDS.legendaires2, ctx), 'en');
    expect(volumes.map((v) => v.externalId)).toEqual([IDS.legendaires2]);
  });
});

describe('getSeries', () => {
  it('reads the series from its volume, HTML description as text, no invented count', async () => {
    const series = await run((ctx) => plugin.getSeries(IDS.legendaires1, ctx), 'fr');
    expect(series).toMatchObject({
      externalId: IDS.legendaires1,
      title: 'Les Légendaires',
      description: 'Les Légendaires : des héros déchus, devenus… des enfants !',
      authors: ['Patrick Sobral'],
      publishers: ['Delcourt'],
      startYear: 2004,
      totalVolumes: null,
      genres: ['Bandes dessinées', 'Fantasy'],
      language: 'fr',
      externalUrl: `https://books.google.com/books?id=${IDS.legendaires1}`,
    });
  });

  it('throws NotFoundError for an id Google does not know', async () => {
    await expect(run((ctx) => plugin.getSeries('zzzzzzzzzzzz', ctx))).rejects.toBeInstanceOf(NotFoundError);
    expect(requests()).toHaveLength(1);
  });

  it('throws NotFoundError for a malformed id without asking Google (it would answer 503)', async () => {
    await expect(run((ctx) => plugin.getSeries('../volumes?q=x', ctx))).rejects.toBeInstanceOf(NotFoundError);
    await expect(run((ctx) => plugin.getVolumes('', ctx))).rejects.toBeInstanceOf(NotFoundError);
    expect(requests()).toHaveLength(0);
  });
});
