/**
 * The EPUB reader's figures, for bench:admin (run.ts) or alone: `node bench/admin/epub.ts` (after
 * `npx turbo run build --filter=@shelfmark/server --filter=@shelfmark/admin`).
 *
 * Two generated books — about 5 MB (20 chapters and a 5 MB plate) and 300 chapters — each opened cold in a fresh
 * signed-in context after the dashboard: the reader's chunk (every script the browser loads for /read/{id} that the
 * dashboard did not, gzipped at level 9), the time from the navigation's start until the first page is laid out
 * (the reader's `data-ready`), the page's JS heap then (Chromium's Performance.getMetrics), and what the book cost
 * in requests to /epub.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from 'playwright-core';
import { api, startServer } from '../lib/server.ts';
import { zip } from '../lib/zip.ts';

const CONTAINER = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
const WORDS = 'the harbour lights came on one by one while the boats drifted home across the quiet water'.split(' ');

/** A reflowable EPUB 3 of `chapters` chapters of `paragraphs` paragraphs, with a plate of `plateBytes`. */
export function benchEpub(title: string, chapters: number, paragraphs: number, plateBytes = 0): Buffer {
  const chapter = (n: number) =>
    `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${n}</title></head><body><h1>Chapter ${n}</h1>${Array.from(
      { length: paragraphs },
      (_, p) => `<p>${Array.from({ length: 80 }, (_, w) => WORDS[(n + p + w) % WORDS.length]).join(' ')}.</p>`,
    ).join('')}</body></html>`;
  const ids = Array.from({ length: chapters }, (_, i) => i + 1);
  const nav = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="toc"><ol>${ids
    .map((n) => `<li><a href="c${n}.xhtml">Chapter ${n}</a></li>`)
    .join('')}</ol></nav></body></html>`;
  const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">bench-${title}</dc:identifier><dc:title>${title}</dc:title><dc:language>en</dc:language></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${ids
    .map((n) => `<item id="c${n}" href="c${n}.xhtml" media-type="application/xhtml+xml"/>`)
    .join(
      '',
    )}${plateBytes ? '<item id="plate" href="plate.bin" media-type="application/octet-stream"/>' : ''}</manifest><spine>${ids
    .map((n) => `<itemref idref="c${n}"/>`)
    .join('')}</spine></package>`;
  const plate = Buffer.alloc(plateBytes);
  for (let i = 0; i < plate.length; i++) plate[i] = (i * 2654435761) >>> 24;
  return zip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip') },
    { name: 'META-INF/container.xml', data: Buffer.from(CONTAINER) },
    { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
    { name: 'OEBPS/nav.xhtml', data: Buffer.from(nav) },
    ...ids.map((n) => ({ name: `OEBPS/c${n}.xhtml`, data: Buffer.from(chapter(n)) })),
    ...(plateBytes ? [{ name: 'OEBPS/plate.bin', data: plate }] : []),
  ]);
}

