import { createTRPCClient, httpBatchLink } from '@trpc/client';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERIES_SORTS } from '../src/repositories/series.repository.js';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * The orders and lists the admin's pages ask for (issue 19 part 4): GET /series `sort`, GET /books
 * `sort=recently_read` and GET /books/on-deck, on a library scanned from real files.
 */
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let shelfId: string;
let otherId: string;
let shelf: string;

const FIRST_SCAN = ['Delta', 'alpha', 'Gamma'];
const SECOND_SCAN = ['Beta', 'Epsilon'];

async function scan(libraryId: string) {
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
}

async function list(route: string, query: Record<string, string> = {}) {
  const result = await call(route, { token, query });
  expect(result.status, result.text).toBe(200);
  return result.body as { items: any[]; total: number; page: number; limit: number };
}
const seriesNames = async (sort: string, query: Record<string, string> = {}) =>
  (await list('/series', { sort, library_id: shelfId, ...query })).items.map((item) => item.name);

/** Every page of a list, concatenated: paging must give the same order as one big page. */
async function allPages(route: string, query: Record<string, string>, limit: number) {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const result = await list(route, { ...query, page: String(page), limit: String(limit) });
    items.push(...result.items);
    if (result.items.length < limit) return items;
  }
}

const books: Record<string, string[]> = {};
async function bookIds(series: string): Promise<string[]> {
  const result = await list('/books', { series, library_id: shelfId });
  return result.items.map((book) => book.id);
}

