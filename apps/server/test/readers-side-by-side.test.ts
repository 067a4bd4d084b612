import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { koreaderClient, type KoreaderAccount } from './support/koreader-client.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { secret } from './support/secrets.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Two readers of one household server, side by side through every client they would use: REST (the admin app's
 * reader), an OPDS app signed in with their token, and KOReader sync. An administrator creates both; each signs in
 * and makes their own read token, as a reader would. They share one library and each has one of their own: each sees
 * only their own place in the shared book, and the other's library does not exist for them.
 */

const admin = BOOTSTRAP_TOKEN;
const READER_PASSWORD = secret('side by side reader password');
// Creating users and signing in hash passwords (scrypt): slow on a loaded machine, never a measure here.
const SCRYPT_HEAVY_MS = 180_000;

interface Reader {
  id: string;
  token: string;
  account: KoreaderAccount;
}

let server: TestServer;
let call: ApiClient;
let koreader: ReturnType<typeof koreaderClient>;
const libraries = { shared: '', a: '', b: '' };
/** The one book of each library, with its series and KOReader document (the file's partial MD5). */
const books: Record<keyof typeof libraries, { id: string; seriesId: string; hash: string }> = {
  shared: { id: '', seriesId: '', hash: '' },
  a: { id: '', seriesId: '', hash: '' },
  b: { id: '', seriesId: '', hash: '' },
};
let readerA: Reader;
let readerB: Reader;

const basic = (token: string) => `Basic ${Buffer.from(`app:${token}`).toString('base64')}`;
const opds = (pathname: string, reader: Reader) =>
  fetch(`${server.url}/opds${pathname}`, { headers: { authorization: basic(reader.token) } });

/** The pse:lastRead values of an OPDS 1.2 feed as the reader sees it. */
async function lastRead(reader: Reader, seriesId: string): Promise<string[]> {
  const response = await opds(`/v1.2/series/${seriesId}`, reader);
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/pse:lastRead="(\d+)"/g)].map((match) => match[1]!);
}

