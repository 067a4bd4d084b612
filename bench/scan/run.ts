/**
 * npm run bench:scan [-- --files 100000] [--database-url postgres://…] [--pages real]
 *
 * `--pages real`: books with 1600×2400 photographic-like pages (generate.ts), and the cover phase on its own: covers
 * per second, CPU time per cover (the server and its reader processes), the reader processes' peak memory, beside
 * the floor of a cover (cover-floor.ts: libvips shrink-on-load decode + JPEG encode of the same pages, per core).
 *
 * Measures, on one generated library: the first scan without covers (a server of its own with
 * SCAN_COVERS=on-demand: index-only.ts) and with them (files/s), an unchanged
 * rescan, a rescan after 1% of the files were rewritten (saved the usual way: temp file + rename), and the
 * floor (a bare readdir+stat walk of the same tree), with each ratio to the floor and the server's peak RSS; and
 * the partial hash that recognises moved files (KOReader's partial MD5) over every file, as a share of the first scan.
 * Then watched folders (bench/scan/watch.ts): the watcher's start time, memory and kernel watches, the time from a
 * new file to its book after the quiet time, and a scoped scan of one changed folder against a full incremental rescan.
 */
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { partialMd5 } from '../../apps/server/src/indexer/partial-hash.ts';
import { api, runJob, startServer } from '../lib/server.ts';
import { realPages } from '../lib/real-pages.ts';
import { coverFloor } from './cover-floor.ts';
import { bareWalk } from './floor.ts';
import { generateLibrary, type PageKind } from './generate.ts';
import { firstScanWithoutCovers } from './index-only.ts';
import { measureWatching } from './watch.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '10000' },
    'database-url': { type: 'string' },
    pages: { type: 'string', default: 'small' },
  },
});
const files = Number(values.files);
if (values.pages !== 'small' && values.pages !== 'real') throw new Error('--pages is small or real');
const pageKind: PageKind = values.pages;
const librariesRoot = path.join(here, '../.data');
const libraryFolder = pageKind === 'real' ? `scan-${files}-real` : `scan-${files}`;
const libraryRoot = path.join(librariesRoot, libraryFolder);
const cores = availableParallelism();

/**
 * The cover phase of a scan, from the samples taken while it ran: it is the last `thumbnailsMs` of the job, so its
 * CPU time is the growth since the sample nearest to its start. `thumbnails`: the covers made in it (those made while
 * indexing ran are not: their CPU time is mixed with the indexing's).
 */
function coverPhase(
  samples: { at: number; cpuMs: number; serverMs: number; mainMs: number; readerMb: number }[],
  thumbnailsMs: number,
  thumbnails: number,
): {
  perSecond: number;
  cpuMsPerCover: number;
  serverCpuMsPerCover: number;
  mainCpuMsPerCover: number;
  coresBusy: number;
  readerPeakMb: number;
} {
  const end = samples.at(-1)!;
  const startAt = end.at - thumbnailsMs;
  const during = samples.filter((s) => s.at >= startAt);
  const start = during[0] ?? end;
  return {
    perSecond: thumbnails / Math.max(thumbnailsMs / 1000, 0.001),
    cpuMsPerCover: (end.cpuMs - start.cpuMs) / Math.max(thumbnails, 1),
    serverCpuMsPerCover: (end.serverMs - start.serverMs) / Math.max(thumbnails, 1),
    mainCpuMsPerCover: (end.mainMs - start.mainMs) / Math.max(thumbnails, 1),
    // Of the cores, how many the server and its readers kept busy on average (the rest: waits, or other programs).
    coresBusy: (end.cpuMs - start.cpuMs) / Math.max(end.at - start.at, 1),
    readerPeakMb: Math.max(0, ...during.map((s) => s.readerMb)),
  };
}

/**
 * CPU time (server + readers) of the first scan's indexing: from before the job was posted to the sample nearest to
 * the end of indexing, which is what the job did after it (`duration_ms - index_ms`) before its last sample.
 */
function indexingCpuMs(
  samples: { at: number; cpuMs: number; mainMs: number }[],
  report: { index_ms: number; duration_ms: number },
): { all: number; main: number } {
  const endAt = samples.at(-1)!.at - (report.duration_ms - report.index_ms);
  const end = samples.reduce((best, s) => (Math.abs(s.at - endAt) < Math.abs(best.at - endAt) ? s : best));
  return { all: end.cpuMs - samples[0]!.cpuMs, main: end.mainMs - samples[0]!.mainMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

console.log(`Generating ${files} files with ${pageKind} pages (reused when already there)…`);
await generateLibrary(libraryRoot, files, pageKind);
// Before the server starts, so that it does not share the cores with it.
const floor =
  pageKind === 'real' ? await coverFloor((await realPages(path.join(librariesRoot, 'real-pages'))).jpeg) : null;

// Warm the page cache the same way for every measurement, then take the floor.
await bareWalk(libraryRoot);
const floorRuns: number[] = [];
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  await bareWalk(libraryRoot);
  floorRuns.push(performance.now() - started);
}
const floorMs = median(floorRuns);

/** Every file hashed eight at a time, as the scan's analysis runs them (page cache warm, like the floor). */
async function hashEveryFile(): Promise<number> {
  const paths = (await readdir(libraryRoot, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) await partialMd5(paths[next++]!);
    }),
  );
  return performance.now() - started;
}
const hashMs = median([await hashEveryFile(), await hashEveryFile(), await hashEveryFile()]);

