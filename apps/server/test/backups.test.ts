import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../src/database/request-context.js';
import { Job } from '../src/entities/job.entity.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { secret } from './support/secrets.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './support/test-database.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

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

/** `worker: false` starts a server that queues jobs without running them, until `container.startWorker()`. */
async function start(options: { worker?: boolean } = {}): Promise<void> {
  server = await startTestServer({ scratch, database, thumbnails: false, ...options });
  call = apiClient(server.url);
}

const backupsDir = () => path.join(scratch, 'data', 'backups');
const listedNames = async (): Promise<string[]> =>
  (await call('/backups', { token })).body.items.map((item: any) => item.name);
/** A backup's name at a given time, as the service names them. */
const nameAt = (at: Date) => `shelfmark-${at.toISOString().replace(/:/g, '-')}`.replace(/Z$/, 'Z.sqlite');

/** A GET of the API with the bytes of the answer (the JSON client reads text). */
async function download(route: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) {
  const response = await fetch(`${server.url}/api/v1${route}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A raw request, for a path fetch would normalise (`..`). */
function rawGet(pathname: string): Promise<{ status: number; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The state a `kill -9` leaves a backup job in: queued by a server that runs no jobs, then marked running with the
 * name its run recorded, as the killed run left it. The next `startWorker()` resumes it.
 */
async function crashedBackupJob(name: string): Promise<string> {
  const started = await call('/backups', { method: 'POST', token });
  expect(started.status).toBe(202);
  await server.container.orm.em
    .fork()
    .nativeUpdate(Job, { id: started.body.id }, { status: 'running', startedAt: new Date(), report: { name } });
  return started.body.id;
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

  it('downloads a listed backup as an admin: streamed, its bytes, a SQLite database', async () => {
    const [name] = await listedNames();
    const { response, bytes } = await download(`/backups/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.sqlite3');
    // The name is a token: content-disposition leaves it unquoted.
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${name}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const onDisk = await readFile(path.join(backupsDir(), name!));
    expect(response.headers.get('content-length')).toBe(String(onDisk.length));
    expect(bytes.equals(onDisk)).toBe(true);
    const copy = path.join(scratch, 'downloaded.sqlite');
    await writeFile(copy, bytes);
    const opened = openSqlite(copy);
    try {
      expect(opened.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' });
      expect(opened.prepare(`select current_page from reading_progress where book_id = '${bookId}'`).get()).toEqual({
        current_page: 4,
      });
    } finally {
      opened.close();
    }

    // An admin's session, as the admin's backup tab downloads it.
    const login = await call('/auth/login', {
      method: 'POST',
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const bySession = await download(`/backups/${name}`, { cookie: sessionCookie(login.headers) });
    expect(bySession.response.status).toBe(200);
    expect(bySession.bytes.equals(onDisk)).toBe(true);
  });

  it('refuses a reader (403) and every name the list does not give (400 for another shape, else 404)', async () => {
    const [name] = await listedNames();
    const password = secret('backup reader password 1');
    expect(
      (await call('/users', { method: 'POST', token, body: { username: 'backup-reader', password, role: 'reader' } }))
        .status,
    ).toBe(201);
    const login = await call('/auth/login', { method: 'POST', body: { username: 'backup-reader', password } });
    const cookie = sessionCookie(login.headers);
    expectProblem(await call(`/backups/${name}`, { cookie }), 403);
    const readToken = (await call('/tokens', { method: 'POST', cookie, body: { name: 'reader', scope: 'read' } })).body
      .token as string;
    expectProblem(await call(`/backups/${name}`, { token: readToken }), 403);

    // Files in the folder the list never gives: a backup being written, its journal, a folder named like a backup.
    const writing = nameAt(new Date('2031-01-01T00:00:00.000Z'));
    await writeFile(path.join(backupsDir(), `${writing}.partial`), 'half a copy');
    await writeFile(path.join(backupsDir(), `${name}-journal`), 'journal');
    const folder = nameAt(new Date('2032-01-01T00:00:00.000Z'));
    await mkdir(path.join(backupsDir(), folder, 'inside'), { recursive: true });
    try {
      for (const shape of [
        `${writing}.partial`,
        `${name}-journal`,
        `..%2F${name}`,
        `x%2F..%2F..%2F${name}`,
        `..%5C${name}`,
        `${name}%00`,
        `${name}%2Fx`,
        'shelfmark.sqlite',
        `${name}.SQLITE`,
      ]) {
        expectProblem(await call(`/backups/${shape}`, { token }), 400);
      }
      for (const missing of [folder, nameAt(new Date('2030-01-01T00:00:00.000Z'))]) {
        expectProblem(await call(`/backups/${missing}`, { token }), 404);
      }
      // Paths fetch would normalise (`%2E%2E` too), sent as they are: never out of the folder.
      for (const raw of [
        '/api/v1/backups/..',
        '/api/v1/backups/../../../etc/passwd',
        '/api/v1/backups/..%2F..%2Fdata',
      ]) {
        expect((await rawGet(raw)).type, raw).not.toMatch(/sqlite|octet-stream/);
      }
      expectProblem(await call(`/backups/${folder}/inside`, { token }), 404);
    } finally {
      await rm(path.join(backupsDir(), `${writing}.partial`));
      await rm(path.join(backupsDir(), `${name}-journal`));
      await rm(path.join(backupsDir(), folder), { recursive: true });
    }
  });

  it('at start, removes what backups killed mid-copy left, and nothing else', async () => {
    const kept = await listedNames();
    expect(kept.length).toBeGreaterThan(0);
    await server.close();
    const cutShort = [nameAt(new Date('2030-02-01T00:00:00.000Z')), nameAt(new Date('2030-02-02T00:00:00.000Z'))];
    const leftovers = [
      `${cutShort[0]}.partial`,
      `${cutShort[0]}.partial-journal`,
      `${cutShort[1]}.partial`,
      `${cutShort[1]}.partial-wal`,
      `${cutShort[1]}.partial-shm`,
      // A journal whose copy was removed before the process died.
      `${nameAt(new Date('2030-02-03T00:00:00.000Z'))}.partial-journal`,
    ];
    for (const leftover of leftovers) await writeFile(path.join(backupsDir(), leftover), 'cut short');
    await writeFile(path.join(backupsDir(), 'README.txt'), 'not ours');
    await start();
    expect((await readdir(backupsDir())).sort()).toEqual([...kept, 'README.txt'].sort());
    expect(await listedNames()).toEqual(kept);
    await rm(path.join(backupsDir(), 'README.txt'));
  });

  it('a job resumed after a kill between its rename and its end writes no second backup', async () => {
    await patchSettings({ backup_keep: 10 });
    const before = await listedNames();
    await server.close();
    await start({ worker: false });
    // The rename happened: the backup is complete under the name the run recorded.
    const renamed = nameAt(new Date());
    await copyFile(path.join(backupsDir(), before[0]!), path.join(backupsDir(), renamed));
    const jobId = await crashedBackupJob(renamed);
    await server.container.startWorker();

    const job = await waitForJob(call, token, jobId, 60_000);
    expect(job).toMatchObject({ status: 'succeeded', report: { name: renamed } });
    expect(await listedNames()).toEqual([renamed, ...before]);
    expect((await readdir(backupsDir())).filter((file) => file.includes('.partial'))).toEqual([]);
  }, 90_000);

  it('a job resumed after a kill mid-copy removes its half copy and backs up once', async () => {
    const before = await listedNames();
    await server.close();
    await start({ worker: false });
    const cutShort = nameAt(new Date());
    await writeFile(path.join(backupsDir(), `${cutShort}.partial`), 'half a copy');
    await writeFile(path.join(backupsDir(), `${cutShort}.partial-journal`), 'its journal');
    const jobId = await crashedBackupJob(cutShort);
    // Another process starting meanwhile leaves the files of a backup an active job owns: its resume deals with them.
    expect(await withContext(server.container.orm, () => server.container.services.backups.removeLeftovers())).toEqual(
      [],
    );
    await server.container.startWorker();

    const job = await waitForJob(call, token, jobId, 60_000);
    expect(job.status).toBe('succeeded');
    const after = await listedNames();
    expect(after.slice(1)).toEqual(before);
    expect(after[0]).toBe(job.report.name);
    expect(await readdir(backupsDir())).toEqual(expect.not.arrayContaining([`${cutShort}.partial`]));
    expect((await readdir(backupsDir())).filter((file) => file.includes('.partial'))).toEqual([]);
    const copy = openSqlite(path.join(backupsDir(), after[0]!));
    try {
      expect(copy.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' });
    } finally {
      copy.close();
    }
  }, 90_000);

  it('restores as docs/backups.md says: stop, copy the backup over the database file, start', async () => {
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
    // Nothing to download either, even a file named like a backup in the folder.
    const name = 'shelfmark-2026-11-25T03-00-00.123Z.sqlite';
    await mkdir(path.join(server.dataDir, 'backups'), { recursive: true });
    await writeFile(path.join(server.dataDir, 'backups', name), 'not a backup of this database');
    expectProblem(await call(`/backups/${name}`, { token }), 404);
    expect((await call('/settings', { token })).body.backup_schedule).toBe('daily');
    expect(await backupSchedule()).toBeNull();
    expect((await call('/jobs', { token, query: { type: 'backup' } })).body.total).toBe(0);
  });
});
