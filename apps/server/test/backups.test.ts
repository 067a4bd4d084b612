import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../src/database/request-context.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './support/test-database.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
const kind = testDatabaseKind();

interface Sqlite {
  prepare(sql: string): { get(): Record<string, unknown>; all(): Record<string, unknown>[] };
  close(): void;
}
const openSqlite = (file: string): Sqlite => {
  const Database = createRequire(import.meta.url)('better-sqlite3') as new (
    file: string,
    options: { readonly: boolean; fileMustExist: boolean },
  ) => Sqlite;
  return new Database(file, { readonly: true, fileMustExist: true });
};

let scratch: string;
let database: TestDatabase;
let server: TestServer;
let call: ApiClient;

async function start(): Promise<void> {
  server = await startTestServer({ scratch, database, thumbnails: false });
  call = apiClient(server.url);
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-backups-'));
  database = await createTestDatabase();
  await start();
});
afterAll(async () => {
  await server.close();
  await database.drop();
  await rm(scratch, { recursive: true, force: true });
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

const backupSchedule = () => withContext(server.container.orm, () => server.container.services.backups.schedule());
const patchSettings = (body: Record<string, unknown>) => call('/settings', { method: 'PATCH', token, body });

async function backUp(): Promise<any> {
  const started = await call('/backups', { method: 'POST', token });
  expect(started.status).toBe(202);
  expect(started.body.type).toBe('backup');
  const job = await waitForJob(call, token, started.body.id, 60_000);
  expect(job.status).toBe('succeeded');
  return job;
}

// Shelfmark backs SQLite up itself; PostgreSQL is left to pg_dump (the block below checks it says so).
describe.runIf(kind === 'sqlite')('backups of the SQLite database', () => {
  let bookId: string;

  it('are daily and keep 7 by default; the schedule follows backup_schedule, checked like scan_schedule', async () => {
    const settings = await call('/settings', { token });
    expect(settings.body).toMatchObject({ backup_schedule: 'daily', backup_keep: 7 });
    expect((await backupSchedule())?.interval).toBe('1 day');

    const refused = await patchSettings({ backup_schedule: '0 25 * * *', backup_keep: 3 });
    expectProblem(refused, 400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        path: '/body/backup_schedule',
        message: expect.stringMatching(/^not a cron expression/),
      }),
    ]);
    expect((await call('/settings', { token })).body).toMatchObject({ backup_schedule: 'daily', backup_keep: 7 });
    expectProblem(await patchSettings({ backup_keep: 0 }), 400);

    expect((await patchSettings({ backup_schedule: '30 2 * * *' })).body.backup_schedule).toBe('30 2 * * *');
    expect((await backupSchedule())?.interval).toBe('30 2 * * *');
    await patchSettings({ backup_schedule: 'manual' });
    expect(await backupSchedule()).toBeNull();
    expect((await call('/backups', { token })).body).toEqual({ items: [] });
  });

  it('writes a valid SQLite database into DATA_DIR/backups, as a job listed with the others', async () => {
    await writeComic(path.join(server.librariesRoot, 'comics'), 'Blacksad/Blacksad 01.cbz', { pages: 10 });
    const library = await call('/libraries', { method: 'POST', token, body: { name: 'Comics', root_path: 'comics' } });
    await waitForJob(call, token, library.body.scan_job.id, 60_000);
    bookId = (await call('/books', { token, query: { library_id: library.body.id } })).body.items[0].id;
    const progress = await call(`/books/${bookId}/progress`, {
      method: 'PUT',
      token,
      body: { status: 'reading', current_page: 4 },
    });
    expect(progress.status).toBe(200);

    const job = await backUp();
    expect(
      (await call('/jobs', { token, query: { type: 'backup' } })).body.items.map((item: any) => item.id),
    ).toContain(job.id);
    const listed = (await call('/backups', { token })).body.items;
    expect(listed).toHaveLength(1);
    expect(listed[0].name).toBe(job.report.name);
    expect(listed[0].name).toMatch(/^shelfmark-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.sqlite$/);
    expect(listed[0].size).toBe(job.report.size);

    const copy = openSqlite(path.join(server.dataDir, 'backups', listed[0].name));
    try {
      expect(copy.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' });
      expect(copy.prepare(`select current_page from reading_progress where book_id = '${bookId}'`).get()).toEqual({
        current_page: 4,
      });
    } finally {
      copy.close();
    }
  }, 90_000);

  it('prunes the oldest beyond backup_keep after each backup', async () => {
    await patchSettings({ backup_keep: 2 });
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await backUp()).report.name);
    const listed = (await call('/backups', { token })).body.items.map((item: any) => item.name);
    expect(listed).toEqual([names[2], names[1]]);
  }, 90_000);

  it('fires on its schedule', async () => {
    const before = (await call('/jobs', { token, query: { type: 'backup' } })).body.total;
    await patchSettings({ backup_schedule: '* * * * * *' });
    let fired: any;
    for (let attempt = 0; attempt < 600 && !fired; attempt++) {
      const jobs = await call('/jobs', { token, query: { type: 'backup' } });
      if (jobs.body.total > before) fired = jobs.body.items[0];
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await patchSettings({ backup_schedule: 'manual' });
    expect(fired, 'no scheduled backup started').toBeDefined();
    const job = await waitForJob(call, token, fired.id, 60_000);
    expect(job.params).toEqual({ scheduled: true });
    expect(job.status).toBe('succeeded');
    for (const item of (await call('/jobs', { token, query: { type: 'backup', status: 'queued' } })).body.items)
      await waitForJob(call, token, item.id, 60_000);
    for (const item of (await call('/jobs', { token, query: { type: 'backup', status: 'running' } })).body.items)
      await waitForJob(call, token, item.id, 60_000);
  }, 90_000);

  it('restores as the README says: stop, copy the backup over the database file, start', async () => {
    const backupJob = await backUp();
    const backup = backupJob.report.name as string;
    // Progress made after the backup is what a restore loses.
    await call(`/books/${bookId}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 9 } });
    expect((await call(`/books/${bookId}`, { token })).body.current_page).toBe(9);

    await server.close();
    const databaseFile = database.url.slice('sqlite:'.length);
    await copyFile(path.join(scratch, 'data', 'backups', backup), databaseFile);
    await rm(`${databaseFile}-wal`, { force: true });
    await rm(`${databaseFile}-shm`, { force: true });
    await start();

    const book = await call(`/books/${bookId}`, { token });
    expect(book.status).toBe(200);
    expect(book.body).toMatchObject({ reading_status: 'reading', current_page: 4 });
    // The copy was taken while its job ran: restored, that job reads finished, not running (it would back up again).
    const restoredJob = await call(`/jobs/${backupJob.id}`, { token });
    expect(restoredJob.body).toMatchObject({ status: 'succeeded', report: { name: backup, restored: true } });
  }, 90_000);
});

// Only a server on PostgreSQL answers this way; on SQLite the block above runs instead.
describe.runIf(kind === 'postgresql')('backups on PostgreSQL', () => {
  it('are left to pg_dump: POST /backups is a 409 saying so, the list is empty, nothing is scheduled', async () => {
    const refused = await call('/backups', { method: 'POST', token });
    expectProblem(refused, 409);
    expect(refused.body.detail).toMatch(/pg_dump/);
    expect((await call('/backups', { token })).body).toEqual({ items: [] });
    expect((await call('/settings', { token })).body.backup_schedule).toBe('daily');
    expect(await backupSchedule()).toBeNull();
    expect((await call('/jobs', { token, query: { type: 'backup' } })).body.total).toBe(0);
  });
});
