import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELFMARK_DEVICE_ID } from '../src/domain/kosync.js';
import { partialMd5 } from '../src/indexer/partial-hash.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { expectProblem } from './support/problems.js';
import {
  koreaderClient,
  pullDecision,
  type KoreaderAccount,
  type KoreaderDevice,
  type KoreaderResponse,
} from './support/koreader-client.js';
import { comicBuffer, writeComic } from './support/library-builder.js';
import { secret } from './support/secrets.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;
const XPOINTER = '/body/DocFragment[3]/body/div/p[12]/text().57';

let server: TestServer;
let call: ApiClient;
let koreader: ReturnType<typeof koreaderClient>;
let account: KoreaderAccount;
let scratch: string;
let shelfId: string;
const books: Record<string, { id: string; hash: string }> = {};

const kobo: KoreaderDevice = {
  model: 'Kobo_frost',
  deviceId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
  progress: '1',
  percentage: 0.1,
  lastPageTurn: 0,
};
const phone: KoreaderDevice = {
  model: 'Android',
  deviceId: '0F1E2D3C4B5A69788796A5B4C3D2E1F0',
  progress: '1',
  percentage: 0.1,
  lastPageTurn: 0,
};
const push = (device: KoreaderDevice, document: string, progress: string | number, percentage: number) =>
  koreader.updateProgress(account, {
    document,
    progress,
    percentage,
    device: device.model,
    device_id: device.deviceId,
  });

async function scan(libraryId: string) {
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id, 60_000)).status).toBe('succeeded');
}

async function storedHash(bookId: string): Promise<string> {
  const [row] = await server.container.orm.em
    .fork()
    .getConnection()
    .execute<{ partial_hash: string }[]>('select partial_hash from book_files where book_id = ?', [bookId]);
  return row!.partial_hash;
}

const book = async (id: string) => (await call(`/books/${id}`, { token })).body;

// Readers are created with a password (scrypt) and sign in: slow on a loaded machine, never a measure here.
const SCRYPT_HEAVY_MS = 180_000;
const READER_PASSWORD = secret('kosync reader password 1');
let readers = 0;

/** A reader made by the admin (POST /users), granted `libraryIds`, signed in, with a read token of their own. */
async function readerWith(libraryIds: string[]) {
  const username = `kosync-reader-${++readers}`;
  const created = await call('/users', {
    method: 'POST',
    token,
    body: { username, password: READER_PASSWORD, role: 'reader', library_ids: libraryIds },
  });
  expect(created.status).toBe(201);
  const login = await call('/auth/login', { method: 'POST', body: { username, password: READER_PASSWORD } });
  expect(login.status).toBe(200);
  const cookie = sessionCookie(login.headers);
  const made = await call('/tokens', { method: 'POST', cookie, body: { name: 'KOReader', scope: 'read' } });
  expect(made.status).toBe(201);
  const readToken = secret(made.body.token as string);
  const account: KoreaderAccount = { username: readToken, password: 'anything' };
  return { id: created.body.id as string, cookie, token: readToken, account };
}

async function disable(userId: string, disabled: boolean) {
  expect((await call(`/users/${userId}`, { method: 'PATCH', token, body: { disabled } })).status).toBe(200);
}

