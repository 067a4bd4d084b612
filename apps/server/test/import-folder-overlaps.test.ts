import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../src/database/request-context.js';
import { WatchRepository } from '../src/repositories/watch.repository.js';
import { createTRPCClient, httpBatchLink, type TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient, type CallResult } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Issue 37: a library's folder and the import folders never overlap (the watcher would import a library's own
 * books, a move would take them out of it), whichever side is set last, compared as real folders; and an import
 * folder taken out of the setting leaves no lease behind. On both databases.
 */

const token = BOOTSTRAP_TOKEN;
let scratch: string;
let server: TestServer;
let call: ApiClient;
let shelfId: string;

const lib = (...parts: string[]) => path.join(server.librariesRoot, ...parts);

async function importFolders(): Promise<string[]> {
  const result = await call('/settings', { token });
  expect(result.status, result.text).toBe(200);
  return result.body.import_folders;
}

const setImportFolders = (folders: string[]) =>
  call('/settings', { token, method: 'PATCH', body: { import_folders: folders } });

async function libraries(): Promise<{ id: string; root_path: string }[]> {
  const result = await call('/libraries?limit=100', { token });
  expect(result.status, result.text).toBe(200);
  return result.body.items;
}

/** A 400 whose one error is an overlap on `field`, naming `folder`. */
function expectOverlap(result: CallResult<any>, field: string, folder: string): void {
  expectProblem(result, 400);
  expect(result.body.type).toBe('urn:shelfmark:problem:validation');
  expect(result.body.errors).toEqual([
    expect.objectContaining({ path: field, code: 'overlap', folder, message: expect.stringContaining(folder) }),
  ]);
}

