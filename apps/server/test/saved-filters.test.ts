import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Saved filters over the real server on both databases: each user's own, an admin's shared with everyone, checked
 * against the list operation's own parameters, and applied through that list, so never showing what its viewer may
 * not see. Names are unique per owner and list, case and accents folded (a 409); 1 to 100 characters.
 */

const PASSWORD = 'reader password 1';
let server: TestServer;
let call: ApiClient;
let admin = '';
const readers = { a: { cookie: '', id: '' }, b: { cookie: '', id: '' } };
const libraries = { a: '', b: '' };

async function readerOf(username: string, libraryIds: string[]) {
  const created = await call('/users', {
    method: 'POST',
    token: BOOTSTRAP_TOKEN,
    body: { username, password: PASSWORD, role: 'reader', library_ids: libraryIds },
  });
  expect(created.status).toBe(201);
  const login = await call('/auth/login', { method: 'POST', body: { username, password: PASSWORD } });
  return { cookie: sessionCookie(login.headers), id: created.body.id as string };
}

const save = (cookie: string, body: Record<string, unknown>) =>
  call('/saved-filters', { method: 'POST', cookie, body: { target: 'series', filter: {}, ...body } });
const names = async (cookie: string) =>
  ((await call('/saved-filters', { cookie })).body.items as { name: string }[]).map((item) => item.name);

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  for (const name of ['a/Alpha/Alpha T01.cbz', 'a/Charlie/Charlie T01.cbz', 'b/Bravo/Bravo T01.cbz'])
    await writeComic(server.librariesRoot, name, { pages: 1 });
  for (const folder of ['a', 'b'] as const) {
    const created = await call('/libraries', {
      method: 'POST',
      token: BOOTSTRAP_TOKEN,
      body: { name: folder, root_path: folder },
    });
    expect(created.status).toBe(201);
    libraries[folder] = created.body.id;
    expect((await waitForJob(call, BOOTSTRAP_TOKEN, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  }
  const login = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
  admin = sessionCookie(login.headers);
  readers.a = await readerOf('reader-a', [libraries.a]);
  readers.b = await readerOf('reader-b', [libraries.a, libraries.b]);
}, 120_000);

afterAll(() => server?.close());
afterEach(() => expect(server.responseFailures).toEqual([]));

describe('saved filters', () => {
  it('are saved, read, renamed, changed and deleted by their owner, as the list reads them', async () => {
    const created = await save(readers.a.cookie, {
      name: '  Unfinished  ',
      filter: { has_missing: 'true', q: 'alp' },
      sort: 'added_desc',
    });
    expect(created.status, created.text).toBe(201);
    // Stored as GET /series reads them: "true" is a boolean; the name without its outer spaces.
    expect(created.body).toMatchObject({
      name: 'Unfinished',
      target: 'series',
      filter: { has_missing: true, q: 'alp' },
      sort: 'added_desc',
      shared: false,
      mine: true,
      owner_id: readers.a.id,
    });
    const id = created.body.id as string;
    expect((await call(`/saved-filters/${id}`, { cookie: readers.a.cookie })).body.name).toBe('Unfinished');

    const renamed = await call(`/saved-filters/${id}`, {
      method: 'PATCH',
      cookie: readers.a.cookie,
      body: { name: 'Alpha only', filter: { q: 'alpha' }, sort: null },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Alpha only', filter: { q: 'alpha' }, sort: null });
    expect(await names(readers.a.cookie)).toEqual(['Alpha only']);

    expect((await call(`/saved-filters/${id}`, { method: 'DELETE', cookie: readers.a.cookie })).status).toBe(204);
    expectProblem(await call(`/saved-filters/${id}`, { cookie: readers.a.cookie }), 404);
    expect(await names(readers.a.cookie)).toEqual([]);
  });

  it("keeps a reader's filters from every other user: another's private filter is a 404 to read, change or delete", async () => {
    const mine = await save(readers.a.cookie, { name: 'Private of A' });
    const id = mine.body.id as string;
    for (const cookie of [readers.b.cookie, admin]) {
      expectProblem(await call(`/saved-filters/${id}`, { cookie }), 404);
      expectProblem(await call(`/saved-filters/${id}`, { method: 'PATCH', cookie, body: { name: 'Taken' } }), 404);
      expectProblem(await call(`/saved-filters/${id}`, { method: 'DELETE', cookie }), 404);
      expect(await names(cookie)).not.toContain('Private of A');
    }
    expect((await call(`/saved-filters/${id}`, { cookie: readers.a.cookie })).body.name).toBe('Private of A');
  });

  it("shows an admin's shared filter to everyone, applied through the list under each one's library access", async () => {
    const shared = await save(admin, {
      name: 'Everything with an A',
      filter: { q: 'a' },
      sort: 'name_desc',
      shared: true,
    });
    expect(shared.status, shared.text).toBe(201);
    expect(shared.body.shared).toBe(true);
    const id = shared.body.id as string;
    const seen = await call(`/saved-filters/${id}`, { cookie: readers.a.cookie });
    expect(seen.body).toMatchObject({ name: 'Everything with an A', shared: true, mine: false });
    expect(await names(readers.b.cookie)).toContain('Everything with an A');

    // Applying it is asking GET /series with its parameters: reader A sees library a only.
    const applied = async (cookie: string) => {
      const query = { ...seen.body.filter, sort: seen.body.sort } as Record<string, string>;
      const page = await call('/series', { cookie, query });
      return (page.body.items as { name: string }[]).map((series) => series.name);
    };
    expect(await applied(readers.a.cookie)).toEqual(['Charlie', 'Alpha']);
    expect(await applied(readers.b.cookie)).toEqual(['Charlie', 'Bravo', 'Alpha']);

    // A reader may use it, not change it.
    expectProblem(
      await call(`/saved-filters/${id}`, { method: 'PATCH', cookie: readers.a.cookie, body: { name: 'Mine' } }),
      403,
    );
    expectProblem(await call(`/saved-filters/${id}`, { method: 'DELETE', cookie: readers.a.cookie }), 403);
    const unshared = await call(`/saved-filters/${id}`, { method: 'PATCH', cookie: admin, body: { shared: false } });
    expect(unshared.body.shared).toBe(false);
    expectProblem(await call(`/saved-filters/${id}`, { cookie: readers.a.cookie }), 404);
    expect((await call(`/saved-filters/${id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
  });

  it('lets only an admin share: a reader asking to is a 403 and nothing is saved or changed', async () => {
    expectProblem(await save(readers.b.cookie, { name: 'Shared by B', shared: true }), 403);
    expect(await names(readers.b.cookie)).not.toContain('Shared by B');
    const own = await save(readers.b.cookie, { name: 'Own of B' });
    const id = own.body.id as string;
    expectProblem(
      await call(`/saved-filters/${id}`, { method: 'PATCH', cookie: readers.b.cookie, body: { shared: true } }),
      403,
    );
    expect((await call(`/saved-filters/${id}`, { cookie: readers.b.cookie })).body.shared).toBe(false);
    expect(await names(readers.a.cookie)).not.toContain('Own of B');
  });

  it('refuses a filter the list would refuse (400 naming the parameter) and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filter: { no_such_parameter: 'x' } }, '/body/filter/no_such_parameter'],
      [{ filter: { has_missing: 'perhaps' } }, '/body/filter/has_missing'],
      [{ filter: { series_status: 'x'.repeat(300) } }, '/body/filter/series_status'],
      [{ filter: { page: 2 } }, '/body/filter/page'],
      [{ filter: { sort: 'name_asc' } }, '/body/filter/sort'],
      [{ sort: 'recently_read' }, '/body/sort'],
      [{ target: 'books', sort: 'name_asc' }, '/body/sort'],
    ];
    for (const [body, path] of cases) {
      const refused = await save(readers.a.cookie, { name: 'Refused', ...body });
      expectProblem(refused, 400);
      expect(refused.body.errors.map((issue: { path: string }) => issue.path)).toContain(path);
    }
    expect(await names(readers.a.cookie)).not.toContain('Refused');

    const kept = await save(readers.a.cookie, { name: 'Kept', filter: { q: 'alpha' } });
    const id = kept.body.id as string;
    const refused = await call(`/saved-filters/${id}`, {
      method: 'PATCH',
      cookie: readers.a.cookie,
      body: { name: 'Renamed', filter: { genre: 'x', unknown: 1 } },
    });
    expectProblem(refused, 400);
    expect((await call(`/saved-filters/${id}`, { cookie: readers.a.cookie })).body).toMatchObject({
      name: 'Kept',
      filter: { q: 'alpha' },
    });
    // A books filter is checked against GET /books.
    const books = await save(readers.a.cookie, {
      name: 'EPUBs',
      target: 'books',
      filter: { format: 'epub' },
      sort: 'title',
    });
    expect(books.status, books.text).toBe(201);
    expect((await call('/saved-filters?target=books', { cookie: readers.a.cookie })).body.items).toHaveLength(1);
  });

  it('validates names: 1 to 100 characters, not blank, unique per owner and list (case and accents folded: 409)', async () => {
    expectProblem(await save(readers.b.cookie, { name: '' }), 400);
    expectProblem(await save(readers.b.cookie, { name: '   ' }), 400);
    expectProblem(await save(readers.b.cookie, { name: 'x'.repeat(101) }), 400);
    expect((await save(readers.b.cookie, { name: 'x'.repeat(100) })).status).toBe(201);
    expect((await save(readers.b.cookie, { name: 'Séries à finir' })).status).toBe(201);
    expectProblem(await save(readers.b.cookie, { name: 'series A FINIR ' }), 409);
    // Another list, or another owner, may use the name.
    expect((await save(readers.b.cookie, { name: 'Séries à finir', target: 'books' })).status).toBe(201);
    expect((await save(readers.a.cookie, { name: 'Séries à finir' })).status).toBe(201);
    const other = await save(readers.b.cookie, { name: 'Other' });
    expectProblem(
      await call(`/saved-filters/${other.body.id}`, {
        method: 'PATCH',
        cookie: readers.b.cookie,
        body: { name: 'séries à finir' },
      }),
      409,
    );
    expect((await call(`/saved-filters/${other.body.id}`, { cookie: readers.b.cookie })).body.name).toBe('Other');
  });

  it('has the same operations over tRPC, with the same problems', async () => {
    const trpc = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie: readers.a.cookie }) })],
    });
    const created = await trpc.savedFilters.create.mutate({
      body: { name: 'Over tRPC', target: 'series', filter: { q: 'charlie' } },
    });
    expect(created).toMatchObject({ name: 'Over tRPC', mine: true });
    const listed = await trpc.savedFilters.list.query({ target: 'series' });
    expect(listed.items.map((item) => item.name)).toContain('Over tRPC');
    await expect(
      trpc.savedFilters.update.mutate({ saved_filter_id: created.id, body: { filter: { nope: true } } }),
    ).rejects.toSatisfy((error) => error instanceof TRPCClientError && error.data?.httpStatus === 400);
    await expect(
      trpc.savedFilters.update.mutate({ saved_filter_id: created.id, body: { shared: true } }),
    ).rejects.toSatisfy((error) => error instanceof TRPCClientError && error.data?.httpStatus === 403);
    await trpc.savedFilters.remove.mutate({ saved_filter_id: created.id });
    await expect(trpc.savedFilters.get.query({ saved_filter_id: created.id })).rejects.toSatisfy(
      (error) => error instanceof TRPCClientError && error.data?.httpStatus === 404,
    );
  });

  it('are deleted with their user', async () => {
    const gone = await readerOf('reader-gone', [libraries.a]);
    const own = await save(gone.cookie, { name: 'Soon gone' });
    expect(own.status).toBe(201);
    expect((await call(`/users/${gone.id}`, { method: 'DELETE', token: BOOTSTRAP_TOKEN })).status).toBe(204);
    const [row] = await server.container.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number | string }[]>('select count(*) as n from saved_filters where owner_id = ?', [gone.id]);
    expect(Number(row?.n)).toBe(0);
  });
});
