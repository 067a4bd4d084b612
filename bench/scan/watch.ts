import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { api, runJob, type JobView } from '../lib/server.ts';

/** What bench:scan measures of watched folders (ADR 13), on the library it has just scanned. */
export interface WatchFigures {
  /** From `watch: auto` to the API saying `events` (lease pass, file-system check, subscription). */
  startMs: number;
  /** The subscription alone (the watcher walking the tree, one fs.watch per folder), as the server logged it. */
  subscribeMs: number | null;
  rssBeforeMb: number;
  rssAfterMb: number;
  kernelWatches: number;
  folders: number;
  /** From a new file's write to its scan's end, less the quiet time. */
  newFileToBookMs: number;
  quietMs: number;
  scopedIndexMs: number;
  scopedDurationMs: number;
  fullIndexMs: number;
  fullDurationMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Kernel watches held by a process: the `inotify wd:` lines of its fdinfo entries. */
function inotifyWatches(pid: number): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
    try {
      for (const line of readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8').split('\n'))
        if (line.startsWith('inotify wd:')) count++;
    } catch {
      // closed meanwhile
    }
  }
  return count;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

interface Library {
  watch_mode: string;
}
interface JobItem {
  id: string;
  status: string;
}

async function scanJobs(url: string, libraryId: string): Promise<JobItem[]> {
  return (await api<{ items: JobItem[] }>(url, `/jobs?type=scan&library_id=${libraryId}&limit=100`)).items;
}

/** Waits for the scans started after `before` to end, and returns the newest. */
async function nextScan(url: string, libraryId: string, before: number): Promise<JobView & { finished_at: string }> {
  for (;;) {
    const jobs = await scanJobs(url, libraryId);
    if (jobs.length > before && jobs.every((job) => job.status !== 'queued' && job.status !== 'running')) {
      return api<JobView & { finished_at: string }>(url, `/jobs/${jobs[0]!.id}`);
    }
    await sleep(20);
  }
}

/** Saves a file the way editors do (temporary file, then rename): its folder's mtime changes. */
async function rewrite(file: string): Promise<void> {
  await writeFile(`${file}.tmp`, await readFile(file));
  await rename(`${file}.tmp`, file);
}

/** The `subscribeMs` of the server's last 'library watched' log line. */
function loggedSubscribeMs(logFile: string): number | null {
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"library watched"'));
  const last = lines.at(-1);
  if (!last) return null;
  const value = (JSON.parse(last) as { subscribeMs?: number }).subscribeMs;
  return typeof value === 'number' ? value : null;
}

export async function measureWatching(
  url: string,
  logFile: string,
  pid: number,
  libraryId: string,
  libraryRoot: string,
  quietMs: number,
): Promise<WatchFigures> {
  const folders =
    (await readdir(libraryRoot, { withFileTypes: true, recursive: true })).filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('.'),
    ).length + 1;
  const series = (await readdir(libraryRoot, { withFileTypes: true })).filter((e) => e.isDirectory());
  const folderA = path.join(libraryRoot, series[Math.floor(series.length / 3)]!.name);
  const folderB = path.join(libraryRoot, series[Math.floor((2 * series.length) / 3)]!.name);
  const firstBook = async (folder: string) =>
    path.join(
      folder,
      (await readdir(folder)).find((name) => !name.startsWith('.'))!,
    );

  // A full incremental rescan after one folder changed, with watching off.
  const full = await runJob(url, `/libraries/${libraryId}/scan`, { mode: 'incremental' }).then(async () => {
    await rewrite(await firstBook(folderA));
    return runJob(url, `/libraries/${libraryId}/scan`, { mode: 'incremental' });
  });

  // Watching on: how long until the worker has subscribed, what it costs.
  const rssBeforeMb = rssMb(pid);
  const before = (await scanJobs(url, libraryId)).length;
  const started = performance.now();
  await api(url, `/libraries/${libraryId}`, { method: 'PATCH', body: { watch: 'auto' } });
  for (;;) {
    const library = await api<Library>(url, `/libraries/${libraryId}`);
    if (library.watch_mode === 'events') break;
    if (library.watch_mode === 'polling') throw new Error('the library is polled, not watched');
    await sleep(5);
  }
  const startMs = performance.now() - started;
  const subscribeMs = loggedSubscribeMs(logFile);
  const kernelWatches = inotifyWatches(pid);
  const rssAfterMb = rssMb(pid);
  // The catch-up scan a new holder runs.
  await nextScan(url, libraryId, before);

  // A new file, then its book: the quiet time, then a scan of its folder only.
  const count = (await scanJobs(url, libraryId)).length;
  const source = await firstBook(folderB);
  const written = Date.now();
  await writeFile(path.join(folderB, `zz new ${path.basename(source)}`), await readFile(source));
  const newFile = await nextScan(url, libraryId, count);
  const newFileToBookMs = Date.parse(newFile.finished_at) - written - quietMs;

  // One changed folder, scanned by the watcher's scoped scan.
  const count2 = (await scanJobs(url, libraryId)).length;
  await rewrite(await firstBook(folderA));
  const scoped = await nextScan(url, libraryId, count2);
  await api(url, `/libraries/${libraryId}`, { method: 'PATCH', body: { watch: 'off' } });

  return {
    startMs,
    subscribeMs,
    rssBeforeMb,
    rssAfterMb,
    kernelWatches,
    folders,
    newFileToBookMs,
    quietMs,
    scopedIndexMs: scoped.report.index_ms,
    scopedDurationMs: scoped.report.duration_ms,
    fullIndexMs: full.job.report.index_ms,
    fullDurationMs: full.job.report.duration_ms,
  };
}
