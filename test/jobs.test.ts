import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLibrary } from './support/comics.js';
import { sleep, TERMINAL_JOB_STATUSES, useE2eHarness, waitUntil } from './support/e2e-harness.js';
import { phaseTiming } from './support/phase-timing.js';
import { completeLogLines, REPO_ROOT, type RunningServer, type StartOptions } from './support/server-process.js';

/**
 * Background jobs across real processes: a scan survives a SIGKILL and is resumed by the next process
 * (same job, no book twice, work before the crash not redone); two processes on one PostgreSQL database
 * share the queue without ever running a job twice; `--role=api` and `--role=worker` split HTTP and jobs.
 */

const TOKEN = `e2e-jobs-${randomBytes(16).toString('hex')}`;
const WORKER_READY = 'Shelfmark worker running jobs';

interface JobDetails {
  id: string;
  status: string;
  library_id: string | null;
  progress: { processed: number; total: number | null; current_item: string | null };
  error: string | null;
  item_errors_count: number;
  started_at: string | null;
  report: Record<string, number | string> | null;
}

interface Library {
  id: string;
  book_count: number;
  series_count: number;
}

// ---- clean-up, servers and HTTP (test/support/e2e-harness.ts) ----

const harness = useE2eHarness({ token: TOKEN, scratchPrefix: 'shelfmark-e2e-jobs-' });
const { api, databaseFor, tempFolder } = harness;
const timing = phaseTiming('jobs');
afterAll(() => {
  if (timing.report()) console.info(timing.report());
});
const launch: typeof harness.launch = (label, database, options) =>
  timing.time(`launch on ${database.kind}`, label, () => harness.launch(label, database, options));

// ---- HTTP ----

/** Creating a library starts its first scan: `scan_job`. */
const createLibrary = (server: RunningServer, name: string, rootPath: string) =>
  api<Library & { scan_job: JobDetails }>(server, 'POST', '/libraries', { name, root_path: rootPath });
const getJob = (server: RunningServer, jobId: string) => api<JobDetails>(server, 'GET', `/jobs/${jobId}`);
const getLibrary = (server: RunningServer, libraryId: string) => api<Library>(server, 'GET', `/libraries/${libraryId}`);
const waitForJobEnd = (server: RunningServer, jobId: string, timeoutMs: number) =>
  timing.time('job to end', jobId, () => harness.waitForJobEnd<JobDetails>(server, jobId, timeoutMs));

// ---- logs ----

/** The job log lines (`msg` and `jobId`) a process wrote, including one SIGKILLed mid-line. */
function jobEvents(server: RunningServer): { msg: string; jobId: string }[] {
  return completeLogLines(server.stdout())
    .filter((line) => typeof line.jobId === 'string' && typeof line.msg === 'string')
    .map((line) => ({ msg: line.msg as string, jobId: line.jobId as string }));
}

const countEvents = (server: RunningServer, msg: string, jobId?: string) =>
  jobEvents(server).filter((event) => event.msg === msg && (jobId === undefined || event.jobId === jobId)).length;

