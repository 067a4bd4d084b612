import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * A series seen by a reader who does not allow unrated books, through its rated book, while its other book is
 * unrated (issue 39): the hidden book is never counted. Its series shows one book, read when that one is, with that
 * book's cover, over REST, tRPC and OPDS, in lists, the reading-status filter and the read-state facet; an admin
 * still sees both books.
 */

const admin = BOOTSTRAP_TOKEN;
const PASSWORD = 'reader password 1';
let server: TestServer;
let call: ApiClient;
const ids = { library: '', split: '', unrated: '', rated: '', collection: '' };
const reader = { token: '', cookie: '' };

const basic = (token: string) => `Basic ${Buffer.from(`app:${token}`).toString('base64')}`;
const opds = (pathname: string, token: string) =>
  fetch(`${server.url}/opds${pathname}`, { headers: { authorization: basic(token) } });
const asReader = (route: string, options: Parameters<ApiClient>[1] = {}) =>
  call(route, { token: reader.token, ...options });
const splitOf = (body: any) => body.items.find((item: any) => item.id === ids.split);

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  // The unrated book first: it would be the series' cover, read from every book.
  await writeComic(server.librariesRoot, 'lib/Split/Split T01.cbz', { pages: 2 });
  await writeComic(server.librariesRoot, 'lib/Split/Split T02.cbz', {
    pages: 2,
    comicInfo: { AgeRating: 'Everyone 10+' },
  });
  const created = await call('/libraries', { method: 'POST', token: admin, body: { name: 'Lib', root_path: 'lib' } });
  expect(created.status).toBe(201);
  ids.library = created.body.id;
  expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  const books = (await call('/books?sort=series&limit=100', { token: admin })).body.items as any[];
  [ids.unrated, ids.rated] = books.map((book) => book.id);
  ids.split = books[0].series_id;
  expect((await call(`/books/${ids.unrated}`, { token: admin })).body.age_rating_age).toBeNull();
  expect((await call(`/books/${ids.rated}`, { token: admin })).body.age_rating_age).toBe(10);
  const collection = await call('/collections', {
    method: 'POST',
    token: admin,
    body: { name: 'Shelf', series_ids: [ids.split] },
  });
  expect(collection.status).toBe(201);
  ids.collection = collection.body.id;

  const user = await call('/users', {
    method: 'POST',
    token: admin,
    body: {
      username: 'rated-only',
      password: PASSWORD,
      role: 'reader',
      library_ids: [ids.library],
      age_max: 12,
      allow_unrated: false,
    },
  });
  expect(user.status, user.text).toBe(201);
  const login = await call('/auth/login', { method: 'POST', body: { username: 'rated-only', password: PASSWORD } });
  reader.cookie = sessionCookie(login.headers);
  const token = await call('/tokens', { method: 'POST', cookie: reader.cookie, body: { name: 'app', scope: 'read' } });
  expect(token.status).toBe(201);
  reader.token = token.body.token;
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

/** The cover served at this address (below the server's root) to the reader. */
async function coverStatus(address: string): Promise<number> {
  const response = await fetch(new URL(address, server.url), { headers: { authorization: `Bearer ${reader.token}` } });
  await response.arrayBuffer();
  return response.status;
}

