import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLibrary } from './support/comics.js';
import { TERMINAL_JOB_STATUSES, useE2eHarness, waitUntil } from './support/e2e-harness.js';
import { phaseTiming } from './support/phase-timing.js';
import { completeLogLines, REPO_ROOT, type RunningServer, type StartOptions } from './support/server-process.js';

/**
 * A metadata batch across real processes: SIGKILLed part-way, it is resumed by the next process (same job),
 * which skips the series the first one recorded (no second provider search for them) and handles the rest,
 * so every series ends with one result row and one approved link.
 */

const TOKEN = `e2e-batch-${randomBytes(16).toString('hex')}`;
/** The six built-in plugins (BUILT_IN_PLUGINS of apps/server/src/config.ts) stay loaded beside the scripted one. */
const BUILT_IN_PLUGINS = [
  '@shelfmark/plugin-google-books',
  '@shelfmark/plugin-open-library',
  '@shelfmark/plugin-comicvine',
  '@shelfmark/plugin-anilist',
  '@shelfmark/plugin-bedetheque',
  '@shelfmark/plugin-prowlarr',
];

interface JobDetails {
  id: string;
  status: string;
  progress: { processed: number; total: number | null; current_item: string | null };
  error: string | null;
  item_errors_count: number;
  started_at: string | null;
}

interface BatchReport {
  job_id: string;
  status: string;
  counts: Record<
    'auto_matched' | 'already_linked' | 'no_results' | 'too_many_results' | 'low_confidence' | 'error',
    number
  >;
  total_series: number;
  processed: number;
}

interface BatchResult {
  series_id: string | null;
  series_name: string;
  outcome: string;
  provider: string | null;
  candidate_count: number;
  best_confidence: number | null;
  best_candidate: { provider: string; external_id: string; title: string } | null;
  link_id: string | null;
  error: string | null;
}

interface MetadataLink {
  id: string;
  series_name: string;
  provider: string;
  external_id: string;
  status: string;
}

// ---- the scripted provider of the server's tests ----

/** What this test uses of ScriptedProvider (apps/server/test/support/scripted-provider.ts), the fake service. */
interface FakeService {
  url: string;
  latencyMs: number;
  /** Requests received and not yet answered. */
  readonly pending: number;
  readonly requests: { path: string; apiKey: string | undefined }[];
  start(): Promise<FakeService>;
  close(): Promise<void>;
  add(record: unknown, volumes: unknown[], query: string): unknown;
}

interface ScriptedProviderModule {
  /** SHELFMARK_PLUGINS entries of the scripted plugins, whose service is the fake. */
  SCRIPTED_PLUGINS: string[];
  ScriptedProvider: new () => FakeService;
  seriesRecord(externalId: string, title: string): unknown;
  volumeRecord(externalId: string, volumeNumber: number | null): unknown;
}

/**
 * Loaded by a computed path: a static import (or `typeof import(…)`) would pull that file into this workspace's
 * TypeScript program, whose rootDir is test/ (TS6059). Vitest compiles it like any other module.
 */
const scripted = (await import(
  path.join(REPO_ROOT, 'apps', 'server', 'test', 'support', 'scripted-provider.ts')
)) as ScriptedProviderModule;

// ---- clean-up, servers and HTTP (test/support/e2e-harness.ts) ----

const harness = useE2eHarness({
  token: TOKEN,
  scratchPrefix: 'shelfmark-e2e-batch-',
  env: { SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, ...scripted.SCRIPTED_PLUGINS].join(',') },
});
const { api, databaseFor, defer, tempFolder } = harness;
const timing = phaseTiming('batch');
afterAll(() => {
  if (timing.report()) console.info(timing.report());
});
const launch: typeof harness.launch = (label, database, options) =>
  timing.time(`launch on ${database.kind}`, label, () => harness.launch(label, database, options));

async function fakeProvider(): Promise<FakeService> {
  const fake = await new scripted.ScriptedProvider().start();
  defer(() => fake.close());
  return fake;
}

const getJob = (server: RunningServer, jobId: string) => api<JobDetails>(server, 'GET', `/jobs/${jobId}`);
const waitForJobEnd = (server: RunningServer, jobId: string, timeoutMs: number) =>
  timing.time('job to end', jobId, () => harness.waitForJobEnd<JobDetails>(server, jobId, timeoutMs));
const getReport = (server: RunningServer, jobId: string) =>
  api<BatchReport>(server, 'GET', `/metadata/batch/${jobId}/report`);
/** Every result row of the batch (one page: the library has fewer series than the page limit). */
async function getResults(server: RunningServer, jobId: string): Promise<BatchResult[]> {
  const page = await api<{ items: BatchResult[]; total: number }>(
    server,
    'GET',
    `/metadata/batch/${jobId}/results?limit=500`,
  );
  expect(page.items).toHaveLength(page.total);
  return page.items;
}
const getLinks = (server: RunningServer, libraryId: string, seriesName: string) =>
  api<{ items: MetadataLink[] }>(
    server,
    'GET',
    `/metadata/links?library_id=${libraryId}&series_name=${encodeURIComponent(seriesName)}`,
  );