/** The reference server's answers are JSON with exactly this type; KOReader decodes nothing else. */
function expectJson(response: KoreaderResponse, status: number, body?: unknown) {
  expect(response.contentType).toBe('application/json');
  expect(response.status).toBe(status);
  if (body !== undefined) expect(response.body).toEqual(body);
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false, env: { TRUST_PROXY: 'loopback' } });
  call = apiClient(server.url);
  koreader = koreaderClient(server.url);
  scratch = await mkdtemp(path.join(tmpdir(), 'kosync-'));
  const shelf = path.join(server.librariesRoot, 'shelf');
  await writeComic(shelf, 'Blake/Blake T01.cbz', { pages: 10 });
  await mkdir(path.join(shelf, 'Mortimer'), { recursive: true });
  await writeFile(path.join(shelf, 'Mortimer/Mortimer T01.cbz'), await comicBuffer({ pages: 6 }));
  await mkdir(path.join(shelf, 'Novels'), { recursive: true });
  await copyFile(path.join(fixtures, 'epub3.epub'), path.join(shelf, 'Novels/novel.epub'));
  await copyFile(path.join(fixtures, 'komga.pdf'), path.join(shelf, 'Novels/manual.pdf'));
  // The same file in a second library: one KOReader document, two books.
  const twin = path.join(server.librariesRoot, 'twin');
  await mkdir(path.join(twin, 'Blake'), { recursive: true });
  await copyFile(path.join(shelf, 'Blake/Blake T01.cbz'), path.join(twin, 'Blake/Blake T01.cbz'));
  shelfId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body.id;
  const twinId = (await call('/libraries', { method: 'POST', token, body: { name: 'Twin', root_path: 'twin' } })).body
    .id;
  await scan(shelfId);
  await scan(twinId);
  books.twinLibrary = { id: twinId, hash: '' };
  for (const [name, libraryId] of [
    ['shelf', shelfId],
    ['twin', twinId],
  ] as const) {
    for (const item of (await call(`/books?library_id=${libraryId}&limit=100`, { token })).body.items) {
      const key = `${name}:${item.format}${item.series === 'Mortimer' ? ':mortimer' : ''}`;
      books[key] = { id: item.id, hash: await storedHash(item.id) };
    }
  }
  const created = await call('/tokens', { method: 'POST', token, body: { name: 'KOReader', scope: 'read' } });
  account = { username: secret(created.body.token as string), password: secret('anything at all') };
  // What KOReader puts in x-auth-key: checked against the logs like the token (test-server.ts).
  secret(createHash('md5').update(account.password).digest('hex'));
}, 180_000);

