import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import sharp from 'sharp';
import { buildZip } from './comics.js';
import { cspViolationsOf, describeViolations, recordCspViolations, type CspViolation } from './csp-violations.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './e2e-harness.js';
import { REPO_ROOT, startServer, type RunningServer } from './server-process.js';

/**
 * The admin's end-to-end harness: the BUILT server (apps/server/dist, which mounts apps/admin/build at /) on SQLite
 * with a small generated library, driven by the system Chromium through playwright-core. Each test file that calls
 * `useAdminBrowser()` gets its own server and browser for the whole file (started in beforeAll): a file's tests may
 * then change the account (its language), the library or reading states without another file seeing it, while the
 * start-up cost (about 2 s for the server and the scan, 1 s for Chromium) is paid once per file, not per test. The
 * sample library's files are drawn once per run (support/global-setup.ts) and copied into each file's server.
 *
 * No browser is ever downloaded: Debian's `chromium` (apt-get install -y chromium, done by .ci/run when missing).
 */

export const CHROMIUM_PATH = process.env.SHELFMARK_CHROMIUM ?? '/usr/bin/chromium';
/** The flags the machines need (root: no sandbox; no GPU) and those that keep Chromium from calling home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Where screenshots go (gitignored): test/artifacts/admin/<name>-<locale>.png. */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test', 'artifacts', 'admin');

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'admin-e2e-password';
export const BOOTSTRAP_TOKEN = 'admin-e2e-bootstrap-token-0123456789abcdef';

/**
 * The generated library every admin test file starts with (unless it asks for none): a few series of small CBZ
 * files, with accents and an article so that sorting and accent-insensitive filters have something to show.
 */
export const SAMPLE_LIBRARY = {
  name: 'Comics',
  rootPath: 'comics',
  series: [
    { name: 'Harbour Lights', volumes: 3 },
    { name: 'Éclats de lune', volumes: 4 },
    { name: 'The Quiet Forest', volumes: 2 },
    { name: 'Nuit blanche', volumes: 1 },
  ],
} as const;
export const SAMPLE_BOOK_COUNT = SAMPLE_LIBRARY.series.reduce((sum, series) => sum + series.volumes, 0);

export interface AdminSite {
  server: RunningServer;
  url: string;
  /** The generated library's id, when one was created and scanned. */
  libraryId: string | undefined;
  /** A JSON call of `/api/v1` with the bootstrap token (admin scope); a non-2xx answer throws with the answer. */
  api: <T>(method: string, route: string, body?: unknown) => Promise<T>;
}

export interface AdminSiteOptions {
  /** Create the `admin` account at boot with ADMIN_PASSWORD (default); false leaves the first-run set-up to do. */
  admin?: boolean;
  /** Write, create and scan SAMPLE_LIBRARY (default); false starts with no library. */
  library?: boolean;
  /** Extra server variables. */
  env?: Record<string, string | undefined>;
}

