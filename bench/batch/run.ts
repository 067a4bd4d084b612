/**
 * npm run bench:batch [-- --series 1000 --latency 50 --database-url postgres://…]
 *
 * The metadata batch (POST /metadata/batch) over a library of N series (default 1000, one tiny CBZ each), with the
 * REAL Google Books plugin and its REAL rate limit (its manifest's `rateLimit`, 10 requests per 10 s) against a local
 * fake of the Books API answering after 50 ms. The fake gives a realistic mix: 70% of the series find exactly
 * themselves (auto-matched: a search, then the anchor volume and the volumes search, 3 requests), 20% a near title
 * (low confidence, 1 request), 10% nothing (1 request).
 *
 * Printed and written to bench/results: the batch's time (the job's started_at → finished_at), the floor the rate
 * limit allows for the requests actually made (sliding window: (⌈requests / 10⌉ − 1) × 10 s + one latency), the
 * ratio (target ≤ 1.2×), requests/s, the batch report's counts, and where the time went (in requests, waiting on the
 * limiter, in the server), measured from the fake's request log.
 *
 * Duration: at one request a second, the default 1000 series (2,400 requests) takes about 40 minutes, plus the
 * scan; `--series 100` (240 requests) takes about 4 minutes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { seriesNames } from '../lib/names.ts';
import { api, runJob, startServer } from '../lib/server.ts';
import { perKind, rateLimitFloorMs, splitTime } from './analysis.ts';
import type { RateLimit } from './analysis.ts';
import { startFakeGoogleBooks } from './fake-google-books.ts';
import type { SeriesKind } from './fake-google-books.ts';
import { generateSeriesLibrary } from './library.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    series: { type: 'string', default: '1000' },
    latency: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
  },
});
const seriesCount = Number(values.series);
const latencyMs = Number(values.latency);
const librariesRoot = path.join(here, '../.data');
const libraryFolder = `batch-${seriesCount}`;

/** 70% exact, 20% near, 10% none, interleaved so that every stretch of the batch sees the same mix. */
const kindOf = (index: number): SeriesKind => (index % 10 < 7 ? 'exact' : index % 10 < 9 ? 'near' : 'none');

interface BatchJob {
  id: string;
  status: string;
  error: string | null;
  progress: { processed: number; total: number | null };
  started_at: string | null;
  finished_at: string | null;
}

interface BatchReport {
  counts: Record<string, number>;
  total_series: number;
  processed: number;
  duration_ms: number | null;
}

/** The rate limit as the plugin declares it, read from the built plugin the server loads. */
async function googleBooksRateLimit(): Promise<RateLimit> {
  const file = pathToFileURL(path.join(repo, 'plugins/google-books/dist/index.js')).href;
  const plugin = (await import(file)) as { default: { manifest: { rateLimit?: RateLimit } } };
  const limit = plugin.default.manifest.rateLimit;
  if (!limit) throw new Error('The Google Books plugin declares no rate limit; there is no floor to compare with.');
  return limit;
}