afterAll(async () => {
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('accounts and credentials', () => {
  it('answers the health check and refuses registration with a message to use an API token', async () => {
    const health = await fetch(`${server.url}/koreader/healthcheck`);
    expect(health.headers.get('content-type')).toBe('application/json');
    expect(await health.json()).toEqual({ state: 'OK' });
    const register = await koreader.register('reader', 'secret');
    expectJson(register, 402);
    expect((register.body as { code: number }).code).toBe(2005);
    expect((register.body as { message: string }).message).toMatch(/API token/);
  });

  it('logs in with an API token as the user name, whatever the password', async () => {
    expectJson(await koreader.authorize(account), 200, { authorized: 'OK' });
    expectJson(await koreader.authorize({ ...account, password: 'something else' }), 200, { authorized: 'OK' });
    expectJson(await koreader.authorize({ username: BOOTSTRAP_TOKEN, password: 'x' }), 200, { authorized: 'OK' });
  });

  it('answers 401 with code 2001 to a missing, wrong or password-like credential, on every route', async () => {
    const unauthorized = { code: 2001, message: 'Unauthorized' };
    const wrong = [
      null,
      { username: 'smk_AAAAAAAAAAAA_' + 'A'.repeat(43), password: 'x' },
      { username: 'admin', password: 'correct horse battery staple' },
    ];
    for (const credential of wrong) {
      expectJson(await koreader.authorize(credential), 401, unauthorized);
      expectJson(await koreader.getProgress(credential, books['shelf:cbz']!.hash), 401, unauthorized);
      const pushed = await koreader.updateProgress(credential, {
        document: 'f'.repeat(32),
        progress: '2',
        percentage: 0.2,
        device: 'x',
        device_id: 'y',
      });
      expectJson(pushed, 401, unauthorized);
    }
    expectJson(await koreader.getProgress(account, 'f'.repeat(32)), 200, {});
  });

  it('never writes the token or the key in the logs (the request log has no headers)', () => {
    const logs = server.logs.join('\n');
    expect(logs).toContain('/koreader/users/auth');
    expect(logs).not.toContain(account.username);
    expect(logs).not.toContain(createHash('md5').update(account.password).digest('hex'));
  });
});

describe('the stored hash is the hash of the file served', () => {
  it('matches the partial MD5 of what OPDS and /file download', async () => {
    for (const key of ['shelf:cbz', 'shelf:epub', 'shelf:pdf']) {
      const { id, hash } = books[key]!;
      expect(hash).toMatch(/^[0-9a-f]{32}$/);
      for (const url of [`/opds/books/${id}/file`, `/api/v1/books/${id}/file`]) {
        const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status, url).toBe(200);
        const downloaded = path.join(scratch, `${key.replace(':', '-')}-download`);
        await writeFile(downloaded, Buffer.from(await response.arrayBuffer()));
        expect(await partialMd5(downloaded), url).toBe(hash);
      }
    }
  });
});

describe('page-based books', () => {
  it('stores a push as the reader progress of every book holding the file, and answers it back as stored', async () => {
    const { hash } = books['shelf:cbz']!;
    const pushed = await push(kobo, hash, '4', 0.4);
    expectJson(pushed, 200);
    expect(pushed.body).toEqual({ document: hash, timestamp: expect.any(Number) });
    const { timestamp } = pushed.body as { timestamp: number };
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    for (const key of ['shelf:cbz', 'twin:cbz']) {
      const shown = await book(books[key]!.id);
      expect([shown.reading_status, shown.current_page], key).toEqual(['reading', 4]);
    }
    const pulled = await koreader.getProgress(account, hash);
    expectJson(pulled, 200, {
      document: hash,
      progress: '4',
      percentage: 0.4,
      device: kobo.model,
      device_id: kobo.deviceId,
      timestamp,
    });
    expect(pullDecision(pulled, { ...kobo, progress: '4', percentage: 0.4 }, true)).toBe('from-this-device');
    expect(
      pullDecision(pulled, { ...phone, progress: '1', percentage: 0.1, lastPageTurn: timestamp - 60 }, false),
    ).toBe('offer-forward');
  });

  it('accepts the page as a number (older clients) and answers it as a string', async () => {
    const { hash, id } = books['shelf:cbz']!;
    expectJson(await push(kobo, hash, 6, 0.6), 200);
    expect((await book(id)).current_page).toBe(6);
    const pulled = await koreader.getProgress(account, hash);
    expect((pulled.body as { progress: unknown }).progress).toBe('6');
  });

  it('trusts the percentage when it disagrees with the page by more than one page, and says so in the log', async () => {
    const { hash, id } = books['shelf:cbz']!;
    expectJson(await push(phone, hash, '2', 0.8), 200);
    expect((await book(id)).current_page).toBe(8);
    expect(server.logs.join('\n')).toContain('KOReader page and percentage disagree');
    expectJson(await push(phone, hash, '7', 0.65), 200);
    expect((await book(id)).current_page).toBe(7);
  });

  it('marks the book read at the last page', async () => {
    const { hash, id } = books['shelf:cbz']!;
    expectJson(await push(kobo, hash, '10', 1), 200);
    expect((await book(id)).reading_status).toBe('read');
  });

  it('answers our newer place (read in the admin) as device Shelfmark, so KOReader offers to jump there', async () => {
    const { hash, id } = books['shelf:cbz:mortimer']!;
    const pageCount = (await book(id)).page_count as number;
    expect(pageCount).toBe(6);
    const pushed = await push(kobo, hash, '1', 1 / pageCount);
    expect(
      (await call(`/books/${id}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 2 } }))
        .status,
    ).toBe(200);
    const pulled = await koreader.getProgress(account, hash);
    expectJson(pulled, 200);
    expect(pulled.body).toMatchObject({
      document: hash,
      progress: '2',
      device: 'Shelfmark',
      device_id: SHELFMARK_DEVICE_ID,
    });
    expect((pulled.body as { percentage: number }).percentage).toBeCloseTo(2 / pageCount);
    const pushedAt = (pushed.body as { timestamp: number }).timestamp;
    expect((pulled.body as { timestamp: number }).timestamp).toBeGreaterThanOrEqual(pushedAt);
    const atPageOne = { ...kobo, progress: '1', percentage: Math.floor((1 / pageCount) * 10000) / 10000 };
    expect(pullDecision(pulled, { ...atPageOne, lastPageTurn: pushedAt - 1 }, false)).toBe('offer-forward');
    expect(pullDecision(pulled, atPageOne, true)).toBe('synced');
    // KOReader pushes again from the page it jumped to: its own record is the newest, answered as stored.
    expectJson(await push(kobo, hash, '2', 2 / pageCount), 200);
    const again = await koreader.getProgress(account, hash);
    expect(again.body).toMatchObject({ device: kobo.model, device_id: kobo.deviceId, progress: '2' });
    expect(pullDecision(again, { ...kobo, progress: '2' }, true)).toBe('from-this-device');
  });
});

describe('one record for every client', () => {
  it('shows a push in the OPDS pse:lastRead, and a page streamed over OPDS-PSE in the pull', async () => {
    const { hash, id } = books['shelf:cbz:mortimer']!;
    const seriesId = (await book(id)).series_id as string;
    const opds = (pathname: string) =>
      fetch(`${server.url}${pathname}`, {
        headers: { authorization: `Basic ${Buffer.from(`kobo:${account.username}`).toString('base64')}` },
      });
    expectJson(await push(phone, hash, '3', 0.5), 200);
    const feed = await (await opds(`/opds/v1.2/series/${seriesId}`)).text();
    expect(feed).toMatch(/pse:lastRead="3"/);
    // PSE numbers pages from 0 in URLs: {pageNumber} 4 is page 5.
    expect((await opds(`/opds/books/${id}/pages/4?maxWidth=100`)).status).toBe(200);
    const pulled = await koreader.getProgress(account, hash);
    expect(pulled.body).toMatchObject({ progress: '5', device: 'Shelfmark', device_id: SHELFMARK_DEVICE_ID });
    expect(pullDecision(pulled, { ...phone, progress: '3', percentage: 0.5 }, true)).toBe('synced');
  });
});

describe('EPUB', () => {
  it('keeps the xpointer verbatim and answers it back; 100 % marks the book read', async () => {
    const { hash, id } = books['shelf:epub']!;
    expectJson(await push(kobo, hash, XPOINTER, 0.35), 200);
    expect((await book(id)).reading_status).toBe('reading');
    const pulled = await koreader.getProgress(account, hash);
    expect(pulled.body).toMatchObject({ progress: XPOINTER, percentage: 0.35, device: kobo.model });
    expect(
      pullDecision(pulled, { ...phone, progress: '/body/DocFragment[1]/body/p[1]/text().0', percentage: 0 }, true),
    ).toBe('synced');
    // Read in the browser later: there is no xpointer to give, so KOReader's record is still the answer.
    expect(
      (await call(`/books/${id}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 1 } }))
        .status,
    ).toBe(200);
    expect((await koreader.getProgress(account, hash)).body).toMatchObject({ progress: XPOINTER, device: kobo.model });
    expectJson(await push(kobo, hash, '/body/DocFragment[40]/body/p[3]/text().0', 1), 200);
    expect((await book(id)).reading_status).toBe('read');
  });
});

