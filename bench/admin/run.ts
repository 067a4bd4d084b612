/**
 * npm run bench:admin [-- --books 100000 --series 10000 --runs 5]
 *
 * The admin's two budgets, measured in the system Chromium (playwright-core, /usr/bin/chromium) against the built
 * server (which serves apps/admin/build at /) on SQLite:
 *
 * 1. The first route's JavaScript: every script the browser loads for `/` (signed in, the dashboard; and signed
 *    out, the sign-in form), from the network events, gzipped here at level 9 — the size a gzip-serving proxy
 *    would send (the server itself may send it uncompressed). Budget: ≤ 150 KB.
 * 2. The series page of a large library (100k books in 10k series, loaded through bench/api/load.ts, i.e. the
 *    server's own storage code) interactive: from the navigation's start until the first series card is visible
 *    AND the filter input has taken a typed character, measured in the page's clock (performance.now(), which
 *    starts at the navigation). A fresh browser context each run (nothing cached), median of `runs`. Budget: ≤ 1 s.
 *
 * Figures are printed and written to bench/results; nothing is asserted. A page that never shows what is measured
 * ends the run non-zero (with a screenshot in bench/results).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadLibrary } from '../api/load.ts';
import { api, startServer } from '../lib/server.ts';
import { measureReader } from './reader.ts';
import { epubFigures, epubLines } from './epub.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const resultsDir = path.join(here, '../results');
const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '100000' },
    series: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
  },
});
const books = Number(values.books);
const seriesCount = Number(values.series);
const runs = Number(values.runs);

const PASSWORD = 'bench-admin-password';
/** An administrator made through the API: the loaded database already has users, so SHELFMARK_ADMIN_PASSWORD is unused. */
const USERNAME = 'bench-admin';
const JS_BUDGET_KB = 150;
const INTERACTIVE_BUDGET_MS = 1000;
/** What the series page shows (apps/admin/src/lib/components/series): a card, and the `q` filter. */
const FIRST_CARD = '[data-testid="series-card"]';
const FILTER_INPUT = '[data-testid="series-search"]';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Timestamps (performance.now(), ms since the navigation started) of what the series measure waits for. */
const MARKERS = `
  window.__bench = {};
  const seen = () => {
    const card = document.querySelector(${JSON.stringify(FIRST_CARD)});
    if (card && card.getBoundingClientRect().height > 0 && window.__bench.firstCard === undefined) {
      window.__bench.firstCard = performance.now();
    }
    const filter = document.querySelector(${JSON.stringify(FILTER_INPUT)});
    if (filter && !filter.disabled && filter.getBoundingClientRect().height > 0 && window.__bench.filterReady === undefined) {
      window.__bench.filterReady = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  document.addEventListener('input', (event) => {
    if (event.target.matches(${JSON.stringify(FILTER_INPUT)}) && window.__bench.firstInput === undefined) {
      window.__bench.firstInput = performance.now();
    }
  }, true);
`;

async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
  const response = await context.request.post('/api/v1/auth/login', {
    data: { username: USERNAME, password: PASSWORD },
  });
  if (!response.ok()) throw new Error(`sign-in: ${response.status()} ${await response.text()}`);
  return context;
}

interface ScriptSizes {
  files: number;
  rawKb: number;
  gzipKb: number;
}

/** Every script the page loads until the network is idle, with its size as sent and gzipped here. */
async function scriptsOf(page: Page, at: string, ready: string): Promise<ScriptSizes> {
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  await page.goto(at, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor({ timeout: 15_000 });
  const loaded = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    files: loaded.length,
    rawKb: kb(loaded.reduce((sum, body) => sum + body.length, 0)),
    gzipKb: kb(loaded.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)),
  };
}

interface Interactive {
  firstCardMs: number;
  filterReadyMs: number;
  /** When a key typed by Playwright reached the filter (includes Playwright's own polling and round trip). */
  keyAcceptedMs: number;
  interactiveMs: number;
  /** Where the time went: the HTML and scripts, then each API call (start → end). */
  breakdown: string;
}

/**
 * One cold visit of `at`. Interactive = the later of the first visible card and the filter input being there and
 * enabled, both stamped in the page by a MutationObserver; a typed character must then reach the filter (its time
 * is reported, not budgeted, since Playwright's polling adds to it).
 */
