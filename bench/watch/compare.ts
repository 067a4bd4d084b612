/**
 * node bench/watch/compare.ts [--folders 10000] [--files-per-folder 10] [--only '@parcel/watcher,fs.watch per folder']
 *
 * Which watcher to build on (ADR 13): on one generated tree (empty files are enough, a watcher never opens them), each
 * candidate runs in a process of its own, which reports the time until it is ready, its RSS and the kernel watches it
 * holds (the `inotify wd:` lines of its /proc/self/fdinfo entries), started with the server's V8 flags; `none` is the
 * process alone, to subtract. `fs.watch per folder` is Shelfmark's watcher from the server build (npm run build first).
 * Linux only.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/runtime-flags.ts';

const CANDIDATES = ['none', '@parcel/watcher', 'fs.watch per folder', 'chokidar', 'fs.watch recursive'] as const;
type Candidate = (typeof CANDIDATES)[number];

/** Kernel watches held by this process, over all its inotify instances. */
export function inotifyWatches(pid: number | 'self' = 'self'): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
    try {
      const info = readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8');
      for (const line of info.split('\n')) if (line.startsWith('inotify wd:')) count++;
    } catch {
      // The descriptor closed while we looked.
    }
  }
  return count;
}

async function startCandidate(candidate: Candidate, root: string): Promise<void> {
  if (candidate === 'none') {
    // The process alone: what each watcher adds is its RSS less this one.
  } else if (candidate === '@parcel/watcher') {
    const watcher = await import('@parcel/watcher');
    await watcher.subscribe(root, () => {});
  } else if (candidate === 'fs.watch per folder') {
    // What Shelfmark's watcher does (apps/server/src/watch/folder-watcher.ts): a non-recursive fs.watch per folder,
    // found by a walk that keeps only the folders' paths.
    // From the build, as the server runs it (the sources import each other by their built names).
    const built = new URL('../../apps/server/dist/watch/folder-watcher.js', import.meta.url).href;
    const { watchFolders } = (await import(built)) as {
      watchFolders: (
        root: string,
        options: { maxWatches: undefined; onChange(): void; onFailure(): void },
      ) => Promise<unknown>;
    };
    await watchFolders(root, { maxWatches: undefined, onChange: () => {}, onFailure: () => {} });
  } else if (candidate === 'chokidar') {
    const { watch } = await import('chokidar');
    const watcher = watch(root, { persistent: true, ignoreInitial: true });
    await new Promise<void>((resolve) => watcher.on('ready', () => resolve()));
  } else {
    const { watch } = await import('node:fs');
    watch(root, { recursive: true }, () => {});
    // Node's recursive watch on Linux walks the tree and adds its watches as it goes: wait until the count settles.
    let previous = -1;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = inotifyWatches();
      if (now === previous) break;
      previous = now;
    }
  }
}

async function child(candidate: Candidate, root: string): Promise<void> {
  const started = performance.now();
  await startCandidate(candidate, root);
  const readyMs = performance.now() - started;
  const result = {
    candidate,
    readyMs: Math.round(readyMs),
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
    watches: inotifyWatches(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

function generate(root: string, folders: number, filesPerFolder: number): void {
  const marker = path.join(root, `.generated-${folders}-${filesPerFolder}`);
  if (existsSync(marker)) return;
  rmSync(root, { recursive: true, force: true });
  // Two levels, as a comics library is laid out: publisher (100 series each) / series / volumes.
  for (let i = 0; i < folders; i++) {
    const folder = path.join(root, `Publisher ${Math.floor(i / 100)}`, `Series ${i}`);
    mkdirSync(folder, { recursive: true });
    for (let j = 0; j < filesPerFolder; j++) writeFileSync(path.join(folder, `Series ${i} v${j + 1}.cbz`), '');
  }
  writeFileSync(marker, '');
}

const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    root: { type: 'string' },
    folders: { type: 'string', default: '10000' },
    'files-per-folder': { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});

if (values.child) {
  await child(values.child as Candidate, values.root!);
} else {
  const folders = Number(values.folders);
  const perFolder = Number(values['files-per-folder']);
  const root = path.join(tmpdir(), `shelfmark-watch-compare-${folders}x${perFolder}`);
  console.log(`Generating ${folders} folders × ${perFolder} files in ${root}…`);
  generate(root, folders, perFolder);
  const limit = readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8').trim();
  console.log(`fs.inotify.max_user_watches = ${limit}; Node ${process.version}\n`);
  const self = fileURLToPath(import.meta.url);
  const widths = [22, 14, 10, 16];
  console.log(['watcher', 'ready after', 'RSS', 'kernel watches'].map((c, i) => c.padEnd(widths[i]!)).join(''));
  const only = values.only?.split(',').map((name) => name.trim());
  for (const candidate of CANDIDATES.filter((name) => !only || only.includes(name))) {
    // With the server's V8 flags, so the heap a watcher grows is sized as in the server.
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, self, '--child', candidate, '--root', root], {
      encoding: 'utf8',
      timeout: 600_000,
    });
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    if (run.status !== 0 || !line.startsWith('{')) {
      console.log(`${candidate.padEnd(widths[0]!)}failed: ${(run.stderr || run.stdout).trim().split('\n')[0]}`);
      continue;
    }
    const result = JSON.parse(line) as { readyMs: number; rssMb: number; watches: number };
    console.log(
      [candidate, `${result.readyMs} ms`, `${result.rssMb} MB`, String(result.watches)]
        .map((c, i) => c.padEnd(widths[i]!))
        .join(''),
    );
  }
}