// Timestamps are stored to the millisecond: a short pause keeps two writes of a test apart.
async function setProgress(id: string, status: 'read' | 'unread' | 'reading') {
  await sleep(5);
  const body = status === 'reading' ? { status, current_page: 1 } : { status };
  const result = await call(`/books/${id}/progress`, { method: 'PUT', token, body });
  expect(result.status, result.text).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  shelf = path.join(server.librariesRoot, 'shelf');
  // alpha: three volumes and a hors-série; the others two or three volumes.
  for (const n of [1, 2, 3]) await writeComic(shelf, `alpha/alpha T0${n}.cbz`, { pages: 2 });
  await writeComic(shelf, 'alpha/alpha HS.cbz', { pages: 2 });
  for (const name of ['Delta', 'Gamma'])
    for (const n of [1, 2]) await writeComic(shelf, `${name}/${name} T0${n}.cbz`, { pages: 2 });
  await writeComic(path.join(server.librariesRoot, 'other'), 'Zeta/Zeta T01.cbz', { pages: 2 });
  await writeComic(path.join(server.librariesRoot, 'other'), 'Zeta/Zeta T02.cbz', { pages: 2 });
  shelfId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body.id;
  otherId = (await call('/libraries', { method: 'POST', token, body: { name: 'Other', root_path: 'other' } })).body.id;
  await scan(shelfId);
  await scan(otherId);
  // A second scan, later, finds two more series: they are added after the first three.
  await sleep(5);
  for (const name of SECOND_SCAN)
    for (const n of [1, 2, 3]) await writeComic(shelf, `${name}/${name} T0${n}.cbz`, { pages: 2 });
  await scan(shelfId);
  for (const name of [...FIRST_SCAN, ...SECOND_SCAN]) books[name] = await bookIds(name);
  books.Zeta = (await list('/books', { series: 'Zeta' })).items.map((book) => book.id);
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('GET /series sort', () => {
  it('orders by name by default, case and accents folded, and name_desc reverses it', async () => {
    expect(await seriesNames('name_asc')).toEqual(['alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);
    expect((await list('/series', { library_id: shelfId })).items.map((item) => item.name)).toEqual(
      await seriesNames('name_asc'),
    );
    expect(await seriesNames('name_desc')).toEqual(['Gamma', 'Epsilon', 'Delta', 'Beta', 'alpha']);
  });

  it('orders by the time a scan first found the series, ties by name, and added_desc is the exact reverse', async () => {
    expect(await seriesNames('added_asc')).toEqual(['alpha', 'Delta', 'Gamma', 'Beta', 'Epsilon']);
    expect(await seriesNames('added_desc')).toEqual(['Epsilon', 'Beta', 'Gamma', 'Delta', 'alpha']);
  });

  it('orders by the last change: a metadata edit, then a scan that adds a book, move a series to the front', async () => {
    await sleep(5);
    const edited = await call(`/libraries/${shelfId}/series/Delta`, {
      method: 'PATCH',
      token,
      body: { description: 'Edited' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await seriesNames('updated_desc'))[0]).toBe('Delta');
    expect((await seriesNames('updated_asc')).at(-1)).toBe('Delta');

    await sleep(5);
    await writeComic(shelf, 'Gamma/Gamma T03.cbz', { pages: 2 });
    await scan(shelfId);
    books.Gamma = await bookIds('Gamma');
    const updated = await seriesNames('updated_desc');
    expect(updated.slice(0, 2)).toEqual(['Gamma', 'Delta']);
    expect(await seriesNames('updated_asc')).toEqual([...updated].reverse());
    // Reading is not a change of the series.
    await setProgress(books.Epsilon![0]!, 'read');
    expect(await seriesNames('updated_desc')).toEqual(updated);
    await setProgress(books.Epsilon![0]!, 'unread');
  });

  it('orders by start year, ties by name, series without a year last in both directions and across pages', async () => {
    for (const [name, year] of [
      ['Gamma', 2001],
      ['Beta', 1999],
      ['alpha', 2001],
    ] as const) {
      const result = await call(`/libraries/${shelfId}/series/${name}`, {
        method: 'PATCH',
        token,
        body: { start_year: year },
      });
      expect(result.status, result.text).toBe(200);
    }
    expect(await seriesNames('year_asc')).toEqual(['Beta', 'alpha', 'Gamma', 'Delta', 'Epsilon']);
    expect(await seriesNames('year_desc')).toEqual(['Gamma', 'alpha', 'Beta', 'Delta', 'Epsilon']);
    for (const sort of ['year_asc', 'year_desc']) {
      const paged = await allPages('/series', { sort, library_id: shelfId }, 2);
      expect(paged.map((item) => item.name)).toEqual(await seriesNames(sort));
      const page = await list('/series', { sort, library_id: shelfId, page: '2', limit: '2' });
      expect(page.total).toBe(5);
    }
    // Filters and counts hold under every sort.
    const filtered = await list('/series', { sort: 'year_desc', q: 'a', library_id: shelfId });
    expect(filtered.total).toBe(filtered.items.length);
    expect(filtered.items.map((item) => item.name)).toEqual(['Gamma', 'alpha', 'Beta', 'Delta']);
  });

  it('lists across libraries under a new sort', async () => {
    const all = await list('/series', { sort: 'added_desc' });
    expect(all.total).toBe(6);
    expect(all.items.map((item) => item.name)).toContain('Zeta');
  });
});

describe('GET /books sort=recently_read', () => {
  it('lists the books read or in progress, the most recently read first, and forgets a book marked unread', async () => {
    await setProgress(books.Delta![0]!, 'read');
    await setProgress(books.Beta![1]!, 'reading');
    await setProgress(books.Delta![1]!, 'read');
    const recent = await list('/books', { sort: 'recently_read', library_id: shelfId });
    expect(recent.items.map((book) => book.id)).toEqual([books.Delta![1], books.Beta![1], books.Delta![0]]);
    expect(recent.total).toBe(3);
    expect(recent.items[0]).toMatchObject({ reading_status: 'read', last_read_at: expect.any(String) });

    const finished = await list('/books', { sort: 'recently_read', reading_status: 'read', library_id: shelfId });
    expect(finished.items.map((book) => book.id)).toEqual([books.Delta![1], books.Delta![0]]);

    // Reading it again moves it to the front.
    await setProgress(books.Delta![0]!, 'reading');
    expect((await list('/books', { sort: 'recently_read' })).items[0].id).toBe(books.Delta![0]);

    for (const id of [books.Delta![0]!, books.Delta![1]!, books.Beta![1]!]) await setProgress(id, 'unread');
    expect((await list('/books', { sort: 'recently_read' })).total).toBe(0);
  });
});

describe('GET /books/on-deck', () => {
  it('lists the next unread book of each series in progress, the most recently read series first', async () => {
    expect((await list('/books/on-deck')).total).toBe(0);
    // alpha: T01 and T02 read → T03. Delta: read to the end → absent. Gamma: not started → absent.
    await setProgress(books.alpha![0]!, 'read');
    await setProgress(books.alpha![1]!, 'read');
    for (const id of books.Delta!) await setProgress(id, 'read');
    // Beta: T02 read, T01 and T03 unread → T03, the first unread after the furthest read.
    await setProgress(books.Beta![1]!, 'read');
    // Epsilon: T03 read, nothing unread after it → T01, the first unread.
    await setProgress(books.Epsilon![2]!, 'read');
    // Zeta (the other library): T01 read → T02.
    await setProgress(books.Zeta![0]!, 'read');

    const deck = await list('/books/on-deck');
    expect(deck.items.map((book) => book.id)).toEqual([
      books.Zeta![1],
      books.Epsilon![0],
      books.Beta![2],
      books.alpha![2],
    ]);
    expect(deck.total).toBe(4);
    expect(deck.items[3]).toMatchObject({ series: 'alpha', volume: 3, reading_status: 'unread' });

    // Reading alpha again brings it to the front; its hors-série comes after the numbered run.
    await setProgress(books.alpha![2]!, 'read');
    const after = await list('/books/on-deck', { library_id: shelfId });
    expect(after.items[0]).toMatchObject({ id: books.alpha![3], series: 'alpha', kind: 'hors_serie' });
    expect(after.items.map((book) => book.series)).toEqual(['alpha', 'Epsilon', 'Beta']);
    expect(after.total).toBe(3);

    // Paged like other lists.
    const paged = await allPages('/books/on-deck', {}, 1);
    expect(paged.map((book) => book.id)).toEqual((await list('/books/on-deck')).items.map((book) => book.id));
    expect(await list('/books/on-deck', { page: '9', limit: '2' })).toMatchObject({ items: [], total: 4 });

    // The hors-série read too: alpha is finished and leaves the deck; marked unread, Gamma is still not started.
    await setProgress(books.alpha![3]!, 'read');
    expect((await list('/books/on-deck')).items.map((book) => book.series)).not.toContain('alpha');
    expect((await list('/books/on-deck')).items.map((book) => book.series)).not.toContain('Gamma');
    expect((await list('/books/on-deck')).items.map((book) => book.series)).not.toContain('Delta');

    // While one of its books is being read, a series is in "continue reading", not on deck.
    expect((await list('/books/on-deck')).items.map((book) => book.series)).toContain('Zeta');
    await setProgress(books.Zeta![1]!, 'reading');
    expect((await list('/books/on-deck')).items.map((book) => book.series)).not.toContain('Zeta');
  });
});

describe('bad values', () => {
  it.each([
    ['/series', { sort: 'name' }],
    ['/series', { sort: 'year_up' }],
    ['/books', { sort: 'read' }],
    ['/books/on-deck', { limit: '0' }],
    ['/books/on-deck', { library_id: 'shelf' }],
    ['/books/on-deck', { sort: 'series' }],
  ])('%s with %o is a 400 problem naming the parameter', async (route, query) => {
    const result = await call(route, { token, query });
    expectProblem(result, 400);
    const [name] = Object.keys(query);
    expect(result.body.errors.map((error: { path: string }) => error.path)).toContain(`/query/${name}`);
  });

  it('answers the sort enum with its allowed values', async () => {
    const result = await call('/series', { token, query: { sort: 'oldest' } });
    expectProblem(result, 400);
    expect(result.body.errors[0]).toMatchObject({ code: 'enum', allowed: [...SERIES_SORTS] });
  });
});

describe('the admin over tRPC', () => {
  it('asks series and books matching the global search in one batch, and the new orders and list', async () => {
    const login = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
    const cookie = sessionCookie(login.headers);
    let requests = 0;
    const trpc = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${server.url}/trpc`,
          headers: () => ({ cookie }),
          fetch: (url, init) => {
            requests++;
            return fetch(url, init);
          },
        }),
      ],
    });
    const [series, books, deck, byYear] = await Promise.all([
      trpc.series.list.query({ q: 'alp', limit: 5 }),
      trpc.books.list.query({ q: 'alp', limit: 5 }),
      trpc.books.onDeck.query({ limit: 5 }),
      trpc.series.list.query({ sort: 'year_desc', library_id: shelfId }),
    ]);
    expect(requests).toBe(1);
    expect(series.items.map((item) => item.name)).toEqual(['alpha']);
    expect(books).toMatchObject({ total: 4, limit: 5 });
    expect(books.items.every((book) => book.series === 'alpha')).toBe(true);
    expect(deck.items.map((book) => book.series)).toEqual(
      (await list('/books/on-deck', { limit: '5' })).items.map((book) => book.series),
    );
    expect(byYear.items.map((item) => item.name)).toEqual(await seriesNames('year_desc'));
  });
});
