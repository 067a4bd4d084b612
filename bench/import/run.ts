/**
 * npm run bench:import [-- --files 1000 --series 50 --rounds 3] [--database-url postgres://…/db]
 *
 * Issue 37: `--files` finished downloads imported by hardlink from a watched import folder, beside what the same files
 * cost without the import (on SQLite, or on the PostgreSQL database `--database-url` names, dropped and made afresh).
 * Each round generates its own set of CBZs (the next volumes of `--series` series whose volume 1 each library already
 * holds, so that every file matches one series exactly), read once beforehand so both sides find them in the page
 * cache; one server; three measures per round:
 *
 * - `cp -l`: the files hard-linked into a folder by coreutils, the floor of placing them;
 * - scan alone: the files hard-linked by hand where the naming template puts them in a second library, then the scan
 *   that indexes them (incremental: only their folders changed, as the import's folder-scoped scans);
 * - import: the files hard-linked into the import folder, until every book is listed in the first library: readiness
 *   (IMPORT_QUIET_MS, set short), matching, placing, history and the scans the imports start.
 *
 * The scan alone and the import take turns going first (the machine's load drifts); the figures are the medians of
 * the rounds, wall time and CPU time (the server and its reader processes). The target: the import within 1.5× the
 * scan alone (the quiet time, a wait by design, left out). The scans the imports started are listed too: the same
 * folders as the scan alone reads. Figures are printed and written to bench/results, never asserted; a file that
 * does not import (queued, failed) ends the run non-zero. BENCH_VERBOSE=1 prints the scans' reports of each round.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { link, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cbz, pageImages } from '../lib/books.ts';
import { seriesNames } from '../lib/names.ts';
import { freshPostgres } from '../lib/measure.ts';
import { api, runJob, startServer, type JobView, type RunningServer } from '../lib/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '1000' },
    series: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const files = Number(values.files);
const seriesCount = Math.min(Number(values.series), files);
if ([files, seriesCount, rounds].some((value) => !Number.isInteger(value) || value < 1)) {
  throw new Error('--files, --series and --rounds are whole numbers of at least 1');
}
const QUIET_MS = 300;
const root = path.join(here, `../.data/import-${files}`);

interface Page<T> {
  items: T[];
  total: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pad = (volume: number) => String(volume).padStart(2, '0');

/** The download names: a release's usual shape, which the name matching reads back to series and volume. */
const downloadName = (series: string, volume: number) => `${series} - T${pad(volume)} (2024) [Digital].cbz`;

interface Download {
  source: string;
  /**
   * The same bytes in another file, which the scan alone links: hard links share an inode, so the import's links of
   * `source` would change the ctime of the scan alone's files, which its next scan would read again as updated.
   */
  scanSource: string;
  name: string;
  series: string;
  volume: number;
}

/** Round `round`'s downloads: the volumes after those of the rounds before. */
async function generate(names: string[], round: number): Promise<Download[]> {
  const pages = (await pageImages()).slice(0, 2);
  const source = path.join(root, 'source', String(round));
  const scanSource = path.join(root, 'scan-source', String(round));
  await mkdir(source, { recursive: true });
  await mkdir(scanSource, { recursive: true });
  const made: Download[] = [];
  const perSeries = Math.ceil(files / names.length);
  for (let index = 0; index < files; index++) {
    const series = names[index % names.length]!;
    const volume = 2 + round * perSeries + Math.floor(index / names.length);
    const name = downloadName(series, volume);
    const data = cbz(pages, { series, number: volume, title: '', writer: 'Bench' });
    await writeFile(path.join(source, name), data);
    await writeFile(path.join(scanSource, name), data);
    made.push({ source: path.join(source, name), scanSource: path.join(scanSource, name), name, series, volume });
  }
  return made;
}

/** A library whose every series has its volume 1, scanned. */
async function library(server: RunningServer, folder: string, names: string[], importMode: string): Promise<string> {
  const pages = (await pageImages()).slice(0, 2);
  for (const series of names) {
    await mkdir(path.join(root, folder, series), { recursive: true });
    await writeFile(
      path.join(root, folder, series, `${series} - T01.cbz`),
      cbz(pages, { series, number: 1, title: '', writer: 'Bench' }),
    );
  }
  const created = await api<{ id: string }>(server.url, '/libraries', {
    method: 'POST',
    body: { name: folder, root_path: folder, import_mode: importMode },
  });
  await runJob(server.url, `/libraries/${created.id}/scan`, { mode: 'full' });
  return created.id;
}

async function booksIn(server: RunningServer, libraryId: string): Promise<number> {
  return (await api<Page<unknown>>(server.url, `/books?library_id=${libraryId}&limit=1`)).total;
}

