import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { comicBuffer, writeLibrary } from './support/comics.js';
import { TERMINAL_JOB_STATUSES, useE2eHarness, waitUntil } from './support/e2e-harness.js';
import { completeLogLines, type RunningServer, type StartOptions } from './support/server-process.js';

/**
 * Watched folders across processes on PostgreSQL: one worker at a time holds a library's watch lease; when it is
 * killed (SIGKILL, no goodbye), another worker takes the lease over once it expires, watches the folders, and
 * catches up with one incremental scan.
 */

const TOKEN = `e2e-watch-${randomBytes(16).toString('hex')}`;
const WORKER_READY = 'Shelfmark worker running jobs';
// A lease of 1.5 s renewed every 0.5 s: the take-over is quick, and the real intervals (30 s / 10 s) follow the same path.
const WATCH_ENV = { WATCH_LEASE_SECONDS: '1.5', WATCH_QUIET_SECONDS: '0.5', LOG_LEVEL: 'info' };

const harness = useE2eHarness({ token: TOKEN, scratchPrefix: 'shelfmark-e2e-watch-', env: WATCH_ENV });
const { api, databaseFor, launch, tempFolder } = harness;

interface Library {
  id: string;
  book_count: number;
  watch_mode: string;
  watch_reason: string | null;
}
interface Job {
  id: string;
  status: string;
  created_at: string;
}

async function leaseHolder(url: string, libraryId: string): Promise<{ holder: string; expires: number } | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ holder: string; expires_at_ms: string }>(
      'select holder, expires_at_ms from library_watch_leases where library_id = $1',
      [libraryId],
    );
    const row = result.rows[0];
    return row ? { holder: row.holder, expires: Number(row.expires_at_ms) } : undefined;
  } finally {
    await client.end();
  }
}

/** The process id inside a holder name (`host:pid:random`). */
const holderPid = (holder: string) => Number(holder.split(':').at(-2));

const watchedBy = (server: RunningServer, libraryId: string) =>
  completeLogLines(server.stdout()).some((line) => line.msg === 'library watched' && line.libraryId === libraryId);

describe('the watch lease on PostgreSQL', () => {
  it('is held by one worker, and moves to the other when its holder is killed', async () => {
    const root = await tempFolder();
    const librariesRoot = path.join(root, 'libraries');
    await mkdir(librariesRoot);
    await writeLibrary(librariesRoot, 'watched', { series: 2, perSeries: 3 });
    const database = await databaseFor('postgresql');
    if (database.kind !== 'postgresql') throw new Error('unreachable');
    const shared: StartOptions = { librariesRoot, env: WATCH_ENV };

    const apiServer = await launch('api', database, { ...shared, args: ['--role=api'] });
    const workers = [
      await launch('worker 1', database, { ...shared, args: ['--role=worker'], readyLogMessage: WORKER_READY }),
      await launch('worker 2', database, { ...shared, args: ['--role=worker'], readyLogMessage: WORKER_READY }),
    ];
    const library = await api<Library>(apiServer, 'POST', '/libraries', { name: 'Watched', root_path: 'watched' });
    const first = await api<Job>(apiServer, 'POST', `/libraries/${library.id}/scan`, { mode: 'incremental' });
    await harness.waitForJobEnd(apiServer, first.id, 30_000);

    // The API process watches nothing: it reports what the holder wrote on the lease.
    const watched = await waitUntil(
      'the library to be watched by events',
      async () => {
        const current = await api<Library>(apiServer, 'GET', `/libraries/${library.id}`);
        return current.watch_mode === 'events' ? current : undefined;
      },
      15_000,
    );
    expect(watched.watch_reason).toBeNull();
    const lease = (await leaseHolder(database.url, library.id))!;
    const holder = workers.find((worker) => worker.child.pid === holderPid(lease.holder))!;
    const other = workers.find((worker) => worker !== holder)!;
    expect(holder).toBeDefined();
    expect(watchedBy(holder, library.id)).toBe(true);
    expect(watchedBy(other, library.id)).toBe(false);
    expect(completeLogLines(apiServer.stdout()).some((line) => line.msg === 'library watched')).toBe(false);

    const killedAt = Date.now();
    await holder.kill();
    const taken = await waitUntil(
      'the other worker to take the lease',
      async () => {
        const now = await leaseHolder(database.url, library.id);
        return now && holderPid(now.holder) === other.child.pid ? now : undefined;
      },
      15_000,
    );
    expect(taken.expires).toBeGreaterThan(killedAt);
    await waitUntil(
      'the new holder to watch',
      () => Promise.resolve(watchedBy(other, library.id) ? true : undefined),
      10_000,
    );

    // It caught up with one incremental scan of the whole library…
    const jobs = await api<{ items: (Job & { library_id: string })[] }>(
      apiServer,
      'GET',
      `/jobs?type=scan&library_id=${library.id}`,
    );
    expect(jobs.items.length).toBe(2);
    const catchUp = await harness.waitForJobEnd<Job>(apiServer, jobs.items[0]!.id, 30_000);
    expect(catchUp.status).toBe('succeeded');
    expect(Date.parse(catchUp.created_at)).toBeGreaterThan(killedAt);

    // …and its events bring a new file in.
    await writeFile(path.join(librariesRoot, 'watched', 'Series 001', 'Series 001 v004.cbz'), comicBuffer(2));
    await waitUntil(
      'the new book',
      async () => {
        const current = await api<Library>(apiServer, 'GET', `/libraries/${library.id}`);
        return current.book_count === 7 ? true : undefined;
      },
      20_000,
    );
    const after = await api<Library>(apiServer, 'GET', `/libraries/${library.id}`);
    expect(after.watch_mode).toBe('events');
    const scans = await api<{ items: Job[] }>(apiServer, 'GET', `/jobs?type=scan&library_id=${library.id}`);
    expect(scans.items.every((job) => TERMINAL_JOB_STATUSES.includes(job.status) || job.status === 'running')).toBe(
      true,
    );
  }, 90_000);
});
