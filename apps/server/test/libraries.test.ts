import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../src/entities/library.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let call: ApiClient;
const token = BOOTSTRAP_TOKEN;

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  for (const folder of ['comics/marvel', 'comics/dc', 'manga', 'bd/franco-belge', 'ebooks']) {
    await mkdir(path.join(server.librariesRoot, folder), { recursive: true });
  }
  await writeFile(path.join(server.librariesRoot, 'notes.txt'), 'not a folder');
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.container.orm.em.fork().nativeDelete(Library, {});
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

const libraryCount = () => server.container.orm.em.fork().count(Library, {});

describe('library CRUD', () => {
  it('creates a library with defaults, reads, lists, updates and deletes it', async () => {
    const created = await call('/libraries', { method: 'POST', token, body: { name: 'Manga', root_path: 'manga' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Manga',
      root_path: 'manga',
      metadata_provider: 'none',
      fallback_metadata_provider: 'none',
      metadata_refresh_mode: 'manual',
      scan_schedule: 'every_6h',
      book_count: 0,
      unreadable_book_count: 0,
      series_count: 0,
      last_scanned_at: null,
      watch: 'auto',
      import_mode: 'off',
      naming_template: '{series}/{series} - T{volume:02}{ - title}.{ext}',
    });
    expect(['events', 'off']).toContain(created.body.watch_mode);
    expect(created.headers.get('location')).toBe(`/api/v1/libraries/${created.body.id}`);
    // Its first scan started with it; the library itself reads the same without it.
    const { scan_job: scanJob, ...library } = created.body;
    expect(scanJob).toMatchObject({ type: 'scan', library_id: created.body.id });
    await waitForJob(call, token, scanJob.id);

    // The worker starts watching it at once (its mode, set by the watcher, may have moved on since).
    const { watch_mode: _mode, watch_reason: _reason, ...stable } = library;
    expect((await call(`/libraries/${created.body.id}`, { token })).body).toMatchObject({
      ...stable,
      last_scanned_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const updated = await call(`/libraries/${created.body.id}`, {
      method: 'PATCH',
      token,
      body: {
        name: 'Mangas',
        metadata_provider: 'anilist',
        fallback_metadata_provider: 'google_books',
        metadata_refresh_mode: 'weekly',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Mangas',
      metadata_provider: 'anilist',
      fallback_metadata_provider: 'google_books',
      metadata_refresh_mode: 'weekly',
    });

    const list = await call('/libraries', { token });
    expect(list.body).toMatchObject({ total: 1, page: 1, limit: 50 });
    expect(list.body.items[0].id).toBe(created.body.id);

    expect((await call(`/libraries/${created.body.id}`, { method: 'DELETE', token })).status).toBe(204);
    expectProblem(await call(`/libraries/${created.body.id}`, { token }), 404);
    expectProblem(await call(`/libraries/${created.body.id}`, { method: 'DELETE', token }), 404);
    expect(await libraryCount()).toBe(0);
  });

  it('stores how imports write into the library and where they put a book, and refuses a template it cannot use', async () => {
    const created = await call('/libraries', {
      method: 'POST',
      token,
      body: {
        name: 'BD',
        root_path: 'bd/franco-belge',
        import_mode: 'hardlink',
        naming_template: '{series} T{volume}.{ext}',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ import_mode: 'hardlink', naming_template: '{series} T{volume}.{ext}' });
    await waitForJob(call, token, created.body.scan_job.id);
    const id = created.body.id;
    const moved = await call(`/libraries/${id}`, { method: 'PATCH', token, body: { import_mode: 'move' } });
    expect(moved.body).toMatchObject({ import_mode: 'move', naming_template: '{series} T{volume}.{ext}' });

    for (const template of ['{series}/{author} T{volume}.{ext}', '{series}/T{volume.{ext}', '{series}.{ext}']) {
      const refused = await call(`/libraries/${id}`, { method: 'PATCH', token, body: { naming_template: template } });
      expectProblem(refused, 400);
      expect(refused.body.errors).toEqual([
        { path: '/body/naming_template', message: expect.any(String), code: 'namingTemplate' },
      ]);
    }
    const refusedCreate = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'Manga', root_path: 'manga', naming_template: '{series}/{series} - T{volume}}.{ext}' },
    });
    expectProblem(refusedCreate, 400);
    expect(refusedCreate.body.errors[0]).toMatchObject({ path: '/body/naming_template', code: 'namingTemplate' });
    expectProblem(await call(`/libraries/${id}`, { method: 'PATCH', token, body: { import_mode: 'symlink' } }), 400);
    expect(await libraryCount()).toBe(1);
    expect((await call(`/libraries/${id}`, { token })).body).toMatchObject({
      import_mode: 'move',
      naming_template: '{series} T{volume}.{ext}',
    });
  });

  it('previews where a naming template puts a volume, a chapter and a hors-série, and refuses a bad one', async () => {
    const template = '{series}/{series} - T{volume:02}{ - title}.{ext}';
    const preview = await call('/naming-preview', { token, query: { template } });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      examples: [
        { kind: 'volume', path: 'Astérix/Astérix - T03 - Astérix et les Goths.cbz' },
        { kind: 'chapter', path: 'Astérix/Astérix - Ch.012.cbz' },
        { kind: 'hors_serie', path: 'Astérix/Astérix - HS01 - Le Livre d’or.cbz' },
      ],
    });
    const refused = await call('/naming-preview', { token, query: { template: '{series}/{serie} T{volume}.{ext}' } });
    expectProblem(refused, 400);
    expect(refused.body.errors).toEqual([
      { path: '/query/template', message: expect.stringMatching(/serie/), code: 'namingTemplate' },
    ]);
  });

  it('pages the list: stable order, full total, an empty page past the end', async () => {
    for (const [name, root] of [
      ['C', 'comics/marvel'],
      ['A', 'comics/dc'],
      ['B', 'manga'],
    ] as const) {
      expect((await call('/libraries', { method: 'POST', token, body: { name, root_path: root } })).status).toBe(201);
    }
    const first = await call('/libraries', { token, query: { page: '1', limit: '2' } });
    expect(first.body.total).toBe(3);
    expect(first.body.items.map((l: { name: string }) => l.name)).toEqual(['A', 'B']);
    const second = await call('/libraries', { token, query: { page: '2', limit: '2' } });
    expect(second.body.items.map((l: { name: string }) => l.name)).toEqual(['C']);
    const past = await call('/libraries', { token, query: { page: '9', limit: '2' } });
    expect(past.body).toEqual({ items: [], total: 3, page: 9, limit: 2 });
  });

  it('refuses an absolute root path even inside the libraries root, naming root_path', async () => {
    const refused = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'BD', root_path: path.join(server.librariesRoot, 'bd/franco-belge') },
    });
    expectProblem(refused, 400);
    expect(refused.body.errors).toEqual([
      { path: '/body/root_path', message: expect.stringMatching(/not absolute/), code: 'folder' },
    ]);
    expect(await libraryCount()).toBe(0);
  });
});