export interface EpubFigure {
  book: string;
  sizeMb: number;
  firstPageMs: number;
  heapMb: number;
  epubRequests: number;
  chunkFiles: number;
  chunkRawKb: number;
  chunkGzipKb: number;
  /** The dashboard's scripts in the same context, gzipped: the first route, which must not carry the reader. */
  firstRouteGzipKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Places the two books in `librariesRoot`, scans them, and opens each cold. */
export async function epubFigures(
  browser: Browser,
  url: string,
  librariesRoot: string,
  signedInContext: (browser: Browser, url: string) => Promise<BrowserContext>,
): Promise<EpubFigure[]> {
  const books = [
    { name: 'Five megabytes', data: benchEpub('Five megabytes', 20, 40, 5 * 1024 * 1024) },
    { name: 'Three hundred chapters', data: benchEpub('Three hundred chapters', 300, 12) },
  ];
  for (const book of books) {
    await mkdir(path.join(librariesRoot, 'epub-bench', book.name), { recursive: true });
    await writeFile(path.join(librariesRoot, 'epub-bench', book.name, `${book.name}.epub`), book.data);
  }
  const library = await api<{ id: string; scan_job: { id: string } }>(url, '/libraries', {
    method: 'POST',
    body: { name: 'EPUB bench', root_path: 'epub-bench' },
  });
  for (;;) {
    const job = await api<{ status: string }>(url, `/jobs/${library.scan_job.id}`);
    if (job.status === 'succeeded') break;
    if (['failed', 'cancelled', 'completed_with_errors'].includes(job.status))
      throw new Error(`EPUB scan ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const listed = await api<{ items: { id: string; series: string }[] }>(
    url,
    `/books?library_id=${library.id}&limit=10`,
  );
  const figures: EpubFigure[] = [];
  for (const book of books) {
    const id = listed.items.find((item) => item.series === book.name)!.id;
    const context = await signedInContext(browser, url);
    const page = await context.newPage();
    const firstRoute: Promise<Buffer | null>[] = [];
    const onFirst = (response: Response) => {
      if (response.request().resourceType() === 'script') firstRoute.push(response.body().catch(() => null));
    };
    page.on('response', onFirst);
    await page.goto('/', { waitUntil: 'networkidle' });
    page.off('response', onFirst);
    const firstBodies = (await Promise.all(firstRoute)).filter((body): body is Buffer => body !== null);
    const before = new Set<string>();
    for (const entry of await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)))
      before.add(entry);
    const scripts: Promise<Buffer | null>[] = [];
    let epubRequests = 0;
    page.on('response', (response) => {
      if (response.url().includes('/epub/')) epubRequests++;
      if (response.request().resourceType() === 'script' && !before.has(response.url()))
        scripts.push(response.body().catch(() => null));
    });
    await page.goto(`/read/${id}`);
    await page.waitForSelector('[data-testid="epub-reader"][data-ready="true"]', { timeout: 60_000 });
    const firstPageMs = await page.evaluate(() => Math.round(performance.now()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
    const bodies = (await Promise.all(scripts)).filter((body): body is Buffer => body !== null);
    figures.push({
      book: book.name,
      sizeMb: Math.round((book.data.length / 1024 / 1024) * 10) / 10,
      firstPageMs,
      heapMb: Math.round((heap / 1024 / 1024) * 10) / 10,
      epubRequests,
      chunkFiles: bodies.length,
      chunkRawKb: kb(bodies.reduce((sum, body) => sum + body.length, 0)),
      chunkGzipKb: kb(bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)),
      firstRouteGzipKb: kb(firstBodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)),
    });
    await context.close();
  }
  return figures;
}

export function epubLines(figures: EpubFigure[]): string[] {
  return [
    '\n| EPUB reader (foliate-js), cold | book (MB) | first page (ms) | JS heap (MB) | /epub requests | reader chunk: scripts | as sent (KB) | gzipped (KB) | first route before it, gzipped (KB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.map(
      (f) =>
        `| ${f.book} | ${f.sizeMb} | ${f.firstPageMs} | ${f.heapMb} | ${f.epubRequests} | ${f.chunkFiles} | ${f.chunkRawKb} | ${f.chunkGzipKb} | ${f.firstRouteGzipKb} |`,
    ),
  ];
}

// Alone: a small server with no other library.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-epub-bench-'));
  const librariesRoot = path.join(dataDir, 'libraries');
  await mkdir(librariesRoot, { recursive: true });
  const password = 'bench-admin-password';
  const server = await startServer({
    DATA_DIR: dataDir,
    LIBRARIES_ROOT: librariesRoot,
    SHELFMARK_ADMIN_PASSWORD: password,
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    headless: true,
  });
  try {
    const signedIn = async (b: Browser, at: string) => {
      const context = await b.newContext({ baseURL: at, viewport: { width: 1280, height: 800 } });
      const response = await context.request.post('/api/v1/auth/login', { data: { username: 'admin', password } });
      if (!response.ok()) throw new Error(`sign-in: ${response.status()}`);
      return context;
    };
    for (const line of epubLines(await epubFigures(browser, server.url, librariesRoot, signedIn))) console.log(line);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
