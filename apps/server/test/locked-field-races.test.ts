import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../src/config.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { replaceComic, writeComic } from './support/library-builder.js';
import { SCRIPTED_PLUGINS, ScriptedProvider, seriesRecord } from './support/scripted-provider.js';
import { testDatabaseKind } from './support/test-database.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

// An admin's edit that locks a field, committed while a scan or a metadata sync is between reading a row and writing
// it, must win: the writer decides on the row as it is once locked, not on what it read before. The admin's edit is
// played by a second connection holding its transaction open, so the writer reaches the row while the edit is in
// flight, every time. PostgreSQL only: the server's SQLite database is one connection running one transaction at a
// time, so no other write can land inside a scan's or a sync's transaction there.
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let provider: ScriptedProvider;
let libraryId: string;
let libraryDir: string;

const post = (route: string, body?: unknown) => call(route, { method: 'POST', token, body });

/** Runs `edit` in a transaction of its own connection, and commits it only once the server waits for its rows. */
async function concurrentEdit(
  edit: (client: pg.Client) => Promise<unknown>,
  writer: () => Promise<void>,
): Promise<void> {
  const client = new pg.Client({ connectionString: server.database.url });
  await client.connect();
  try {
    await client.query('begin');
    await edit(client);
    const written = writer();
    await waitForLockWait(client);
    await client.query('commit');
    await written;
  } finally {
    await client.end();
  }
}

/** Until another backend of this database waits for a row lock (the edit's). */
async function waitForLockWait(client: pg.Client): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    const { rows } = await client.query(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (rows[0].waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server never reached the rows the edit holds');
}

async function scanStarted(): Promise<() => Promise<any>> {
  const started = await post(`/libraries/${libraryId}/scan`, { mode: 'incremental' });
  expect([200, 202]).toContain(started.status);
  return () => waitForJob(call, token, started.body.id);
}

const bookByTitle = async (title: string) =>
  ((await call('/books', { token, query: { library_id: libraryId, q: title } })).body.items as any[]).find(
    (book) => book.title === title,
  );
/** The id of the library's series of this name, read as the admin's connection would. */
async function seriesIdOf(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: server.database.url });
  await client.connect();
  try {
    return (await client.query('select id from series where library_id = $1 and name = $2', [libraryId, name])).rows[0]
      .id;
  } finally {
    await client.end();
  }
}

describe.runIf(testDatabaseKind() === 'postgresql')('an admin edit landing while a writer holds the row', () => {
  beforeAll(async () => {
    provider = await new ScriptedProvider().start();
    server = await startTestServer({
      thumbnails: false,
      env: { SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, ...SCRIPTED_PLUGINS].join(',') },
    });
    call = apiClient(server.url);
    const settings = await call('/settings', {
      method: 'PATCH',
      token,
      body: { plugins: { scripted_primary: { base_url: provider.url, api_key: 'race-key-0123456789' } } },
    });
    expect(settings.status, settings.text).toBe(200);
    libraryDir = path.join(server.librariesRoot, 'races');
    await writeComic(libraryDir, 'Tagged/Tagged 01.cbz', { comicInfo: { Title: 'As scanned' } });
    await writeComic(libraryDir, 'Dated/Dated 01.cbz');
    await writeComic(libraryDir, 'Synced/Synced 01.cbz');
    const library = await post('/libraries', {
      name: 'Races',
      root_path: 'races',
      metadata_provider: 'scripted_primary',
    });
    expect(library.status, library.text).toBe(201);
    libraryId = library.body.id;
    expect((await (await scanStarted())()).status).toBe('succeeded');
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('a rescan of a rewritten file keeps the title the admin locked meanwhile', async () => {
    const book = await bookByTitle('As scanned');
    await replaceComic(libraryDir, 'Tagged/Tagged 01.cbz', { comicInfo: { Title: 'Retagged' } });
    let job: any;
    await concurrentEdit(
      (client) =>
        client.query(`update books set title = 'Chosen by the admin', locked_fields = '["title"]' where id = $1`, [
          book.id,
        ]),
      async () => {
        job = await (await scanStarted())();
      },
    );
    expect(job.status).toBe('succeeded');
    expect(job.report.updated).toBe(1);
    const after = (await call(`/books/${book.id}`, { token })).body;
    expect(after.title).toBe('Chosen by the admin');
    expect(after.locked_fields).toEqual(['title']);
  });

  it('a scan does not fill a start year the admin set and locked meanwhile', async () => {
    // ComicInfo's Volume holding a year is the run's start year (comic-info.ts).
    await writeComic(libraryDir, 'Dated/Dated 02.cbz', { comicInfo: { Volume: 2001 } });
    const seriesId = await seriesIdOf('Dated');
    await concurrentEdit(
      (edit) =>
        edit.query(`update series set start_year = 1990, locked_fields = '["start_year"]' where id = $1`, [seriesId]),
      async () => {
        expect((await (await scanStarted())()).status).toBe('succeeded');
      },
    );
    const series = (await call(`/libraries/${libraryId}/series/Dated/metadata`, { token })).body;
    expect(series.start_year).toBe(1990);
  });

  it('an approved match does not write over a series field the admin locked meanwhile', async () => {
    provider.add(
      seriesRecord('syn-1', 'Synced', { description: "The provider's words.", rawStatus: 'En pause prolongée' }),
      [],
      'Synced',
    );
    const link = await post('/metadata/match', {
      library_id: libraryId,
      series_name: 'Synced',
      provider: 'scripted_primary',
      external_id: 'syn-1',
    });
    expect(link.status, link.text).toBe(201);
    const seriesId = await seriesIdOf('Synced');
    await concurrentEdit(
      (edit) =>
        edit.query(
          `update series set description = 'The admin''s words.', locked_fields = '["description"]'
                     where id = $1`,
          [seriesId],
        ),
      async () => {
        const approved = await post(`/metadata/approve/${link.body.id}`);
        expect(approved.status, approved.text).toBe(200);
      },
    );
    const metadata = (await call(`/libraries/${libraryId}/series/Synced/metadata`, { token })).body;
    expect(metadata.description).toBe("The admin's words.");
  });

  it('a status mapping change does not restatus a series whose status the admin locked meanwhile', async () => {
    const seriesId = await seriesIdOf('Synced');
    await concurrentEdit(
      (edit) =>
        edit.query(
          `update series set status = 'completed', locked_fields = '["description", "status"]' where id = $1`,
          [seriesId],
        ),
      async () => {
        const mapped = await post('/settings/status-mappings', {
          provider_status: 'En pause prolongée',
          mapped_status: 'ended',
        });
        expect(mapped.status, mapped.text).toBe(200);
      },
    );
    const metadata = (await call(`/libraries/${libraryId}/series/Synced/metadata`, { token })).body;
    expect(metadata.status).toBe('completed');
  });
});