describe('library errors change nothing', () => {
  const cases: [string, Record<string, unknown>, number][] = [
    ['a folder that does not exist', { name: 'x', root_path: 'nowhere' }, 400],
    ['a file instead of a folder', { name: 'x', root_path: 'notes.txt' }, 400],
    ['the libraries root itself', { name: 'x', root_path: '.' }, 400],
    ['a path that leaves the root', { name: 'x', root_path: '../' }, 400],
    ['an absolute path outside the root', { name: 'x', root_path: '/etc' }, 400],
    ['an unknown provider', { name: 'x', root_path: 'ebooks', metadata_provider: 'goodreads' }, 400],
    ['an unknown fallback provider', { name: 'x', root_path: 'ebooks', fallback_metadata_provider: 'amazon' }, 400],
    [
      'a fallback equal to the primary',
      { name: 'x', root_path: 'ebooks', metadata_provider: 'anilist', fallback_metadata_provider: 'anilist' },
      400,
    ],
    ['an unknown refresh mode', { name: 'x', root_path: 'ebooks', metadata_refresh_mode: 'monthly' }, 400],
    ['a blank name', { name: '   ', root_path: 'ebooks' }, 400],
    ['a missing root path', { name: 'x' }, 400],
    ['an unknown field', { name: 'x', root_path: 'ebooks', watch: true }, 400],
    ['a wrong type', { name: 42, root_path: 'ebooks' }, 400],
  ];
  for (const [label, body, status] of cases) {
    it(`refuses ${label} with ${status}`, async () => {
      expectProblem(await call('/libraries', { method: 'POST', token, body }), status);
      expect(await libraryCount()).toBe(0);
    });
  }

  it('names the provider ids to use, and a release indexer as one, when a provider is wrong', async () => {
    const plugins = (await call('/plugins', { token })).body.items as { id: string; kind: string; status: string }[];
    const loaded = plugins.filter((plugin) => plugin.status === 'loaded');
    const metadataIds = loaded.filter((plugin) => plugin.kind === 'metadata_provider').map((plugin) => plugin.id);
    expect(metadataIds).toContain('open_library');
    expect(loaded.find((plugin) => plugin.id === 'prowlarr')?.kind).toBe('release_indexer');
    const useOneOf = `use one of ${['none', ...metadataIds].join(', ')}`;

    const guessed = await call('/libraries', {
      method: 'POST',
      token,
      body: {
        name: 'x',
        root_path: 'ebooks',
        metadata_provider: 'open-library',
        fallback_metadata_provider: 'prowlarr',
      },
    });
    expectProblem(guessed, 400);
    expect(guessed.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: '/body/metadata_provider',
          message: `unknown provider "open-library"; ${useOneOf}`,
        }),
        expect.objectContaining({
          path: '/body/fallback_metadata_provider',
          message: `prowlarr is a release indexer, not a metadata provider; ${useOneOf}`,
        }),
      ]),
    );
    const library = await call('/libraries', { method: 'POST', token, body: { name: 'x', root_path: 'ebooks' } });
    const patched = await call(`/libraries/${library.body.id}`, {
      method: 'PATCH',
      token,
      body: { metadata_provider: 'prowlarr' },
    });
    expectProblem(patched, 400);
    expect(patched.body.detail).toContain('prowlarr is a release indexer, not a metadata provider');
    expect((await call(`/libraries/${library.body.id}`, { token })).body.metadata_provider).toBe('none');
  });

  it('refuses a duplicate or overlapping root with 409', async () => {
    expect(
      (await call('/libraries', { method: 'POST', token, body: { name: 'Comics', root_path: 'comics' } })).status,
    ).toBe(201);
    for (const root of ['comics', 'comics/', './comics', 'comics/marvel']) {
      expectProblem(await call('/libraries', { method: 'POST', token, body: { name: 'again', root_path: root } }), 409);
    }
    expect(await libraryCount()).toBe(1);
  });

  it('refuses an update that would overlap another library, and keeps the library as it was', async () => {
    const a = await call('/libraries', { method: 'POST', token, body: { name: 'A', root_path: 'manga' } });
    const b = await call('/libraries', { method: 'POST', token, body: { name: 'B', root_path: 'ebooks' } });
    expectProblem(await call(`/libraries/${b.body.id}`, { method: 'PATCH', token, body: { root_path: 'manga' } }), 409);
    expectProblem(
      await call(`/libraries/${b.body.id}`, { method: 'PATCH', token, body: { metadata_provider: 'nope' } }),
      400,
    );
    expectProblem(await call(`/libraries/${b.body.id}`, { method: 'PATCH', token, body: {} }), 400);
    expect((await call(`/libraries/${b.body.id}`, { token })).body).toMatchObject({
      root_path: 'ebooks',
      metadata_provider: 'none',
    });
    expect((await call(`/libraries/${a.body.id}`, { token })).body.root_path).toBe('manga');
  });

  it('answers 404 for an unknown id and 400 for an id that is not a UUID', async () => {
    expectProblem(await call('/libraries/9b2f3c4e-1111-4222-8333-944445555666', { token }), 404);
    expectProblem(
      await call('/libraries/9b2f3c4e-1111-4222-8333-944445555666', { method: 'PATCH', token, body: { name: 'n' } }),
      404,
    );
    expectProblem(await call('/libraries/not-a-uuid', { token }), 400);
  });

  it('refuses a symlink that leaves the libraries root as a library folder', async () => {
    await symlink('/etc', path.join(server.librariesRoot, 'sneaky-lib'));
    expectProblem(
      await call('/libraries', { method: 'POST', token, body: { name: 'x', root_path: 'sneaky-lib' } }),
      400,
    );
    expect(await libraryCount()).toBe(0);
  });
});

