import { chmod, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let call: ApiClient;
let outside: string;
const token = BOOTSTRAP_TOKEN;

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  const root = server.librariesRoot;
  for (const folder of [
    'Comics/Marvel/X-Men',
    'Comics/DC',
    'Manga/One Piece',
    'Manga/.hidden',
    'Bandes dessinées',
    'empty',
    '.cache',
  ]) {
    await mkdir(path.join(root, folder), { recursive: true });
  }
  await writeFile(path.join(root, 'Comics', 'readme.txt'), 'a file, not a folder');
  await writeFile(path.join(root, 'Manga', 'One Piece', 'v01.cbz'), 'zip');
  // A symlink that stays inside the root is a folder like any other.
  await symlink(path.join(root, 'Comics', 'Marvel'), path.join(root, 'marvel-link'));
  // Symlinks that leave the root, to a folder and to the root's parent.
  outside = await mkdtemp(path.join(tmpdir(), 'shelfmark-outside-'));
  await mkdir(path.join(outside, 'secret-folder'));
  await symlink(outside, path.join(root, 'escape-link'));
  await symlink(path.dirname(root), path.join(root, 'Comics', 'parent-link'));
  await symlink('/etc', path.join(root, 'etc-link'));
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

const list = (folderPath?: string) =>
  call('/folders', { token, ...(folderPath === undefined ? {} : { query: { path: folderPath } }) });

describe('GET /folders', () => {
  it('lists the root without a path: sorted, hidden folders and files skipped, escaping links skipped', async () => {
    const result = await list();
    expect(result.status).toBe(200);
    expect(result.body).toEqual([
      { name: 'Bandes dessinées', path: 'Bandes dessinées', depth: 0, has_children: false },
      { name: 'Comics', path: 'Comics', depth: 0, has_children: true },
      { name: 'empty', path: 'empty', depth: 0, has_children: false },
      { name: 'Manga', path: 'Manga', depth: 0, has_children: true },
      { name: 'marvel-link', path: 'marvel-link', depth: 0, has_children: true },
    ]);
  });

  it('lists a subfolder with the depth below the root and has_children from subfolders only', async () => {
    expect((await list('Comics')).body).toEqual([
      { name: 'DC', path: 'Comics/DC', depth: 1, has_children: false },
      { name: 'Marvel', path: 'Comics/Marvel', depth: 1, has_children: true },
    ]);
    expect((await list('Comics/Marvel')).body).toEqual([
      { name: 'X-Men', path: 'Comics/Marvel/X-Men', depth: 2, has_children: false },
    ]);
    // One Piece holds a file but no folder.
    expect((await list('Manga')).body).toEqual([
      { name: 'One Piece', path: 'Manga/One Piece', depth: 1, has_children: false },
    ]);
  });

  it('resolves equivalent spellings of a path under the root to the same listing', async () => {
    const expected = (await list('Comics/Marvel')).body;
    for (const spelling of ['Comics/Marvel/', '/Comics/Marvel'.slice(1), './Comics/Marvel', 'Comics//Marvel']) {
      expect((await list(spelling)).body, spelling).toEqual(expected);
    }
    // Through an inner symlink the listing is the target's, under the link's path.
    expect((await list('marvel-link')).body).toEqual([
      { name: 'X-Men', path: 'marvel-link/X-Men', depth: 1, has_children: false },
    ]);
  });

  it('takes the path as GET /folders returns it, a slash left unencoded or encoded alike', async () => {
    for (const raw of ['Comics/Marvel', 'Comics%2FMarvel']) {
      const response = await fetch(`${server.url}/api/v1/folders?path=${raw}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status, raw).toBe(200);
      expect(await response.json(), raw).toEqual([
        { name: 'X-Men', path: 'Comics/Marvel/X-Men', depth: 2, has_children: false },
      ]);
    }
    const traversal = await fetch(`${server.url}/api/v1/folders?path=Comics/../..`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(traversal.status).toBe(400);
  });

  it('answers 404 for a folder that does not exist and 400 for a file', async () => {
    expectProblem(await list('Nope'), 404);
    expectProblem(await list('Comics/readme.txt'), 400);
  });

  // Root ignores file permissions, so the folder cannot be made unreadable when the suite runs as root.
  it.skipIf(process.getuid?.() === 0)('shows an unreadable folder as empty rather than failing', async () => {
    await mkdir(path.join(server.librariesRoot, 'locked'));
    await chmod(path.join(server.librariesRoot, 'locked'), 0o000);
    expect((await list('locked')).body).toEqual([]);
  });
});

describe('escape attempts are refused with 400 and list nothing', () => {
  const attempts: [string, () => string][] = [
    ['parent', () => '..'],
    ['parent with slash', () => '../'],
    ['nested parent', () => 'Comics/../..'],
    ['parent after a valid folder', () => 'Comics/../../etc'],
    ['dot then parent', () => './../'],
    ['encoded dots', () => '%2e%2e'],
    ['encoded dots and slash', () => '%2e%2e%2f%2e%2e'],
    ['double-encoded dots', () => '%252e%252e'],
    ['mixed encoding', () => '.%2e/etc'],
    ['backslash traversal', () => '..\\..\\etc'],
    ['absolute path outside', () => '/etc'],
    ['filesystem root', () => '/'],
    ["the root's parent, absolute", () => path.dirname(server.librariesRoot)],
    ['absolute path with traversal', () => `${server.librariesRoot}/../`],
    // The contract takes relative paths only, so an absolute one is refused even when it points inside the root.
    ['absolute path inside the root', () => path.join(server.librariesRoot, 'Comics')],
    ['the root itself, absolute', () => server.librariesRoot],
    ['home directory', () => '~'],
    ['another home directory', () => '~root/.ssh'],
    ['NUL byte', () => 'Comics\u0000/etc'],
    ['newline', () => 'Comics\n'],
    ['overlong path', () => 'a/'.repeat(2100)],
    ['overlong folder name', () => 'x'.repeat(300)],
    ['symlink to a folder outside the root', () => 'escape-link'],
    ['a folder inside an escaping symlink', () => 'escape-link/secret-folder'],
    ['symlink to the root parent', () => 'Comics/parent-link'],
    ['symlink to /etc', () => 'etc-link'],
  ];
  for (const [label, attempt] of attempts) {
    it(`refuses ${label}`, async () => {
      const result = await list(attempt());
      expectProblem(result, 400);
      expect(Array.isArray(result.body)).toBe(false);
      expect(result.text).not.toContain('secret-folder');
      expect(result.text).not.toContain('passwd');
    });
  }

  it('names the path parameter in the problem', async () => {
    const result = await list(path.join(server.librariesRoot, 'Comics'));
    expect(result.body.errors).toEqual([
      { path: '/query/path', message: expect.stringMatching(/not absolute/), code: 'folder' },
    ]);
  });

  it('also refuses traversal typed straight into the URL', async () => {
    for (const raw of ['path=..', 'path=%2e%2e/', 'path=Comics%2f..%2f..', 'path=%00']) {
      const response = await fetch(`${server.url}/api/v1/folders?${raw}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status, raw).toBe(400);
    }
  });
});