/** One colour per series, so that covers (and screenshots) tell the series apart. */
const SERIES_COLOURS = ['#2f5d8a', '#8a3b2f', '#3b7a4a', '#6a4a8a', '#8a6d2f'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A 300×450 JPEG page drawn from SVG by sharp: the cover shows the series and volume, the other pages their
 * number, so that covers, thumbnails and the reader's pages can be told apart (by a test and in a screenshot).
 */
export async function pageImage(series: string, colour: string, volume: number, page: number): Promise<Buffer> {
  const font = 'font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="#fff" text-anchor="middle"';
  const body =
    page === 1
      ? `<text x="150" y="190" ${font} font-size="24" font-weight="bold">${escapeXml(series)}</text>
         <text x="150" y="260" ${font} font-size="64">${volume}</text>`
      : `<text x="150" y="240" ${font} font-size="40">${page}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450">
    <rect width="300" height="450" fill="${page === 1 ? colour : '#f4f1ea'}"/>
    <rect x="16" y="16" width="268" height="418" fill="none" stroke="${page === 1 ? '#fff' : colour}" stroke-width="3"/>
    ${page === 1 ? body : body.replace('fill="#fff"', `fill="${colour}"`)}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Writes SAMPLE_LIBRARY under `librariesRoot`: one folder per series, one CBZ of 3 pages per volume. */
export async function writeSampleLibrary(librariesRoot: string): Promise<void> {
  for (const [index, series] of SAMPLE_LIBRARY.series.entries()) {
    const colour = SERIES_COLOURS[index % SERIES_COLOURS.length]!;
    const folder = path.join(librariesRoot, SAMPLE_LIBRARY.rootPath, series.name);
    await mkdir(folder, { recursive: true });
    for (let volume = 1; volume <= series.volumes; volume++) {
      const pages = await Promise.all(
        [1, 2, 3].map(async (page) => ({
          name: `page${String(page).padStart(2, '0')}.jpg`,
          data: await pageImage(series.name, colour, volume, page),
        })),
      );
      await writeFile(path.join(folder, `${series.name} v${String(volume).padStart(2, '0')}.cbz`), buildZip(pages));
    }
  }
}

/**
 * Puts SAMPLE_LIBRARY under `librariesRoot`: a copy of the one the run's global set-up wrote (support/global-setup.ts),
 * or written here when there is none (a file run outside this package's vitest config).
 */
async function placeSampleLibrary(librariesRoot: string): Promise<void> {
  const written = inject('sampleLibrariesRoot');
  if (written === undefined) return writeSampleLibrary(librariesRoot);
  await cp(path.join(written, SAMPLE_LIBRARY.rootPath), path.join(librariesRoot, SAMPLE_LIBRARY.rootPath), {
    recursive: true,
  });
}

/** Starts the built server on SQLite, with the sample library created and scanned through the API. */
export async function startAdminSite(options: AdminSiteOptions = {}): Promise<AdminSite> {
  const server = await startServer({
    env: {
      SHELFMARK_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN,
      SHELFMARK_ADMIN_PASSWORD: options.admin === false ? undefined : ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/api/v1${route}`, {
      method,
      headers: {
        authorization: `Bearer ${BOOTSTRAP_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  let libraryId: string | undefined;
  try {
    if (options.library !== false) {
      await placeSampleLibrary(server.librariesRoot);
      const library = await api<{ id: string; scan_job: { id: string } }>('POST', '/libraries', {
        name: SAMPLE_LIBRARY.name,
        root_path: SAMPLE_LIBRARY.rootPath,
      });
      libraryId = library.id;
      // Creating a library starts its first scan.
      const job = library.scan_job;
      const done = await waitUntil(
        'the sample library scan',
        async () => {
          const state = await api<{ status: string }>('GET', `/jobs/${job.id}`);
          return TERMINAL_JOB_STATUSES.includes(state.status) ? state : undefined;
        },
        30_000,
        100,
      );
      if (done.status !== 'succeeded') throw new Error(`the sample library scan ended ${JSON.stringify(done)}`);
    }
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return { server, url: server.url, libraryId, api };
}

/** The contexts of the browsers launched here whose CSP violations no test has looked at yet. */
const unchecked = new Set<BrowserContext>();

/**
 * The system Chromium, headless. Playwright gives each launch a fresh temporary profile (user-data dir). Every
 * context it opens (`newContext`, `newPage`) records the Content-Security-Policy violations of its pages and frames
 * (support/csp-violations.ts), and `useAdminBrowser` fails a test in which one happened: the admin's policy (ADR 17)
 * is checked by every end-to-end test, not only by the files that look at it.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await recordCspViolations(context);
    unchecked.add(context);
    return context;
  };
  return browser;
}

/** The CSP violations met since the last call, in every context of every browser launched here; then forgotten. */
export function takeCspViolations(): CspViolation[] {
  const violations = [...unchecked].flatMap((context) => cspViolationsOf(context)?.list ?? []);
  unchecked.clear();
  return violations;
}

export interface PageOptions {
  viewport?: ViewportName;
  /** The browser's language (navigator.languages and Accept-Language); English unless given. */
  locale?: string;
  /** The system's colour scheme the pages see (prefers-color-scheme); Chromium's default (light) unless given. */
  colorScheme?: 'light' | 'dark';
}

export interface AdminBrowser {
  /** The file's server (valid once beforeAll has run). */
  readonly site: AdminSite;
  readonly browser: Browser;
  /** A page in a fresh browser context (no cookies), closed after the test. */
  newPage(options?: PageOptions): Promise<Page>;
  /** A fresh page signed in as the administrator, on the dashboard with the shell shown. */
  signedInPage(options?: PageOptions & { path?: string }): Promise<Page>;
  /** Signs in through the form on a page that shows it, and waits for the shell. */
  signIn(page: Page, password?: string): Promise<void>;
  /** A full-page screenshot in test/artifacts/admin/<name>-<lang>.png (the page's <html lang>); returns the file. */
  screenshot(page: Page, name: string): Promise<string>;
}

/** The shell is up once the user menu is there (it is outside every page's own content). */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('user-menu').waitFor({ state: 'visible', timeout: 15_000 });
}

/** How much wider than the viewport the page is (0 when nothing scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const lang = await page.evaluate(() => document.documentElement.lang || 'en');
  const file = path.join(ARTIFACTS_DIR, `${name}-${lang}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Call at the top level of an admin test file: one server (with the sample library unless told otherwise) and
 * one Chromium for the file; each page in its own context, closed after its test. A failed test leaves a
 * screenshot of each of its pages (failed-<test>-<n>-<lang>.png) and prints the tail of the server's output. A test
 * in whose pages the Content-Security-Policy refused anything fails, naming each directive and what it refused.
 */
export function useAdminBrowser(options: AdminSiteOptions = {}): AdminBrowser {
  let site: AdminSite | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  /** Uncaught errors in the current test's pages, printed when it fails. */
  let pageErrors: string[] = [];

  beforeAll(async () => {
    // Settled one by one: when one of the two fails, the other is still kept for afterAll to stop (a server left
    // running would outlive the file).
    const [started, launched] = await Promise.allSettled([startAdminSite(options), launchChromium()]);
    if (started.status === 'fulfilled') site = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  }, 90_000);

  afterEach(async (context) => {
    const violations = takeCspViolations();
    if (context.task.result?.state === 'fail') {
      if (violations.length > 0) console.error(`--- CSP violations ---\n${describeViolations(violations)}`);
      const slug = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      let n = 0;
      for (const open of contexts) {
        for (const page of open.pages()) {
          await saveScreenshot(page, `failed-${slug}-${++n}`).catch(() => undefined);
          // CI keeps its log, not the screenshots: what each page showed goes there too.
          const shown = await page
            .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 800))
            .catch((error: Error) => `(unreadable: ${error.message.split('\n')[0]})`);
          console.error(`--- page ${n}: ${page.url()}\n${shown}`);
        }
      }
      if (pageErrors.length > 0) console.error(`--- errors in the pages ---\n${pageErrors.join('\n')}`);
      if (site) {
        const tail = (text: string) => text.split('\n').slice(-30).join('\n');
        console.error(
          `--- server stdout ---\n${tail(site.server.stdout())}\n--- stderr ---\n${tail(site.server.stderr())}`,
        );
      }
    }
    pageErrors = [];
    const closing = contexts;
    contexts = [];
    await Promise.all(closing.map((open) => open.close().catch(() => undefined)));
    if (violations.length > 0 && context.task.result?.state !== 'fail') {
      throw new Error(`the Content-Security-Policy refused:\n${describeViolations(violations)}`);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await site?.server.dispose();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test`);
    return value;
  };

  const newPage = async ({ viewport = 'desktop', locale = 'en-US', colorScheme }: PageOptions = {}) => {
    const context = await need(browser, 'the browser').newContext({
      viewport: VIEWPORTS[viewport],
      locale,
      colorScheme,
      baseURL: need(site, 'the server').url,
    });
    // Shorter than the test's own timeout (30 s), so that a missing element fails with Playwright's call log; long
    // enough for a navigation on a loaded 2-core machine running four files at once.
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`));
    return page;
  };

  const signIn = async (page: Page, password = ADMIN_PASSWORD) => {
    await page.locator('input[name="username"]').fill(ADMIN_USERNAME);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await waitForShell(page);
  };

  return {
    get site() {
      return need(site, 'the server');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    newPage,
    signIn,
    async signedInPage({ path: at = '/', ...pageOptions } = {}) {
      const page = await newPage(pageOptions);
      // Signing in through the API sets the session cookie in the page's context: quicker than the form,
      // which admin-shell.test.ts covers.
      const response = await page.request.post('/api/v1/auth/login', {
        data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      });
      if (!response.ok()) throw new Error(`sign-in → ${response.status()}: ${await response.text()}`);
      await page.goto(at);
      await waitForShell(page);
      return page;
    },
    screenshot: saveScreenshot,
  };
}