interface ScanJob {
  id: string;
}

async function scanJobs(server: RunningServer): Promise<ScanJob[]> {
  return (await api<Page<ScanJob>>(server.url, '/jobs?type=scan&limit=100')).items;
}

async function scansRunning(server: RunningServer): Promise<boolean> {
  const running = await api<Page<unknown>>(server.url, '/jobs?type=scan&status=running&limit=1');
  const queued = await api<Page<unknown>>(server.url, '/jobs?type=scan&status=queued&limit=1');
  return running.total + queued.total > 0;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Round {
  cpMs: number;
  scanMs: number;
  scanWallMs: number;
  scanCpuMs: number;
  importMs: number;
  importCpuMs: number;
  droppedToFirstMs: number;
  placingMs: number;
  importScans: number;
  importScanMs: number;
  leftInDownloads: number;
}

await rm(root, { recursive: true, force: true });
await mkdir(root, { recursive: true });
const names = seriesNames(seriesCount);
const sets: Download[][] = [];
for (let round = 0; round < rounds; round++) sets.push(await generate(names, round));
const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-bench-import-'));
const databaseUrl = values['database-url'];
if (databaseUrl !== undefined) await freshPostgres(databaseUrl);
const server = await startServer({
  ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  DATA_DIR: dataDir,
  LIBRARIES_ROOT: root,
  IMPORT_QUIET_MS: String(QUIET_MS),
  SCAN_COVERS: 'scan',
  // The libraries' own watchers would scan the folders that changed once they are quiet, in a later measure.
  WATCH_QUIET_SECONDS: '3600',
  WATCH_MAX_WAIT_SECONDS: '86400',
});
const measured: Round[] = [];
try {
  const importing = await library(server, 'library-import', names, 'hardlink');
  const scanning = await library(server, 'library-scan', names, 'off');
  await mkdir(path.join(root, 'downloads'));
  await api(server.url, '/settings', { method: 'PATCH', body: { import_folders: ['downloads'] } });

  for (const [round, downloads] of sets.entries()) {
    // Both sides read the files from the page cache.
    for (const file of downloads) await Promise.all([readFile(file.source), readFile(file.scanSource)]);
    const figures: Partial<Round> = {};

    // The floor: coreutils' hard links of the same files into one folder.
    const floorFolder = path.join(root, 'cp-l', String(round));
    await mkdir(floorFolder, { recursive: true });
    const started = performance.now();
    const cp = spawnSync('cp', ['-l', ...downloads.map((file) => file.source), floorFolder]);
    if (cp.status !== 0) throw new Error(`cp -l failed: ${cp.stderr.toString()}`);
    figures.cpMs = performance.now() - started;

    // The scan alone: the files linked where the template puts them, then the scan that lists them.
    const scanAlone = async () => {
      const before = await booksIn(server, scanning);
      const started = performance.now();
      for (const file of downloads) {
        await link(
          file.scanSource,
          path.join(root, 'library-scan', file.series, `${file.series} - T${pad(file.volume)}.cbz`),
        );
      }
      const linkedMs = performance.now() - started;
      const cpuBefore = server.cpuMs();
      const scan = await runJob(server.url, `/libraries/${scanning}/scan`, { mode: 'incremental' });
      figures.scanCpuMs = server.cpuMs() - cpuBefore;
      figures.scanMs = scan.job.report.duration_ms;
      if (process.env.BENCH_VERBOSE) console.log('    scan alone', JSON.stringify(scan.job.report));
      figures.scanWallMs = scan.wallMs + linkedMs;
      if ((await booksIn(server, scanning)) !== before + downloads.length) throw new Error('the scan missed books');
    };

    // The import: the files arrive in the watched folder (linked, as a download client on the same disk moves them).
    const importAll = async () => {
      const before = await booksIn(server, importing);
      const recordsBefore = (await api<Page<unknown>>(server.url, '/imports/history?limit=1')).total;
      const jobsBefore = new Set((await scanJobs(server)).map((job) => job.id));
      const cpuBefore = server.cpuMs();
      const started = performance.now();
      const droppedAt = Date.now();
      for (const file of downloads) await link(file.source, path.join(root, 'downloads', file.name));
      // Until every book is listed and no scan is left, looked at as runJob looks at the scan alone (each look is work
      // for the server too); a run that stops moving for two minutes says what waits.
      let listed = -1;
      let movedAt = performance.now();
      for (;;) {
        const now = await booksIn(server, importing);
        if (now === before + downloads.length && !(await scansRunning(server))) break;
        if (now !== listed) [listed, movedAt] = [now, performance.now()];
        if (performance.now() - movedAt > 120_000) {
          const queue = await api<Page<{ original_name: string; error: string | null }>>(
            server.url,
            '/imports?limit=5',
          );
          const waiting = queue.items.map((entry) => `${entry.original_name} (${entry.error ?? 'no match'})`);
          throw new Error(
            `${listed - before} of ${downloads.length} imported; ${queue.total} queued: ${waiting.join(', ')}`,
          );
        }
        await sleep(Math.min(250, 50 + (performance.now() - started) / 20));
      }
      figures.importMs = performance.now() - started;
      figures.importCpuMs = server.cpuMs() - cpuBefore;
      const queued = await api<Page<unknown>>(server.url, '/imports?limit=1');
      if (queued.total !== 0) throw new Error(`${queued.total} files wait in the import queue`);
      const history = await api<Page<{ imported_at: string }>>(server.url, '/imports/history?limit=1');
      if (history.total - recordsBefore !== downloads.length) {
        throw new Error(`${history.total - recordsBefore} imports recorded, not ${downloads.length}`);
      }
      // Newest first: the first page's first row is the round's last import; the row `files` further its first.
      const first = await api<Page<{ imported_at: string }>>(
        server.url,
        `/imports/history?limit=1&page=${downloads.length}`,
      );
      figures.placingMs = Date.parse(history.items[0]!.imported_at) - Date.parse(first.items[0]!.imported_at);
      figures.droppedToFirstMs = Date.parse(first.items[0]!.imported_at) - droppedAt;
      const scans = (await scanJobs(server)).filter((job) => !jobsBefore.has(job.id));
      figures.importScans = scans.length;
      const reports = await Promise.all(scans.map((job) => api<JobView>(server.url, `/jobs/${job.id}`)));
      figures.importScanMs = reports.reduce((sum, job) => sum + job.report.duration_ms, 0);
      if (process.env.BENCH_VERBOSE) console.log('    import scans', JSON.stringify(reports.map((job) => job.report)));
      const left = new Set(await readdir(path.join(root, 'downloads')));
      figures.leftInDownloads = downloads.filter((file) => left.has(file.name)).length;
    };

    if (round % 2 === 0) {
      await scanAlone();
      await importAll();
    } else {
      await importAll();
      await scanAlone();
    }
    measured.push(figures as Round);
    const done = figures as Round;
    console.log(
      `  round ${round + 1}: scan ${done.scanMs.toFixed(0)} ms (CPU ${done.scanCpuMs.toFixed(0)}), ` +
        `import ${done.importMs.toFixed(0)} ms (CPU ${done.importCpuMs.toFixed(0)}), ` +
        `${((done.importMs - QUIET_MS) / done.scanMs).toFixed(2)}×`,
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
}

const m = (key: keyof Round) => median(measured.map((round) => round[key]));
const ratios = measured.map((round) => (round.importMs - QUIET_MS) / round.scanMs);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const lines = [
  `bench:import: ${files} CBZs in ${seriesCount} series, hard links on one file system, ${databaseUrl === undefined ? 'SQLite' : 'PostgreSQL'}; medians of ${rounds} rounds`,
  `  cp -l (floor)                     ${ms(m('cpMs'))}`,
  `  scan alone (incremental)          ${ms(m('scanMs'))} (job), ${ms(m('scanWallMs'))} with linking and polling; CPU ${ms(m('scanCpuMs'))}`,
  `  import (drop → every book listed) ${ms(m('importMs'))}, of which the quiet time ${QUIET_MS} ms; CPU ${ms(m('importCpuMs'))}`,
  `    drop → first import ${ms(m('droppedToFirstMs'))}, first → last import ${ms(m('placingMs'))} (${(m('placingMs') / files).toFixed(1)} ms a file), then the scan`,
  `    the import's own scans: ${m('importScans')}, ${ms(m('importScanMs'))} (jobs)`,
  `  import ÷ scan alone               ${((m('importMs') - QUIET_MS) / m('scanMs')).toFixed(2)}× (target ≤ 1.5×; the quiet time left out; rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
  `  import CPU ÷ scan alone CPU       ${(m('importCpuMs') / m('scanCpuMs')).toFixed(2)}×`,
  `  files left in the import folder   ${m('leftInDownloads')} (hard links: the download client keeps seeding)`,
];
for (const line of lines) console.log(line);
const results = path.join(here, '../results');
mkdirSync(results, { recursive: true });
const file = path.join(results, `import-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(file, ['```', ...lines, '```', ''].join('\n'));
console.log(`Written to ${path.relative(process.cwd(), file)}`);
