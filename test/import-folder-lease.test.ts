import { randomBytes } from 'node:crypto';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { comicBuffer, writeLibrary } from './support/comics.js';
import { useE2eHarness, waitUntil } from './support/e2e-harness.js';
import type { StartOptions } from './support/server-process.js';

/**
 * Issue 37 across processes on PostgreSQL: two workers poll one import folder, but only the holder of its lease
 * reads it, so an arrival is imported once; when the holder is killed, the other takes the folder over once the
 * lease expires.
 */

const TOKEN = `e2e-import-lease-${randomBytes(16).toString('hex')}`;
const WORKER_READY = 'Shelfmark worker running jobs';
const ENV = { WATCH_LEASE_SECONDS: '1.5', IMPORT_QUIET_MS: '300', LOG_LEVEL: 'info' };

const harness = useE2eHarness({ token: TOKEN, scratchPrefix: 'shelfmark-e2e-import-lease-', env: ENV });
const { api, databaseFor, launch, tempFolder } = harness;

interface Page<T> {
  items: T[];
}
interface Entry {
  original_name: string;
}
interface Record {
  source_name: string;
}

async function leaseHolder(url: string, folder: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ holder: string }>('select holder from import_folder_leases where folder = $1', [
      folder,
    ]);
    return result.rows[0]?.holder;
  } finally {
    await client.end();
  }
}

/** The process id inside a holder name (`instance:host:pid:random`). */
const holderPid = (holder: string) => Number(holder.split(':').at(-2));

describe('the import folder lease on PostgreSQL', () => {
  it('lets one worker import an arrival once, and the other take the folder over when it is killed', async () => {
    const root = await tempFolder();
    const librariesRoot = path.join(root, 'libraries');
    await mkdir(path.join(librariesRoot, 'incoming'), { recursive: true });
    await writeLibrary(librariesRoot, 'shelf', { series: 1, perSeries: 2 });
    const database = await databaseFor('postgresql');
    if (database.kind !== 'postgresql') throw new Error('unreachable');
    const shared: StartOptions = { librariesRoot, env: ENV };

    const apiServer = await launch('api', database, { ...shared, args: ['--role=api'] });
    const workers = [
      await launch('worker 1', database, { ...shared, args: ['--role=worker'], readyLogMessage: WORKER_READY }),
      await launch('worker 2', database, { ...shared, args: ['--role=worker'], readyLogMessage: WORKER_READY }),
    ];
    const library = await api<{ scan_job: { id: string } }>(apiServer, 'POST', '/libraries', {
      name: 'Shelf',
      root_path: 'shelf',
    });
    await harness.waitForJobEnd(apiServer, library.scan_job.id, 30_000);
    await api(apiServer, 'PATCH', '/settings', { import_folders: ['incoming'] });
    const folder = await realpath(path.join(librariesRoot, 'incoming'));

    const seen = async (name: string) => {
      const [queue, history] = await Promise.all([
        api<Page<Entry>>(apiServer, 'GET', '/imports?limit=100'),
        api<Page<Record>>(apiServer, 'GET', '/imports/history?limit=100'),
      ]);
      return (
        queue.items.filter((entry) => entry.original_name === name).length +
        history.items.filter((record) => record.source_name === name).length
      );
    };
    await writeFile(path.join(folder, 'Series 001 v003.cbz'), comicBuffer(1));
    await waitUntil(
      'the arrival imported',
      async () => ((await seen('Series 001 v003.cbz')) > 0 ? true : undefined),
      30_000,
    );
    const holder = (await leaseHolder(database.url, folder))!;
    const holding = workers.find((worker) => worker.child.pid === holderPid(holder))!;
    const other = workers.find((worker) => worker !== holding)!;
    expect(holding).toBeDefined();
    expect(await seen('Series 001 v003.cbz')).toBe(1);

    await holding.kill();
    await writeFile(path.join(folder, 'Series 001 v004.cbz'), comicBuffer(2));
    await waitUntil(
      'the other worker to take the folder over',
      async () => {
        const now = await leaseHolder(database.url, folder);
        return now !== undefined && holderPid(now) === other.child.pid ? true : undefined;
      },
      15_000,
    );
    await waitUntil(
      'the new arrival imported',
      async () => ((await seen('Series 001 v004.cbz')) > 0 ? true : undefined),
      30_000,
    );
    expect(await seen('Series 001 v004.cbz')).toBe(1);
    // Both workers read the folder many times since the first arrival: still one import of it.
    expect(await seen('Series 001 v003.cbz')).toBe(1);
  }, 120_000);
});
