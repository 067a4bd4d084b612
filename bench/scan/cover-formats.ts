/**
 * node bench/scan/cover-formats.ts [--rounds 10]   (after npm run build)
 *
 * Where a cover's time goes, per format: books with real-sized pages (generate.ts) are made into covers one at a
 * time, in this process, with the reader processes' own code (apps/server/dist). For each format: the CPU time of
 * reading the cover image out of the book (archive read, or the PDF render), of the whole thumbnail request (read,
 * decode, resize, encode, write), and the same request through a reader process (IPC included, the server's and the
 * reader's CPU time together). CPU time, not wall time: the machine may be shared.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cbr, cbz, epub, pdfOfImages } from '../lib/books.ts';
import { REAL_PAGE, realPages } from '../lib/real-pages.ts';
import { coverFloor } from './cover-floor.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '../../apps/server/dist');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } });
const rounds = Number(values.rounds);

type Format = 'cbz' | 'cbr' | 'pdf' | 'epub';
interface Formats {
  readCover(file: string, format: Format): Promise<{ data: Buffer } | null>;
}
interface Operations {
  runReaderRequest(request: { op: 'thumbnail'; path: string; format: Format; output: string }): Promise<unknown>;
}
interface Pool {
  run(request: { op: 'thumbnail'; path: string; format: Format; output: string }): Promise<unknown>;
  pids(): number[];
  close(): Promise<void>;
}
const formats = (await import(pathToFileURL(path.join(dist, 'indexer/formats/index.js')).href)) as Formats;
const operations = (await import(
  pathToFileURL(path.join(dist, 'indexer/reader-process/operations.js')).href
)) as Operations;
const { ReaderPool } = (await import(pathToFileURL(path.join(dist, 'indexer/reader-process/reader-pool.js')).href)) as {
  ReaderPool: new (options: object, logger: object) => Pool;
};

const pages = await realPages(path.join(here, '../.data/real-pages'));
const work = await mkdtemp(path.join(tmpdir(), 'shelfmark-covers-'));
const info = { series: 'Blacksad', number: 1, title: 'Blacksad 1', writer: 'Auteur Exemple' };
// Each book's own floor: libvips on its cover image alone (PNG and WebP cannot shrink on load as JPEG does).
const floors = {
  jpeg: await coverFloor(pages.jpeg),
  png: await coverFloor(pages.png),
  webp: await coverFloor(pages.webp),
};
const samples: { name: string; format: Format; data: Buffer; floor?: keyof typeof floors }[] = [
  {
    name: 'CBZ, JPEG cover',
    floor: 'jpeg',
    format: 'cbz',
    data: cbz([pages.jpeg[5]!, pages.jpeg[1]!, pages.jpeg[2]!], info),
  },
  { name: 'CBZ, PNG cover', floor: 'png', format: 'cbz', data: cbz([pages.png[0]!, pages.jpeg[1]!], info) },
  { name: 'CBZ, WebP cover', floor: 'webp', format: 'cbz', data: cbz([pages.webp[0]!, pages.jpeg[1]!], info) },
  { name: 'EPUB, JPEG cover', floor: 'jpeg', format: 'epub', data: epub('Blacksad 1', 'Autrice', pages.jpeg[5]) },
  {
    name: 'PDF, page images',
    floor: 'jpeg',
    format: 'pdf',
    data: pdfOfImages('Blacksad 1', 'A', [pages.jpeg[5]!], REAL_PAGE),
  },
  { name: 'CBR (fixture, small pages)', format: 'cbr', data: cbr() },
];

function cpuMs(since?: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** The CPU time of `pids` so far (/proc/<pid>/stat utime + stime), in ms. */
async function childCpuMs(pids: number[]): Promise<number> {
  const { readFileSync } = await import('node:fs');
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

async function perRound(run: () => Promise<unknown>): Promise<number> {
  await run();
  const before = process.cpuUsage();
  for (let i = 0; i < rounds; i++) await run();
  return cpuMs(before) / rounds;
}

const noLog = { warn: () => undefined, info: () => undefined, debug: () => undefined, error: () => undefined };
const pool = new ReaderPool(
  { processes: 1, tasksPerProcess: 1, idleMs: 60_000, recycleRssBytes: 2 ** 40, taskTimeoutMs: 120_000 },
  noLog,
);
console.log(
  `\nCPU time per cover, ${rounds} rounds each; floor: libvips decode (shrink-on-load for JPEG) + encode of the cover image alone, one core: JPEG ${floors.jpeg.cpuMsPerCover.toFixed(1)} ms, PNG ${floors.png.cpuMsPerCover.toFixed(1)} ms, WebP ${floors.webp.cpuMsPerCover.toFixed(1)} ms\n`,
);
const widths = [30, 14, 22, 26, 12];
console.log(
  ['book', 'read cover', 'thumbnail, in process', 'thumbnail, reader process', 'vs its floor']
    .map((c, i) => c.padEnd(widths[i]!))
    .join(''),
);
try {
  for (const sample of samples) {
    const file = path.join(work, `sample.${sample.format}`);
    await writeFile(file, sample.data);
    const output = path.join(work, 'thumbnails', 'out.jpg');
    const request = { op: 'thumbnail' as const, path: file, format: sample.format, output };
    const read = await perRound(() => formats.readCover(file, sample.format));
    const whole = await perRound(() => operations.runReaderRequest(request));
    await pool.run(request);
    const serverBefore = process.cpuUsage();
    const childBefore = await childCpuMs(pool.pids());
    for (let i = 0; i < rounds; i++) await pool.run(request);
    const viaProcess = (cpuMs(serverBefore) + (await childCpuMs(pool.pids())) - childBefore) / rounds;
    console.log(
      [
        sample.name,
        `${read.toFixed(1)} ms`,
        `${whole.toFixed(1)} ms`,
        `${viaProcess.toFixed(1)} ms`,
        sample.floor ? `${(viaProcess / floors[sample.floor].cpuMsPerCover).toFixed(1)}×` : '',
      ]
        .map((c, i) => c.padEnd(widths[i]!))
        .join(''),
    );
  }
} finally {
  // Not awaited: the idle reader is unref'd, so nothing else keeps this process alive; it leaves when its channel closes.
  void pool.close();
  await rm(work, { recursive: true, force: true });
}
