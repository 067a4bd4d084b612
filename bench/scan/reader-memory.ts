/**
 * node bench/scan/reader-memory.ts [--library scan-2000-real] [--files 600] [--op thumbnail] [--processes 1]
 *   (after npm run build)
 *
 * Where a reader process's memory goes: the first `--files` books of a library bench:scan generated
 * (bench/.data/<library>) go through one reader process (the built reader-pool.js, two requests at a time, as the
 * server runs them). Its resident size is sampled every 25 ms; at its highest, /proc/<pid>/smaps is split into the
 * mapped Node binary, libvips and other files, malloc's heap, the WASM memories (MuPDF, UnRAR, 7-zip: an rw mapping
 * followed by its many-GB reservation) and other anonymous memory (V8's heap, mmap'd blocks). Prints the high-water
 * mark (VmHWM) and the reader's CPU time per book. With `--processes 2` (as the server runs them), four requests at a
 * time over two readers, and each reader's high-water mark: PDF work goes to one of them (reader-pool.ts).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '../../apps/server/dist');
const { values } = parseArgs({
  options: {
    library: { type: 'string', default: 'scan-2000-real' },
    files: { type: 'string', default: '600' },
    op: { type: 'string', default: 'thumbnail' },
    processes: { type: 'string', default: '1' },
  },
});
if (values.op !== 'thumbnail' && values.op !== 'inspect') throw new Error('--op is thumbnail or inspect');
const op = values.op;

type Format = 'cbz' | 'cbr' | 'pdf' | 'epub';
interface Pool {
  run(request: { op: string; path: string; format: Format; output?: string }): Promise<unknown>;
  pids(): number[];
  close(): Promise<void>;
}
const { ReaderPool } = (await import(pathToFileURL(path.join(dist, 'indexer/reader-process/reader-pool.js')).href)) as {
  ReaderPool: new (options: object, logger: object) => Pool;
};

const root = path.join(here, '../.data', values.library);
const books = (await readdir(root, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && /\.(cbz|cbr|pdf|epub)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .slice(0, Number(values.files));
if (books.length === 0) throw new Error(`no books in ${root}: run bench:scan first`);

const silent = { warn() {}, info() {}, error() {}, debug() {}, child: () => silent };
const processes = Number(values.processes);
const pool = new ReaderPool(
  { processes, tasksPerProcess: 2, idleMs: 60_000, recycleRssBytes: 2 ** 40, taskTimeoutMs: 120_000 },
  silent,
);
const out = await mkdtemp(path.join(tmpdir(), 'shelfmark-reader-memory-'));

/** Resident MB of each kind of mapping in a reader's smaps. */
function mappings(pid: number): Record<string, number> {
  const text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const maps = [...text.matchAll(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+[ \t]*(.*)$/gm)].map((m) => ({
    start: BigInt(`0x${m[1]}`),
    end: BigInt(`0x${m[2]}`),
    perms: m[3]!,
    name: m[4]!,
  }));
  const kinds = new Map<bigint, string>();
  maps.forEach((map, i) => {
    const next = maps[i + 1];
    let kind = 'anonymous (V8 heap, mmap blocks)';
    if (map.name.startsWith('/')) {
      kind = /\/node$/.test(map.name) ? 'file: node' : /libvips/.test(map.name) ? 'file: libvips' : 'file: other';
    } else if (map.name === '[heap]') kind = 'malloc heap';
    else if (map.name) kind = 'other';
    else if (next && next.start === map.end && next.perms.startsWith('---') && next.end - next.start > 2n ** 32n) {
      kind = 'WASM memory';
    }
    kinds.set(map.start, kind);
  });
  const sizes: Record<string, number> = {};
  let kind = '';
  for (const line of text.split('\n')) {
    const start = /^([0-9a-f]+)-/.exec(line);
    if (start) kind = kinds.get(BigInt(`0x${start[1]}`)) ?? 'other';
    else if (line.startsWith('Rss:')) sizes[kind] = (sizes[kind] ?? 0) + Number(/\d+/.exec(line)![0]) / 1024;
  }
  return sizes;
}

function statusKb(pid: number, field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

let peakKb = 0;
let atPeak: Record<string, number> = {};
let pid: number | undefined;
const seen = new Set<number>();
const timer = setInterval(() => {
  for (const live of pool.pids()) seen.add(live);
  pid = pool.pids()[0] ?? pid;
  if (pid === undefined) return;
  try {
    const rss = statusKb(pid, 'VmRSS');
    if (rss > peakKb + 512) [peakKb, atPeak] = [rss, mappings(pid)];
  } catch {
    // between two processes
  }
}, 25);

let next = 0;
let failed = 0;
await Promise.all(
  // As the server sends them (cover-queue.ts): twice as many in flight as the readers run at once.
  Array.from({ length: 4 * processes }, async () => {
    while (next < books.length) {
      const book = books[next++]!;
      const format = path.extname(book).slice(1) as Format;
      const request =
        op === 'thumbnail'
          ? { op, path: book, format, output: path.join(out, `${next}.jpg`) }
          : { op, path: book, format };
      await pool.run(request).catch(() => failed++);
    }
  }),
);
clearInterval(timer);
let cpuMs = 0;
// Every reader's CPU time (all of them are still alive: idleMs is a minute).
for (const reader of processes > 1 ? seen : [pid!]) {
  const stat = (await readFile(`/proc/${reader}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  cpuMs += ((Number(stat[11]) + Number(stat[12])) * 1000) / 100;
}
console.log(
  `${books.length} books of ${values.library} (${op}), ${failed} failed: first reader's peak ${Math.round(statusKb(pid!, 'VmHWM') / 1024)} MB (VmHWM), ` +
    `${Math.round(statusKb(pid!, 'VmRSS') / 1024)} MB at the end; ${(cpuMs / books.length).toFixed(1)} ms CPU per book`,
);
if (processes > 1) {
  const peaks = [...seen].map((reader) => {
    try {
      return `${Math.round(statusKb(reader, 'VmHWM') / 1024)} MB`;
    } catch {
      return 'gone';
    }
  });
  console.log(`each reader's peak (VmHWM): ${peaks.join(', ')}`);
}
console.log(`at the highest sample of the first reader (${Math.round(peakKb / 1024)} MB):`);
for (const [kind, mb] of Object.entries(atPeak).sort((a, b) => b[1] - a[1])) {
  if (mb >= 0.5) console.log(`  ${kind.padEnd(34)} ${mb.toFixed(1)} MB`);
}
await rm(out, { recursive: true, force: true });
// Not awaited: the idle reader is unref'd, so nothing else keeps this process alive; it leaves when its channel closes.
void pool.close();
