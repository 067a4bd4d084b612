/**
 * node bench/scan/compare-builds.ts --baseline <another checkout, built> [--files 2000] [--runs 5]
 *
 * This build's scans beside another build's (a git worktree of an earlier commit, built with `npm run build`), on
 * the same generated library, the two servers run in turn (A B A B…: a shared machine's load falls on both alike).
 * Each run starts a server of its own with covers left to first requests (SCAN_COVERS=on-demand, indexing alone as
 * index-only.ts measures it), scans the library first, rescans it unchanged, rewrites 1% of its files (saved the
 * usual way: temp file + rename) and rescans. Prints, per build, the median over the runs of each scan's time and CPU
 * per file (server + readers), and this build against the baseline in percent. A comparison of the cost of a change,
 * which bench:scan measures in full.
 */
import { readdir, readFile, rename, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateLibrary } from './generate.ts';
import type * as ServerModule from '../lib/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    files: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});
if (!values.baseline) throw new Error('--baseline <checkout of the build to compare with> is required');
const files = Number(values.files);
const librariesRoot = path.join(here, '../.data');
const libraryFolder = `scan-${files}`;
const libraryRoot = path.join(librariesRoot, libraryFolder);
await generateLibrary(libraryRoot, files, 'small');

/** Each build's own server starter: bench/lib/server.ts starts the apps/server/dist beside it. */
const builds: { name: string; server: typeof ServerModule }[] = [
  {
    name: 'baseline',
    server: (await import(
      pathToFileURL(path.join(path.resolve(values.baseline), 'bench/lib/server.ts')).href
    )) as typeof ServerModule,
  },
  { name: 'this build', server: await import('../lib/server.ts') },
];

/** The files rewritten between the scans: 1% of them, spread over the folders, the same ones for every run. */
async function filesToRewrite(): Promise<string[]> {
  const folders = (await readdir(libraryRoot, { withFileTypes: true })).filter((e) => e.isDirectory());
  const wanted = Math.ceil(files / 100);
  const step = Math.max(1, Math.floor(folders.length / wanted));
  const chosen: string[] = [];
  for (let i = 0; chosen.length < wanted && i < folders.length; i += step) {
    const folder = path.join(libraryRoot, folders[i]!.name);
    const [first] = (await readdir(folder)).filter((name) => !name.startsWith('.'));
    if (first) chosen.push(path.join(folder, first));
  }
  return chosen;
}
const rewritten = await filesToRewrite();

interface Measure {
  ms: number;
  /** Server and readers, and the server's event loop alone. */
  cpuMsPerFile: number;
  mainCpuMsPerFile: number;
}
type RunResult = Record<'first' | 'unchanged' | 'rewrite', Measure>;

async function measureRun(server: typeof ServerModule): Promise<RunResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-bench-compare-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LIBRARIES_ROOT: librariesRoot, SCAN_COVERS: 'on-demand' };
  if (values['database-url']) env.DATABASE_URL = values['database-url'];
  const running = await server.startServer(env);
  try {
    const library = await server.api<{ id: string }>(running.url, '/libraries', {
      method: 'POST',
      body: { name: 'Compare', root_path: libraryFolder, watch: 'off' },
    });
    const scan = async (perFile: number): Promise<Measure> => {
      const before = running.cpuMs();
      const mainBefore = running.mainThreadCpuMs();
      const { job } = await server.runJob(running.url, `/libraries/${library.id}/scan`, { mode: 'incremental' });
      return {
        ms: job.report.index_ms,
        cpuMsPerFile: (running.cpuMs() - before) / perFile,
        mainCpuMsPerFile: (running.mainThreadCpuMs() - mainBefore) / perFile,
      };
    };
    const first = await scan(files);
    const unchanged = await scan(files);
    for (const file of rewritten) {
      await writeFile(`${file}.tmp`, await readFile(file));
      await rename(`${file}.tmp`, file);
    }
    const rewrite = await scan(rewritten.length);
    await server.api(running.url, `/libraries/${library.id}`, { method: 'DELETE' });
    return { first, unchanged, rewrite };
  } finally {
    await running.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = new Map<string, RunResult[]>(builds.map(({ name }) => [name, []]));
for (let run = 0; run < Number(values.runs); run++) {
  // The order alternates too, so neither build always follows the other.
  for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
    const result = await measureRun(build.server);
    results.get(build.name)!.push(result);
    console.log(
      `run ${run + 1} ${build.name}: first ${result.first.ms} ms (${result.first.cpuMsPerFile.toFixed(2)} ms CPU/file, ` +
        `${result.first.mainCpuMsPerFile.toFixed(2)} on the event loop), ` +
        `unchanged ${result.unchanged.ms} ms, 1% rewritten ${result.rewrite.ms} ms (${result.rewrite.cpuMsPerFile.toFixed(1)} ms CPU/file)`,
    );
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const medians = (name: string) => {
  const list = results.get(name)!;
  const of = (scan: keyof RunResult, measure: keyof Measure) => median(list.map((r) => r[scan][measure]));
  return {
    first: of('first', 'ms'),
    firstCpu: of('first', 'cpuMsPerFile'),
    firstMainCpu: of('first', 'mainCpuMsPerFile'),
    unchanged: of('unchanged', 'ms'),
    rewrite: of('rewrite', 'ms'),
    rewriteCpu: of('rewrite', 'cpuMsPerFile'),
  };
};
const base = medians('baseline');
const ours = medians('this build');
const delta = (a: number, b: number) => `${b >= a ? '+' : ''}${((100 * (b - a)) / a).toFixed(1)}%`;
console.log(
  `\n${files} files, ${values['database-url'] ? 'PostgreSQL' : 'SQLite'}, medians of ${values.runs} alternated runs\n`,
);
const rows: [string, string, string, string][] = [
  ['first scan (index_ms)', `${base.first} ms`, `${ours.first} ms`, delta(base.first, ours.first)],
  [
    'first scan CPU per file',
    `${base.firstCpu.toFixed(2)} ms`,
    `${ours.firstCpu.toFixed(2)} ms`,
    delta(base.firstCpu, ours.firstCpu),
  ],
  [
    'first scan event loop CPU per file',
    `${base.firstMainCpu.toFixed(2)} ms`,
    `${ours.firstMainCpu.toFixed(2)} ms`,
    delta(base.firstMainCpu, ours.firstMainCpu),
  ],
  ['unchanged rescan', `${base.unchanged} ms`, `${ours.unchanged} ms`, delta(base.unchanged, ours.unchanged)],
  [
    `rescan, ${rewritten.length} files rewritten`,
    `${base.rewrite} ms`,
    `${ours.rewrite} ms`,
    delta(base.rewrite, ours.rewrite),
  ],
  [
    'rescan CPU per rewritten file',
    `${base.rewriteCpu.toFixed(1)} ms`,
    `${ours.rewriteCpu.toFixed(1)} ms`,
    delta(base.rewriteCpu, ours.rewriteCpu),
  ],
];
for (const row of [['measure', 'baseline', 'this build', 'change'], ...rows])
  console.log(row.map((cell, i) => cell.padEnd(i === 0 ? 36 : 14)).join(''));