const countEvents = (server: RunningServer, msg: string, jobId: string) =>
  completeLogLines(server.stdout()).filter((line) => line.msg === msg && line.jobId === jobId).length;

// ---- what the fake was asked ----

type FakeRequests = FakeService['requests'];

/** How many times each series name was searched, in these requests. */
function searchesBySeries(requests: FakeRequests): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const url = new URL(request.path, 'http://fake');
    if (url.pathname !== '/search') continue;
    const name = url.searchParams.get('q') ?? '';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

const externalIdOf = (seriesName: string) => `ext-${seriesName.replace(/\W+/g, '-').toLowerCase()}`;

/** External ids whose volumes were fetched (the auto-match applies the candidate), in these requests. */
function volumeFetches(requests: FakeRequests): string[] {
  return requests.flatMap((request) => {
    const match = /^\/series\/([^/?]+)\/volumes/.exec(request.path);
    return match ? [decodeURIComponent(match[1]!)] : [];
  });
}

// ---- the test ----

describe.each(['sqlite', 'postgresql'] as const)('a metadata batch killed mid-way on %s', (kind) => {
  const SERIES = 60;
  /**
   * Each of the two calls per series (search, volumes) waits this long before the kill, so that the kill lands
   * part-way (the whole batch would last about 20 s); the resumed batch is answered at once.
   */
  const LATENCY_MS = 150;

  it('is resumed by the next process: same job, each series recorded and linked once, recorded ones not searched again', async () => {
    const root = await tempFolder();
    const dataDir = path.join(root, 'data');
    const librariesRoot = path.join(root, 'libraries');
    await mkdir(librariesRoot);
    await writeLibrary(librariesRoot, 'shelf', { series: SERIES, perSeries: 2, pages: 1 });
    const database = await databaseFor(kind);
    const fake = await fakeProvider();
    const options: StartOptions = { dataDir, librariesRoot, env: { JOB_LOCK_SECONDS: '10' } };

    const first = await launch('first server', database, options);
    await api(first, 'PATCH', '/settings', { plugins: { scripted_primary: { base_url: fake.url } } });
    const library = await api<{ id: string; scan_job: JobDetails }>(first, 'POST', '/libraries', {
      name: 'Shelf',
      root_path: 'shelf',
      metadata_provider: 'scripted_primary',
    });
    // Creating the library started its scan.
    const scan = library.scan_job;
    expect((await waitForJobEnd(first, scan.id, 90_000)).status).toBe('succeeded');

    const listed = await api<{ items: { name: string }[] }>(first, 'GET', `/series?library_id=${library.id}&limit=500`);
    const names = listed.items.map((series) => series.name).sort();
    expect(names).toHaveLength(SERIES);
    // One candidate per series, titled exactly as the series: confidence 100, so every series is auto-matched.
    for (const name of names) {
      fake.add(
        scripted.seriesRecord(externalIdOf(name), name),
        [scripted.volumeRecord(`${externalIdOf(name)}-1`, 1)],
        name,
      );
    }
    fake.latencyMs = LATENCY_MS;

    const queued = await api<JobDetails>(first, 'POST', '/metadata/batch', { library_id: library.id });
    expect(queued.status).toBe('queued');
    const midway = await timing.time('the batch part-way', kind, () =>
      waitUntil(
        'the batch to be part-way',
        async () => {
          const job = await getJob(first, queued.id);
          if (TERMINAL_JOB_STATUSES.includes(job.status))
            throw new Error(`the batch ended before it could be killed: ${job.status}`);
          const { processed, total } = job.progress;
          return job.status === 'running' && total === SERIES && processed >= 10 && processed <= 45 ? job : undefined;
        },
        150_000,
        50,
      ),
    );
    const killed = await first.kill();
    expect(killed.signal).toBe('SIGKILL');
    expect(countEvents(first, 'job started', queued.id)).toBe(1);
    expect(countEvents(first, 'job succeeded', queued.id)).toBe(0);
    // A request the fake received before the kill is logged once its latency has passed.
    await timing.time('the fake to answer', kind, () =>
      waitUntil(
        'the fake to answer what it received before the kill',
        () => Promise.resolve(fake.pending === 0 ? true : undefined),
        10_000,
        10,
      ),
    );
    const requestsOfFirst = fake.requests.length;
    // The latency only had to let the kill land part-way: the resumed batch need not wait on it.
    fake.latencyMs = 0;

    // The database as the kill left it, read by a process that takes no jobs (so nothing moves meanwhile).
    const inspector = await launch('inspector (--role=api)', database, { ...options, args: ['--role=api'] });
    const stranded = await getJob(inspector, queued.id);
    expect(stranded.status).toBe('running');
    const before = await getResults(inspector, queued.id);
    const recordedBefore = new Set(before.map((row) => row.series_name));
    expect(recordedBefore.size).toBe(before.length);
    // Progress is saved after the rows it counts, so at least what was seen is recorded.
    expect(before.length).toBeGreaterThanOrEqual(midway.progress.processed);
    expect(before.length).toBeLessThan(SERIES);
    expect(before.every((row) => row.outcome === 'auto_matched')).toBe(true);
    const reportBefore = await getReport(inspector, queued.id);
    expect(reportBefore).toMatchObject({ status: 'running', processed: before.length, total_series: SERIES });
    await inspector.dispose();

    const second = await launch('second server', database, options);
    const done = await waitForJobEnd(second, queued.id, 150_000);
    expect(done.id).toBe(queued.id);
    expect(done.status, `job error: ${done.error}`).toBe('succeeded');
    expect(done.item_errors_count).toBe(0);
    // Taken over, not restarted.
    expect(done.started_at).toBe(midway.started_at);
    expect(countEvents(second, 'job resumed', queued.id)).toBe(1);
    expect(countEvents(second, 'job started', queued.id)).toBe(0);
    // The job's row says succeeded a moment before the process's log line reaches this test through its stdout pipe.
    await expect.poll(() => countEvents(second, 'job succeeded', queued.id), { timeout: 10_000 }).toBe(1);

    // ---- what the provider was asked, before and after the kill ----
    const searchedFirst = searchesBySeries(fake.requests.slice(0, requestsOfFirst));
    const searchedSecond = searchesBySeries(fake.requests.slice(requestsOfFirst));
    // The resumed batch never searches a series recorded before the kill...
    for (const name of recordedBefore) expect(searchedSecond.get(name), `${name} searched again`).toBeUndefined();
    // ...nor one searched twice by a single process.
    for (const [name, count] of [...searchedFirst, ...searchedSecond]) expect(count, name).toBe(1);
    // Before the kill: each recorded series, plus at most the one in progress at the kill.
    for (const name of recordedBefore) expect(searchedFirst.get(name), name).toBe(1);
    const inFlight = [...searchedFirst.keys()].filter((name) => !recordedBefore.has(name));
    expect(inFlight.length, `searched but not recorded before the kill: ${inFlight.join(', ')}`).toBeLessThanOrEqual(1);
    // Volumes are fetched once per applied match; the resumed batch fetches none for recorded series.
    const fetchedOnResume = volumeFetches(fake.requests.slice(requestsOfFirst));
    for (const name of recordedBefore) expect(fetchedOnResume).not.toContain(externalIdOf(name));

    // ---- what the batch recorded ----
    const after = await getResults(second, queued.id);
    expect(after).toHaveLength(SERIES);
    const byName = new Map(after.map((row) => [row.series_name, row]));
    expect([...byName.keys()].sort()).toEqual(names);
    for (const row of before) expect(byName.get(row.series_name)).toEqual(row);

    /*
     * A series killed after its link was approved but before its row was written finds that link on resume and
     * is recorded `already_linked` (not searched again); killed any earlier, it is searched and matched again.
     */
    const linkedBeforeRecord = inFlight.filter((name) => !searchedSecond.has(name));
    const report = await getReport(second, queued.id);
    expect(report).toMatchObject({
      job_id: queued.id,
      status: 'succeeded',
      total_series: SERIES,
      processed: SERIES,
      counts: {
        auto_matched: SERIES - linkedBeforeRecord.length,
        already_linked: linkedBeforeRecord.length,
        no_results: 0,
        too_many_results: 0,
        low_confidence: 0,
        error: 0,
      },
    });
    for (const name of names) {
      const row = byName.get(name)!;
      const searchedOnResume = searchedSecond.has(name);
      expect(recordedBefore.has(name) || searchedOnResume || linkedBeforeRecord.includes(name), name).toBe(true);
      if (linkedBeforeRecord.includes(name)) {
        expect(row, name).toMatchObject({ outcome: 'already_linked', candidate_count: 0 });
      } else {
        expect(row, name).toMatchObject({
          outcome: 'auto_matched',
          provider: 'scripted_primary',
          candidate_count: 1,
          best_confidence: 100,
          best_candidate: { provider: 'scripted_primary', external_id: externalIdOf(name), title: name },
          error: null,
        });
      }
    }

    // ---- one approved link per series, the one its row names ----
    for (const name of names) {
      const { items } = await getLinks(second, library.id, name);
      expect(items, name).toHaveLength(1);
      expect(items[0]).toMatchObject({
        series_name: name,
        provider: 'scripted_primary',
        external_id: externalIdOf(name),
        status: 'approved',
      });
      expect(byName.get(name)!.link_id, name).toBe(items[0]!.id);
    }
  }, 300_000);
});