/** Resolves with the error code of a TCP connection attempt, or 'connected' when something listens. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(3_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

// ---- the tests ----

describe.each(['sqlite', 'postgresql'] as const)('a scan killed mid-way on %s', (kind) => {
  /**
   * 100 series × 30 files. 40 pages each make the indexing phase (which only lists entries) last a few
   * seconds on a small machine, so the kill lands in it rather than in the thumbnail phase after it.
   */
  const SERIES = 100;
  const PER_SERIES = 30;
  const FILES = SERIES * PER_SERIES;

  it('is resumed by the next process after the lock expires: same job, every book once, earlier work kept', async () => {
    const root = await tempFolder();
    const dataDir = path.join(root, 'data');
    const librariesRoot = path.join(root, 'libraries');
    await mkdir(librariesRoot);
    await timing.time('write the big library', kind, () =>
      writeLibrary(librariesRoot, 'big', { series: SERIES, perSeries: PER_SERIES, pages: 40 }),
    );
    const database = await timing.time('database', kind, () => databaseFor(kind));
    const options: StartOptions = { dataDir, librariesRoot, env: { JOB_LOCK_SECONDS: '10' } };

    const first = await launch('first server', database, options);
    const library = await createLibrary(first, 'Big', 'big');
    const queued = library.scan_job;

    // Progress is written about once a second, in steps of a 250-file batch while indexing.
    const midway = await timing.time('the scan part-way', kind, () =>
      waitUntil(
        'the scan to be part-way through indexing',
        async () => {
          const job = await getJob(first, queued.id);
          if (TERMINAL_JOB_STATUSES.includes(job.status))
            throw new Error(`the scan ended before it could be killed: ${job.status}`);
          // A first scan reads folders as it lists them: its total is null until the last one is listed.
          const { processed, total } = job.progress;
          return job.status === 'running' &&
            (total === null || total === FILES) &&
            processed >= 500 &&
            processed <= FILES - 500
            ? job
            : undefined;
        },
        150_000,
        50,
      ),
    );
    const killed = await first.kill();
    expect(killed.signal).toBe('SIGKILL');
    expect(countEvents(first, 'job started', queued.id)).toBe(1);
    expect(countEvents(first, 'job succeeded', queued.id)).toBe(0);

    const second = await launch('second server', database, options);
    const done = await waitForJobEnd(second, queued.id, 240_000);

    expect(done.id).toBe(queued.id);
    expect(done.status, `job error: ${done.error}`).toBe('succeeded');
    expect(done.item_errors_count).toBe(0);
    // Taken over, not restarted: the start time of the first run is kept.
    expect(done.started_at).toBe(midway.started_at);

    const report = done.report!;
    expect(report.files_seen).toBe(FILES);
    expect(report.errors).toBe(0);
    expect(report.removed).toBe(0);
    expect(report.updated).toBe(0);
    // Killed while indexing: the batches stored before the kill are found unchanged, the rest added.
    expect(report.added, 'the kill landed after indexing had finished').toBeGreaterThan(0);
    expect(report.added).toBeLessThan(FILES);
    expect(report.unchanged).toBeGreaterThan(0);
    expect(report.unchanged).toBeGreaterThanOrEqual(midway.progress.processed);
    expect(Number(report.added) + Number(report.unchanged)).toBe(FILES);
    // Covers are made beside the reading: those the first run made are kept, the resumed one makes the rest.
    expect(report.thumbnails).toBeGreaterThan(0);
    expect(report.thumbnails).toBeLessThanOrEqual(FILES);

    const after = await getLibrary(second, library.id);
    expect(after.book_count).toBe(FILES);
    expect(after.series_count).toBe(SERIES);

    expect(countEvents(second, 'job resumed', queued.id)).toBe(1);
    expect(countEvents(second, 'job started', queued.id)).toBe(0);
    // The job's row says succeeded a moment before the process's log line reaches this test through its stdout pipe.
    await expect.poll(() => countEvents(second, 'job succeeded', queued.id), { timeout: 10_000 }).toBe(1);
  }, 300_000);
});

describe('two processes on one PostgreSQL database', () => {
  it('share the scans without ever running one twice', async () => {
    const LIBRARIES = 12;
    const librariesRoot = await tempFolder();
    const folders = Array.from({ length: LIBRARIES }, (_, i) => `lib${String(i + 1).padStart(2, '0')}`);
    for (const folder of folders) await writeLibrary(librariesRoot, folder, { series: 3, perSeries: 10 });
    const database = await databaseFor('postgresql');

    const pair = [
      await launch('server A', database, { librariesRoot }),
      await launch('server B', database, { librariesRoot }),
    ];
    const via = (i: number) => pair[i % 2]!;

    // Each library's creation starts its scan: twelve scans for the two processes to share.
    const libraries: (Library & { scan_job: JobDetails })[] = [];
    for (const [i, folder] of folders.entries()) libraries.push(await createLibrary(via(i), folder, folder));
    const jobIds = libraries.map((library) => library.scan_job.id);
    expect(new Set(jobIds).size).toBe(LIBRARIES);

    for (const [i, jobId] of jobIds.entries()) {
      const job = await waitForJobEnd(via(i + 1), jobId, 150_000);
      expect(job.status, `job ${jobId}: ${job.error}`).toBe('succeeded');
    }

    const [a, b] = pair as [RunningServer, RunningServer];
    for (const jobId of jobIds) {
      const startedA = countEvents(a, 'job started', jobId);
      const startedB = countEvents(b, 'job started', jobId);
      expect(startedA + startedB, `'job started' lines for ${jobId}`).toBe(1);
      expect(countEvents(a, 'job resumed', jobId) + countEvents(b, 'job resumed', jobId)).toBe(0);
      // It finished where it started (its log line may still be on its way through the stdout pipe).
      await expect.poll(() => countEvents(startedA === 1 ? a : b, 'job succeeded', jobId), { timeout: 10_000 }).toBe(1);
      expect(countEvents(startedA === 1 ? b : a, 'job succeeded', jobId)).toBe(0);
    }
    const ranByA = countEvents(a, 'job started');
    const ranByB = countEvents(b, 'job started');
    expect(ranByA + ranByB).toBe(LIBRARIES);
    expect(ranByA, `jobs run by A (B ran ${ranByB})`).toBeGreaterThan(0);
    expect(ranByB, `jobs run by B (A ran ${ranByA})`).toBeGreaterThan(0);

    for (const [i, library] of libraries.entries()) {
      const after = await getLibrary(via(i), library.id);
      expect(after.book_count, library.id).toBe(30);
      expect(after.series_count).toBe(3);
    }
  }, 240_000);
});