async function seriesInteractive(browser: Browser, url: string, at: string): Promise<Interactive> {
  const context = await signedInContext(browser, url);
  try {
    const page = await context.newPage();
    await page.addInitScript(MARKERS);
    await page.goto(at, { waitUntil: 'commit' });
    try {
      await Promise.all([
        page.locator(FIRST_CARD).first().waitFor({ state: 'visible', timeout: 30_000 }),
        page.locator(FILTER_INPUT).waitFor({ state: 'visible', timeout: 30_000 }),
      ]);
      await page.locator(FILTER_INPUT).pressSequentially('a', { timeout: 10_000 });
    } catch (error) {
      mkdirSync(resultsDir, { recursive: true });
      const shot = path.join(resultsDir, 'admin-series-failed.png');
      await page.screenshot({ path: shot, fullPage: true });
      throw new Error(`${at} did not show a series card and its filter (screenshot: ${shot})`, { cause: error });
    }
    const marks = await page.evaluate<{ firstCard?: number; filterReady?: number; firstInput?: number }>(
      'window.__bench',
    );
    if (marks.firstCard === undefined || marks.filterReady === undefined || marks.firstInput === undefined) {
      throw new Error(`markers missing: ${JSON.stringify(marks)}`);
    }
    const breakdown = await page.evaluate<string>(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const calls = performance.getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/trpc/'))
        .map((entry) => new URL(entry.name).pathname.replace('/trpc/', '') + ' ' + Math.round(entry.startTime) + '→' + Math.round(entry.responseEnd));
      return 'DOMContentLoaded ' + Math.round(nav.domContentLoadedEventEnd) + '; ' + calls.join('; ');
    })()`);
    return {
      firstCardMs: Math.round(marks.firstCard),
      filterReadyMs: Math.round(marks.filterReady),
      keyAcceptedMs: Math.round(marks.firstInput),
      interactiveMs: Math.round(Math.max(marks.firstCard, marks.filterReady)),
      breakdown,
    };
  } finally {
    await context.close();
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-admin-bench-'));
const librariesRoot = path.join(dataDir, 'libraries');
const lines: string[] = [];
const say = (line: string) => {
  console.log(line);
  lines.push(line);
};
try {
  console.log(`loading ${books} books in ${seriesCount} series (SQLite)…`);
  const started = performance.now();
  await loadLibrary({
    repo,
    database: { kind: 'sqlite', path: path.join(dataDir, 'shelfmark.db') },
    librariesRoot,
    books,
    series: seriesCount,
  });
  console.log(`loaded in ${Math.round((performance.now() - started) / 1000)} s`);
  const server = await startServer({
    DATA_DIR: dataDir,
    LIBRARIES_ROOT: librariesRoot,
    SHELFMARK_ADMIN_PASSWORD: PASSWORD,
  });
  await api(server.url, '/users', { method: 'POST', body: { username: USERNAME, password: PASSWORD, role: 'admin' } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  try {
    // 1. The first route's JavaScript, signed in (the dashboard) and signed out (the sign-in form).
    const signedIn = await signedInContext(browser, server.url);
    const dashboard = await scriptsOf(await signedIn.newPage(), '/', '[data-testid="counts"]');
    await signedIn.close();
    const anonymous = await browser.newContext({ baseURL: server.url });
    const signInForm = await scriptsOf(await anonymous.newPage(), '/', 'input[name="password"]');
    await anonymous.close();
    say(`\n# bench:admin — ${books} books, ${seriesCount} series, SQLite, Chromium headless\n`);
    say('| first route `/` | scripts | JS as sent (KB) | JS gzipped (KB) | budget |');
    say('|---|---:|---:|---:|---|');
    for (const [name, sizes] of [
      ['signed in (dashboard)', dashboard],
      ['signed out (sign-in form)', signInForm],
    ] as const) {
      const verdict = sizes.gzipKb <= JS_BUDGET_KB ? 'within' : 'OVER';
      say(`| ${name} | ${sizes.files} | ${sizes.rawKb} | ${sizes.gzipKb} | ≤ ${JS_BUDGET_KB} KB: ${verdict} |`);
    }

    // 2. The series page of the large library, interactive; one warm-up visit (the server's first list query
    // and Chromium's first start of a context) left out of the figures.
    await seriesInteractive(browser, server.url, '/series');
    const measured: Interactive[] = [];
    for (let run = 1; run <= runs; run++) {
      const figure = await seriesInteractive(browser, server.url, '/series');
      measured.push(figure);
      console.log(
        `run ${run}: first card ${figure.firstCardMs} ms, filter ready ${figure.filterReadyMs} ms, a typed key reached it at ${figure.keyAcceptedMs} ms`,
      );
      console.log(`       ${figure.breakdown}`);
    }
    const firstCard = median(measured.map((figure) => figure.firstCardMs));
    const interactive = median(measured.map((figure) => figure.interactiveMs));
    const keyAccepted = median(measured.map((figure) => figure.keyAcceptedMs));
    say(
      `\n| /series, ${books} books | first card visible (ms) | interactive (ms) | budget | a key typed by Playwright reached the filter (ms) |`,
    );
    say('|---|---:|---:|---|---:|');
    say(
      `| median of ${runs} cold visits | ${firstCard} | ${interactive} | ≤ ${INTERACTIVE_BUDGET_MS} ms: ${interactive <= INTERACTIVE_BUDGET_MS ? 'within' : 'OVER'} | ${keyAccepted} |`,
    );
    say(`\nEach run (interactive ms): ${measured.map((figure) => figure.interactiveMs).join(', ')}`);
    await measureReader({
      url: server.url,
      librariesRoot,
      runs,
      newContext: () => signedInContext(browser, server.url),
      say,
    });
    for (const line of epubLines(await epubFigures(browser, server.url, librariesRoot, signedInContext))) say(line);
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `admin-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(file, `${lines.join('\n')}\n`);
console.log(`\nWritten to ${path.relative(repo, file)}`);
