import path from 'node:path';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAsViewer } from '../src/services/viewer-context.js';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { secret } from './support/secrets.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

// Two readers of one server: the administrator (the first user) and a second user. Each has their own progress
// through every transport, and neither ever sees the other's.
const token = BOOTSTRAP_TOKEN;
const READER_PASSWORD = secret('second reader password 0123');
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let readerId: string;
const cookies: Record<'admin' | 'reader', string> = { admin: '', reader: '' };
const books: Record<string, string> = {};
let seriesId: string;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'entry' });
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const credentials: Record<'admin' | 'reader', [string, string]> = {
  admin: ['admin', ADMIN_PASSWORD],
  reader: ['reader', READER_PASSWORD],
};

const as =
  (who: 'admin' | 'reader') =>
  (route: string, options: Parameters<ApiClient>[1] = {}) =>
    call(route, { ...options, cookie: cookies[who] });

async function opdsEntries(who: 'admin' | 'reader', pathname: string) {
  const response = await fetch(`${server.url}${pathname}`, {
    headers: { authorization: basic(...credentials[who]) },
  });
  expect(response.status, pathname).toBe(200);
  return (parser.parse(await response.text()).feed.entry ?? []) as Record<string, any>[];
}

/** The PSE stream link's lastRead of each entry, by book id. */
function lastRead(entries: Record<string, any>[]) {
  return Object.fromEntries(
    entries.map((entry) => {
      const links = Array.isArray(entry.link) ? entry.link : [entry.link];
      const stream = links.find((link: any) => link.rel === 'http://vaemendis.net/opds-pse/stream');
      return [String(entry.id).replace('urn:uuid:', ''), stream?.['pse:lastRead'] ?? null];
    }),
  );
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  const shelf = path.join(server.librariesRoot, 'shelf');
  for (const n of [1, 2, 3]) await writeComic(shelf, `Kaiju/Kaiju T0${n}.cbz`, { pages: 4 });
  libraryId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body
    .id;
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
  const listed = await call('/books', { token, query: { limit: '10', sort: 'series' } });
  for (const book of listed.body.items) books[`T0${book.volume}`] = book.id;
  seriesId = listed.body.items[0].series_id;
  // The second user: a reader of the library, made by the administrator.
  const created = await call('/users', {
    method: 'POST',
    token,
    body: { username: 'reader', password: READER_PASSWORD, role: 'reader', library_ids: [libraryId] },
  });
  expect(created.status, created.text).toBe(201);
  readerId = created.body.id;
  for (const who of ['admin', 'reader'] as const) {
    const login = await call('/auth/login', {
      method: 'POST',
      body: { username: credentials[who][0], password: credentials[who][1] },
    });
    expect(login.status, login.text).toBe(200);
    cookies[who] = sessionCookie(login.headers);
  }
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('progress per reader', () => {
  it('keeps each reader’s progress through REST, the book lists and the series filters', async () => {
    const put = await as('admin')(`/books/${books.T01}/progress`, {
      method: 'PUT',
      body: { status: 'reading', current_page: 2 },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ status: 'reading', current_page: 2, percentage: 0.5, device: null });
    await as('reader')(`/books/${books.T02}/progress`, { method: 'PUT', body: { status: 'read' } });

    expect((await as('admin')(`/books/${books.T01}`)).body).toMatchObject({
      reading_status: 'reading',
      current_page: 2,
    });
    expect((await as('reader')(`/books/${books.T01}`)).body).toMatchObject({
      reading_status: 'unread',
      current_page: null,
    });
    expect((await as('reader')(`/books/${books.T02}`)).body).toMatchObject({ reading_status: 'read', current_page: 4 });
    expect((await as('admin')(`/books/${books.T02}`)).body).toMatchObject({ reading_status: 'unread' });

    const titles = async (who: 'admin' | 'reader', query: Record<string, string>) =>
      (await as(who)('/books', { query })).body.items.map((book: any) => book.volume);
    expect(await titles('admin', { reading_status: 'reading' })).toEqual([1]);
    expect(await titles('reader', { reading_status: 'reading' })).toEqual([]);
    expect(await titles('reader', { reading_status: 'read' })).toEqual([2]);
    expect(await titles('reader', { reading_status: 'unread', sort: 'series' })).toEqual([1, 3]);
    expect(await titles('admin', { sort: 'recently_read' })).toEqual([1]);
    expect(await titles('reader', { sort: 'recently_read' })).toEqual([2]);

    // The series counts and filters are the reader's: both started it, neither read it all.
    const series = async (who: 'admin' | 'reader', query: Record<string, string> = {}) =>
      (await as(who)('/series', { query })).body.items.map((item: any) => [item.read_count, item.reading_status]);
    expect(await series('admin')).toEqual([[0, 'reading']]);
    expect(await series('reader')).toEqual([[1, 'reading']]);
    await as('reader')('/series/mark-read', {
      method: 'POST',
      body: { library_id: libraryId, series_name: 'Kaiju', status: 'read' },
    });
    expect(await series('reader', { reading_status: 'read' })).toEqual([[3, 'read']]);
    expect(await series('admin', { reading_status: 'read' })).toEqual([]);
    expect(await series('admin', { reading_status: 'reading' })).toEqual([[0, 'reading']]);
    expect(await series('reader', { reading_status: 'unread' })).toEqual([]);
    expect((await as('admin')(`/series/${seriesId}`)).body).toMatchObject({ read_count: 0, reading_status: 'reading' });
    await as('reader')('/series/mark-read', {
      method: 'POST',
      body: { library_id: libraryId, series_name: 'Kaiju', status: 'unread' },
    });
    expect(await series('reader', { reading_status: 'unread' })).toEqual([[0, 'unread']]);
    expect(await series('admin', { reading_status: 'unread' })).toEqual([]);
  });

  it('puts each reader’s next book on deck', async () => {
    await as('admin')(`/books/${books.T01}/progress`, { method: 'PUT', body: { status: 'read' } });
    const onDeck = async (who: 'admin' | 'reader') =>
      (await as(who)('/books/on-deck')).body.items.map((book: any) => book.volume);
    expect(await onDeck('admin')).toEqual([2]);
    expect(await onDeck('reader')).toEqual([]);
    await as('reader')(`/books/${books.T02}/progress`, { method: 'PUT', body: { status: 'read' } });
    expect(await onDeck('reader')).toEqual([3]);
    expect(await onDeck('admin')).toEqual([2]);
  });

  it('shows each reader their own pse:lastRead, and records page streaming for the reader who streams', async () => {
    const feed = `/opds/v1.2/series/${seriesId}`;
    const adminBefore = lastRead(await opdsEntries('admin', feed));
    // The reader's feed right after the admin's (same catalog version, same URL): never the admin's cached copy.
    const readerBefore = lastRead(await opdsEntries('reader', feed));
    expect(Object.values(adminBefore)).toContain('4');
    expect(Object.values(readerBefore)).toContain('4');
    const t03 = books.T03!;
    expect(adminBefore[t03]).toBe(null);

    // The reader streams page 3 (PSE counts from 0): their progress moves, the admin's does not.
    const page = await fetch(`${server.url}/opds/books/${books.T03}/pages/2`, {
      headers: { authorization: basic(...credentials.reader) },
    });
    expect(page.status).toBe(200);
    expect(lastRead(await opdsEntries('reader', feed))[t03]).toBe('3');
    expect(lastRead(await opdsEntries('admin', feed))[t03]).toBe(null);
    expect((await as('admin')(`/books/${books.T03}`)).body.reading_status).toBe('unread');
    expect((await as('reader')(`/books/${books.T03}`)).body).toMatchObject({
      reading_status: 'reading',
      current_page: 3,
    });
  });

  it('records the admin app’s reader (tRPC) for the signed-in user, and its dashboard rows are theirs', async () => {
    const trpc = (who: 'admin' | 'reader') =>
      createTRPCClient<AppRouter>({
        links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie: cookies[who] }) })],
      });
    const written = await trpc('reader').books.setProgress.mutate({
      book_id: books.T03!,
      body: { status: 'reading', current_page: 4 },
    });
    expect(written).toMatchObject({ status: 'reading', current_page: 4 });
    expect((await as('reader')(`/books/${books.T03}`)).body.current_page).toBe(4);
    expect((await as('admin')(`/books/${books.T03}`)).body.reading_status).toBe('unread');
    const continueReading = async (who: 'admin' | 'reader') =>
      (await trpc(who).books.list.query({ reading_status: 'reading', sort: 'recently_read' })).items.map(
        (book) => book.volume,
      );
    expect(await continueReading('reader')).toEqual([3]);
    expect(await continueReading('admin')).toEqual([]);
    expect((await trpc('admin').books.onDeck.query({})).items.map((book) => book.volume)).toEqual([2]);
  });

  it('keeps each reader’s progress through the service KOReader sync calls', async () => {
    const progress = server.container.services.progress;
    // As KOReader sync's route calls it: on behalf of the reader its token names.
    const asReader = <T>(work: () => Promise<T>) =>
      runAsViewer({ userId: readerId, role: 'reader', libraryIds: [libraryId] }, work);
    const record = await asReader(() =>
      progress.record(readerId, books.T01!, {
        position: '/body/DocFragment[2]/body/p[3]/text().0',
        percentage: 0.4,
        device: 'Kobo',
        deviceId: 'kobo-1',
      }),
    );
    expect(record).toMatchObject({ status: 'reading', position: '/body/DocFragment[2]/body/p[3]/text().0' });
    expect(await asReader(() => progress.get(readerId, books.T01!))).toMatchObject({
      percentage: 0.4,
      device: 'Kobo',
      deviceId: 'kobo-1',
    });
    expect((await as('reader')(`/books/${books.T01}`)).body.reading_status).toBe('reading');
    expect((await as('admin')(`/books/${books.T01}`)).body.reading_status).toBe('read');
  });

  it('answers 409 no-reader to a write by a caller that is no user, and shows it everything unread', async () => {
    const viewer = { userId: null, role: 'admin' as const, libraryIds: null };
    const listed = await runAsViewer(viewer, () => server.container.services.books.page({}, 'series', 1, 10));
    expect(listed.items.map((book) => book.readingStatus)).toEqual(['unread', 'unread', 'unread']);
    await expect(
      runAsViewer(viewer, () => server.container.services.books.setProgress(books.T01!, { status: 'read' })),
    ).rejects.toMatchObject({ status: 409, code: 'no-reader' });
    const onDeck = await runAsViewer(viewer, () => server.container.services.books.onDeck(undefined, 1, 10));
    expect(onDeck).toEqual({ items: [], total: 0 });
  });

  it('sets aside each reader’s progress when a file vanishes and gives it back when it returns', async () => {
    const { rename } = await import('node:fs/promises');
    const file = path.join(server.librariesRoot, 'shelf', 'Kaiju', 'Kaiju T02.cbz');
    const scan = async () => {
      const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
      expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
    };
    await rename(file, `${file}.away`);
    await scan();
    await rename(`${file}.away`, file);
    await scan();
    const listed = await call('/books', { token, query: { limit: '10', sort: 'series' } });
    const t02 = listed.body.items.find((book: any) => book.volume === 2).id as string;
    expect((await as('admin')(`/books/${t02}`)).body).toMatchObject({ reading_status: 'unread' });
    expect((await as('reader')(`/books/${t02}`)).body).toMatchObject({ reading_status: 'read', current_page: 4 });
    expect(await as('reader')('/books/on-deck').then((r) => r.body.items.map((b: any) => b.volume))).toEqual([]);
    expectProblem(
      await call('/books/00000000-0000-4000-8000-000000000000/progress', {
        method: 'PUT',
        token,
        body: { status: 'read' },
      }),
      404,
    );
  });
});
