import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * What a reader may see inside their libraries (issue 39): a maximum age rating, unrated books or not, labels to
 * include only and to exclude. What is out of bounds is a 404 and never counted, in REST, OPDS (1.2 and 2), search,
 * facets, pages and thumbnails, collections; a rating that changes under a cached OPDS feed gives a new feed.
 */

const admin = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let libraryId = '';
/** Series and their first books by folder name. */
const series: Record<string, string> = {};
const books: Record<string, string[]> = {};
const tokens = { age12: '', age12Rated: '', labels: '' };
const users = { age12: '' };
let mixedCollection = '';
let matureCollection = '';

const basic = (token: string) => `Basic ${Buffer.from(`app:${token}`).toString('base64')}`;
const opds = (pathname: string, token: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/opds${pathname}`, { headers: { authorization: basic(token), ...headers } });

/** A reader of the library with these restrictions, and a read token of their own. */
async function readerWith(
  username: string,
  restrictions: Record<string, unknown>,
): Promise<{ id: string; token: string }> {
  const password = 'reader password 1';
  const created = await call('/users', {
    method: 'POST',
    token: admin,
    body: { username, password, role: 'reader', library_ids: [libraryId], ...restrictions },
  });
  expect(created.status, created.text).toBe(201);
  expect(created.body).toMatchObject(restrictions);
  const login = await call('/auth/login', { method: 'POST', body: { username, password } });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const token = await call('/tokens', { method: 'POST', cookie, body: { name: 'app', scope: 'read' } });
  expect(token.status).toBe(201);
  return { id: created.body.id, token: token.body.token };
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  // The mature books alone have a genre: the facets counted from their own rows must leave it out too.
  const rated = (rating: string | null): { comicInfo?: Record<string, string> } =>
    rating === null
      ? {}
      : { comicInfo: rating === 'Mature 17+' ? { AgeRating: rating, Genre: 'Grim' } : { AgeRating: rating } };
  for (const [file, rating] of [
    ['Kids/Kids T01.cbz', 'Everyone'],
    ['Kids/Kids T02.cbz', 'Everyone 10+'],
    ['Mature/Mature T01.cbz', 'Mature 17+'],
    ['Mature/Mature T02.cbz', 'Mature 17+'],
    ['Plain/Plain T01.cbz', null],
    ['Family/Family T01.cbz', 'Everyone'],
    ['Scary/Scary T01.cbz', 'Everyone'],
  ] as const)
    await writeComic(server.librariesRoot, `lib/${file}`, { pages: 2, ...rated(rating) });
  const created = await call('/libraries', { method: 'POST', token: admin, body: { name: 'Lib', root_path: 'lib' } });
  expect(created.status).toBe(201);
  libraryId = created.body.id;
  expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  const all = await call('/books?sort=series&limit=100', { token: admin });
  for (const book of all.body.items) {
    const name = book.series as string;
    series[name] = book.series_id;
    (books[name] ??= []).push(book.id);
  }
  expect(Object.keys(series).sort()).toEqual(['Family', 'Kids', 'Mature', 'Plain', 'Scary']);
  expect((await call(`/books/${books.Mature![0]}`, { token: admin })).body.age_rating_age).toBe(17);

  // Labels from the edit dialog (one series) and the selection bar (several).
  const set = await call(`/series/${series.Family}/labels`, {
    method: 'PUT',
    token: admin,
    body: { labels: ['scary', 'family'] },
  });
  expect(set.body).toEqual({ labels: ['family', 'scary'] });
  const bulk = await call('/series/labels', {
    method: 'POST',
    token: admin,
    body: { series_ids: [series.Kids, series.Scary], add: ['family', 'scary'] },
  });
  expect(bulk.body).toEqual({ updated: 2 });
  const removed = await call('/series/labels', {
    method: 'POST',
    token: admin,
    body: { series_ids: [series.Kids], remove: ['scary'] },
  });
  expect(removed.status).toBe(200);
  await call(`/series/${series.Scary}/labels`, { method: 'PUT', token: admin, body: { labels: ['scary'] } });
  expect((await call(`/series/${series.Kids}/labels`, { token: admin })).body).toEqual({ labels: ['family'] });
  const labels = await call('/labels', { token: admin });
  expect(labels.body.items.map((label: any) => [label.name, label.series_count])).toEqual([
    ['family', 2],
    ['scary', 2],
  ]);

  const age12 = await readerWith('age-12', { age_max: 12, allow_unrated: true });
  tokens.age12 = age12.token;
  users.age12 = age12.id;
  tokens.age12Rated = (await readerWith('age-12-rated', { age_max: 12, allow_unrated: false })).token;
  tokens.labels = (await readerWith('labels', { labels_include: ['family'], labels_exclude: ['scary'] })).token;

  const collection = async (name: string, ids: string[]) => {
    const made = await call('/collections', { method: 'POST', token: admin, body: { name, series_ids: ids } });
    expect(made.status).toBe(201);
    return made.body.id as string;
  };
  mixedCollection = await collection('Mixed', [series.Mature!, series.Kids!]);
  matureCollection = await collection('Grown-ups', [series.Mature!]);
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

const idsOf = (body: any): string[] => body.items.map((item: any) => item.id);

describe('a reader limited to 12 against a series rated Mature 17+', () => {
  it('gets 404 for the series, its books, pages, thumbnails and files over REST, where an admin gets 200', async () => {
    const mature = books.Mature![0]!;
    const kids = books.Kids![0]!;
    for (const route of [
      `/series/${series.Mature}`,
      `/series/${series.Mature}/books`,
      `/books/${mature}`,
      `/books/${mature}/pages`,
      `/books/${mature}/pages/1`,
      `/books/${mature}/thumbnail`,
      `/books/${mature}/file`,
      `/collections/${matureCollection}`,
    ]) {
      expectProblem(await call(route, { token: tokens.age12 }), 404);
      expect((await call(route, { token: admin })).status, route).toBeLessThan(300);
      const allowed = route.replace(series.Mature!, series.Kids!).replace(mature, kids);
      if (allowed !== route) expect((await call(allowed, { token: tokens.age12 })).status, allowed).toBeLessThan(300);
    }
    expectProblem(
      await call(`/books/${mature}/progress`, { method: 'PUT', token: tokens.age12, body: { status: 'read' } }),
      404,
    );
  });

  it('neither lists, finds nor counts it: lists, search, facets, library counts', async () => {
    const seriesList = await call('/series?limit=100', { token: tokens.age12 });
    expect(idsOf(seriesList.body).sort()).toEqual([series.Family, series.Kids, series.Plain, series.Scary].sort());
    expect(seriesList.body.total).toBe(4);
    const bookList = await call('/books?limit=100', { token: tokens.age12 });
    expect(bookList.body.total).toBe(5);
    expect(idsOf(bookList.body)).not.toContain(books.Mature![0]);
    expect((await call('/books?q=mature', { token: tokens.age12 })).body.total).toBe(0);
    expect((await call('/series?q=mature', { token: tokens.age12 })).body.total).toBe(0);
    const facets = await call('/books/facets?facet=age_max', { token: tokens.age12 });
    expect(facets.body.age_max.map((count: any) => count.value)).not.toContain(17);
    expect(facets.body.age_max.reduce((sum: number, count: any) => sum + count.count, 0)).toBe(5);
    for (const level of ['books', 'series']) {
      const genres = await call(`/${level}/facets?facet=genre`, { token: tokens.age12 });
      expect(genres.body.genre, level).toEqual([]);
      expect((await call(`/${level}/facets?facet=genre`, { token: admin })).body.genre, level).toEqual([
        { value: 'Grim', count: level === 'books' ? 2 : 1 },
      ]);
    }
    const adminFacets = await call('/books/facets?facet=age_max', { token: admin });
    expect(adminFacets.body.age_max.find((count: any) => count.value === 17)?.count).toBe(2);
    const library = await call(`/libraries/${libraryId}`, { token: tokens.age12 });
    expect(library.body).toMatchObject({ book_count: 5, series_count: 4 });
    expect((await call(`/libraries/${libraryId}`, { token: admin })).body).toMatchObject({
      book_count: 7,
      series_count: 5,
    });
  });

  it('gets 404 for its OPDS entries and finds it in no feed or search, in both versions', async () => {
    const mature = books.Mature![0]!;
    for (const route of [
      `/v1.2/series/${series.Mature}`,
      `/v2/series/${series.Mature}`,
      `/books/${mature}/file`,
      `/books/${mature}/thumbnail`,
      `/books/${mature}/pages/0`,
    ]) {
      expect((await opds(route, tokens.age12)).status, route).toBe(404);
      expect((await opds(route, admin)).status, route).toBe(200);
    }
    for (const route of [
      '/v1.2/series',
      '/v2/series',
      '/v1.2/recent',
      '/v2/recent',
      '/v1.2/search?q=mature',
      '/v2/search?q=mature',
    ]) {
      const feed = await (await opds(route, tokens.age12)).text();
      expect(feed, route).not.toContain(series.Mature);
      expect(feed, route).not.toContain(mature);
    }
    expect(await (await opds('/v1.2/search?q=mature', admin)).text()).toContain(mature);
  });

  it('sees a collection mixing allowed and forbidden series with the allowed one only', async () => {
    const mixed = await call(`/collections/${mixedCollection}`, { token: tokens.age12 });
    expect(mixed.body.series_count).toBe(1);
    const members = await call(`/collections/${mixedCollection}/series`, { token: tokens.age12 });
    expect(idsOf(members.body)).toEqual([series.Kids]);
    expect(members.body.total).toBe(1);
    const list = await call('/collections', { token: tokens.age12 });
    expect(idsOf(list.body)).toEqual([mixedCollection]);
    expect((await call(`/collections/${mixedCollection}/series`, { token: admin })).body.total).toBe(2);
  });
});

describe('unrated books', () => {
  it('are seen by a reader who allows them and are 404 to one who does not', async () => {
    const plain = books.Plain![0]!;
    expect((await call(`/books/${plain}`, { token: tokens.age12 })).status).toBe(200);
    expect((await call(`/series/${series.Plain}`, { token: tokens.age12 })).status).toBe(200);
    expectProblem(await call(`/books/${plain}`, { token: tokens.age12Rated }), 404);
    expectProblem(await call(`/series/${series.Plain}`, { token: tokens.age12Rated }), 404);
    expect((await opds(`/books/${plain}/file`, tokens.age12Rated)).status).toBe(404);
    const list = await call('/series?limit=100', { token: tokens.age12Rated });
    expect(idsOf(list.body).sort()).toEqual([series.Family, series.Kids, series.Scary].sort());
  });
});

describe('labels to include and to exclude together', () => {
  it('keep a reader to the series carrying an included label and none excluded', async () => {
    const list = await call('/series?limit=100', { token: tokens.labels });
    expect(idsOf(list.body)).toEqual([series.Kids]);
    const bookList = await call('/books?limit=100', { token: tokens.labels });
    expect(idsOf(bookList.body).sort()).toEqual([...books.Kids!].sort());
    // Family carries both: the exclusion wins. Scary only the excluded one; Plain and Mature none of the included.
    for (const name of ['Family', 'Scary', 'Plain', 'Mature']) {
      expectProblem(await call(`/series/${series[name]}`, { token: tokens.labels }), 404);
      expectProblem(await call(`/books/${books[name]![0]}`, { token: tokens.labels }), 404);
    }
    const facets = await call('/series/facets?facet=age_max', { token: tokens.labels });
    expect(facets.body.age_max.reduce((sum: number, count: any) => sum + count.count, 0)).toBe(1);
  });

  it('follow a label put on a series under a cached OPDS feed', async () => {
    const feed = await opds('/v1.2/series', tokens.labels);
    expect(await feed.text()).toContain(series.Kids);
    const etag = feed.headers.get('etag')!;
    await call('/series/labels', { method: 'POST', token: admin, body: { series_ids: [series.Kids], add: ['scary'] } });
    const after = await opds('/v1.2/series', tokens.labels, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(await after.text()).not.toContain(series.Kids);
    await call('/series/labels', {
      method: 'POST',
      token: admin,
      body: { series_ids: [series.Kids], remove: ['scary'] },
    });
    expect(await (await opds('/v1.2/series', tokens.labels)).text()).toContain(series.Kids);
  });
});

describe('a rating that changes under a reader with a cached OPDS feed', () => {
  it('gives a new ETag and a feed without the book, never a 304', async () => {
    const second = books.Kids![1]!;
    // The series' own rating locked low: it is still rated by its highest book.
    const locked = await call(`/series/${series.Kids}`, {
      method: 'PATCH',
      token: admin,
      body: { age_rating: 'Everyone', locked_fields: ['age_rating'] },
    });
    expect(locked.status, locked.text).toBe(200);
    for (const route of ['/v1.2/recent', '/v2/recent', '/v1.2/search?q=kids', '/v2/search?q=kids']) {
      await call(`/books/${second}`, { method: 'PATCH', token: admin, body: { age_rating: 'Everyone 10+' } });
      const first = await opds(route, tokens.age12);
      const etag = first.headers.get('etag')!;
      expect(await first.text(), route).toContain(second);
      expect((await opds(route, tokens.age12, { 'if-none-match': etag })).status, route).toBe(304);
      const edit = await call(`/books/${second}`, {
        method: 'PATCH',
        token: admin,
        body: { age_rating: 'Mature 17+' },
      });
      expect(edit.status).toBe(200);
      const after = await opds(route, tokens.age12, { 'if-none-match': etag });
      expect(after.status, route).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      const text = await after.text();
      expect(text, route).not.toContain(second);
    }
    expectProblem(await call(`/books/${second}`, { token: tokens.age12 }), 404);
    // The series is now rated by its highest book, 17: out of bounds as a series too, its cached feed included.
    expectProblem(await call(`/series/${series.Kids}`, { token: tokens.age12 }), 404);
    await call(`/books/${second}`, { method: 'PATCH', token: admin, body: { age_rating: 'Everyone 10+' } });
    const feed = await opds(`/v2/series/${series.Kids}`, tokens.age12);
    expect(await feed.text()).toContain(second);
    await call(`/books/${second}`, { method: 'PATCH', token: admin, body: { age_rating: 'Mature 17+' } });
    const etag = feed.headers.get('etag')!;
    expect((await opds(`/v2/series/${series.Kids}`, tokens.age12, { 'if-none-match': etag })).status).toBe(404);
    await call(`/books/${second}`, { method: 'PATCH', token: admin, body: { age_rating: 'Everyone 10+' } });
    expect((await call(`/series/${series.Kids}`, { token: tokens.age12 })).status).toBe(200);
  });

  it('follows a change of the reader’s own restrictions at once, cached lists and feeds included', async () => {
    const before = await call('/series?limit=100', { token: tokens.age12 });
    expect(idsOf(before.body)).not.toContain(series.Mature);
    const feed = await opds('/v2/series', tokens.age12);
    expect(await feed.text()).not.toContain(series.Mature);
    const etag = feed.headers.get('etag')!;
    const changed = await call(`/users/${users.age12}`, { method: 'PATCH', token: admin, body: { age_max: 17 } });
    expect(changed.body.age_max).toBe(17);
    expect(idsOf((await call('/series?limit=100', { token: tokens.age12 })).body)).toContain(series.Mature);
    // No catalog change: only the restrictions in the viewer's key tell this feed from the one cached before.
    const after = await opds('/v2/series', tokens.age12, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(series.Mature);
    await call(`/users/${users.age12}`, { method: 'PATCH', token: admin, body: { age_max: 12 } });
    expect(idsOf((await call('/series?limit=100', { token: tokens.age12 })).body)).not.toContain(series.Mature);
  });
});
