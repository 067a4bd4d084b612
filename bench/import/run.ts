/**
 * npm run bench:import [-- --files 1000 --series 50]
 *
 * Issue 37: `--files` finished downloads imported by hardlink from a watched import folder, beside what the same files
 * cost without the import. One generated set of CBZs (volumes 2… of `--series` series whose volume 1 each library
 * already holds, so that every file matches one series exactly), one server (SQLite), three measures:
 *
 * - `cp -l`: the files hard-linked into a folder by coreutils, the floor of placing them;
 * - scan alone: the files hard-linked by hand where the naming template puts them in a second library, then the scan
 *   that indexes them (incremental: only their folders changed, as the import's folder-scoped scans);
 * - import: the files hard-linked into the import folder, until every book is listed in the first library: readiness
 *   (IMPORT_QUIET_MS, set short), matching, placing, history and the scans the imports start.
 *
 * The target: the import within 1.5× the scan alone (the quiet time, a wait by design, left out). Figures are printed
 * and written to bench/results, never asserted; a file that does not import (queued, failed) ends the run non-zero.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cbz, pageImages } from '../lib/books.ts';
import { seriesNames } from '../lib/names.ts';
import { api, runJob, startServer, type RunningServer } from '../lib/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '1000' },
    series: { type: 'string', default: '50' },
  },
});
const files = Number(values.files);
const seriesCount = Math.min(Number(values.series), files);
if (!Number.isInteger(files) || files < 1 || !Number.isInteger(seriesCount) || seriesCount < 1) {
  throw new Error('--files and --series are whole numbers of at least 1');
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

async function generate(names: string[]): Promise<{ source: string; name: string; series: string; volume: number }[]> {
  const pages = (await pageImages()).slice(0, 2);
  const source = path.join(root, 'source');
  await mkdir(source, { recursive: true });
  const made: { source: string; name: string; series: string; volume: number }[] = [];
  for (let index = 0; index < files; index++) {
    const series = names[index % names.length]!;
    const volume = 2 + Math.floor(index / names.length);
    const name = downloadName(series, volume);
    await writeFile(path.join(source, name), cbz(pages, { series, number: volume, title: '', writer: 'Bench' }));
    made.push({ source: path.join(source, name), name, series, volume });
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

async function scansRunning(server: RunningServer): Promise<boolean> {
  const running = await api<Page<unknown>>(server.url, '/jobs?type=scan&status=running&limit=1');
  const queued = await api<Page<unknown>>(server.url, '/jobs?type=scan&status=queued&limit=1');
  return running.total + queued.total > 0;
}

await rm(root, { recursive: true, force: true });
await mkdir(root, { recursive: true });
const names = seriesNames(seriesCount);
const downloads = await generate(names);
const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-bench-import-'));
const server = await startServer({
  DATA_DIR: dataDir,
  LIBRARIES_ROOT: root,
  IMPORT_QUIET_MS: String(QUIET_MS),
  SCAN_COVERS: 'scan',
});
const figures: Record<string, number> = {};
try {
  const importing = await library(server, 'library-import', names, 'hardlink');
  const scanning = await library(server, 'library-scan', names, 'off');
  const before = await booksIn(server, importing);

  // The floor: coreutils' hard links of the same files into one folder.
  const floorFolder = path.join(root, 'cp-l');
  await mkdir(floorFolder);
  let started = performance.now();
  const cp = spawnSync('cp', ['-l', ...downloads.map((file) => file.source), floorFolder]);
  if (cp.status !== 0) throw new Error(`cp -l failed: ${cp.stderr.toString()}`);
  figures.cpMs = performance.now() - started;

  // The scan alone: the files linked where the template puts them, then the scan that lists them.
  started = performance.now();
  for (const file of downloads) {
    await link(file.source, path.join(root, 'library-scan', file.series, `${file.series} - T${pad(file.volume)}.cbz`));
  }
  const linkedMs = performance.now() - started;
  const scan = await runJob(server.url, `/libraries/${scanning}/scan`, { mode: 'incremental' });
  figures.scanMs = scan.job.report.duration_ms;
  figures.scanWallMs = scan.wallMs + linkedMs;
  if ((await booksIn(server, scanning)) !== before + downloads.length) throw new Error('the scan missed books');

  // The import: the files arrive in the watched folder (linked, as a download client on the same disk moves them).
  await mkdir(path.join(root, 'downloads'));
  await api(server.url, '/settings', { method: 'PATCH', body: { import_folders: ['downloads'] } });
  const cpuBefore = server.cpuMs();
  started = performance.now();
  const droppedAt = Date.now();
  for (const file of downloads) await link(file.source, path.join(root, 'downloads', file.name));
  // Until every book is listed and no scan is left; a run that stops moving for two minutes says what waits.
  let listed = -1;
  let movedAt = performance.now();
  for (;;) {
    const now = await booksIn(server, importing);
    if (now === before + downloads.length && !(await scansRunning(server))) break;
    if (now !== listed) [listed, movedAt] = [now, performance.now()];
    if (performance.now() - movedAt > 120_000) {
      const queue = await api<Page<{ original_name: string; error: string | null }>>(server.url, '/imports?limit=5');
      const waiting = queue.items.map((entry) => `${entry.original_name} (${entry.error ?? 'no match'})`);
      throw new Error(
        `${listed - before} of ${downloads.length} imported; ${queue.total} queued: ${waiting.join(', ')}`,
      );
    }
    await sleep(50);
  }
  figures.importMs = performance.now() - started;
  figures.importCpuMs = server.cpuMs() - cpuBefore;
  const queued = await api<Page<unknown>>(server.url, '/imports?limit=1');
  if (queued.total !== 0) throw new Error(`${queued.total} files wait in the import queue`);
  const history = await api<Page<{ imported_at: string }>>(server.url, '/imports/history?limit=1');
  if (history.total !== downloads.length) throw new Error(`${history.total} imports recorded, not ${downloads.length}`);
  // Newest first: the first page's first row is the last import; the last page's row the first.
  const first = await api<Page<{ imported_at: string }>>(server.url, `/imports/history?limit=1&page=${history.total}`);
  figures.placingMs = Date.parse(history.items[0]!.imported_at) - Date.parse(first.items[0]!.imported_at);
  figures.droppedToFirstMs = Date.parse(first.items[0]!.imported_at) - droppedAt;
  const left = (await readdir(path.join(root, 'downloads'))).filter((name) => !name.startsWith('.'));
  figures.leftInDownloads = left.length;
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
}

const importBeyondQuiet = figures.importMs - QUIET_MS;
const lines = [
  `bench:import: ${downloads.length} CBZs in ${seriesCount} series, hard links on one file system, SQLite`,
  `  cp -l (floor)                   ${figures.cpMs.toFixed(0)} ms`,
  `  scan alone (incremental)        ${figures.scanMs.toFixed(0)} ms (job), ${figures.scanWallMs.toFixed(0)} ms with linking and polling`,
  `  import (drop → every book listed) ${figures.importMs.toFixed(0)} ms, of which the quiet time ${QUIET_MS} ms; CPU ${figures.importCpuMs.toFixed(0)} ms`,
  `    drop → first import ${figures.droppedToFirstMs.toFixed(0)} ms, first → last import ${figures.placingMs.toFixed(0)} ms, then the scan`,
  `  import ÷ scan alone             ${(importBeyondQuiet / figures.scanMs).toFixed(2)}× (target ≤ 1.5×; the quiet time left out)`,
  `  files left in the import folder ${figures.leftInDownloads} (hard links: the download client keeps seeding)`,
];
for (const line of lines) console.log(line);
const results = path.join(here, '../results');
mkdirSync(results, { recursive: true });
const file = path.join(results, `import-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(file, ['```', ...lines, '```', ''].join('\n'));
console.log(`Written to ${path.relative(process.cwd(), file)}`);
