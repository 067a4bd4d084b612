import { existsSync } from 'node:fs';
import { Agenda, InMemoryNotificationChannel, toJobId } from 'agenda';
import { expect, it } from 'vitest';
import { createSqliteBackend } from '../../src/jobs/sqlite-backend/index.js';
import { describeSqlite, newAgenda, onCleanup, rawDb, tempDbPath, waitFor } from './support/helpers.js';

describeSqlite('SQLite Agenda backend: connection and schema', () => {
  it("creates its table and indexes in the app's existing file, next to the app's tables, and switches it to WAL", async () => {
    const path = tempDbPath();
    const app = rawDb(path);
    app.pragma('journal_mode = DELETE');
    app.exec("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO books (title) VALUES ('Dune')");

    const agenda = newAgenda(path);
    await agenda.ready;
    await agenda.now('anything');

    const objects = app
      .prepare<{ name: string }>("SELECT name FROM sqlite_master WHERE tbl_name = 'agenda_jobs' ORDER BY name")
      .all()
      .map((row) => row.name);
    expect(objects).toEqual([
      'agenda_jobs',
      'agenda_jobs_find_and_lock_idx',
      'agenda_jobs_locked_at_idx',
      'agenda_jobs_next_run_at_idx',
      'agenda_jobs_single_job_idx',
      'sqlite_autoindex_agenda_jobs_1',
    ]);
    expect(app.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(app.prepare('SELECT title FROM books').all()).toEqual([{ title: 'Dune' }]);
    const row = app.prepare<Record<string, unknown>>('SELECT * FROM agenda_jobs').get();
    // Dates are integer milliseconds, data is JSON text.
    expect(typeof row?.next_run_at).toBe('number');
    expect(row?.data).toBe('null');
  });

  it('closes its connection when Agenda stops', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    agenda.define('noop', async () => {});
    await agenda.start();
    await agenda.now('noop');
    expect(existsSync(`${path}-wal`)).toBe(true);

    await agenda.stop();

    // SQLite checkpoints and deletes the WAL file when the last connection to the database closes.
    expect(existsSync(`${path}-wal`)).toBe(false);
    await expect(agenda.db.getQueueSize()).rejects.toThrow(/not connected/);
    // Agenda calls unlockJob without handling its promise; it must not reject even now.
    const job = {
      _id: toJobId('x'),
      name: 'noop',
      priority: 0,
      nextRunAt: new Date(),
      type: 'normal',
      data: null,
    } as const;
    await expect(agenda.db.unlockJob(job)).resolves.toBeUndefined();
  });

  it('uses the table name it is given and refuses names that are not plain identifiers', async () => {
    const path = tempDbPath();
    const backend = createSqliteBackend({ path, tableName: 'queue_jobs' });
    const agenda = new Agenda({ backend });
    onCleanup(() => backend.disconnect());
    await agenda.now('anything');

    const tables = rawDb(path).prepare<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    expect(tables.map((table) => table.name)).toEqual(['queue_jobs']);
    expect(() => createSqliteBackend({ path, tableName: 'jobs; DROP TABLE books' })).toThrow(/Invalid table name/);
    expect(() => createSqliteBackend({ path: '' })).toThrow(/path/);
  });

  it('waits for a lock held by another connection of this process without freezing the event loop', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    await agenda.ready;
    // As MikroORM would in a transaction that awaits I/O: the write lock is held across event-loop turns.
    const app = rawDb(path);
    app.exec('BEGIN IMMEDIATE');
    app.exec('CREATE TABLE books (id INTEGER PRIMARY KEY)');
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    onCleanup(() => clearInterval(ticker));
    setTimeout(() => app.exec('COMMIT'), 300);

    const started = Date.now();
    await agenda.now('after-the-lock');

    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // A frozen loop would tick at most once; a loaded machine may run a 10 ms interval only every 50–100 ms.
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect((await agenda.queryJobs({ name: 'after-the-lock' })).total).toBe(1);
  });

  it('gives up with SQLITE_BUSY once busyTimeoutMs has passed', async () => {
    const path = tempDbPath();
    const backend = createSqliteBackend({ path, busyTimeoutMs: 200 });
    onCleanup(() => backend.disconnect());
    await backend.connect();
    const app = rawDb(path);
    app.exec('BEGIN IMMEDIATE');
    onCleanup(() => {
      app.exec('ROLLBACK');
    });

    const started = Date.now();
    await expect(backend.repository.purgeAllJobs()).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(Date.now() - started).toBeLessThan(3_000); // not the backend's default of 10 s
  });

  it("starts jobs at once with Agenda's in-process notification channel instead of waiting for the next poll", async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path, {
      processEvery: '1 minute',
      notificationChannel: new InMemoryNotificationChannel(),
    });
    let ranAt = 0;
    agenda.define('urgent', async () => {
      ranAt = Date.now();
      await Promise.resolve();
    });
    await agenda.start();

    const savedAt = Date.now();
    await agenda.now('urgent');
    await waitFor(() => ranAt > 0, 'the job', 2_000);
    expect(ranAt - savedAt).toBeLessThan(1_000);
  });
});