describe('library roots are compared by the real folders they lead to', () => {
  const create = (name: string, rootPath: string) =>
    call('/libraries', { method: 'POST', token, body: { name, root_path: rootPath } });

  /** Points `link` (relative to the libraries root) at `target`, replacing it at once as a user's `ln -sfn` would. */
  async function pointLink(link: string, target: string): Promise<void> {
    const absolute = path.join(server.librariesRoot, link);
    const next = `${absolute}.next`;
    await symlink(target, next);
    await rename(next, absolute);
  }

  beforeAll(async () => {
    await mkdir(path.join(server.librariesRoot, 'links'), { recursive: true });
    await mkdir(path.join(server.librariesRoot, 'Other/inner'), { recursive: true });
    await symlink('..', path.join(server.librariesRoot, 'links/up'));
    await symlink('../Other', path.join(server.librariesRoot, 'links/other-link'));
    await writeComic(server.librariesRoot, 'Other/Other Series 01.cbz');
  });

  it('refuses a root that leads through a symlink to the libraries root itself, naming root_path', async () => {
    for (const rootPath of ['links/up', 'links/up/links/up']) {
      const refused = await create('Everything', rootPath);
      expectProblem(refused, 400);
      expect(refused.body.errors).toEqual([
        { path: '/body/root_path', message: expect.stringMatching(/libraries root itself/), code: 'folder' },
      ]);
    }
    expect(await libraryCount()).toBe(0);
  });

  it("refuses a root that is, or nests in, another library's folder under another name", async () => {
    expect((await create('Other', 'Other')).status).toBe(201);
    for (const rootPath of ['links/other-link', 'links/other-link/inner', 'links/up/Other']) {
      const refused = await create('Alias', rootPath);
      expectProblem(refused, 409);
      expect(refused.body.detail, rootPath).toMatch(/"Other" of another library/);
    }
    const ebooks = await create('Ebooks', 'ebooks');
    expect(ebooks.status).toBe(201);
    const moved = await call(`/libraries/${ebooks.body.id}`, {
      method: 'PATCH',
      token,
      body: { root_path: 'links/other-link' },
    });
    expectProblem(moved, 409);
    expect(await libraryCount()).toBe(2);
  });

  it('re-checks the folder at each scan, and fails instead of indexing where a changed symlink now leads', async () => {
    await mkdir(path.join(server.librariesRoot, 'Moving'));
    await symlink('../Moving', path.join(server.librariesRoot, 'links/current'));
    expect((await create('Other', 'Other')).status).toBe(201);
    const library = await create('Current', 'links/current');
    expect(library.status).toBe(201);
    const scan = async () => {
      const started = await call(`/libraries/${library.body.id}/scan`, {
        method: 'POST',
        token,
        body: { mode: 'incremental' },
      });
      expect([200, 202]).toContain(started.status);
      return waitForJob(call, token, started.body.id);
    };
    expect((await scan()).status).toBe('succeeded');

    await pointLink('links/current', '..');
    const atRoot = await scan();
    expect(atRoot.status).toBe('failed');
    expect(atRoot.error).toMatch(/links\/current.*libraries root itself/);

    await pointLink('links/current', '../Other');
    const intoOther = await scan();
    expect(intoOther.status).toBe('failed');
    expect(intoOther.error).toMatch(/"Other" of another library/);
    // Other's book was not filed under this library.
    expect((await call(`/libraries/${library.body.id}`, { token })).body.book_count).toBe(0);

    await pointLink('links/current', '../Moving');
    expect((await scan()).status).toBe('succeeded');
  });
});