async function waitForJob(url: string, id: string): Promise<BatchJob> {
  let lastPrint = performance.now();
  for (;;) {
    const job = await api<BatchJob>(url, `/jobs/${id}`);
    if (['succeeded', 'completed_with_errors', 'failed', 'cancelled'].includes(job.status)) {
      if (job.status !== 'succeeded') throw new Error(`batch ${job.status}: ${job.error}`);
      return job;
    }
    if (performance.now() - lastPrint > 30_000) {
      lastPrint = performance.now();
      console.log(`  … ${job.progress.processed}/${job.progress.total ?? '?'} series`);
    }
    // Slow polling: the figure comes from the job's own timestamps, and the server should not be kept busy.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const names = seriesNames(seriesCount);
const limit = await googleBooksRateLimit();
console.log(`Generating ${seriesCount} series (reused when already there)…`);
await generateSeriesLibrary(path.join(librariesRoot, libraryFolder), names);

const fake = await startFakeGoogleBooks({ names, kindOf, latencyMs });
const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-batch-bench-'));
const env: Record<string, string> = { DATA_DIR: dataDir, LIBRARIES_ROOT: librariesRoot };
if (values['database-url']) env.DATABASE_URL = values['database-url'];
const server = await startServer(env);
try {
  await api(server.url, '/settings', { method: 'PATCH', body: { plugins: { google_books: { base_url: fake.url } } } });
  const library = await api<{ id: string }>(server.url, '/libraries', {
    method: 'POST',
    body: {
      name: 'Batch bench',
      root_path: libraryFolder,
      metadata_provider: 'google_books',
      fallback_metadata_provider: 'none',
    },
  });
  const scan = await runJob(server.url, `/libraries/${library.id}/scan`, { mode: 'incremental' });
  console.log(`Scanned ${scan.job.report.files_seen} files in ${seconds(scan.wallMs)}; starting the batch…`);
  fake.requests.length = 0;

  const wallStarted = performance.now();
  const queued = await api<BatchJob>(server.url, '/metadata/batch', {
    method: 'POST',
    body: { library_id: library.id },
  });
  const job = await waitForJob(server.url, queued.id);
  const wallMs = performance.now() - wallStarted;
  const report = await api<BatchReport>(server.url, `/metadata/batch/${job.id}/report`);

  const startedAt = Date.parse(job.started_at!);
  const finishedAt = Date.parse(job.finished_at!);
  const totalMs = finishedAt - startedAt;
  const requests = fake.requests.length;
  const floorMs = rateLimitFloorMs(requests, limit, latencyMs);
  const split = splitTime(fake.requests, startedAt, finishedAt, limit);
  const kinds = perKind(fake.requests, kindOf, finishedAt);
  const byType = (kind: string) => fake.requests.filter((request) => request.kind === kind).length;
  const failed = fake.requests.filter((request) => request.status >= 400).length;
  const expected = {
    auto_matched: names.filter((_, i) => kindOf(i) === 'exact').length,
    low_confidence: names.filter((_, i) => kindOf(i) === 'near').length,
    no_results: names.filter((_, i) => kindOf(i) === 'none').length,
  };

  const lines = [
    `Shelfmark metadata batch benchmark — ${seriesCount} series, Google Books plugin (${limit.requests} requests / ${limit.perMilliseconds} ms), fake latency ${latencyMs} ms, ${values['database-url'] ? 'PostgreSQL' : 'SQLite'}, Node ${process.version}`,
    '',
    `batch time (job started → finished)  ${seconds(totalMs)}   (wall clock from POST: ${seconds(wallMs)})`,
    `rate-limit floor                     ${seconds(floorMs)}   for ${requests} requests`,
    `ratio                                ${(totalMs / floorMs).toFixed(3)}×   (target ≤ 1.2×)`,
    `requests/s                           ${(requests / (totalMs / 1000)).toFixed(3)}   (long-run limit ${(limit.requests / (limit.perMilliseconds / 1000)).toFixed(3)})`,
    `requests                             ${byType('search')} searches, ${byType('volume')} volumes, ${byType('other')} other; ${failed} answered ≥ 400; at most ${fake.maxInFlight()} in flight`,
    '',
    `report counts                        ${Object.entries(report.counts)
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(', ')}; processed ${report.processed}/${report.total_series}`,
    `expected from the fake's mix         ${Object.entries(expected)
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(', ')}`,
    '',
    'where the time went',
    `  in requests (fake latency)         ${seconds(split.inRequestsMs)}  (${((split.inRequestsMs / totalMs) * 100).toFixed(1)}%)`,
    `  waiting on the rate limiter        ${seconds(split.rateLimitWaitMs)}  (${((split.rateLimitWaitMs / totalMs) * 100).toFixed(1)}%)`,
    `  in the server                      ${seconds(split.serverMs)}  (${((split.serverMs / totalMs) * 100).toFixed(1)}%: head ${Math.round(split.headMs)} ms, tail ${Math.round(split.tailMs)} ms)`,
    `  server gap between requests        median ${split.serverGapMedianMs.toFixed(1)} ms, p95 ${split.serverGapP95Ms.toFixed(1)} ms, max ${split.serverGapMaxMs.toFixed(1)} ms`,
    '',
    'per kind of series (span: its first request → the next series’ first request)',
    ...kinds.map(
      (k) =>
        `  ${k.kind.padEnd(6)} ${String(k.series).padStart(5)} series, ${String(k.requests).padStart(5)} requests, mean span ${seconds(k.meanSpanMs)}, p95 ${seconds(k.p95SpanMs)}`,
    ),
  ];
  const text = lines.join('\n');
  console.log(`\n${text}`);
  const inError = report.counts.error ?? 0;
  const unexpected = Object.entries(expected).filter(([outcome, count]) => (report.counts[outcome] ?? 0) !== count);
  if (inError > 0 || unexpected.length > 0) {
    // The figures of a batch that did not do what the fake's mix asks describe some other work: end non-zero.
    console.error(`the batch did not match the fake's mix (${inError} in error)`);
    process.exitCode = 1;
  }

  const resultsDir = path.join(here, '../results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `batch-${seriesCount}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        series: seriesCount,
        database: values['database-url'] ? 'postgresql' : 'sqlite',
        latencyMs,
        rateLimit: limit,
        totalMs,
        wallMs,
        floorMs,
        ratio: totalMs / floorMs,
        requests,
        report,
        expected,
        split,
        kinds,
        text,
      },
      null,
      2,
    ),
  );
  console.log(`\nWritten to ${path.relative(repo, file)}`);
} finally {
  await server.stop();
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
}
