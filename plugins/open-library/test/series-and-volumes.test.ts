import { NotFoundError } from '@shelfmark/plugin-sdk';
import type { MetadataProviderPlugin, PluginContext } from '@shelfmark/plugin-sdk';
import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isIsbn13 } from '../src/isbn.js';
import plugin from '../src/index.js';
import { DELETED_WORK_KEY, MERGED_WORK_KEY, UNINDEXED_WORK_KEY, startOpenLibraryFake } from './fake-service.js';

/** The rate limit has its own test; here it would only make every call wait a second per request. */
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

function run<T>(call: (context: PluginContext) => Promise<T>, language = 'en') {
  return createTestHost(unthrottled).host.run(call, { settings: { base_url: fake.url }, language });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe('getSeries', () => {
  it('reads the work, then its series siblings in every language', async () => {
    const series = await run((context) => plugin.getSeries('/works/OL15331214W', context), 'fr');
    expect(sent().map((request) => request.path)).toEqual(['/works/OL15331214W.json', '/search.json']);
    const search = sent()[1];
    expect(search?.query.get('title')).toBe('Blacksad');
    expect(search?.query.has('language')).toBe(false);
    expect(series).toEqual({
      externalId: '/works/OL15331214W',
      title: 'Blacksad',
      alternativeTitles: [],
      authors: ['Juan Díaz Canales', 'Juanjo Guarnido'],
      description: 'Un détective privé, chat noir, enquête sur le meurtre d’une actrice.',
      publishers: ['Dargaud', 'Dargaud Benelux', 'Norma Editorial'],
      startYear: 2000,
      totalVolumes: null,
      totalChapters: null,
      rawStatus: null,
      genres: [],
      language: 'fr',
      coverUrl: 'https://covers.openlibrary.org/b/id/8234001-L.jpg',
      externalUrl: 'https://openlibrary.org/works/OL15331214W',
    });
  });

  it('reports no series language when the works are not all in the preferred one', async () => {
    const series = await run((context) => plugin.getSeries('/works/OL15331214W', context), 'en');
    expect(series.language).toBeNull();
  });

  it('follows a merged work to the one that replaced it', async () => {
    const series = await run((context) => plugin.getSeries(MERGED_WORK_KEY, context));
    expect(sent().map((request) => request.path)).toEqual([
      `${MERGED_WORK_KEY}.json`,
      '/works/OL9001W.json',
      '/search.json',
    ]);
    expect(series).toMatchObject({
      externalId: '/works/OL9001W',
      title: 'Maus',
      description: 'A survivor’s tale.',
      startYear: 1986,
    });
  });

  it('fails with NotFoundError for unknown and deleted works', async () => {
    for (const id of ['/works/OL999999999W', DELETED_WORK_KEY]) {
      const error = await rejection(run((context) => plugin.getSeries(id, context)));
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as Error).message).toContain(id);
    }
    expect(sent().map((request) => request.path)).toEqual(['/works/OL999999999W.json', `${DELETED_WORK_KEY}.json`]);
  });

  it('fails with NotFoundError, without any request, for ids that are not work keys', async () => {
    for (const id of ['OL9001W', '/authors/OL1A', '/works/../search', '']) {
      expect(await rejection(run((context) => plugin.getSeries(id, context)))).toBeInstanceOf(NotFoundError);
      expect(await rejection(run((context) => plugin.getVolumes(id, context)))).toBeInstanceOf(NotFoundError);
    }
    expect(sent()).toHaveLength(0);
  });
});

describe('getVolumes', () => {
  it('pages through a long series and keeps its volumes only, in order', async () => {
    const volumes = await run((context) => plugin.getVolumes('/works/OL5700001W', context));
    const searches = sent().filter((request) => request.path === '/search.json');
    expect(searches.map((request) => [request.query.get('page'), request.query.get('limit')])).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);
    expect(searches.every((request) => request.query.get('title') === 'One Piece')).toBe(true);
    expect(volumes.map((volume) => volume.volumeNumber)).toEqual(Array.from({ length: 105 }, (_, i) => i + 1));
    expect(volumes.some((volume) => volume.title?.includes('Color Walk') || volume.title?.includes('Strong'))).toBe(
      false,
    );
    expect(volumes.every((volume) => volume.isbn !== null && isIsbn13(volume.isbn))).toBe(true);
    expect(volumes[0]).toMatchObject({
      externalId: '/works/OL5700001W',
      title: 'One Piece, Vol. 1',
      authors: ['Eiichiro Oda'],
      coverUrl: 'https://covers.openlibrary.org/b/id/9100001-L.jpg',
      pageCount: 200,
      language: 'en',
      publishDate: '1997',
    });
  });

  it('reports each volume in the preferred language when it has an edition in it', async () => {
    const volumes = await run((context) => plugin.getVolumes('/works/OL5700001W', context), 'fr');
    expect(volumes).toHaveLength(105);
    expect(volumes.slice(0, 10).every((volume) => volume.language === 'fr')).toBe(true);
    expect(volumes.slice(10).every((volume) => volume.language === 'en')).toBe(true);
  });

  it('chooses between translations of the same volume by the preferred language', async () => {
    const english = await run((context) => plugin.getVolumes('/works/OL262453W', context), 'en');
    expect(english.map((volume) => [volume.volumeNumber, volume.externalId])).toEqual([
      [1, '/works/OL262455W'],
      [2, '/works/OL262454W'],
    ]);
    const french = await run((context) => plugin.getVolumes('/works/OL262453W', context), 'fr');
    expect(french.map((volume) => volume.externalId)).toEqual(['/works/OL262453W', '/works/OL262454W']);
  });

  it('picks the ISBN-13 and reads bare volume numbers', async () => {
    const volumes = await run((context) => plugin.getVolumes('/works/OL9001W', context));
    expect(volumes.map((volume) => [volume.volumeNumber, volume.isbn, volume.language])).toEqual([
      [1, '9780394747231', 'en'],
      [2, null, null],
    ]);
  });

  it('includes the linked work even when the search index does not list it yet', async () => {
    const volumes = await run((context) => plugin.getVolumes(UNINDEXED_WORK_KEY, context), 'fr');
    expect(volumes.map((volume) => volume.volumeNumber)).toEqual([1, 2, 3, 6]);
    expect(volumes[3]).toMatchObject({ externalId: UNINDEXED_WORK_KEY, authors: [], isbn: null });
  });

  it('fails with NotFoundError for an unknown work', async () => {
    expect(await rejection(run((context) => plugin.getVolumes('/works/OL999999999W', context)))).toBeInstanceOf(
      NotFoundError,
    );
  });
});
