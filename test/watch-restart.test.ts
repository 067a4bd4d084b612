import { randomBytes } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { comicBuffer, writeLibrary } from './support/comics.js';
import {
  TERMINAL_JOB_STATUSES,
  useE2eHarness,
  waitUntil,
  type Database as TestDatabase,
} from './support/e2e-harness.js';
import { completeLogLines, type RunningServer } from './support/server-process.js';

/**
 * One server killed (SIGKILL, no goodbye) and started again on the same data, as Docker restarts a container: same
 * host name, and in Docker the same pid. Changes made before the crash (recorded as dirty folders, not scanned yet)
 * and while it was down are indexed by the restarted process's catch-up scan, and it watches at once: it knows the
 * lease as its predecessor's (the instance id in DATA_DIR) instead of waiting for it to expire. Three crashes in a
 * row, to catch races between the catch-up and the dirty folders' scan.
 */

const TOKEN = `e2e-restart-${randomBytes(16).toString('hex')}`;
// The lease keeps its real length (30 s), which a restarted process must not wait for. A quiet time of 3 s: the kill
// comes before the changed folders' own scan. A job lock of 5 s bounds the wait should a kill ever hit a running scan;
// a shorter one is outlived by a busy machine's start-up stall, and the queue then cancels the catch-up scan it holds.
const ENV = { WATCH_QUIET_SECONDS: '3', JOB_LOCK_SECONDS: '5', LOG_LEVEL: 'info' };
const CRASHES = 3;

const harness = useE2eHarness({ token: TOKEN, scratchPrefix: 'shelfmark-e2e-restart-', env: ENV });
const { api } = harness;

interface Library {
  id: string;
  book_count: number;
  watch_mode: string;
}
interface Job {
  id: string;
  status: string;
  params: Record<string, unknown>;
}
interface Book {
  volume: number | null;
  page_count: number | null;
}

/** The library's lease holder and dirty folders, as the server's database has them. */
async function stored(
  database: TestDatabase,
  dataDir: string,
  libraryId: string,
): Promise<{ holder: string | undefined; marked: string[] }> {
  const lease = 'select holder from library_watch_leases where library_id = ';
  const marks = 'select path from watch_dirty_folders where library_id = ';
  if (database.kind === 'sqlite') {
    const db = new Database(path.join(dataDir, 'shelfmark.db'), { readonly: true, fileMustExist: true });
    try {
      const holder = db.prepare(`${lease}?`).all(libraryId) as { holder: string }[];
      const paths = db.prepare(`${marks}?`).all(libraryId) as { path: string }[];
      return { holder: holder[0]?.holder, marked: paths.map((row) => row.path) };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const holder = await client.query<{ holder: string }>(`${lease}$1`, [libraryId]);
    const paths = await client.query<{ path: string }>(`${marks}$1`, [libraryId]);
    return { holder: holder.rows[0]?.holder, marked: paths.rows.map((row) => row.path) };
  } finally {
    await client.end();
  }
}

/** The process id inside a holder name (`instance:host:pid:random`). */
const holderPid = (holder: string) => Number(holder.split(':').at(-2));

const watchedBy = (server: RunningServer, libraryId: string) =>
  completeLogLines(server.stdout()).some((line) => line.msg === 'library watched' && line.libraryId === libraryId);

async function scans(server: RunningServer, libraryId: string): Promise<Job[]> {
  return (await api<{ items: Job[] }>(server, 'GET', `/jobs?type=scan&library_id=${libraryId}&limit=100`)).items;
}

/** Every scan of the library has ended (none queued or running). */
const scansSettled = (server: RunningServer, libraryId: string) =>
  waitUntil(
    'the scans to end',
    async () => {
      const jobs = await scans(server, libraryId);
      return jobs.every((job) => TERMINAL_JOB_STATUSES.includes(job.status)) ? jobs : undefined;
    },
    30_000,
  );

describe.each(['sqlite', 'postgresql'] as const)('a server killed and restarted (%s)', (kind) => {
  it(`indexes what changed before and during each of ${CRASHES} crashes, and watches again at once`, async () => {
    const root = await harness.tempFolder();
    const dataDir = path.join(root, 'data');
    const librariesRoot = path.join(root, 'libraries');
    await mkdir(librariesRoot);
    await writeLibrary(librariesRoot, 'comics', { series: 3, perSeries: 2 });
    const folder = path.join(librariesRoot, 'comics');
    const database = await harness.databaseFor(kind);
    let server = await harness.launch('first run', database, { dataDir, librariesRoot });
    const { id } = await api<Library>(server, 'POST', '/libraries', { name: 'Comics', root_path: 'comics' });
    await scansSettled(server, id);
    await waitUntil(
      'the library watched by events',
      async () => ((await api<Library>(server, 'GET', `/libraries/${id}`)).watch_mode === 'events' ? true : undefined),
      15_000,
    );

    for (let crash = 1; crash <= CRASHES; crash++) {
      const count = (await api<Library>(server, 'GET', `/libraries/${id}`)).book_count;
      // Before the crash: a new file, and a book rewritten in place, whose folder's mtime does not move (only its
      // durable dirty mark says it changed). The process dies once both are recorded, before their scan.
      const rewritten = path.join(folder, 'Series 002/Series 002 v001.cbz');
      const folderMtime = (await stat(path.dirname(rewritten))).mtimeMs;
      await writeFile(path.join(folder, `Series 001/Series 001 x${crash}.cbz`), comicBuffer(2));
      await writeFile(rewritten, comicBuffer(10 + crash));
      expect((await stat(path.dirname(rewritten))).mtimeMs).toBe(folderMtime);
      await waitUntil(
        'the changed folders recorded',
        async () => {
          const { marked } = await stored(database, dataDir, id);
          return marked.includes('Series 001') && marked.includes('Series 002') ? true : undefined;
        },
        10_000,
        20,
      );
      const before = (await scans(server, id)).length;
      await server.kill();
      // While it is down: a file in a folder nobody marks.
      await writeFile(path.join(folder, `Series 003/Series 003 x${crash}.cbz`), comicBuffer(3));

      server = await harness.launch(`restart ${crash}`, database, { dataDir, librariesRoot });
      // The first answer already says how the library is watched, and it is true: the restarted process took its
      // predecessor's lease without waiting the 30 s of its expiry, and watches.
      expect(watchedBy(server, id)).toBe(true);
      expect((await api<Library>(server, 'GET', `/libraries/${id}`)).watch_mode).toBe('events');
      expect(holderPid((await stored(database, dataDir, id)).holder!)).toBe(server.child.pid);

      // Both files and the rewrite are indexed by one catch-up scan, well before the lease would have expired.
      await waitUntil(
        'every change indexed',
        async () => {
          const library = await api<Library>(server, 'GET', `/libraries/${id}`);
          if (library.book_count !== count + 2) return undefined;
          const books = await api<{ items: Book[] }>(
            server,
            'GET',
            `/books?library_id=${id}&series=${encodeURIComponent('Series 002')}`,
          );
          return books.items.find((book) => book.volume === 1)?.page_count === 10 + crash ? true : undefined;
        },
        // Still short of the lease's 30 s: the restarted process never waits for its predecessor's lease to end.
        25_000,
      );
      const jobs = await scansSettled(server, id);
      const restarted = jobs.slice(0, jobs.length - before);
      expect(restarted.map((job) => job.status)).toEqual(['succeeded']);
      expect((await api<Job>(server, 'GET', `/jobs/${restarted[0]!.id}`)).params).toEqual({ mode: 'incremental' });
      expect((await stored(database, dataDir, id)).marked).toEqual([]);
    }
  }, 120_000);
});
