/**
 * The web reader on a 300-page book (issue 21): time to the first page (navigation start → the opening page's image
 * loaded, in the page's clock) and to a page turn (the key press → the next page's image loaded; the reader fetches
 * the next screens ahead, so this is the turn a reader feels), plus a jump with the slider to a page not loaded
 * ahead. Pages are 1600×2400 JPEGs (one picture, 300 times: the server resizes each request anyway) asked at the
 * window's width. A fresh browser context each run; medians of `runs`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { api } from '../lib/server.ts';
import { zip } from '../lib/zip.ts';

const PAGES = 300;
const TURNS = 10;

/** A CBZ (stored zip) of `pages` copies of `image`. */
function cbz(image: Buffer, pages: number): Buffer {
  return zip(
    Array.from({ length: pages }, (_, i) => ({ name: `p${String(i + 1).padStart(3, '0')}.jpg`, data: image })),
  );
}

/** Stamps, in the page's clock, each reader page image's load and each key press. */
const MARKERS = `
  window.__reader = { loads: [], keys: [] };
  document.addEventListener('load', (event) => {
    const target = event.target;
    if (target instanceof HTMLImageElement && target.dataset.testid === 'reader-page') {
      window.__reader.loads.push({ page: Number(target.dataset.page), at: performance.now() });
    }
  }, true);
  window.addEventListener('keydown', () => window.__reader.keys.push(performance.now()), true);
`;

interface Marks {
  loads: { page: number; at: number }[];
  keys: number[];
}

const marksOf = (page: Page) => page.evaluate<Marks>('window.__reader');

async function loadedAfter(page: Page, pageNumber: number, since: number): Promise<number> {
  // A function, not a string: the admin's Content-Security-Policy has no 'unsafe-eval', and Playwright evaluates a
  // string predicate with eval() in the page.
  await page.waitForFunction(
    ({ pageNumber, since }) =>
      (globalThis as unknown as { __reader: Marks }).__reader.loads.some(
        (mark) => mark.page === pageNumber && mark.at >= since,
      ),
    { pageNumber, since },
    { timeout: 30_000 },
  );
  const marks = await marksOf(page);
  return marks.loads.find((mark) => mark.page === pageNumber && mark.at >= since)!.at;
}

interface ReaderRun {
  firstPageMs: number;
  turnMs: number[];
  jumpMs: number;
}

async function readOnce(context: BrowserContext, bookId: string): Promise<ReaderRun> {
  const page = await context.newPage();
  await page.addInitScript(MARKERS);
  await page.goto(`/read/${bookId}?incognito=1`, { waitUntil: 'commit' });
  const firstPageMs = await loadedAfter(page, 1, 0);
  await page.getByTestId('reader-stage').focus();
  const turnMs: number[] = [];
  for (let n = 2; n <= TURNS + 1; n++) {
    // The reader's preload of the next screen has had the time a reader takes to look at a page.
    await page.waitForTimeout(300);
    const before = (await marksOf(page)).keys.length;
    await page.keyboard.press('ArrowRight');
    const pressed = (await marksOf(page)).keys[before]!;
    turnMs.push((await loadedAfter(page, n, pressed)) - pressed);
  }
  // A jump to a page nothing fetched ahead.
  // The controls stepped aside while reading: M brings them back.
  await page.keyboard.press('m');
  const slider = page.getByTestId('reader-slider');
  await slider.waitFor();
  const started = await page.evaluate<number>('performance.now()');
  await slider.fill(String(PAGES / 2));
  const jumpMs = (await loadedAfter(page, PAGES / 2, started)) - started;
  await page.close();
  return { firstPageMs: Math.round(firstPageMs), turnMs, jumpMs: Math.round(jumpMs) };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Writes and scans the 300-page book, then measures `runs` cold openings of it in the reader. */
export async function measureReader(options: {
  url: string;
  librariesRoot: string;
  runs: number;
  newContext: () => Promise<BrowserContext>;
  say: (line: string) => void;
}): Promise<void> {
  const { url, librariesRoot, runs, newContext, say } = options;
  const picture = await sharp({
    create: { width: 1600, height: 2400, channels: 3, background: { r: 236, g: 230, b: 218 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2400"><circle cx="800" cy="1200" r="600" fill="#2f5d8a"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  const folder = path.join(librariesRoot, 'reader-bench', 'Long Volume');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'Long Volume v01.cbz'), cbz(picture, PAGES));
  const library = await api<{ id: string; scan_job: { id: string } }>(url, '/libraries', {
    method: 'POST',
    body: { name: 'Reader bench', root_path: 'reader-bench' },
  });
  for (;;) {
    const job = await api<{ status: string }>(url, `/jobs/${library.scan_job.id}`);
    if (['succeeded', 'completed_with_errors', 'failed', 'cancelled'].includes(job.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const books = await api<{ items: { id: string; page_count: number | null }[] }>(
    url,
    `/books?library_id=${library.id}`,
  );
  const book = books.items[0];
  if (!book || book.page_count !== PAGES)
    throw new Error(`the ${PAGES}-page book was not scanned: ${JSON.stringify(books)}`);

  const measured: ReaderRun[] = [];
  // One warm-up opening (the server's first reads of the archive) left out of the figures.
  for (let run = 0; run <= runs; run++) {
    const context = await newContext();
    try {
      const figures = await readOnce(context, book.id);
      if (run > 0) measured.push(figures);
      console.log(
        `reader run ${run}${run === 0 ? ' (warm-up)' : ''}: first page ${figures.firstPageMs} ms, turns ${figures.turnMs.map(Math.round).join(', ')} ms, jump ${figures.jumpMs} ms`,
      );
    } finally {
      await context.close();
    }
  }
  say(`\n| reader, ${PAGES}-page book (1600×2400 JPEG pages), 1280×800 window | median (ms) |`);
  say('|---|---:|');
  say(`| time to the first page (navigation → image loaded) | ${median(measured.map((m) => m.firstPageMs))} |`);
  say(
    `| page turn (key → next image loaded; ${TURNS} turns a run) | ${Math.round(median(measured.flatMap((m) => m.turnMs)) * 10) / 10} |`,
  );
  say(`| jump with the slider to page ${PAGES / 2} (not fetched ahead) | ${median(measured.map((m) => m.jumpMs))} |`);
}