const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-bench-'));
const QUIET_MS = 1000;
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  LIBRARIES_ROOT: librariesRoot,
  WATCH_QUIET_SECONDS: String(QUIET_MS / 1000),
  // Info, not warn: the watcher logs how long its subscription took.
  LOG_LEVEL: 'info',
};
if (values['database-url']) env.DATABASE_URL = values['database-url'];
// Indexing alone first (a server of its own, covers left to first requests), then the scans with covers.
const indexOnly = await firstScanWithoutCovers(env, libraryFolder);
const server = await startServer(env);
try {
  const library = await api<{ id: string }>(server.url, '/libraries', {
    method: 'POST',
    // Not watched during the scans measured first: the watcher is measured on its own below.
    body: { name: 'Bench', root_path: libraryFolder, watch: 'off' },
  });
  // What the server and its readers use, sampled as the first scan runs, to single out its cover phase.
  const samples: { at: number; cpuMs: number; serverMs: number; mainMs: number; readerMb: number }[] = [];
  const sample = () =>
    samples.push({
      at: performance.now(),
      cpuMs: server.cpuMs(),
      serverMs: server.serverCpuMs(),
      mainMs: server.mainThreadCpuMs(),
      readerMb: server.largestReaderMb(),
    });
  sample();
  const first = await runJob(server.url, `/libraries/${library.id}/scan`, { mode: 'incremental' }, sample);
  sample();
  // Absent from servers that made every cover after indexing.
  const coversAfterIndex = first.job.report.thumbnails - (first.job.report.thumbnails_during_index ?? 0);
  const covers = coverPhase(samples, first.job.report.thumbnails_ms, coversAfterIndex);
  const indexCpuMs = indexingCpuMs(samples, first.job.report);
  const unchanged = await runJob(server.url, `/libraries/${library.id}/scan`, { mode: 'incremental' });

  // Rewrite 1% of the files spread over the tree, as editors and taggers save them.
  const folders = (await readdir(libraryRoot, { withFileTypes: true })).filter((e) => e.isDirectory());
  let touched = 0;
  for (
    let i = 0;
    touched < Math.ceil(files / 100) && i < folders.length;
    i += Math.max(1, Math.floor(folders.length / Math.ceil(files / 100)))
  ) {
    const folder = path.join(libraryRoot, folders[i]!.name);
    const [first] = (await readdir(folder)).filter((name) => !name.startsWith('.'));
    if (!first) continue;
    const file = path.join(folder, first);
    await writeFile(`${file}.tmp`, await readFile(file));
    await rename(`${file}.tmp`, file);
    touched++;
  }
  const afterTouch = await runJob(server.url, `/libraries/${library.id}/scan`, { mode: 'incremental' });
  const watching = await measureWatching(
    server.url,
    server.logFile,
    server.process.pid!,
    library.id,
    libraryRoot,
    QUIET_MS,
  );
  const peak = server.peakRssMb();
  const tree = server.treePeaks();

  const report = first.job.report;
  const indexSeconds = report.index_ms / 1000;
  const rows = [
    ['floor: readdir + stat walk', ms(floorMs), '1.0×', `${Math.round(files / (floorMs / 1000))} files/s`],
    [
      'first scan without covers (SCAN_COVERS=on-demand)',
      ms(indexOnly.report.index_ms),
      `${(indexOnly.report.index_ms / floorMs).toFixed(1)}×`,
      `${Math.round(files / (indexOnly.report.index_ms / 1000))} files/s; ${(indexOnly.cpuMs / files).toFixed(2)} ms CPU per file (server + readers), ${(indexOnly.mainMs / files).toFixed(2)} on the event loop; server peak ${indexOnly.peakRssMb} MB`,
    ],
    [
      'first scan, indexing (covers made beside it)',
      ms(report.index_ms),
      `${(report.index_ms / floorMs).toFixed(1)}×`,
      `${Math.round(files / indexSeconds)} files/s; ${(indexCpuMs.all / files).toFixed(2)} ms CPU per file (server + readers), ${(indexCpuMs.main / files).toFixed(2)} on the event loop (a ceiling of ${Math.round((1000 * files) / indexCpuMs.main)} files/s)`,
    ],
    [
      'first scan, with thumbnails',
      ms(report.duration_ms),
      `${(report.duration_ms / floorMs).toFixed(1)}×`,
      `${Math.round(files / (report.duration_ms / 1000))} files/s (${report.thumbnails} thumbnails)`,
    ],
    [
      'partial hash of every file (8 at a time)',
      ms(hashMs),
      `${(hashMs / floorMs).toFixed(1)}×`,
      `${((100 * hashMs) / report.index_ms).toFixed(1)}% of the first scan's indexing`,
    ],
    [
      'unchanged rescan',
      ms(unchanged.job.report.duration_ms),
      `${(unchanged.job.report.duration_ms / floorMs).toFixed(2)}×`,
      `job wall time ${ms(unchanged.wallMs)}`,
    ],
    [
      `rescan after rewriting ${touched} files (1%)`,
      ms(afterTouch.job.report.duration_ms),
      `${(afterTouch.job.report.duration_ms / floorMs).toFixed(2)}×`,
      `${afterTouch.job.report.updated} updated; ${ms(afterTouch.job.report.index_ms)} (${(afterTouch.job.report.index_ms / floorMs).toFixed(2)}×) before their covers`,
    ],
  ];
  console.log(
    `\nShelfmark scan benchmark — ${files} files, ${values['database-url'] ? 'PostgreSQL' : 'SQLite'}, Node ${process.version}\n`,
  );
  const widths = [52, 12, 10, 40];
  for (const row of [['measure', 'time', 'vs floor', 'rate'], ...rows]) {
    console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join(''));
  }
  console.log(
    `\ncovers of the first scan: ${report.thumbnails} in ${ms(report.duration_ms)}, ${Math.round(report.thumbnails / (report.duration_ms / 1000))} covers/s over the whole scan; ${report.thumbnails_during_index ?? 0} of them made while indexing ran (${ms(report.index_ms)})`,
  );
  const firstScanCpuMs = samples.at(-1)!.cpuMs - samples[0]!.cpuMs;
  console.log(
    `whole first scan: ${Math.round(firstScanCpuMs)} ms CPU (server + readers), ${(firstScanCpuMs / files).toFixed(1)} ms per file`,
  );
  console.log(
    `cover phase after indexing: ${coversAfterIndex} covers in ${ms(report.thumbnails_ms)}, ${Math.round(covers.perSecond)} covers/s; ${covers.cpuMsPerCover.toFixed(1)} ms CPU per cover (server + readers; the server ${covers.serverCpuMsPerCover.toFixed(1)}, its event loop ${covers.mainCpuMsPerCover.toFixed(1)}), ${covers.coresBusy.toFixed(2)} cores busy; readers' peak ${covers.readerPeakMb} MB`,
  );
  if (floor) {
    console.log(
      `cover floor (libvips shrink-on-load decode + JPEG encode of the same JPEG pages, one core): ${floor.cpuMsPerCover.toFixed(1)} ms CPU per cover, ${Math.round(floor.coversPerSecondPerCore)} covers/s per core, ${Math.round(floor.coversPerSecondPerCore * cores)} on ${cores} cores; the cover phase is at ${((floor.coversPerSecondPerCore * cores) / covers.perSecond).toFixed(1)}× the floor's time, ${(covers.cpuMsPerCover / floor.cpuMsPerCover).toFixed(1)}× its CPU`,
    );
  }
  console.log(`\nserver peak RSS: ${peak} MB (the server process, VmHWM)`);
  console.log(
    `reader processes: ${tree.readersSeen} started, largest peak ${tree.readerMb} MB; server + readers together, peak: ${tree.totalMb} MB (sampled every 100 ms)`,
  );
  console.log(
    `\nwatching ${watching.folders} folders: subscribed in ${watching.subscribeMs ?? '?'} ms, reported as events ${ms(watching.startMs)} after watch=auto; ${watching.kernelWatches} kernel watches; server RSS ${watching.rssBeforeMb} → ${watching.rssAfterMb} MB`,
  );
  console.log(
    `new file → book: ${ms(watching.newFileToBookMs)} after the quiet time (${ms(watching.quietMs)}; target < 2 s)`,
  );
  console.log(
    `one changed folder: scoped scan ${ms(watching.scopedIndexMs)} indexing (${ms(watching.scopedDurationMs)} with its thumbnail) vs full incremental rescan ${ms(watching.fullIndexMs)} (${ms(watching.fullDurationMs)}): ${(watching.fullIndexMs / Math.max(1, watching.scopedIndexMs)).toFixed(0)}× less indexing time (target ≥ 50×)`,
  );
  mkdirSync(path.join(here, '../results'), { recursive: true });
  writeFileSync(
    path.join(here, `../results/scan-${files}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify(
      {
        files,
        pages: pageKind,
        coverPhase: covers,
        firstScanCpuMs,
        coverFloor: floor,
        database: values['database-url'] ? 'postgresql' : 'sqlite',
        floorMs,
        partialHashMs: hashMs,
        firstWithoutCovers: indexOnly,
        first: report,
        firstIndexCpuMs: indexCpuMs,
        unchanged: unchanged.job.report,
        afterTouch: afterTouch.job.report,
        watching,
        peakRssMb: peak,
        readerPeakRssMb: tree.readerMb,
        totalPeakRssMb: tree.totalMb,
        readerProcesses: tree.readersSeen,
      },
      null,
      2,
    ),
  );
} catch (error) {
  console.error(`bench failed; server exit code ${server.process.exitCode} signal ${server.process.signalCode}`);
  console.error(`server log (tail):\n${readFileSync(server.logFile, 'utf8').split('\n').slice(-20).join('\n')}`);
  throw error;
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
