import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeLibrary } from './support/comics.js';
import { sleep, TERMINAL_JOB_STATUSES, useE2eHarness, waitUntil } from './support/e2e-harness.js';
import { completeLogLines, REPO_ROOT, type RunningServer, type StartOptions } from './support/server-process.js';

/**
 * Issue 36: a `release_search` job SIGKILLed part-way is resumed by the next process (the same job, not started
 * again), which skips the volumes the first one searched and recorded, so every wanted volume is searched once (the
 * one in flight at the kill at most twice). SQLite only: the hand-over of a running job between processes is
 * jobs.test.ts's on both databases; what this adds is the job's own skip.
 */

const TOKEN = `e2e-search-${randomBytes(16).toString('hex')}`;
/** Wanted volumes: a series holding volume 1 of this many. */
const TOTAL_VOLUMES = 16;
/** Each search waits this long at the fake; the plugin's own limit spaces them about a second apart. */
const LATENCY_MS = 100;

interface JobDetails {
  id: string;
  status: string;
  progress: { processed: number; total: number | null };
  error: string | null;
  started_at: string | null;
}

interface ProwlarrFake {
  url: string;
  requests: ReadonlyArray<{ method: string; path: string; query: URLSearchParams }>;
  close(): Promise<void>;
}
/** The Prowlarr plugin's own fake, loaded by a computed path (a static import would leave this workspace's rootDir). */
const { FAKE_API_KEY, startProwlarrFake } = (await import(
  path.join(REPO_ROOT, 'plugins', 'prowlarr', 'test', 'fake-service.ts')
)) as {
  FAKE_API_KEY: string;
  startProwlarrFake: (options?: { latencyMs?: number }) => Promise<ProwlarrFake>;
};

const harness = useE2eHarness({
  token: TOKEN,
  scratchPrefix: 'shelfmark-e2e-search-',
  env: { RELEASE_SEARCH_INTERVAL_SECONDS: '0', JOB_LOCK_SECONDS: '10' },
});
const { api, databaseFor, defer, launch, tempFolder } = harness;

const getJob = (server: RunningServer, jobId: string) => api<JobDetails>(server, 'GET', `/jobs/${jobId}`);
const countEvents = (server: RunningServer, msg: string, jobId: string) =>
  completeLogLines(server.stdout()).filter((line) => line.msg === msg && line.jobId === jobId).length;
/** The volume each search asked for (`"Series 001" 7` → 7). */
const searchedVolumes = (requests: ProwlarrFake['requests']) =>
  requests
    .filter((request) => request.method === 'GET' && request.path === '/api/v1/search')
    .map((request) => Number(/(\d+(?:\.\d+)?)\s*$/.exec(request.query.get('query') ?? '')?.[1]));

describe('a release search killed mid-way', () => {
  // About 15 s of searches, a lock of 10 s to expire after the kill, three server starts: minutes on a loaded machine.
  it(
    'is resumed by the next process: same job, the volumes searched before not searched again',
    { timeout: 360_000 },
    async () => {
      const root = await tempFolder();
      const librariesRoot = path.join(root, 'libraries');
      await mkdir(librariesRoot);
      await writeLibrary(librariesRoot, 'shelf', { series: 1, perSeries: 1, pages: 1 });
      const database = await databaseFor('sqlite');
      const fake = await startProwlarrFake({ latencyMs: LATENCY_MS });
      defer(() => fake.close());
      const options: StartOptions = { dataDir: path.join(root, 'data'), librariesRoot };

      const first = await launch('first server', database, options);
      const library = await api<{ id: string; scan_job: { id: string } }>(first, 'POST', '/libraries', {
        name: 'Shelf',
        root_path: 'shelf',
      });
      expect((await harness.waitForJobEnd<JobDetails>(first, library.scan_job.id, 90_000)).status).toBe('succeeded');
      await api(first, 'PATCH', `/libraries/${library.id}/series/${encodeURIComponent('Series 001')}`, {
        total_volumes: TOTAL_VOLUMES,
      });
      await api(first, 'PATCH', '/settings', {
        release_indexer: { url: fake.url, api_key: FAKE_API_KEY, categories: [7030] },
      });

      const queued = await api<JobDetails>(first, 'POST', '/releases/searches', {});
      const midway = await waitUntil(
        'the search to be part-way',
        async () => {
          const job = await getJob(first, queued.id);
          if (TERMINAL_JOB_STATUSES.includes(job.status))
            throw new Error(`the search ended before it could be killed: ${job.status}`);
          const { processed, total } = job.progress;
          return job.status === 'running' && total === TOTAL_VOLUMES - 1 && processed >= 3 && processed <= 10
            ? job
            : undefined;
        },
        150_000,
        50,
      );
      expect((await first.kill()).signal).toBe('SIGKILL');
      // A search sent before the kill reaches the fake's log on arrival; the one in flight may be answered to no one.
      await sleep(LATENCY_MS * 2);
      const before = searchedVolumes(fake.requests);
      expect(before.length).toBeGreaterThanOrEqual(midway.progress.processed);
      expect(before.length).toBeLessThan(TOTAL_VOLUMES - 1);

      const second = await launch('second server', database, options);
      const done = await harness.waitForJobEnd<JobDetails>(second, queued.id, 240_000);
      expect(done.status, `job error: ${done.error}`).toBe('succeeded');
      expect(done.progress).toMatchObject({ processed: TOTAL_VOLUMES - 1, total: TOTAL_VOLUMES - 1 });
      // Taken over, not started again.
      expect(done.started_at).toBe(midway.started_at);
      await expect.poll(() => countEvents(second, 'job resumed', queued.id), { timeout: 10_000 }).toBe(1);
      expect(countEvents(second, 'job started', queued.id)).toBe(0);

      // Every wanted volume (2 to 16) searched; only the one in flight at the kill may have been searched twice.
      const all = searchedVolumes(fake.requests);
      const after = all.slice(before.length);
      const wanted = Array.from({ length: TOTAL_VOLUMES - 1 }, (_, i) => i + 2);
      expect([...new Set(all)].sort((a, b) => a - b)).toEqual(wanted);
      const again = after.filter((volume) => before.includes(volume));
      expect(again.length, `searched again after the resume: ${again.join(', ')}`).toBeLessThanOrEqual(1);
      expect(all.length).toBeLessThanOrEqual(TOTAL_VOLUMES);
    },
  );
});
