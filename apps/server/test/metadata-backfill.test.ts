import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { comicWithInfo, FULL_COMIC_INFO_XML, opf3Epub } from './support/metadata-fixtures.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';
import { expectFacetRowsInStep } from './support/facet-rows.js';

// Issue 31 item 2: books stored before the scan kept every field get them from their files, once, without a rescan.
// The database is brought to what the previous version stored (the new fields empty, no sources, ComicInfo's
// writers, pencillers and inkers as writers), then the server starts again as after the upgrade.
const token = BOOTSTRAP_TOKEN;
let database: TestDatabase;
let scratch: string;
let server: TestServer;
let call: ApiClient;
let libraryId: string;

const start = async () => {
  server = await startTestServer({ scratch, database, thumbnails: false });
  call = apiClient(server.url);
};
const run = (sql: string, params: unknown[] = []) =>
  server.container.orm.em.fork().getConnection().execute(sql, params, 'run');
const rows = <T>(sql: string, params: unknown[] = []) =>
  server.container.orm.em.fork().getConnection().execute<T[]>(sql, params);
const bookAt = async (suffix: string) => {
  const [row] = await rows<{ book_id: string }>(`select book_id from book_files where path like ?`, [`%${suffix}`]);
  return (await call(`/books/${row!.book_id}`, { token })).body;
};
const backfillJobs = async () =>
  (await call(`/jobs?type=metadata_backfill&library_id=${libraryId}`, { token })).body.items as { id: string }[];

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-backfill-'));
  const write = async (relative: string, data: Buffer) => {
    const file = path.join(scratch, 'libraries', 'comics', relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  };
  await write('Night Watch/Night Watch 03.cbz', await comicWithInfo('cbz', FULL_COMIC_INFO_XML));
  // A solid 7z: read by a reader process, decompressed up to ComicInfo.xml only.
  await write('Night Watch/Night Watch 04.cb7', await comicWithInfo('cb7', FULL_COMIC_INFO_XML, { solid: true }));
  await write('Verne/Verne 1.epub', opf3Epub());
  await start();
  const created = await call('/libraries', { method: 'POST', token, body: { name: 'Comics', root_path: 'comics' } });
  expect(created.status, created.text).toBe(201);
  libraryId = created.body.id;
  expect((await waitForJob(call, token, created.body.scan_job.id, 60_000)).status).toBe('succeeded');

  // What the previous version stored.
  await run(
    `update books set count = null, genres = '[]', publishers = '[]', imprint = null, tags = '[]', age_rating = null,
       age_rating_age = null, web_links = '[]', story_arcs = '[]', series_group = null, characters = '[]',
       teams = '[]', locations = '[]', comic_format = null, black_and_white = null, metadata_sources = '{}'`,
  );
  const writers = JSON.stringify(['Ada Writer', 'Ben Penciller', 'Cy Inker'].map((name) => ({ name, role: 'writer' })));
  await run(`update books set authors = ? where format in ('cbz', 'cb7')`, [writers]);
  await run(`update series set genres = '[]', tags = '[]', imprint = null, age_rating = null, age_rating_age = null,
               publishers = '[]', metadata_sources = '{}'`);
  // The CBZ's tags are locked (empty), its summary was cleared by an admin, its publisher came from a provider.
  const cbz = await bookAt('03.cbz');
  await run(
    `update books set locked_fields = '["tags"]', summary = null, publishers = '["Provider Press"]',
       metadata_sources = '{"summary":"admin","publishers":"provider"}' where id = ?`,
    [cbz.id],
  );
  // The upgrade's migration marked the libraries there were.
  await run(`update libraries set metadata_backfill_pending = ?`, [database.kind === 'postgresql' ? true : 1]);
  await server.close();
  // The first start after the upgrade.
  await start();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await rm(scratch, { recursive: true, force: true });
});

describe('the one-time metadata backfill', () => {
  it('runs at the first start after the upgrade and fills what the files say where the books had nothing', async () => {
    const [job] = await backfillJobs();
    expect(job).toBeDefined();
    const done = await waitForJob(call, token, job!.id, 60_000);
    expect(done.status, JSON.stringify(done.item_errors)).toBe('succeeded');
    expect(done.report).toMatchObject({ books: 3, read: 3, filled: 3, errors: 0, series: 2 });

    const cb7 = await bookAt('04.cb7');
    expect(cb7.genres).toEqual(['Fantasy', 'Adventure']);
    expect(cb7.tags).toEqual(['bridges', 'night']);
    expect(cb7.imprint).toBe('Lantern Noir');
    expect(cb7.age_rating).toBe('Teen');
    expect(cb7.age_rating_age).toBe(13);
    expect(cb7.story_arcs).toEqual([{ name: 'Dawn Siege', number: 2 }]);
    expect(cb7.characters).toEqual(['Mara', 'Tom']);
    expect(cb7.comic_format).toBe('Trade Paperback');
    expect(cb7.black_and_white).toBe(true);
    expect(cb7.count).toBe(12);
    // The file credits everyone stored: the authors gain their roles and the other contributors.
    expect(cb7.authors).toContainEqual({ name: 'Ben Penciller', role: 'penciller' });
    expect(cb7.authors).toContainEqual({ name: 'Di Colorist', role: 'colorist' });
    expect(cb7.authors).toHaveLength(8);
    expect(cb7.metadata_sources).toMatchObject({ genres: 'file', tags: 'file', authors: 'file', age_rating: 'file' });

    const epub = await bookAt('Verne 1.epub');
    expect(epub.genres.length).toBeGreaterThan(0);
    expect(epub.metadata_sources.genres).toBe('file');

    // What the series take from their books follows.
    const series = (await call(`/series/${cb7.series_id}`, { token })).body;
    expect(series.genres).toEqual(['Fantasy', 'Adventure']);
    expect(series.imprint).toBe('Lantern Noir');
    expect(series.metadata_sources.genres).toBe('file');
    // The filters' rows follow the backfill's writes (and the older version's, made above in SQL).
    await expectFacetRowsInStep(server);
    const fantasy = await call('/books?genre=Fantasy&story_arc=Dawn+Siege', { token });
    expect(fantasy.body.items.map((book: any) => book.id)).toContain(cb7.id);
  });

  it('keeps a locked field, an admin-cleared one and a provider value', async () => {
    const cbz = await bookAt('03.cbz');
    expect(cbz.tags).toEqual([]);
    expect(cbz.summary).toBeNull();
    expect(cbz.publishers).toEqual(['Provider Press']);
    expect(cbz.metadata_sources).toMatchObject({ summary: 'admin', publishers: 'provider' });
    expect(cbz.metadata_sources.tags).toBeUndefined();
    // Its other fields were filled.
    expect(cbz.genres).toEqual(['Fantasy', 'Adventure']);
    expect(cbz.imprint).toBe('Lantern Noir');
  });

  it('runs once: the mark is cleared and the next start starts no other', async () => {
    const [library] = await rows<{ metadata_backfill_pending: boolean | number }>(
      'select metadata_backfill_pending from libraries where id = ?',
      [libraryId],
    );
    expect(Boolean(library!.metadata_backfill_pending)).toBe(false);
    await server.close();
    await start();
    expect(await backfillJobs()).toHaveLength(1);
  });
});
