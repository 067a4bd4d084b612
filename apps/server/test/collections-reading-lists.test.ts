import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Collections of series, reading lists of books and want to read (issue 32), over the real server on both databases:
 * what admins and readers may do with each, the order kept, and what each reader sees and counts of them (only what
 * their libraries hold; never another user's private list).
 */

const admin = BOOTSTRAP_TOKEN;
const PASSWORD = 'reader password 1';
let server: TestServer;
let call: ApiClient;
/** Library A holds Alpha (3 books) and Charlie (1); library B holds Bravo (2). */
const ids = {
  libA: '',
  libB: '',
  alpha: '',
  bravo: '',
  charlie: '',
  alphaBooks: [] as string[],
  bravoBooks: [] as string[],
};
const readers = { a: { token: '', cookie: '', id: '' }, b: { token: '', cookie: '', id: '' } };

async function readerOf(username: string, libraryIds: string[]) {
  const created = await call('/users', {
    method: 'POST',
    token: admin,
    body: { username, password: PASSWORD, role: 'reader', library_ids: libraryIds },
  });
  expect(created.status).toBe(201);
  const login = await call('/auth/login', { method: 'POST', body: { username, password: PASSWORD } });
  const cookie = sessionCookie(login.headers);
  const token = await call('/tokens', { method: 'POST', cookie, body: { name: 'app', scope: 'read' } });
  return { token: token.body.token as string, cookie, id: created.body.id as string };
}

const trpcAs = (cookie: string) =>
  createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })] });

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  for (const name of [
    'a/Alpha/Alpha T01.cbz',
    'a/Alpha/Alpha T02.cbz',
    'a/Alpha/Alpha T03.cbz',
    'a/Charlie/Charlie T01.cbz',
    'b/Bravo/Bravo T01.cbz',
    'b/Bravo/Bravo T02.cbz',
  ])
    await writeComic(server.librariesRoot, name, { pages: 2 });
  for (const [key, folder] of [
    ['libA', 'a'],
    ['libB', 'b'],
  ] as const) {
    const created = await call('/libraries', {
      method: 'POST',
      token: admin,
      body: { name: folder, root_path: folder },
    });
    expect(created.status).toBe(201);
    ids[key] = created.body.id;
    expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  }
  const books = (await call('/books?sort=series&limit=100', { token: admin })).body.items as any[];
  const of = (series: string) => books.filter((book) => book.series === series);
  ids.alpha = of('Alpha')[0].series_id;
  ids.bravo = of('Bravo')[0].series_id;
  ids.charlie = of('Charlie')[0].series_id;
  ids.alphaBooks = of('Alpha').map((book) => book.id);
  ids.bravoBooks = of('Bravo').map((book) => book.id);
  readers.a = await readerOf('reader-a', [ids.libA]);
  readers.b = await readerOf('reader-b', [ids.libB]);
}, 120_000);
afterAll(() => server?.close());
afterEach(() => expect(server.responseFailures).toEqual([]));