describe('unknown documents', () => {
  it('answers {} for a document never pushed, which KOReader reads as "no progress found"', async () => {
    const pulled = await koreader.getProgress(account, '0123456789abcdef0123456789abcdef');
    expectJson(pulled, 200, {});
    expect(pullDecision(pulled, kobo, true)).toBe('no-progress');
  });

  it('keeps a push for a file no library holds, and attaches it when a later scan finds the file', async () => {
    const file = path.join(scratch, 'Later T02.cbz');
    await writeFile(file, await comicBuffer({ pages: 8 }));
    const hash = await partialMd5(file);
    expectJson(await push(kobo, hash, '5', 5 / 8), 200, { document: hash, timestamp: expect.any(Number) });
    expect((await koreader.getProgress(account, hash)).body).toMatchObject({ progress: '5', device: kobo.model });
    await mkdir(path.join(server.librariesRoot, 'shelf/Later'), { recursive: true });
    await copyFile(file, path.join(server.librariesRoot, 'shelf/Later/Later T02.cbz'));
    await scan(shelfId);
    let foundId: string | undefined;
    for (const item of (await call(`/books?library_id=${shelfId}&limit=100`, { token })).body.items) {
      if ((await storedHash(item.id)) === hash) foundId = item.id;
    }
    expect(foundId).toBeDefined();
    const shown = await book(foundId!);
    expect([shown.reading_status, shown.current_page]).toEqual(['reading', 5]);
  });

  it('takes an upper-case document as the same file', async () => {
    const { hash, id } = books['shelf:cbz']!;
    expectJson(await push(phone, hash.toUpperCase(), '3', 0.3), 200, {
      document: hash.toUpperCase(),
      timestamp: expect.any(Number),
    });
    expect((await book(id)).current_page).toBe(3);
  });
});

