/**
 * npm run bench:calibre [-- --cbz 300] [--mixed 2000] [--database-url postgres://…]
 *
 * Shelfmark's first scan with covers against `calibredb add --recurse` into a new, empty calibre library, side by
 * side in one run on the same files: `--cbz` CBZ files with real-sized pages (1600×2400, as `bench:scan --pages
 * real` makes them) and `--mixed` small files (CBZ, EPUB, PDF; no CBR: Debian's calibre cannot read RAR). For each,
 * the wall time, files/s and CPU time of both, and how many times faster Shelfmark is. Not run in CI: it needs
 * calibre (`apt-get install calibre`), and its figures are read, never asserted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { api, endedChildrenCpuMs, runJob, startServer, type RunningServer } from '../lib/server.ts';
import { generateLibrary, MIXED, type Extension, type PageKind } from './generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const librariesRoot = path.join(here, '../.data');
const { values } = parseArgs({
  options: {
    cbz: { type: 'string', default: '300' },
    mixed: { type: 'string', default: '2000' },
    'database-url': { type: 'string' },
  },
});

const version = spawnSync('calibredb', ['--version'], { encoding: 'utf8' });
if (version.error || version.status !== 0) {
  console.error('calibredb is not installed (or does not run): apt-get install -y calibre');
  process.exit(1);
}
const calibreVersion = version.stdout.trim();

/** One set of generated files, measured with both tools. */
interface FileSet {
  name: string;
  folder: string;
  files: number;
  pages: PageKind;
  formats: readonly Extension[];
}
const cbzFiles = Number(values.cbz);
const mixedFiles = Number(values.mixed);
const sets = (
  [
    {
      name: 'CBZ, real-sized pages',
      folder: `calibre-${cbzFiles}-real-cbz`,
      files: cbzFiles,
      pages: 'real',
      formats: ['cbz'],
    },
    {
      name: 'small mixed (CBZ, EPUB, PDF)',
      folder: `calibre-${mixedFiles}-small-mixed`,
      files: mixedFiles,
      pages: 'small',
      formats: MIXED.filter((format) => format !== 'cbr'),
    },
  ] satisfies FileSet[]
).filter((set) => set.files > 0);

interface Figures {
  wallMs: number;
  cpuMs: number;
  books: number;
  covers: number;
}

/** Every file read once, so that neither side pays for the disk the other one warmed. */
async function warmPageCache(root: string): Promise<void> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) if (entry.isFile()) await readFile(path.join(entry.parentPath, entry.name));
}

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args[0]} exited with ${code}:\n${err.slice(-2000)}`)),
    );
  });
}

/**
 * What a new calibre user does: `calibredb add --recurse` of the folder into a new library, calibre reading each
 * book's metadata and cover itself (and copying the file into its library, as it always does). Its own
 * configuration folder, so that nothing of this machine's calibre settings is read or changed.
 */
async function calibreAdd(root: string): Promise<Figures> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-calibre-'));
  const library = path.join(scratch, 'library');
  // Headless: calibre's image code needs a Qt platform, and there is no display.
  const env = { CALIBRE_CONFIG_DIRECTORY: path.join(scratch, 'config'), QT_QPA_PLATFORM: 'offscreen' };
  try {
    const cpuBefore = endedChildrenCpuMs();
    const started = performance.now();
    await run('calibredb', ['add', '--recurse', '--with-library', library, root], env);
    const wallMs = performance.now() - started;
    const cpuMs = endedChildrenCpuMs() - cpuBefore;
    const listed = JSON.parse(
      await run('calibredb', ['list', '--fields', 'cover', '--for-machine', '--with-library', library], env),
    ) as { cover?: string }[];
    return { wallMs, cpuMs, books: listed.length, covers: listed.filter((book) => book.cover).length };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Shelfmark's first scan of the folder as a new library, covers included (a scan ends when every book has one). */
async function shelfmarkScan(server: RunningServer, set: FileSet): Promise<Figures> {
  const library = await api<{ id: string }>(server.url, '/libraries', {
    method: 'POST',
    body: { name: set.folder, root_path: set.folder, watch: 'off' },
  });
  const cpuBefore = server.cpuMs();
  const { job, wallMs } = await runJob(server.url, `/libraries/${library.id}/scan`, { mode: 'incremental' });
  return { wallMs, cpuMs: server.cpuMs() - cpuBefore, books: job.report.added, covers: job.report.thumbnails };
}

for (const set of sets) {
  console.log(`Generating ${set.files} files (${set.name}), reused when already there…`);
  await generateLibrary(path.join(librariesRoot, set.folder), set.files, set.pages, set.formats);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-bench-'));
const env: Record<string, string> = { DATA_DIR: dataDir, LIBRARIES_ROOT: librariesRoot };
if (values['database-url']) env.DATABASE_URL = values['database-url'];
const load = loadavg()[0]!.toFixed(1);
const server = await startServer(env);
const results: { set: FileSet; calibre: Figures; shelfmark: Figures }[] = [];
try {
  for (const set of sets) {
    await warmPageCache(path.join(librariesRoot, set.folder));
    console.log(`${set.name}: calibredb add…`);
    const calibre = await calibreAdd(path.join(librariesRoot, set.folder));
    console.log(`${set.name}: Shelfmark's first scan…`);
    const shelfmark = await shelfmarkScan(server, set);
    results.push({ set, calibre, shelfmark });
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

console.log(
  `\nShelfmark's first scan with covers vs ${calibreVersion} \`calibredb add --recurse\` — ${values['database-url'] ? 'PostgreSQL' : 'SQLite'}, Node ${process.version}, ${availableParallelism()} cores, load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end\n`,
);
const widths = [32, 11, 11, 11, 13, 16];
const line = (cells: string[]) => console.log(cells.map((cell, i) => cell.padEnd(widths[i]!)).join(''));
line(['files', 'tool', 'wall', 'files/s', 'CPU', 'books, covers']);
for (const { set, calibre, shelfmark } of results) {
  for (const [tool, figures] of [
    ['calibre', calibre],
    ['Shelfmark', shelfmark],
  ] as const) {
    line([
      tool === 'calibre' ? `${set.files} ${set.name}` : '',
      tool,
      `${(figures.wallMs / 1000).toFixed(1)} s`,
      `${Math.round(set.files / (figures.wallMs / 1000))}`,
      `${(figures.cpuMs / 1000).toFixed(1)} s`,
      `${figures.books}, ${figures.covers}`,
    ]);
  }
  line([
    '',
    'Shelfmark is',
    `${(calibre.wallMs / shelfmark.wallMs).toFixed(1)}× faster`,
    '',
    `${(calibre.cpuMs / shelfmark.cpuMs).toFixed(1)}× less CPU`,
  ]);
}
mkdirSync(path.join(here, '../results'), { recursive: true });
writeFileSync(
  path.join(here, `../results/calibre-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify({ calibre: calibreVersion, loadAverage: load, results }, null, 2),
);