async function readerWith(username: string, libraryIds: string[]): Promise<Reader> {
  const created = await call('/users', {
    method: 'POST',
    token: admin,
    body: { username, password: READER_PASSWORD, role: 'reader', library_ids: libraryIds },
  });
  expect(created.status, created.text).toBe(201);
  const login = await call('/auth/login', { method: 'POST', body: { username, password: READER_PASSWORD } });
  expect(login.status).toBe(200);
  const cookie = sessionCookie(login.headers);
  const made = await call('/tokens', { method: 'POST', cookie, body: { name: 'my apps', scope: 'read' } });
  expect(made.status).toBe(201);
  const token = secret(made.body.token as string);
  return { id: created.body.id, token, account: { username: token, password: 'ignored' } };
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  koreader = koreaderClient(server.url);
  await writeComic(server.librariesRoot, 'shared/Kaiju/Kaiju T01.cbz', { pages: 10 });
  await writeComic(server.librariesRoot, 'a/Alpha/Alpha T01.cbz', { pages: 4 });
  await writeComic(server.librariesRoot, 'b/Bravo/Bravo T01.cbz', { pages: 5 });
  for (const key of ['shared', 'a', 'b'] as const) {
    const created = await call('/libraries', { method: 'POST', token: admin, body: { name: key, root_path: key } });
    libraries[key] = created.body.id;
    const job = await call(`/libraries/${created.body.id}/scan`, { method: 'POST', token: admin, body: {} });
    expect((await waitForJob(call, admin, job.body.id, 60_000)).status).toBe('succeeded');
    const [item] = (await call('/books', { token: admin, query: { library_id: created.body.id } })).body.items;
    const [row] = await server.container.orm.em
      .fork()
      .getConnection()
      .execute<{ partial_hash: string }[]>('select partial_hash from book_files where book_id = ?', [item.id]);
    books[key] = { id: item.id, seriesId: item.series_id, hash: row!.partial_hash };
  }
  readerA = await readerWith('reader-a', [libraries.shared, libraries.a]);
  readerB = await readerWith('reader-b', [libraries.shared, libraries.b]);
}, SCRYPT_HEAVY_MS);
afterAll(() => server?.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('two readers side by side through REST, OPDS and kosync', () => {
  it('each sees only their own progress of the shared book', async () => {
    const { id, seriesId, hash } = books.shared;
    // A reads page 3 in the admin (REST); B reads on to page 7 in KOReader.
    const read = await call(`/books/${id}/progress`, {
      method: 'PUT',
      token: readerA.token,
      body: { status: 'reading', current_page: 3 },
    });
    expect(read.status, read.text).toBe(200);
    const pushed = await koreader.updateProgress(readerB.account, {
      document: hash,
      progress: '7',
      percentage: 0.7,
      device: 'Kobo_frost',
      device_id: 'B0B0B0B0B0B0B0B0B0B0B0B0B0B0B0B0',
    });
    expect(pushed.status).toBe(200);

    const rest = async (reader: Reader) => (await call(`/books/${id}`, { token: reader.token })).body;
    expect(await rest(readerA)).toMatchObject({ reading_status: 'reading', current_page: 3 });
    expect(await rest(readerB)).toMatchObject({ reading_status: 'reading', current_page: 7 });
    expect(await lastRead(readerA, seriesId)).toEqual(['3']);
    expect(await lastRead(readerB, seriesId)).toEqual(['7']);
    // A never used KOReader: the pull offers A's own place from the admin, never B's push.
    expect((await koreader.getProgress(readerA.account, hash)).body).toMatchObject({
      progress: '3',
      device: 'Shelfmark',
    });
    expect((await koreader.getProgress(readerB.account, hash)).body).toMatchObject({
      progress: '7',
      percentage: 0.7,
      device: 'Kobo_frost',
    });
    // Nobody else's place either: the administrator has read nothing.
    expect((await call(`/books/${id}`, { token: admin })).body).toMatchObject({ reading_status: 'unread' });
  });

  it("neither sees the other's library: 404 in REST and OPDS, nothing in kosync", async () => {
    for (const [reader, other] of [
      [readerA, books.b],
      [readerB, books.a],
    ] as const) {
      expectProblem(await call(`/books/${other.id}`, { token: reader.token }), 404);
      expectProblem(await call(`/series/${other.seriesId}`, { token: reader.token }), 404);
      const listed = (await call('/books', { token: reader.token, query: { limit: '100' } })).body.items;
      expect(listed.map((item: { id: string }) => item.id)).not.toContain(other.id);
      expect((await opds(`/v1.2/series/${other.seriesId}`, reader)).status).toBe(404);
      expect((await opds(`/books/${other.id}/file`, reader)).status).toBe(404);
      expect((await opds(`/books/${other.id}/pages/0`, reader)).status).toBe(404);
      // A push of that document is kept as the reader's KOReader record, but moves no book they cannot see.
      expect((await koreader.getProgress(reader.account, other.hash)).body).toEqual({});
      const pushed = await koreader.updateProgress(reader.account, {
        document: other.hash,
        progress: '2',
        percentage: 0.5,
        device: 'Android',
        device_id: 'ANDROID0000000000000000000000000',
      });
      expect(pushed.status).toBe(200);
      expect((await call(`/books/${other.id}`, { token: admin })).body).toMatchObject({ reading_status: 'unread' });
      expect(await server.container.services.progress.get(reader.id, other.id)).toBeNull();
    }
    // Each library's own reader still sees their book unread: the other's push did not reach it.
    expect((await call(`/books/${books.a.id}`, { token: readerA.token })).body.reading_status).toBe('unread');
    expect((await call(`/books/${books.b.id}`, { token: readerB.token })).body.reading_status).toBe('unread');
  });
});
