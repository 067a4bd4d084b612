/**
 * npm run bench:pages [-- --pages 300] [--rounds 20]
 *
 * GET /books/{id}/pages on one CBZ of `pages` realistic pages (1600×2400 JPEG, every twentieth a 3200×2400 spread,
 * stored as most CBZ files are): the first request (cold: a reader process measures every page from its header and
 * the sizes are stored) and the next ones (warm: read from the database), against the built server started as in
 * production. Figures are printed and written to bench/results/pages-<date>.md, never asserted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { markdownTable } from '../lib/measure.ts';
import { api, startServer, TOKEN } from '../lib/server.ts';
import { zip } from '../lib/zip.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: { pages: { type: 'string', default: '300' }, rounds: { type: 'string', default: '20' } },
});
const pageCount = Math.max(1, Number(values.pages));
const rounds = Math.max(1, Number(values.rounds));

/** A page with real JPEG structure and a realistic size (blurred noise: about 1 MB a page, a heavy but real scan). */
async function page(width: number, height: number, seed: number): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: width / 8,
      height: height / 8,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 100 + seed * 20, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 88 }).toBuffer();
}

const scratch = mkdtempSync(path.join(tmpdir(), 'shelfmark-bench-pages-'));
const librariesRoot = path.join(scratch, 'libraries');
const dataDir = path.join(scratch, 'data');
mkdirSync(path.join(librariesRoot, 'manga/Volume'), { recursive: true });
mkdirSync(dataDir, { recursive: true });
const portraits = await Promise.all([0, 1, 2, 3].map((seed) => page(1600, 2400, seed)));
const spread = await page(3200, 2400, 4);
const entries = Array.from({ length: pageCount }, (_, i) => ({
  name: `${String(i + 1).padStart(4, '0')}.jpg`,
  data: i % 20 === 19 ? spread : portraits[i % portraits.length]!,
}));
const book = zip(entries);
writeFileSync(path.join(librariesRoot, 'manga/Volume/Volume 01.cbz'), book);

const server = await startServer({
  DATA_DIR: dataDir,
  LIBRARIES_ROOT: librariesRoot,
  DATABASE_URL: `sqlite:${path.join(dataDir, 'bench.db')}`,
});
try {
  const created = await api<{ id: string; scan_job: { id: string } }>(server.url, '/libraries', {
    method: 'POST',
    body: { name: 'Bench', root_path: 'manga' },
  });
  for (;;) {
    const job = await api<{ status: string }>(server.url, `/jobs/${created.scan_job.id}`);
    if (job.status !== 'queued' && job.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const books = await api<{ items: { id: string; page_count: number }[] }>(
    server.url,
    `/books?library_id=${created.id}`,
  );
  const bookId = books.items[0]!.id;
  // The reader processes exit after 5 s idle: wait, so the cold figure includes forking one, as a first open does.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const timed = async (): Promise<{ ms: number; items: { width: number | null }[] }> => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/v1/books/${bookId}/pages`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    if (!response.ok) throw new Error(`GET /books/${bookId}/pages: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { items: { width: number | null }[] };
    return { ms: performance.now() - started, items: body.items };
  };
  const cold = await timed();
  const warm: number[] = [];
  for (let i = 0; i < rounds; i++) warm.push((await timed()).ms);
  warm.sort((a, b) => a - b);
  const measured = cold.items.filter((item) => item.width !== null).length;
  const median = warm[Math.floor(warm.length / 2)]!;
  const lines = [
    `# GET /books/{id}/pages, ${new Date().toISOString()}`,
    '',
    `One CBZ of ${pageCount} pages (${(book.length / 1024 / 1024).toFixed(0)} MB, stored JPEG), SQLite, built server.`,
    '',
    ...markdownTable(
      ['request', 'time'],
      [
        [
          `cold (reader process forked, ${measured}/${cold.items.length} pages measured, stored)`,
          `${cold.ms.toFixed(0)} ms`,
        ],
        [`warm (database), median of ${rounds}`, `${median.toFixed(1)} ms`],
        [`warm, slowest of ${rounds}`, `${warm[warm.length - 1]!.toFixed(1)} ms`],
      ],
    ),
    '',
    `Server peak RSS ${server.peakRssMb()} MB; reader peak ${server.treePeaks().readerMb} MB.`,
  ];
  console.log(lines.join('\n'));
  const results = path.join(here, '../results');
  mkdirSync(results, { recursive: true });
  writeFileSync(path.join(results, `pages-${new Date().toISOString().slice(0, 10)}.md`), `${lines.join('\n')}\n`);
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
