/**
 * node bench/scan/reader-memory.ts [--library scan-2000-real] [--files 600] [--op thumbnail] [--processes 1]
 *   [--recycle-mb 104] (after npm run build)
 *
 * Where a reader process's memory goes: the first `--files` books of a library bench:scan generated
 * (bench/.data/<library>) go through one reader process (the built reader-pool.js, two requests at a time, as the
 * server runs them). Its resident size is sampled every 25 ms; at its highest, /proc/<pid>/smaps is split into the
 * mapped Node binary, libvips and other files, malloc's heap, the WASM memories (MuPDF, UnRAR, 7-zip: an rw mapping
 * followed by its many-GB reservation) and other anonymous memory (V8's heap, mmap'd blocks). Prints the high-water
 * mark (VmHWM) and the reader's CPU time per book. With `--processes 2` (as the server runs them), four requests at a
 * time over two readers, and each reader's high-water mark: PDF work goes to one of them (reader-pool.ts).
 * `--recycle-mb`: the pool's recycling mark (default the server's, READER_RECYCLE_RSS_BYTES); every reader that lived
 * is counted, replaced ones included.
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
    'recycle-mb': { type: 'string' },
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
const { ReaderPool, READER_RECYCLE_RSS_BYTES } = (await import(
  pathToFileURL(path.join(dist, 'indexer/reader-process/reader-pool.js')).href
)) as { ReaderPool: new (options: object, logger: object) => Pool; READER_RECYCLE_RSS_BYTES: number };
const recycleRssBytes =
  values['recycle-mb'] === undefined ? READER_RECYCLE_RSS_BYTES : Number(values['recycle-mb']) * 1024 * 1024;

const root = path.join(here, '../.data', values.library);
const books = (await readdir(root, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && /\.(cbz|cbr|pdf|epub)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .slice(0, Number(values.files))
  // In the order a scan sends them: the PDFs' covers last (ScanService.finishCovers).
  .sort((a, b) => Number(a.endsWith('.pdf')) - Number(b.endsWith('.pdf')));
if (books.length === 0) throw new Error(`no books in ${root}: run bench:scan first`);

const silent = { warn() {}, info() {}, error() {}, debug() {}, child: () => silent };
const processes = Number(values.processes);
const pool = new ReaderPool(
  { processes, tasksPerProcess: 2, idleMs: 60_000, recycleRssBytes, taskTimeoutMs: 120_000 },
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

/** User + system CPU of a process, in ms. */
async function cpuOf(reader: number): Promise<number> {
  const stat = (await readFile(`/proc/${reader}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(stat[11]) + Number(stat[12])) * 1000) / 100;
}

/** Each reader that lived: its high-water mark and CPU time as last read (a replaced one's are kept). */
const readers = new Map<number, { hwmKb: number; cpuMs: number }>();
/** Every resident-size sample of each reader, in KB. */
const samples = new Map<number, number[]>();
/** Each reader's highest sample, split by kind of mapping. */
const highest = new Map<number, { rssKb: number; kinds: Record<string, number> }>();
const timer = setInterval(() => {
  for (const reader of pool.pids()) {
    try {
      const hwmKb = statusKb(reader, 'VmHWM');
      const rss = statusKb(reader, 'VmRSS');
      const stat = readFileSync(`/proc/${reader}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const cpuMs = ((Number(stat[11]) + Number(stat[12])) * 1000) / 100;
      // An exiting process has no VmHWM line any more: the highest figures read are kept.
      const before = readers.get(reader);
      readers.set(reader, { hwmKb: Math.max(hwmKb, before?.hwmKb ?? 0), cpuMs: Math.max(cpuMs, before?.cpuMs ?? 0) });
      if (!samples.has(reader)) samples.set(reader, []);
      samples.get(reader)!.push(rss);
      const high = highest.get(reader);
      if (!high || rss > high.rssKb + 512) highest.set(reader, { rssKb: rss, kinds: mappings(reader) });
    } catch {
      // the process ended between two reads
    }
  }
}, 25);

let next = 0;
let failed = 0;
const started = performance.now();
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
const wallMs = performance.now() - started;
clearInterval(timer);
// The live readers' final figures (they stay: idleMs is a minute); a replaced one's are its last sample.
for (const reader of pool.pids()) readers.set(reader, { hwmKb: statusKb(reader, 'VmHWM'), cpuMs: await cpuOf(reader) });
const cpuMs = [...readers.values()].reduce((sum, reader) => sum + reader.cpuMs, 0);
const peaks = [...readers.values()].map((reader) => reader.hwmKb);
console.log(
  `${books.length} books of ${values.library} (${op}), ${failed} failed, ${processes} at once, recycled past ` +
    `${Math.round(recycleRssBytes / 1048576)} MB: ${readers.size} readers lived, highest peak ` +
    `${Math.round(Math.max(...peaks) / 1024)} MB (VmHWM); ${(cpuMs / books.length).toFixed(1)} ms CPU per book, ` +
    `${Math.round((books.length * 1000) / wallMs)} books/s`,
);
console.log(`each reader's peak (VmHWM): ${peaks.map((kb) => `${Math.round(kb / 1024)} MB`).join(', ')}`);
for (const [reader, kbs] of samples) {
  if (kbs.length < 20) continue;
  const sorted = [...kbs].sort((a, b) => a - b);
  const at = (q: number) => `${Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! / 1024)}`;
  console.log(
    `reader ${reader}, resident size over ${kbs.length} samples: median ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, ` +
      `p99.9 ${at(0.999)}, max ${at(1)} MB`,
  );
}
// The two readers with the highest samples (with --processes 2: the one holding MuPDF and the other).
for (const [reader, sample] of [...highest].sort((a, b) => b[1].rssKb - a[1].rssKb).slice(0, 2)) {
  console.log(`at the highest sample of reader ${reader} (${Math.round(sample.rssKb / 1024)} MB):`);
  for (const [kind, mb] of Object.entries(sample.kinds).sort((a, b) => b[1] - a[1])) {
    if (mb >= 0.5) console.log(`  ${kind.padEnd(34)} ${mb.toFixed(1)} MB`);
  }
}
await rm(out, { recursive: true, force: true });
// Not awaited: the idle reader is unref'd, so nothing else keeps this process alive; it leaves when its channel closes.
void pool.close();