describe('bodies the reference server refuses', () => {
  const document = 'abcdefabcdefabcdefabcdefabcdef12';
  const invalid = { code: 2003, message: 'Invalid request' };
  const noDocument = { code: 2004, message: "Field 'document' not provided." };

  it('answers 403 with 2004 without a document and 2003 for wrong fields, and stores nothing', async () => {
    const cases: [unknown, unknown][] = [
      [{ progress: '1', percentage: 0.1, device: 'x' }, noDocument],
      [{ document: '', progress: '1', percentage: 0.1, device: 'x' }, noDocument],
      [{ document: 'a:b', progress: '1', percentage: 0.1, device: 'x' }, noDocument],
      [{ document: 42, progress: '1', percentage: 0.1, device: 'x' }, noDocument],
      [[1, 2], noDocument],
      [{ document, progress: '1', percentage: 'lots', device: 'x' }, invalid],
      [{ document, progress: '1', device: 'x' }, invalid],
      [{ document, progress: null, percentage: 0.1, device: 'x' }, invalid],
      [{ document, progress: { page: 1 }, percentage: 0.1, device: 'x' }, invalid],
      [{ document, progress: '1', percentage: 0.1 }, invalid],
      [{ document, progress: '1', percentage: 0.1, device: 'x', device_id: 7 }, invalid],
      [{ document: 'a/b', progress: '1', percentage: 0.1, device: 'x' }, invalid],
    ];
    for (const [body, expected] of cases) {
      expectJson(await koreader.putRaw(account, JSON.stringify(body)), 403, expected);
    }
    expectJson(await koreader.putRaw(account, '{"document": "abc", '), 403, invalid);
    expectJson(await koreader.putRaw(account, 'document=abc', 'application/x-www-form-urlencoded'), 403, noDocument);
    expectJson(await koreader.getProgress(account, document), 200, {});
  });

  it('answers 413 to a body over the limit, and stores nothing', async () => {
    const huge = JSON.stringify({ document, progress: 'x'.repeat(200_000), percentage: 0.5, device: 'x' });
    const response = await koreader.putRaw(account, huge);
    expectJson(response, 413);
    expectJson(await koreader.getProgress(account, document), 200, {});
  });

  it('accepts fields it does not know (metadata, identifiers) and a percentage as a string', async () => {
    const body = { document, progress: '2', percentage: '0.2', device: 'x', device_id: 'y', metadata: { title: 't' } };
    expectJson(await koreader.putRaw(account, JSON.stringify(body)), 200);
    expect((await koreader.getProgress(account, document)).body).toMatchObject({ percentage: 0.2, progress: '2' });
  });

  it('answers the route without a document with 2004, and a document that does not decode with 2003', async () => {
    expectJson(await koreader.getProgress(account, ''), 403, noDocument);
    expectJson(await koreader.getProgress(account, '%E0%A4%A'), 403, invalid);
    expectJson(await koreader.getProgress(account, 'a%2Fb'), 403, invalid);
  });
});