describe.each(['postgresql', 'sqlite'] as const)('--role=api and --role=worker on %s', (kind) => {
  it('the API leaves a scan queued; a worker, which does not listen, then runs it', async () => {
    const root = await tempFolder();
    const dataDir = path.join(root, 'data');
    const librariesRoot = path.join(root, 'libraries');
    await mkdir(librariesRoot);
    await writeLibrary(librariesRoot, 'small', { series: 2, perSeries: 10 });
    const database = await databaseFor(kind);
    // With SQLite both processes open the same DATA_DIR/shelfmark.db.
    const shared: StartOptions = { dataDir, librariesRoot };

    const apiServer = await launch('api', database, { ...shared, args: ['--role=api'] });
    expect(completeLogLines(apiServer.stdout()).some((line) => line.role === 'api')).toBe(true);
    const library = await createLibrary(apiServer, 'Small', 'small');
    const queued = library.scan_job;
    expect(queued.status).toBe('queued');
    await sleep(3_000);
    const waiting = await getJob(apiServer, queued.id);
    expect(waiting.status).toBe('queued');
    expect(waiting.started_at).toBeNull();
    expect(countEvents(apiServer, 'job started')).toBe(0);

    const worker = await launch('worker', database, {
      ...shared,
      args: ['--role=worker'],
      readyLogMessage: WORKER_READY,
    });
    expect(await tryConnect(worker.port)).toBe('ECONNREFUSED');
    expect(
      completeLogLines(worker.stdout()).some(
        (line) => typeof line.msg === 'string' && line.msg.startsWith('Shelfmark listening'),
      ),
    ).toBe(false);

    const done = await waitForJobEnd(apiServer, queued.id, 120_000);
    expect(done.status, `job error: ${done.error}`).toBe('succeeded');
    expect(done.report?.added).toBe(20);
    expect((await getLibrary(apiServer, library.id)).book_count).toBe(20);
    expect(countEvents(worker, 'job started', queued.id)).toBe(1);
    await expect.poll(() => countEvents(worker, 'job succeeded', queued.id), { timeout: 10_000 }).toBe(1);
    expect(countEvents(apiServer, 'job started')).toBe(0);
    // Still no HTTP from the worker after it has run a job.
    expect(await tryConnect(worker.port)).toBe('ECONNREFUSED');

    // Both roles stop cleanly on SIGTERM (stopped together: each one's shutdown waits on its own work only).
    for (const exit of await Promise.all([worker, apiServer].map((server) => server.stop(10_000)))) {
      expect(exit.timedOut).toBe(false);
      expect(exit.code).toBe(0);
    }
  }, 180_000);
});

describe('reader processes of the built server', () => {
  const KOMGA = path.join(REPO_ROOT, 'apps/server/test/fixtures/komga');
  const childrenOf = async (pid: number) =>
    (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);

  it('read PDF and RAR books and make every thumbnail; the server never loads libvips, and idle readers exit', async () => {
    const root = await tempFolder();
    const librariesRoot = path.join(root, 'libraries');
    await mkdir(path.join(librariesRoot, 'mixed', 'Série'), { recursive: true });
    await writeLibrary(librariesRoot, 'mixed', { series: 1, perSeries: 2, pages: 2 });
    await copyFile(path.join(KOMGA, 'komga.pdf'), path.join(librariesRoot, 'mixed', 'Série', 'Série T01.pdf'));
    await copyFile(path.join(KOMGA, 'rar5.rar'), path.join(librariesRoot, 'mixed', 'Série', 'Série T02.cbr'));
    await copyFile(path.join(KOMGA, 'rar4.rar'), path.join(librariesRoot, 'mixed', 'Série', 'Série T03.cbr'));
    const server = await launch('server', { kind: 'sqlite' }, { librariesRoot, dataDir: path.join(root, 'data') });
    const pid = server.child.pid!;

    const library = await createLibrary(server, 'Mixed', 'mixed');
    const job = await waitForJobEnd(server, library.scan_job.id, 150_000);
    expect(job.status, `job error: ${job.error}`).toBe('succeeded');
    expect(job.report).toMatchObject({ added: 5, errors: 0, thumbnails: 5 });

    // Images are made in the readers: libvips (sharp's native library) is never mapped into the server.
    const maps = await readFile(`/proc/${pid}/maps`, 'utf8');
    expect(maps).not.toContain('libvips');
    // Started as in production: no warning about missing V8 flags.
    expect(server.stdout()).not.toContain('started without');
    // Readers exit 5 s after their last request: their memory goes back to the system.
    await waitUntil(
      'the reader processes to exit',
      async () => ((await childrenOf(pid)).length === 0 ? true : undefined),
      15_000,
      250,
    );
  }, 240_000);
});