beforeAll(async () => {
  scratch = await realpath(await mkdtemp(path.join(tmpdir(), 'shelfmark-overlaps-')));
  // Absolute import folders may be anywhere under this root, the libraries root included.
  server = await startTestServer({ scratch, thumbnails: false, env: { IMPORT_ROOTS: scratch } });
  call = apiClient(server.url);
  for (const folder of ['shelf/Naruto', 'downloads/nested', 'area/incoming', 'other', 'Comics', 'comics'])
    await mkdir(lib(folder), { recursive: true });
  // Symlinks: one into a library's folder, one to an import folder.
  await symlink(lib('shelf', 'Naruto'), lib('into-shelf'));
  await symlink(lib('downloads'), lib('to-downloads'));
  await symlink(lib('shelf', 'Naruto'), path.join(scratch, 'absolute-into-shelf'));
  const created = await call('/libraries', { token, method: 'POST', body: { name: 'Shelf', root_path: 'shelf' } });
  expect(created.status, created.text).toBe(201);
  shelfId = created.body.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('an import folder that overlaps a library’s folder or another import folder', () => {
  it('is refused with the field and the other folder named, and nothing changes', async () => {
    expect((await setImportFolders(['other'])).status).toBe(200);
    const cases: [string[], number, string][] = [
      [['shelf'], 0, 'shelf'],
      [['shelf/'], 0, 'shelf'],
      [['./shelf//Naruto/'], 0, 'shelf'],
      [['other', 'shelf/Naruto'], 1, 'shelf'],
      // A symlink that points into a library, relative and absolute.
      [['into-shelf'], 0, 'shelf'],
      [[path.join(scratch, 'absolute-into-shelf')], 0, 'shelf'],
      [[lib('shelf') + '/'], 0, 'shelf'],
      // The libraries root's own folders hold the library.
      [[path.join(scratch, 'libraries')], 0, 'shelf'],
      // Two import folders: the same one twice, one inside the other, one reached through a symlink.
      [['downloads', 'downloads/nested'], 1, 'downloads'],
      [['downloads/nested', 'downloads'], 1, 'downloads/nested'],
      [['downloads', 'downloads/'], 1, 'downloads'],
      [['downloads', 'to-downloads'], 1, 'downloads'],
      [['downloads', lib('downloads')], 1, 'downloads'],
    ];
    for (const [folders, index, other] of cases) {
      const result = await setImportFolders(folders);
      expectOverlap(result, `/body/import_folders/${index}`, other);
    }
    expect(await importFolders()).toEqual(['other']);
  });

  it('takes folders apart, as the file system names them (a case-sensitive one tells Comics from comics)', async () => {
    const created = await call('/libraries', { token, method: 'POST', body: { name: 'Comics', root_path: 'Comics' } });
    expect(created.status, created.text).toBe(201);
    const set = await setImportFolders(['comics', 'downloads']);
    expect(set.status, set.text).toBe(200);
    const removed = await call(`/libraries/${created.body.id}`, { token, method: 'DELETE' });
    expect(removed.status, removed.text).toBe(204);
  });
});

describe('a library whose folder overlaps an import folder', () => {
  beforeAll(async () => {
    const set = await setImportFolders(['downloads', 'area/incoming']);
    expect(set.status, set.text).toBe(200);
  });

  it('is not created, whether its folder is the import folder, inside it, holds it or leads to it', async () => {
    const before = await libraries();
    for (const [root, other] of [
      ['downloads', 'downloads'],
      ['downloads/', 'downloads'],
      ['downloads/nested', 'downloads'],
      ['area', 'area/incoming'],
      ['to-downloads', 'downloads'],
    ] as const) {
      const result = await call('/libraries', { token, method: 'POST', body: { name: `On ${root}`, root_path: root } });
      expectOverlap(result, '/body/root_path', other);
    }
    expect(await libraries()).toEqual(before);
  });

  it('is not moved onto one: the library keeps its folder', async () => {
    for (const [root, other] of [
      ['downloads/nested', 'downloads'],
      ['to-downloads', 'downloads'],
      ['area', 'area/incoming'],
    ] as const) {
      const result = await call(`/libraries/${shelfId}`, { token, method: 'PATCH', body: { root_path: root } });
      expectOverlap(result, '/body/root_path', other);
    }
    expect((await call(`/libraries/${shelfId}`, { token })).body.root_path).toBe('shelf');
  });

  it('says the same through tRPC, for the admin’s field', async () => {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const cookie = sessionCookie(login.headers);
    const admin = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })],
    });
    const refused = await admin.libraries.create
      .mutate({ body: { name: 'Nested', root_path: 'downloads/nested' } })
      .then(
        () => undefined,
        (error: unknown) => error as TRPCClientError<AppRouter>,
      );
    expect(refused?.data?.httpStatus).toBe(400);
    expect(refused?.data?.problem.errors).toEqual([
      expect.objectContaining({ path: '/body/root_path', code: 'overlap', folder: 'downloads' }),
    ]);
  });
});

describe('an import folder taken out of the setting', () => {
  it('leaves no lease behind, whoever held it; the folders kept keep theirs', async () => {
    const { orm } = server.container;
    const repository = new WatchRepository(orm.em);
    const downloads = await realpath(lib('downloads'));
    const other = await realpath(lib('other'));
    expect((await setImportFolders(['downloads', 'other'])).status).toBe(200);
    const lease = (folder: string) => withContext(orm, () => repository.importFolderLease(folder));
    // Held by another worker for a long while yet (taken over from this server's watcher, whose next pass then
    // leaves it): nothing in this process would ever give it back.
    const hold = (folder: string) =>
      withContext(orm, () =>
        repository.acquireImportFolder(
          folder,
          'another-worker',
          Date.now(),
          Date.now() + 3_600_000,
          server.container.importWatcher.holderName,
        ),
      );
    expect(await hold(downloads)).toBe(true);
    expect(await hold(other)).toBe(true);

    const refused = await setImportFolders(['other', 'shelf']);
    expectProblem(refused, 400);
    expect(await lease(downloads)).toBeDefined();

    expect((await setImportFolders(['other'])).status).toBe(200);
    expect(await lease(downloads)).toBeUndefined();
    expect(await lease(other)).toMatchObject({ holder: 'another-worker' });

    expect((await setImportFolders([])).status).toBe(200);
    expect(await lease(other)).toBeUndefined();
  });
});