describe('readers side by side', { timeout: SCRYPT_HEAVY_MS }, () => {
  it("keeps each reader's KOReader records and progress apart, and books of a library they cannot see untouched", async () => {
    const alice = await readerWith([shelfId, books.twinLibrary!.id]);
    // Bob may see the twin library only: his push is kept, but the shelf's book is not his to move or to answer.
    const bob = await readerWith([books.twinLibrary!.id]);
    const { hash, id } = books['shelf:cbz']!;
    const twinBook = books['twin:cbz']!.id;
    const bobPush = { document: hash, progress: '2', percentage: 0.2, device: phone.model, device_id: phone.deviceId };
    expectJson(await koreader.updateProgress(alice.account, { ...bobPush, progress: '9', percentage: 0.9 }), 200);
    expectJson(await koreader.updateProgress(bob.account, bobPush), 200);
    const shown = async (who: typeof alice, bookId: string) => call(`/books/${bookId}`, { token: who.token });
    expect((await shown(alice, id)).body.current_page).toBe(9);
    expect((await shown(alice, twinBook)).body.current_page).toBe(9);
    expect((await shown(bob, twinBook)).body.current_page).toBe(2);
    expectProblem(await shown(bob, id), 404);
    expect(await server.container.services.progress.get(bob.id, id)).toBeNull();
    expect((await koreader.getProgress(alice.account, hash)).body).toMatchObject({
      progress: '9',
      device: phone.model,
    });
    expect((await koreader.getProgress(bob.account, hash)).body).toMatchObject({ progress: '2', device: phone.model });
    // Alice reads the shelf's copy on in the admin: a pull of Bob's never answers it (he cannot see that book).
    const page = { method: 'PUT', token: alice.token, body: { status: 'reading', current_page: 10 } } as const;
    expect((await call(`/books/${id}/progress`, page)).status).toBe(200);
    expect((await koreader.getProgress(bob.account, hash)).body).toMatchObject({ progress: '2', device: phone.model });
  });

  it('attaches a waiting push after a scan only for an enabled reader who may see that library', async () => {
    const file = path.join(scratch, 'Waiting T03.cbz');
    // Seven pages: a file of its own (not the same bytes, so not the same document, as the other books).
    await writeFile(file, await comicBuffer({ pages: 7 }));
    const document = await partialMd5(file);
    const granted = await readerWith([shelfId]);
    const elsewhere = await readerWith([books.twinLibrary!.id]);
    const disabled = await readerWith([shelfId]);
    for (const [who, page] of [
      [granted, '3'],
      [elsewhere, '4'],
      [disabled, '5'],
    ] as const) {
      const body = { document, progress: page, percentage: Number(page) / 7, device: kobo.model, device_id: 'K' };
      expectJson(await koreader.updateProgress(who.account, body), 200);
    }
    await disable(disabled.id, true);
    await mkdir(path.join(server.librariesRoot, 'shelf/Waiting'), { recursive: true });
    await copyFile(file, path.join(server.librariesRoot, 'shelf/Waiting/Waiting T03.cbz'));
    await scan(shelfId);
    const found = (await call(`/books?library_id=${shelfId}&limit=100`, { token })).body.items.find(
      (item: { series: string }) => item.series === 'Waiting',
    );
    expect(found).toBeDefined();
    expect((await call(`/books/${found.id}`, { token: granted.token })).body.current_page).toBe(3);
    const { progress } = server.container.services;
    expect(await progress.get(elsewhere.id, found.id)).toBeNull();
    expect(await progress.get(disabled.id, found.id)).toBeNull();
  });
});

describe('access ends at once', { timeout: SCRYPT_HEAVY_MS }, () => {
  const unauthorized = { code: 2001, message: 'Unauthorized' };
  const tryAll = async (account: KoreaderAccount, status: number) => {
    const { hash } = books['shelf:cbz']!;
    expect((await koreader.authorize(account)).status).toBe(status);
    expect((await koreader.getProgress(account, hash)).status).toBe(status);
    const pushed = await koreader.updateProgress(account, {
      document: hash,
      progress: '1',
      percentage: 0.1,
      device: 'x',
      device_id: 'y',
    });
    expect(pushed.status).toBe(status);
    if (status === 401) expectJson(pushed, 401, unauthorized);
  };

  it('when the user is disabled (and again once enabled)', async () => {
    const reader = await readerWith([shelfId]);
    await tryAll(reader.account, 200);
    await disable(reader.id, true);
    await tryAll(reader.account, 401);
    expectJson(await koreader.authorize(reader.account), 401, unauthorized);
    await disable(reader.id, false);
    await tryAll(reader.account, 200);
  });

  it('when the token is revoked', async () => {
    const reader = await readerWith([shelfId]);
    await tryAll(reader.account, 200);
    const own = await call('/tokens', { cookie: reader.cookie });
    const tokenId = (own.body.items as { id: string; name: string }[]).find((item) => item.name === 'KOReader')!.id;
    expect((await call(`/tokens/${tokenId}`, { method: 'DELETE', cookie: reader.cookie })).status).toBe(204);
    await tryAll(reader.account, 401);
  });
});

describe('sign-in limit', () => {
  it('refuses a wrong token repeated from one address (429), while a good token there still syncs', async () => {
    const revoked = { username: `smk_revokedrevo_${'B'.repeat(43)}`, password: 'x' };
    for (let i = 0; i < 5; i++) expectJson(await koreader.authorize(null), 401);
    let refused: KoreaderResponse | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const response = await koreader.authorize(revoked);
      if (response.status === 429) refused = response;
      else expectJson(response, 401);
    }
    expect(refused).toBeDefined();
    expectJson(refused!, 429);
    expectJson(await koreader.authorize(account), 200, { authorized: 'OK' });
  });
});