describe('collections', () => {
  it('keep their series in the given order when ordered, by name when not, and follow every edit', async () => {
    const created = await call('/collections', {
      method: 'POST',
      token: admin,
      body: {
        name: '  Crossovers ',
        summary: 'Read in this order.',
        ordered: true,
        series_ids: [ids.charlie, ids.alpha],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Crossovers',
      summary: 'Read in this order.',
      ordered: true,
      series_count: 2,
      series_ids: [ids.charlie, ids.alpha],
    });
    const id = created.body.id as string;
    const seriesNames = async () =>
      (await call(`/collections/${id}/series`, { token: admin })).body.items.map((series: any) => series.name);
    expect(await seriesNames()).toEqual(['Charlie', 'Alpha']);

    const reordered = await call(`/collections/${id}`, {
      method: 'PATCH',
      token: admin,
      body: { series_ids: [ids.bravo, ids.alpha, ids.charlie] },
    });
    expect(reordered.body.series_ids).toEqual([ids.bravo, ids.alpha, ids.charlie]);
    expect(await seriesNames()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    await call(`/collections/${id}`, { method: 'PATCH', token: admin, body: { ordered: false, name: 'Shelf' } });
    expect(await seriesNames()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const paged = await call(`/collections/${id}/series?limit=1&page=2`, { token: admin });
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(paged.body.items.map((series: any) => series.name)).toEqual(['Bravo']);

    // A series page lists the collections it is in.
    const ofBravo = await call(`/collections?series_id=${ids.bravo}`, { token: admin });
    expect(ofBravo.body.items.map((c: any) => c.id)).toEqual([id]);

    expect((await call(`/collections/${id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expectProblem(await call(`/collections/${id}`, { token: admin }), 404);
    expect((await call(`/series/${ids.alpha}`, { token: admin })).status).toBe(200);
  });

  it('refuse a series that does not exist, a blank name or a repeated series, and change nothing', async () => {
    const before = (await call('/collections', { token: admin })).body.total;
    const missing = '00000000-0000-4000-8000-000000000000';
    expectProblem(
      await call('/collections', {
        method: 'POST',
        token: admin,
        body: { name: 'x', series_ids: [ids.alpha, missing] },
      }),
      404,
    );
    for (const body of [
      { name: '   ' },
      { name: 'x', series_ids: [ids.alpha, ids.alpha] },
      { name: 'x', library_id: ids.libA },
      { name: 'x'.repeat(201) },
    ])
      expectProblem(await call('/collections', { method: 'POST', token: admin, body }), 400);
    expect((await call('/collections', { token: admin })).body.total).toBe(before);
    expectProblem(await call('/collections', { method: 'POST', token: readers.a.token, body: { name: 'x' } }), 403);
  });

  it('show a reader only the series of their libraries, with their counts and cover', async () => {
    const mixed = await call('/collections', {
      method: 'POST',
      token: admin,
      body: { name: 'Mixed', ordered: true, series_ids: [ids.bravo, ids.alpha] },
    });
    const onlyB = await call('/collections', {
      method: 'POST',
      token: admin,
      body: { name: 'Only B', series_ids: [ids.bravo] },
    });
    const empty = await call('/collections', { method: 'POST', token: admin, body: { name: 'Empty' } });
    const asA = (route: string) => call(route, { token: readers.a.token });
    const listed = (await asA('/collections')).body;
    expect(listed.items.map((c: any) => [c.name, c.series_count])).toEqual([['Mixed', 1]]);
    expect(listed.total).toBe(1);
    // The cover is that of the first series the reader may open, never B's.
    const alpha = (await asA(`/series/${ids.alpha}`)).body;
    expect(listed.items[0].cover_url).toBe(alpha.cover_url);
    // The mosaic too: the first four series' covers the reader may see; the admin's has B's first.
    const bravo = (await call(`/series/${ids.bravo}`, { token: admin })).body;
    expect(alpha.cover_url).toBeTruthy();
    expect(listed.items[0].cover_urls).toEqual([alpha.cover_url]);
    expect((await call(`/collections/${mixed.body.id}`, { token: admin })).body.cover_urls).toEqual([
      bravo.cover_url,
      alpha.cover_url,
    ]);
    // OPDS collection entries carry the reader's cover (an image link of Alpha's), never B's.
    const feed = await fetch(`${server.url}/opds/v1.2/collections`, {
      headers: { authorization: `Basic ${Buffer.from(`app:${readers.a.token}`).toString('base64')}` },
    });
    const atom = await feed.text();
    expect(atom).toContain('rel="http://opds-spec.org/image"');
    for (const book of ids.bravoBooks) expect(atom).not.toContain(book);
    expect(atom).toContain(ids.alphaBooks[0]);
    expect((await asA(`/collections/${mixed.body.id}`)).body.series_ids).toEqual([ids.alpha]);
    const series = (await asA(`/collections/${mixed.body.id}/series`)).body;
    expect(series).toMatchObject({ total: 1, items: [{ id: ids.alpha, book_count: 3 }] });
    // Cached per viewer and catalog version: the reader's want to read, a write of another table, shows at once.
    const wanted = async () => (await asA(`/collections/${mixed.body.id}/series`)).body.items[0].want_to_read;
    expect(await wanted()).toBe(false);
    await call(`/want-to-read/${ids.alpha}`, { method: 'PUT', token: readers.a.token });
    expect(await wanted()).toBe(true);
    await call(`/want-to-read/${ids.alpha}`, { method: 'DELETE', token: readers.a.token });
    expect(await wanted()).toBe(false);
    expectProblem(await asA(`/collections/${onlyB.body.id}`), 404);
    expectProblem(await asA(`/collections/${onlyB.body.id}/series`), 404);
    expectProblem(await asA(`/collections/${empty.body.id}`), 404);
    // The admin sees all three, the empty one too, with every series counted.
    const all = (await call('/collections', { token: admin })).body.items.map((c: any) => [c.name, c.series_count]);
    expect(all).toEqual([
      ['Empty', 0],
      ['Mixed', 2],
      ['Only B', 1],
    ]);
    for (const id of [mixed.body.id, onlyB.body.id, empty.body.id])
      await call(`/collections/${id}`, { method: 'DELETE', token: admin });
  });

  it('take the cover an admin picks among their series, each reader seeing it only when they may open it', async () => {
    const created = await call('/collections', {
      method: 'POST',
      token: admin,
      body: { name: 'Picked', ordered: true, series_ids: [ids.alpha, ids.charlie] },
    });
    expect(created.body).toMatchObject({ cover_series_id: null });
    const id = created.body.id as string;
    const coverOf = async (series: string) => (await call(`/series/${series}`, { token: admin })).body.cover_url;
    const [alpha, bravo, charlie] = [await coverOf(ids.alpha), await coverOf(ids.bravo), await coverOf(ids.charlie)];
    expect(new Set([alpha, bravo, charlie]).size).toBe(3);
    const patch = (body: object) => call(`/collections/${id}`, { method: 'PATCH', token: admin, body });
    const seenBy = async (token: string) => (await call(`/collections/${id}`, { token })).body;

    // Not one of its series: refused, nothing changed. Given with the series that bring it in: taken.
    expectProblem(await patch({ cover_series_id: ids.bravo }), 400);
    expect((await seenBy(admin)).cover_series_id).toBeNull();
    const picked = await patch({ series_ids: [ids.alpha, ids.charlie, ids.bravo], cover_series_id: ids.bravo });
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({ cover_series_id: ids.bravo, cover_url: bravo, cover_urls: [bravo] });
    // Reader A may not open Bravo: the mosaic of what they may see, never Bravo's cover nor its id.
    const asA = await seenBy(readers.a.token);
    expect(asA).toMatchObject({ cover_series_id: null, cover_url: alpha, cover_urls: [alpha, charlie] });
    expect(JSON.stringify(asA)).not.toContain(ids.bravo);
    // Reader B sees only Bravo, the picked one.
    expect(await seenBy(readers.b.token)).toMatchObject({ cover_series_id: ids.bravo, cover_urls: [bravo] });

    // Charlie picked (through tRPC): A's cover, list and OPDS entry follow.
    const trpc = trpcAs(readers.a.cookie);
    // tRPC is the admin's, signed in by a session: an administrator account of its own.
    await call('/users', {
      method: 'POST',
      token: admin,
      body: { username: 'cover-admin', password: PASSWORD, role: 'admin', library_ids: [] },
    });
    const login = await call('/auth/login', { method: 'POST', body: { username: 'cover-admin', password: PASSWORD } });
    const adminTrpc = trpcAs(sessionCookie(login.headers));
    expect(
      (await adminTrpc.collections.update.mutate({ collection_id: id, body: { cover_series_id: ids.charlie } }))
        .cover_series_id,
    ).toBe(ids.charlie);
    expect(await trpc.collections.get.query({ collection_id: id })).toMatchObject({
      cover_series_id: ids.charlie,
      cover_url: charlie,
      cover_urls: [charlie],
    });
    const listed = (await call('/collections', { token: readers.a.token })).body.items.find((c: any) => c.id === id);
    expect(listed).toMatchObject({ cover_url: charlie, cover_urls: [charlie] });
    const charlieBook = (await call(`/series/${ids.charlie}/books`, { token: admin })).body.items[0].id as string;
    const feed = await fetch(`${server.url}/opds/v1.2/collections`, {
      headers: { authorization: `Basic ${Buffer.from(`app:${readers.a.token}`).toString('base64')}` },
    });
    const entry = (await feed.text()).split('<entry>').find((part) => part.includes('Picked'))!;
    expect(entry).toContain(charlieBook);
    expect(entry).not.toContain(ids.alphaBooks[0]);

    // Taken out of the collection, Charlie is no longer its cover; null goes back to the mosaic too.
    const without = await patch({ series_ids: [ids.alpha, ids.bravo] });
    expect(without.body).toMatchObject({ cover_series_id: null, cover_urls: [alpha, bravo] });
    await patch({ cover_series_id: ids.alpha });
    expect((await patch({ cover_series_id: null })).body).toMatchObject({ cover_series_id: null, cover_url: alpha });
    await call(`/collections/${id}`, { method: 'DELETE', token: admin });
  });
});

describe('reading lists', () => {
  it('are their owner’s alone until an admin shares one; nobody, admins included, sees another’s private list', async () => {
    const created = await call('/reading-lists', {
      method: 'POST',
      token: readers.a.token,
      body: { name: 'My run', book_ids: [ids.alphaBooks[2], ids.alphaBooks[0]] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      shared: false,
      mine: true,
      imported: false,
      owner_id: readers.a.id,
      book_ids: [ids.alphaBooks[2], ids.alphaBooks[0]],
      book_count: 2,
      read_count: 0,
      continue_book_id: ids.alphaBooks[2],
    });
    const id = created.body.id as string;
    for (const token of [admin, readers.b.token]) {
      expectProblem(await call(`/reading-lists/${id}`, { token }), 404);
      expectProblem(await call(`/reading-lists/${id}/books`, { token }), 404);
      expect((await call('/reading-lists', { token })).body.items.map((l: any) => l.id)).not.toContain(id);
      // Sharing is an admin's operation on a list they can see: another's private list is not found, not shared.
      if (token === admin)
        expectProblem(
          await call(`/reading-lists/${id}/sharing`, { method: 'PUT', token, body: { shared: true } }),
          404,
        );
    }
    expectProblem(
      await call(`/reading-lists/${id}/sharing`, { method: 'PUT', token: readers.a.token, body: { shared: true } }),
      403,
    );
    expect((await call(`/reading-lists/${id}`, { method: 'DELETE', token: readers.a.token })).status).toBe(204);
    expectProblem(await call(`/reading-lists/${id}`, { token: readers.a.token }), 404);
  });

  it('show the books in order with the reader’s progress, continue at the first unread, and reorder', async () => {
    const [first, second, third] = ids.alphaBooks as [string, string, string];
    const created = await call('/reading-lists', {
      method: 'POST',
      token: readers.a.token,
      body: { name: 'Order', book_ids: [third, first, second] },
    });
    const id = created.body.id as string;
    // Read (and so cached, per viewer and catalog version) before the progress changes: each answer follows it.
    const listed = async () =>
      ((await call('/reading-lists', { token: readers.a.token })).body.items as any[]).find((l) => l.id === id);
    const statuses = async () =>
      ((await call(`/reading-lists/${id}/books`, { token: readers.a.token })).body.items as any[]).map(
        (book) => book.reading_status,
      );
    expect(await listed()).toMatchObject({ read_count: 0, book_count: 3 });
    expect(await statuses()).toEqual(['unread', 'unread', 'unread']);
    expect((await call(`/reading-lists/${id}`, { token: readers.a.token })).body.continue_book_id).toBe(third);
    await call(`/books/${third}/progress`, { method: 'PUT', token: readers.a.token, body: { status: 'read' } });
    expect(await listed()).toMatchObject({ read_count: 1, book_count: 3 });
    expect(await statuses()).toEqual(['read', 'unread', 'unread']);
    const list = (await call(`/reading-lists/${id}`, { token: readers.a.token })).body;
    expect(list).toMatchObject({ read_count: 1, book_count: 3, continue_book_id: first });
    const books = (await call(`/reading-lists/${id}/books`, { token: readers.a.token })).body;
    expect(books.items.map((book: any) => [book.id, book.reading_status])).toEqual([
      [third, 'read'],
      [first, 'unread'],
      [second, 'unread'],
    ]);
    const reordered = await call(`/reading-lists/${id}`, {
      method: 'PATCH',
      token: readers.a.token,
      body: { book_ids: [first, third], name: 'Reordered' },
    });
    expect(reordered.body).toMatchObject({ name: 'Reordered', book_ids: [first, third], continue_book_id: first });
    // Another reader's read does not count for this one.
    await call(`/books/${first}/progress`, { method: 'PUT', token: admin, body: { status: 'read' } });
    expect((await call(`/reading-lists/${id}`, { token: readers.a.token })).body.read_count).toBe(1);
    await call(`/reading-lists/${id}`, { method: 'DELETE', token: readers.a.token });
  });

  it('shared by an admin, show each reader only the books of their libraries, and only the owner edits them', async () => {
    const created = await call('/reading-lists', {
      method: 'POST',
      token: admin,
      body: { name: 'Event', book_ids: [ids.bravoBooks[0], ids.alphaBooks[0], ids.bravoBooks[1]] },
    });
    const id = created.body.id as string;
    expect(
      (await call(`/reading-lists/${id}/sharing`, { method: 'PUT', token: admin, body: { shared: true } })).body,
    ).toMatchObject({ shared: true, book_count: 3 });
    const asA = (await call(`/reading-lists/${id}`, { token: readers.a.token })).body;
    expect(asA).toMatchObject({ mine: false, book_count: 1, book_ids: [ids.alphaBooks[0]] });
    // The cover is the first book the reader may open, never B's.
    expect(asA.cover_url).toBe(
      (await call(`/books/${ids.alphaBooks[0]}`, { token: readers.a.token })).body.thumbnail_url,
    );
    const asB = (await call(`/reading-lists/${id}/books`, { token: readers.b.token })).body;
    expect(asB.items.map((book: any) => book.id)).toEqual([ids.bravoBooks[0], ids.bravoBooks[1]]);
    expect(asB.total).toBe(2);
    expectProblem(
      await call(`/reading-lists/${id}`, { method: 'PATCH', token: readers.a.token, body: { name: 'Mine now' } }),
      403,
    );
    expectProblem(await call(`/reading-lists/${id}`, { method: 'DELETE', token: readers.b.token }), 403);
    // A book the caller cannot see is not found, and the list is unchanged.
    expectProblem(
      await call('/reading-lists', {
        method: 'POST',
        token: readers.a.token,
        body: { name: 'x', book_ids: [ids.bravoBooks[0]] },
      }),
      404,
    );
    expect((await call(`/reading-lists/${id}`, { token: admin })).body.book_ids).toHaveLength(3);
    await call(`/reading-lists/${id}`, { method: 'DELETE', token: admin });
  });

  it('go with their owner when the user is deleted; the others’ lists keep their books', async () => {
    const owner = await readerOf('reader-leaving', [ids.libA, ids.libB]);
    const list = await call('/reading-lists', {
      method: 'POST',
      token: owner.token,
      body: { name: 'Leaving', book_ids: [ids.bravoBooks[0], ids.alphaBooks[1]] },
    });
    await call(`/reading-lists/${list.body.id}/sharing`, { method: 'PUT', token: admin, body: { shared: false } });
    // Shared so that others can tell it is gone.
    const kept = await call('/reading-lists', {
      method: 'POST',
      token: admin,
      body: { name: 'Kept', book_ids: [ids.bravoBooks[0], ids.alphaBooks[1]] },
    });
    await call(`/reading-lists/${kept.body.id}/sharing`, { method: 'PUT', token: admin, body: { shared: true } });
    expect((await call(`/reading-lists/${list.body.id}`, { token: owner.token })).status).toBe(200);
    expect((await call(`/users/${owner.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    const left = await server.container.orm.em
      .fork()
      .execute<{ n: number | string }[]>('select count(*) as n from reading_lists where id = ?', [list.body.id]);
    expect(Number(left[0]?.n)).toBe(0);
    expect((await call(`/reading-lists/${kept.body.id}`, { token: readers.a.token })).body.book_ids).toEqual([
      ids.alphaBooks[1],
    ]);
    await call(`/reading-lists/${kept.body.id}`, { method: 'DELETE', token: admin });
  });

  it('are the same through tRPC, which the admin uses', async () => {
    const trpc = trpcAs(readers.a.cookie);
    const created = await trpc.readingLists.create.mutate({
      body: { name: 'Through tRPC', book_ids: [ids.alphaBooks[0]!] },
    });
    expect(created).toMatchObject({ name: 'Through tRPC', mine: true, book_ids: [ids.alphaBooks[0]] });
    const rest = await call(`/reading-lists/${created.id}`, { token: readers.a.token });
    expect(rest.body).toEqual(created);
    await expect(
      trpc.readingLists.share.mutate({ reading_list_id: created.id, body: { shared: true } }),
    ).rejects.toThrow(TRPCClientError);
    await expect(trpc.collections.create.mutate({ body: { name: 'x', ordered: false } })).rejects.toThrow(
      TRPCClientError,
    );
    expect((await trpc.readingLists.books.query({ reading_list_id: created.id })).items.map((b) => b.id)).toEqual([
      ids.alphaBooks[0],
    ]);
    await trpc.readingLists.remove.mutate({ reading_list_id: created.id });
    expectProblem(await call(`/reading-lists/${created.id}`, { token: readers.a.token }), 404);
  });
});

/** A `.cbl` in the `file` part of a multipart body, as the admin's upload sends it. */
const cblForm = (body: string | Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'application/xml' }), 'list.cbl');
  return form;
};
const staged = () => readdir(path.join(server.dataDir, 'uploads')).catch(() => [] as string[]);

describe('ComicRack reading lists (.cbl)', () => {
  const cbl = (books: string) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<ReadingList xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<Name>Alpha &amp; friends</Name><Books>${books}</Books></ReadingList>`;
  const upload = (body: string | Uint8Array<ArrayBuffer>, token = readers.a.token) =>
    fetch(`${server.url}/api/v1/reading-lists/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: cblForm(body),
    });
  const listCount = async () => (await call('/reading-lists', { token: readers.a.token })).body.total as number;

  it('imports the entries matched to books the reader may see, in the file’s order, and reports the rest', async () => {
    const response = await upload(
      cbl(`<Book Series="Alpha" Number="2" Volume="2020" Year="2021" />
        <Book Series="the ALPHA" Number="3" />
        <Book Series="Alpha" Number="2" />
        <Book Series="Alpha" Number="1.MU" Year="2006" />
        <Book Series="Bravo" Number="1" />
        <Book Series="Charlie" Number="1"><Database Name="cv" Series="4050-1" Issue="1" /></Book>
        <Book Series="Delta" Number="1" />`),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      name: 'Alpha & friends',
      mine: true,
      shared: false,
      imported: true,
      book_ids: [
        ids.alphaBooks[1],
        ids.alphaBooks[2],
        (await call(`/series/${ids.charlie}/books`, { token: admin })).body.items[0].id,
      ],
      import_report: { matched: 4, ambiguous: 0, missing: 3 },
    });
    // Bravo is in a library the reader may not see: missing, never matched to its book.
    expect(body.import_report.entries.map((entry: any) => [entry.series, entry.status])).toEqual([
      ['Alpha', 'matched'],
      ['the ALPHA', 'matched'],
      ['Alpha', 'matched'],
      ['Alpha', 'missing'],
      ['Bravo', 'missing'],
      ['Charlie', 'matched'],
      ['Delta', 'missing'],
    ]);
    expect(JSON.stringify(body)).not.toContain(ids.bravoBooks[0]);

    // Exported, the list imports back to the same books in the same order.
    const exported = await fetch(`${server.url}/api/v1/reading-lists/${body.id}/export`, {
      headers: { authorization: `Bearer ${readers.a.token}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="Alpha & friends.cbl"');
    const again = await (await upload(await exported.text())).json();
    expect(again).toMatchObject({ name: 'Alpha & friends', book_ids: body.book_ids, import_report: { missing: 0 } });
    // Read again (and in the lists), an imported list still says so: its report is kept.
    expect((await call(`/reading-lists/${body.id}`, { token: readers.a.token })).body.imported).toBe(true);
    const listed = (await call('/reading-lists', { token: readers.a.token })).body.items as any[];
    expect(
      listed
        .filter((list) => list.imported)
        .map((list) => list.id)
        .sort(),
    ).toEqual([body.id, again.id].sort());
    for (const id of [body.id, again.id])
      await call(`/reading-lists/${id}`, { method: 'DELETE', token: readers.a.token });
  });

  it('refuses bad XML, another document, an entity declaration, a file too large or not XML, and creates nothing', async () => {
    const before = await listCount();
    const bomb = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <ReadingList><Name>&b;</Name><Books /></ReadingList>`;
    for (const body of [
      cbl('<Book Series="Alpha" Number="1"'),
      '<ComicInfo><Series>Alpha</Series></ComicInfo>',
      bomb,
    ]) {
      const response = await upload(body);
      expect(response.status, body.slice(0, 60)).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    // 50 MB: past the operation's 20 MiB upload limit, refused as a problem, nothing kept in the staging folder.
    // Sent chunked (no Content-Length), so the server reads it up to the limit and answers rather than closing.
    const boundary = 'shelfmark-bench-boundary';
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.cbl"\r\nContent-Type: application/xml\r\n\r\n`,
      ...Array.from({ length: 50 }, () => ' '.repeat(1024 * 1024)),
      `\r\n--${boundary}--\r\n`,
    ];
    const huge = await fetch(`${server.url}/api/v1/reading-lists/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${readers.a.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: new ReadableStream({
        pull(controller) {
          const next = parts.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const json = await fetch(`${server.url}/api/v1/reading-lists/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${readers.a.token}`, 'content-type': 'application/xml' },
      body: cbl('<Book Series="Alpha" Number="1" />'),
    });
    expect(json.status).toBe(415);
    const wrongPart = new FormData();
    wrongPart.append('image', new Blob([cbl('')]), 'list.cbl');
    expectProblem(
      await call('/reading-lists/import', { method: 'POST', token: readers.a.token, form: wrongPart }),
      400,
    );
    expect(await listCount()).toBe(before);
    await expect.poll(staged).toEqual([]);
  });
});

describe('want to read', () => {
  it('is each reader’s own shelf of series they may see, newest first, and adding twice keeps one', async () => {
    const as = (token: string, route: string, method = 'GET') => call(route, { method, token });
    expect((await as(readers.a.token, `/want-to-read/${ids.alpha}`, 'PUT')).status).toBe(204);
    expect((await as(readers.a.token, `/want-to-read/${ids.charlie}`, 'PUT')).status).toBe(204);
    expect((await as(readers.a.token, `/want-to-read/${ids.alpha}`, 'PUT')).status).toBe(204);
    const shelf = (await as(readers.a.token, '/want-to-read')).body;
    expect(shelf.total).toBe(2);
    expect(new Set(shelf.items.map((series: any) => series.id))).toEqual(new Set([ids.alpha, ids.charlie]));
    expectProblem(await as(readers.a.token, `/want-to-read/${ids.bravo}`, 'PUT'), 404);
    expect((await as(readers.b.token, '/want-to-read')).body.total).toBe(0);
    expect((await as(admin, '/want-to-read')).body.total).toBe(0);
    expect((await as(readers.a.token, `/want-to-read/${ids.alpha}`, 'DELETE')).status).toBe(204);
    expect((await as(readers.a.token, '/want-to-read')).body.items.map((s: any) => s.id)).toEqual([ids.charlie]);
    const trpc = trpcAs(readers.a.cookie);
    await trpc.wantToRead.add.mutate({ series_id: ids.alpha });
    expect((await trpc.wantToRead.list.query({})).total).toBe(2);
  });

  it('is said on each series of a list and a series’ details, per viewer, and follows each change at once', async () => {
    const wanted = async (token: string) =>
      Object.fromEntries(
        ((await call(`/series?library_id=${ids.libA}`, { token })).body.items as any[]).map((series) => [
          series.name,
          series.want_to_read,
        ]),
      );
    const put = (token: string, series: string, method: 'PUT' | 'DELETE') =>
      call(`/want-to-read/${series}`, { method, token });
    await put(readers.a.token, ids.alpha, 'DELETE');
    await put(readers.a.token, ids.charlie, 'DELETE');
    // Both lists asked (and cached) before any change, so a stale page would show.
    expect(await wanted(admin)).toEqual({ Alpha: false, Charlie: false });
    expect(await wanted(readers.a.token)).toEqual({ Alpha: false, Charlie: false });

    expect((await put(admin, ids.alpha, 'PUT')).status).toBe(204);
    expect((await put(readers.a.token, ids.charlie, 'PUT')).status).toBe(204);
    expect(await wanted(admin)).toEqual({ Alpha: true, Charlie: false });
    expect(await wanted(readers.a.token)).toEqual({ Alpha: false, Charlie: true });
    expect((await call(`/series/${ids.alpha}`, { token: admin })).body.want_to_read).toBe(true);
    expect((await call(`/series/${ids.alpha}`, { token: readers.a.token })).body.want_to_read).toBe(false);
    expect((await call('/want-to-read', { token: readers.a.token })).body.items[0]).toMatchObject({
      id: ids.charlie,
      want_to_read: true,
    });

    const trpc = trpcAs(readers.a.cookie);
    const trpcWanted = async () =>
      Object.fromEntries(
        (await trpc.series.list.query({ library_id: ids.libA })).items.map((series) => [
          series.name,
          series.want_to_read,
        ]),
      );
    expect(await trpcWanted()).toEqual({ Alpha: false, Charlie: true });
    await trpc.wantToRead.remove.mutate({ series_id: ids.charlie });
    await trpc.wantToRead.add.mutate({ series_id: ids.alpha });
    expect(await trpcWanted()).toEqual({ Alpha: true, Charlie: false });
    expect((await trpc.series.get.query({ series_id: ids.alpha })).want_to_read).toBe(true);
    expect(await wanted(admin)).toEqual({ Alpha: true, Charlie: false });
    await put(admin, ids.alpha, 'DELETE');
    expect(await wanted(admin)).toEqual({ Alpha: false, Charlie: false });
  });
});

describe('a .cbl import report kept with its list', () => {
  const scanA = async () => {
    const started = await call(`/libraries/${ids.libA}/scan`, { method: 'POST', token: admin, body: {} });
    expect([200, 202], started.text).toContain(started.status);
    expect((await waitForJob(call, admin, started.body.id, 60_000)).status).toBe('succeeded');
  };
  const bookOf = async (series: string) => {
    const books = (await call(`/books?library_id=${ids.libA}&limit=100`, { token: admin })).body.items as any[];
    return books.find((book) => book.series === series)?.id as string | undefined;
  };

  it('reads, settles an ambiguous entry, matches again after a scan, and keeps a deleted book as missing', async () => {
    // "Echo" and "The Echo" are one name to the matching (articles ignored): entry 2 is ambiguous.
    await writeComic(server.librariesRoot, 'a/Echo/Echo T01.cbz', { pages: 2 });
    await writeComic(server.librariesRoot, 'a/The Echo/The Echo T01.cbz', { pages: 2 });
    await scanA();
    const [echo, theEcho] = [await bookOf('Echo'), await bookOf('The Echo')];
    // The real format: ComicRack's namespaces, Id elements and Database ids, a variant number, an entry without a
    // volume, a book named twice.
    const file = `<?xml version="1.0"?>
<ReadingList xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Name>Echo event</Name>
  <Books>
    <Book Series="Alpha" Number="1" Volume="2020" Year="2020">
      <Id>1f8a4c1e-2b1a-4d7e-9a55-2a1b3c4d5e6f</Id>
      <Database Name="cv" Series="91273" Issue="537751" />
    </Book>
    <Book Series="Echo" Number="1" Year="2021"><Database Name="cv" Series="1" Issue="2" /></Book>
    <Book Series="Foxtrot" Number="1" Volume="2022" Year="2022" />
    <Book Series="Alpha" Number="1.MU" Volume="2020" Year="2020" />
    <Book Series="Alpha" Number="2" />
    <Book Series="Alpha" Number="2" />
    <Book Series="Charlie" Number="1" />
  </Books>
</ReadingList>`;
    const imported = await call('/reading-lists/import', {
      method: 'POST',
      token: readers.a.token,
      form: cblForm(file),
    });
    expect(imported.status).toBe(201);
    const charlie = (await call(`/series/${ids.charlie}/books`, { token: admin })).body.items[0].id;
    const [alpha1, alpha2, alpha3] = ids.alphaBooks;
    expect(imported.body.book_ids).toEqual([alpha1, alpha2, charlie]);
    expect(imported.body.import_report).toMatchObject({ matched: 4, ambiguous: 1, missing: 2 });
    const listId = imported.body.id as string;
    const report = async () => {
      const answer = await call(`/reading-lists/${listId}/import-report`, { token: readers.a.token });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const books = async () => (await call(`/reading-lists/${listId}`, { token: readers.a.token })).body.book_ids;
    // Kept with the list: read back as the import answered it.
    expect(await report()).toEqual(imported.body.import_report);
    const ambiguous = (await report()).entries[1];
    expect(ambiguous).toMatchObject({ index: 1, series: 'Echo', status: 'ambiguous', book_id: null });
    expect(new Set(ambiguous.candidate_ids)).toEqual(new Set([echo, theEcho]));
    expect(ambiguous.candidates.map((c: any) => c.series_name).sort()).toEqual(['Echo', 'The Echo']);
    expect((await report()).entries.map((e: any) => [e.number, e.volume, e.status])).toEqual([
      ['1', '2020', 'matched'],
      ['1', null, 'ambiguous'],
      ['1', '2022', 'missing'],
      ['1.MU', '2020', 'missing'],
      ['2', null, 'matched'],
      ['2', null, 'matched'],
      ['1', null, 'matched'],
    ]);

    // Choosing a book that is not a candidate, or settling a matched entry: 400 and nothing changes.
    const choose = (index: number, bookId: string) =>
      call(`/reading-lists/${listId}/import-report/entries/${index}`, {
        method: 'PUT',
        token: readers.a.token,
        body: { book_id: bookId },
      });
    expectProblem(await choose(1, alpha3!), 400);
    expectProblem(await choose(0, alpha1!), 400);
    expectProblem(await choose(99, theEcho!), 404);
    expect(await books()).toEqual([alpha1, alpha2, charlie]);
    const chosen = await choose(1, theEcho!);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ matched: 5, ambiguous: 0, missing: 2 });
    expect(chosen.body.entries[1]).toMatchObject({ status: 'matched', book_id: theEcho, candidates: [] });
    // Where the file places it: after the book of the entry before.
    expect(await books()).toEqual([alpha1, theEcho, alpha2, charlie]);

    // The owner reorders; a scan brings Foxtrot in; "Match again" places it after the entry before it.
    await call(`/reading-lists/${listId}`, {
      method: 'PATCH',
      token: readers.a.token,
      body: { book_ids: [charlie, alpha1, theEcho, alpha2] },
    });
    const trpc = trpcAs(readers.a.cookie);
    expect((await trpc.readingLists.matchAgain.mutate({ reading_list_id: listId })).missing).toBe(2);
    await writeComic(server.librariesRoot, 'a/Foxtrot/Foxtrot T01.cbz', { pages: 2 });
    await scanA();
    const foxtrot = await bookOf('Foxtrot');
    const again = await call(`/reading-lists/${listId}/import-report/match`, {
      method: 'POST',
      token: readers.a.token,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ matched: 6, ambiguous: 0, missing: 1 });
    expect(again.body.entries[2]).toMatchObject({ series: 'Foxtrot', status: 'matched', book_id: foxtrot });
    expect(await books()).toEqual([charlie, alpha1, theEcho, foxtrot, alpha2]);
    expect(await trpc.readingLists.importReport.query({ reading_list_id: listId })).toEqual(again.body);

    // The book deleted (its file gone, then a scan): out of the list, and the report says missing again.
    await rm(path.join(server.librariesRoot, 'a/Foxtrot'), { recursive: true });
    await scanA();
    expect(await books()).toEqual([charlie, alpha1, theEcho, alpha2]);
    expect((await report()).entries[2]).toMatchObject({ series: 'Foxtrot', status: 'missing', book_id: null });

    // Only the owner reads or completes the report: another user's private list is not found, admins included.
    for (const token of [readers.b.token, admin]) {
      expectProblem(await call(`/reading-lists/${listId}/import-report`, { token }), 404);
      expectProblem(await call(`/reading-lists/${listId}/import-report/match`, { method: 'POST', token }), 404);
    }
    // A list made by hand has no report.
    const byHand = await call('/reading-lists', { method: 'POST', token: readers.a.token, body: { name: 'Mine' } });
    expectProblem(await call(`/reading-lists/${byHand.body.id}/import-report`, { token: readers.a.token }), 404);
    for (const id of [listId, byHand.body.id])
      await call(`/reading-lists/${id}`, { method: 'DELETE', token: readers.a.token });
  });
});

describe('what the catalogue does to collections, lists and shelves', () => {
  const scanA = async () => {
    const started = await call(`/libraries/${ids.libA}/scan`, { method: 'POST', token: admin, body: {} });
    expect([200, 202], started.text).toContain(started.status);
    expect((await waitForJob(call, admin, started.body.id, 60_000)).status).toBe('succeeded');
  };
  const seriesNamed = async (name: string) =>
    ((await call(`/libraries/${ids.libA}/series?limit=500`, { token: admin })).body.items as any[]).find(
      (series) => series.name === name,
    )?.id as string | undefined;
  const shelf = async () =>
    (await call('/want-to-read', { token: readers.a.token })).body.items.map((series: any) => series.id);

  it('moves memberships and want to read with a series whose folder is renamed, and drops a series deleted', async () => {
    await writeComic(server.librariesRoot, 'a/Golf/Golf T01.cbz', { pages: 2 });
    await writeComic(server.librariesRoot, 'a/Golf/Golf T02.cbz', { pages: 2 });
    await writeComic(server.librariesRoot, 'a/Hotel/Hotel T01.cbz', { pages: 2 });
    await scanA();
    const golf = (await seriesNamed('Golf'))!;
    const hotel = (await seriesNamed('Hotel'))!;
    const created = await call('/collections', {
      method: 'POST',
      token: admin,
      body: { name: 'Renamed', ordered: true, series_ids: [ids.alpha, golf, hotel] },
    });
    const collectionId = created.body.id as string;
    const before = await shelf();
    for (const series of [golf, hotel])
      expect((await call(`/want-to-read/${series}`, { method: 'PUT', token: readers.a.token })).status).toBe(204);

    // The folder renamed: the same files (same books) in a new series, found in one scan.
    await rename(path.join(server.librariesRoot, 'a/Golf'), path.join(server.librariesRoot, 'a/Golf Reborn'));
    await scanA();
    const reborn = (await seriesNamed('Golf Reborn'))!;
    expect(reborn).toBeDefined();
    expect(await seriesNamed('Golf')).toBeUndefined();
    const collection = async () => (await call(`/collections/${collectionId}`, { token: admin })).body;
    expect((await collection()).series_ids).toEqual([ids.alpha, reborn, hotel]);
    expect(new Set(await shelf())).toEqual(new Set([...before, reborn, hotel]));

    // A series deleted (its folder gone): out of the collection and the shelf.
    await rm(path.join(server.librariesRoot, 'a/Hotel'), { recursive: true });
    await scanA();
    expect((await collection()).series_ids).toEqual([ids.alpha, reborn]);
    expect(new Set(await shelf())).toEqual(new Set([...before, reborn]));
    await call(`/want-to-read/${reborn}`, { method: 'DELETE', token: readers.a.token });
    await call(`/collections/${collectionId}`, { method: 'DELETE', token: admin });
  });

  it('removes a deleted user’s want to read, and hides a revoked library’s books of a shared list without changing it', async () => {
    const leaving = await readerOf('reader-shelf', [ids.libA, ids.libB]);
    expect((await call(`/want-to-read/${ids.alpha}`, { method: 'PUT', token: leaving.token })).status).toBe(204);
    const shared = await call('/reading-lists', {
      method: 'POST',
      token: admin,
      body: { name: 'Both libraries', book_ids: [ids.bravoBooks[0], ids.alphaBooks[0]] },
    });
    await call(`/reading-lists/${shared.body.id}/sharing`, { method: 'PUT', token: admin, body: { shared: true } });
    const seen = async () => (await call(`/reading-lists/${shared.body.id}`, { token: leaving.token })).body;
    expect((await seen()).book_ids).toEqual([ids.bravoBooks[0], ids.alphaBooks[0]]);
    await call(`/users/${leaving.id}`, { method: 'PATCH', token: admin, body: { library_ids: [ids.libA] } });
    expect(await seen()).toMatchObject({ book_ids: [ids.alphaBooks[0]], book_count: 1 });
    // The list itself is unchanged: its owner still has both, in order.
    expect((await call(`/reading-lists/${shared.body.id}`, { token: admin })).body.book_ids).toEqual([
      ids.bravoBooks[0],
      ids.alphaBooks[0],
    ]);

    const rows = (sql: string) =>
      server.container.orm.em
        .fork()
        .execute<{ n: number | string }[]>(sql, [leaving.id])
        .then((found) => Number(found[0]?.n));
    expect(await rows('select count(*) as n from want_to_read where user_id = ?')).toBe(1);
    expect((await call(`/users/${leaving.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect(await rows('select count(*) as n from want_to_read where user_id = ?')).toBe(0);
    await call(`/reading-lists/${shared.body.id}`, { method: 'DELETE', token: admin });
  });

  it('changes the OPDS feeds’ ETags of a list, a collection and the shelf as soon as they change (catalog version)', async () => {
    const basic = `Basic ${Buffer.from(`app:${readers.a.token}`).toString('base64')}`;
    const feed = (route: string, etag?: string) =>
      fetch(`${server.url}/opds${route}`, {
        headers: { authorization: basic, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const list = await call('/reading-lists', {
      method: 'POST',
      token: readers.a.token,
      body: { name: 'Fresh', book_ids: [ids.alphaBooks[0]] },
    });
    const collection = await call('/collections', {
      method: 'POST',
      token: admin,
      body: { name: 'Fresh shelf', series_ids: [ids.alpha] },
    });
    const changes: [string, () => Promise<unknown>][] = [
      [
        `/v1.2/reading-lists/${list.body.id}`,
        () =>
          call(`/reading-lists/${list.body.id}`, {
            method: 'PATCH',
            token: readers.a.token,
            body: { book_ids: [ids.alphaBooks[1], ids.alphaBooks[0]] },
          }),
      ],
      [
        `/v2/collections/${collection.body.id}`,
        () =>
          call(`/collections/${collection.body.id}`, {
            method: 'PATCH',
            token: admin,
            body: { series_ids: [ids.alpha, ids.charlie] },
          }),
      ],
      ['/v1.2/want-to-read', () => call(`/want-to-read/${ids.alpha}`, { method: 'DELETE', token: readers.a.token })],
    ];
    await call(`/want-to-read/${ids.alpha}`, { method: 'PUT', token: readers.a.token });
    for (const [route, change] of changes) {
      const first = await feed(route);
      expect(first.status, route).toBe(200);
      const etag = first.headers.get('etag')!;
      expect((await feed(route, etag)).status, route).toBe(304);
      await change();
      const after = await feed(route, etag);
      expect(after.status, route).toBe(200);
      expect(after.headers.get('etag'), route).not.toBe(etag);
    }
    await call(`/reading-lists/${list.body.id}`, { method: 'DELETE', token: readers.a.token });
    await call(`/collections/${collection.body.id}`, { method: 'DELETE', token: admin });
  });
});
