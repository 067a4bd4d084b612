import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BookFile } from '../src/entities/book-file.entity.js';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * A book file the scan could not read carries its item error code (with its values) beside the words, in the books'
 * lists and details, through REST and the admin's tRPC alike; a scan that reads it again clears all three. Files
 * whose error was stored before codes, or with a code this server does not know, are given with no code.
 */
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let trpc: ReturnType<typeof createTRPCClient<AppRouter>>;
let libraryId: string;
let folder: string;

const em = () => server.container.orm.em.fork();
type ParseFields = {
  parse_status: string;
  parse_error: unknown;
  parse_error_code: unknown;
  parse_error_params: unknown;
};
const parseFields = ({ parse_status, parse_error, parse_error_code, parse_error_params }: ParseFields) => ({
  parse_status,
  parse_error,
  parse_error_code,
  parse_error_params,
});

async function scan(): Promise<void> {
  const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode: 'full' } });
  // 200 when the library's first scan, started with it, is still running: waited for, then scanned again below.
  expect([200, 202], started.text).toContain(started.status);
  await waitForJob(call, token, started.body.id);
}

/** The parse fields of a series' book as REST's list and details and tRPC's list and details give them, checked to agree. */
async function parseOf(series: string): Promise<ParseFields> {
  const listed = await call('/books', { token, query: { library_id: libraryId, limit: '100' } });
  const restItem = listed.body.items.find((book: { series: string }) => book.series === series);
  expect(restItem, `${series} listed`).toBeDefined();
  const details = (await call(`/books/${restItem.id}`, { token })).body;
  const adminList = await trpc.books.list.query({ library_id: libraryId, limit: 100 });
  const adminItem = adminList.items.find((book) => book.id === restItem.id)!;
  const adminDetails = await trpc.books.get.query({ book_id: restItem.id });
  const fields = parseFields(restItem);
  for (const other of [details, adminItem, adminDetails]) expect(parseFields(other)).toEqual(fields);
  for (const file of [details.file, adminDetails.file]) expect(parseFields(file)).toEqual(fields);
  return fields;
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  folder = path.join(server.librariesRoot, 'parsed');
  await writeComic(folder, 'Good/Good v01.cbz');
  await mkdir(path.join(folder, 'Bad'), { recursive: true });
  await writeFile(path.join(folder, 'Bad/Bad v01.cbz'), 'not a zip at all');
  const library = await call('/libraries', { method: 'POST', token, body: { name: 'Parsed', root_path: 'parsed' } });
  expect(library.status, library.text).toBe(201);
  libraryId = library.body.id;
  await waitForJob(call, token, library.body.scan_job.id);
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const cookie = sessionCookie(login.headers);
  trpc = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })],
  });
}, 60_000);
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('a book file’s parse error code', () => {
  it('is the scan’s item error code for the file, with the reader’s words as its detail', async () => {
    const bad = await parseOf('Bad');
    expect(bad).toMatchObject({
      parse_status: 'error',
      parse_error_code: 'file_corrupt',
      parse_error_params: { detail: expect.any(String) },
    });
    expect(bad.parse_error).toBe(`corrupt: ${String((bad.parse_error_params as { detail: string }).detail)}`);
    expect(await parseOf('Good')).toEqual({
      parse_status: 'ok',
      parse_error: null,
      parse_error_code: null,
      parse_error_params: null,
    });
  });

  it('is cleared when a rescan reads the fixed file, and set when a rescan finds a file broken since', async () => {
    const later = new Date(Date.now() + 60_000);
    await writeComic(folder, 'Bad/Bad v01.cbz', { mtime: later });
    await writeFile(path.join(folder, 'Good/Good v01.cbz'), 'broken since');
    await scan();
    expect(await parseOf('Bad')).toEqual({
      parse_status: 'ok',
      parse_error: null,
      parse_error_code: null,
      parse_error_params: null,
    });
    expect(await parseOf('Good')).toMatchObject({
      parse_status: 'error',
      parse_error: expect.stringMatching(/^corrupt: /),
      parse_error_code: 'file_corrupt',
      parse_error_params: { detail: expect.any(String) },
    });
  });

  it('is none for an error stored before codes, or with a code this server does not know', async () => {
    const fork = em();
    const broken = await fork.findOneOrFail(BookFile, { library: libraryId, path: 'Good/Good v01.cbz' });
    await fork.nativeUpdate(
      BookFile,
      { id: broken.id },
      { parseError: 'corrupt: an older server wrote this', parseErrorCode: null, parseErrorParams: null },
    );
    expect(await parseOf('Good')).toEqual({
      parse_status: 'error',
      parse_error: 'corrupt: an older server wrote this',
      parse_error_code: null,
      parse_error_params: null,
    });
    await em().nativeUpdate(
      BookFile,
      { id: broken.id },
      { parseError: 'words of a newer server', parseErrorCode: 'file_from_the_future', parseErrorParams: { x: 1 } },
    );
    expect(await parseOf('Good')).toMatchObject({ parse_error_code: null, parse_error_params: null });
  });
});