describe('a series whose unrated book is kept from a reader of rated books', () => {
  it('counts the rated book alone over REST, with its cover, where an admin counts both', async () => {
    expect((await asReader(`/books/${ids.unrated}`)).status).toBe(404);
    const one = { book_count: 1, owned_count: 1, read_count: 0, reading_status: 'unread' };
    for (const route of [
      '/series?limit=100',
      `/libraries/${ids.library}/series`,
      `/collections/${ids.collection}/series`,
    ])
      expect(splitOf((await asReader(route)).body), route).toMatchObject(one);
    const detail = await asReader(`/series/${ids.split}`);
    expect(detail.body).toMatchObject(one);
    expect(detail.body.cover_url).toContain(ids.rated);
    expect(await coverStatus(detail.body.cover_url)).toBe(200);
    expect(splitOf((await asReader('/series?limit=100')).body).cover_url).toContain(ids.rated);

    const forAdmin = await call(`/series/${ids.split}`, { token: admin });
    expect(forAdmin.body).toMatchObject({ book_count: 2, owned_count: 2 });
    expect(forAdmin.body.cover_url).toContain(ids.unrated);
    expect(splitOf((await call('/series?limit=100', { token: admin })).body)).toMatchObject({ book_count: 2 });
  });

  it('never names the unrated book to the reader when an admin chose it as the cover', async () => {
    const chosen = await call(`/series/${ids.split}/cover`, {
      method: 'PUT',
      token: admin,
      body: { source: 'book', book_id: ids.unrated },
    });
    expect(chosen.status, chosen.text).toBe(200);
    try {
      expect(chosen.body.cover).toEqual({ source: 'book', book_id: ids.unrated });
      const detail = await asReader(`/series/${ids.split}`);
      expect(detail.body.cover).toEqual({ source: 'book', book_id: null });
      expect(JSON.stringify(detail.body)).not.toContain(ids.unrated);
      expect(await coverStatus(detail.body.cover_url)).toBe(200);
    } finally {
      const back = await call(`/series/${ids.split}/cover`, {
        method: 'PUT',
        token: admin,
        body: { source: 'first_book' },
      });
      expect(back.status, back.text).toBe(200);
    }
  });

  it('counts the rated book alone over tRPC', async () => {
    const trpc = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie: reader.cookie }) })],
    });
    const list = await trpc.series.list.query({ limit: 100 });
    expect(splitOf(list)).toMatchObject({ book_count: 1, owned_count: 1 });
    expect(splitOf(list).cover_url).toContain(ids.rated);
    const detail = await trpc.series.get.query({ series_id: ids.split });
    expect(detail).toMatchObject({ book_count: 1, owned_count: 1 });
  });

  it('counts the rated book alone in OPDS entries, whose cover links answer', async () => {
    const feed = await (await opds('/v2/series', reader.token)).json();
    const entry = feed.navigation.find((item: any) => item.href.endsWith(`/series/${ids.split}`));
    expect(entry.properties.numberOfItems).toBe(1);
    const adminFeed = await (await opds('/v2/series', admin)).json();
    expect(adminFeed.navigation.find((item: any) => item.href.endsWith(`/series/${ids.split}`)).properties).toEqual({
      numberOfItems: 2,
    });
    const atom = await (await opds('/v1.2/series', reader.token)).text();
    expect(atom).toContain('1 book.');
    expect(atom).not.toContain(ids.unrated);
    const thumbnail = /href="([^"]+\/thumbnail[^"]*)"/.exec(atom)?.[1];
    expect(thumbnail).toContain(ids.rated);
    const served = await fetch(new URL(thumbnail!, server.url), { headers: { authorization: basic(reader.token) } });
    await served.arrayBuffer();
    expect(served.status).toBe(200);
  });

  it('is read once the rated book is: its status, the reading-status filter and the read-state facet', async () => {
    const read = await asReader(`/books/${ids.rated}/progress`, { method: 'PUT', body: { status: 'read' } });
    expect(read.status, read.text).toBeLessThan(300);
    expect((await asReader(`/series/${ids.split}`)).body).toMatchObject({ read_count: 1, reading_status: 'read' });
    const filtered = async (status: string) =>
      ((await asReader(`/series?reading_status=${status}`)).body.items as any[]).map((item) => item.id);
    expect(await filtered('read')).toEqual([ids.split]);
    expect(await filtered('reading')).toEqual([]);
    expect(await filtered('unread')).toEqual([]);
    const feed = await (await opds('/v2/series', reader.token)).json();
    const readState = feed.facets.find((group: any) => group.metadata.title === 'Read state');
    const counts = Object.fromEntries(
      readState.links
        .filter((link: any) => link.properties)
        .map((link: any) => [link.title, link.properties.numberOfItems]),
    );
    expect(counts).toEqual({ Unread: 0, 'In progress': 0, Read: 1 });
  });
});
