/**
 * npm run bench:calibre [-- --cbz 300] [--mixed 2000] [--database-url postgres://…]
 *
 * Shelfmark's first scan with covers against `calibredb add --recurse` into a new, empty calibre library, side by
 * side in one run on the same files: `--cbz` CBZ files with real-sized pages (1600×2400, as `bench:scan --pages
 * real` makes them) and `--mixed` small files (CBZ, EPUB, PDF; no CBR: Debian's calibre cannot read RAR). For each,
 * the wall time, files/s and CPU time of both, and how many times faster Shelfmark is. Not run in CI: it needs
 * calibre (`apt-get install calibre`), and its figures are read, never asserted. `--database-url` names a database
 * that it drops and makes again, so that each run's first scan starts from an empty one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPostgres } from '../lib/measure.ts';
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
const calibreVersion = /calibre [\d.]+/.exec(version.stdout)?.[0] ?? version.stdout.trim();

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
      code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}:\n${err.slice(-2000)}`)),
    );
  });
}

/**
 * Runs a command as a child subreaper (Linux prctl, from Python, which calibre needs anyway): calibre's cover
 * renderer leaves QtWebEngine processes that outlive their parent, and an orphan's CPU time would go to init, not
 * to us. The subreaper waits for every one of them, so `endedChildrenCpuMs` counts all that calibre used.
 */
const REAPER = `import ctypes, os, subprocess, sys
ctypes.CDLL(None).prctl(36, 1)  # PR_SET_CHILD_SUBREAPER
code = subprocess.call(sys.argv[1:])
while True:
    try:
        os.wait()
    except ChildProcessError:
        sys.exit(code)`;

/**
 * What a new calibre user does: `calibredb add --recurse` of the folder into a new library, calibre reading each
 * book's metadata and making its cover itself (it also copies each file into its library, as it always does). Its
 * own configuration folder, so that nothing of this machine's calibre settings is read or changed.
 */
async function calibreAdd(root: string): Promise<Figures> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-calibre-'));
  const library = path.join(scratch, 'library');
  const env = {
    CALIBRE_CONFIG_DIRECTORY: path.join(scratch, 'config'),
    // Headless: there is no display, and the cover of an EPUB without one is its first page, rendered by
    // QtWebEngine, whose Chromium will not start as root with its sandbox (as in a container).
    QT_QPA_PLATFORM: 'offscreen',
    QTWEBENGINE_DISABLE_SANDBOX: '1',
  };
  try {
    const cpuBefore = endedChildrenCpuMs();
    const started = performance.now();
    await run('python3', ['-c', REAPER, 'calibredb', 'add', '--recurse', '--with-library', library, root], env);
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
if (values['database-url']) {
  // A first scan: an empty database (dropped and made again), as a new user's.
  await freshPostgres(values['database-url']);
  env.DATABASE_URL = values['database-url'];
}
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
  `\nShelfmark's first scan with covers vs \`calibredb add --recurse\` (${calibreVersion}) — ${values['database-url'] ? 'PostgreSQL' : 'SQLite'}, Node ${process.version}, ${availableParallelism()} cores, load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end\n`,
);
const widths = [34, 11, 9, 9, 9, 14];
const line = (cells: string[]) => console.log(cells.map((cell, i) => cell.padEnd(widths[i]!)).join(''));
line(['files', 'tool', 'wall', 'files/s', 'CPU', 'books, covers']);
for (const { set, calibre, shelfmark } of results) {
  line([
    `${set.files} ${set.name}`,
    'calibre',
    `${(calibre.wallMs / 1000).toFixed(1)} s`,
    (set.files / (calibre.wallMs / 1000)).toFixed(1),
    `${(calibre.cpuMs / 1000).toFixed(1)} s`,
    `${calibre.books}, ${calibre.covers}`,
  ]);
  line([
    '',
    'Shelfmark',
    `${(shelfmark.wallMs / 1000).toFixed(1)} s`,
    (set.files / (shelfmark.wallMs / 1000)).toFixed(1),
    `${(shelfmark.cpuMs / 1000).toFixed(1)} s`,
    `${shelfmark.books}, ${shelfmark.covers}`,
  ]);
  console.log(
    `${''.padEnd(widths[0]!)}Shelfmark ${(calibre.wallMs / shelfmark.wallMs).toFixed(1)}× faster, ${(calibre.cpuMs / shelfmark.cpuMs).toFixed(1)}× less CPU`,
  );
}
if (Number(load) > availableParallelism()) {
  console.log(
    '\nThe machine was loaded: calibre works in one process at a time and Shelfmark keeps every core busy, so the wall times stretch unequally; the CPU times are the steadier figure.',
  );
}
if (results.some(({ calibre, shelfmark }) => calibre.covers > shelfmark.covers)) {
  console.log(
    "\nFewer covers: Shelfmark makes none for an EPUB that declares no cover image (the small EPUBs), calibre renders the EPUB's first page.",
  );
}
mkdirSync(path.join(here, '../results'), { recursive: true });
writeFileSync(
  path.join(here, `../results/calibre-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify({ calibre: calibreVersion, loadAverage: load, results }, null, 2),
);
