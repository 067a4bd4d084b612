import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  ARTIFACTS_DIR,
  SAMPLE_LIBRARY,
  useAdminBrowser,
} from './support/admin-browser.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './support/e2e-harness.js';

/**
 * Screenshots of every page of the admin, in light and dark, English and French, at 1366 px and 360 px, into
 * test/artifacts/admin/screens/<page>-<theme>-<lang>-<width>.png, so that they can be looked at (and compared with
 * an earlier run). It asserts only that each page showed its main heading without a console error or an uncaught
 * exception. One server, one browser, one context per theme and language, one page reused across the pages.
 */
const admin = useAdminBrowser();
const SCREENS_DIR = path.join(ARTIFACTS_DIR, 'screens');

const THEMES = ['light', 'dark'] as const;
const LANGUAGES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'fr-FR', lang: 'fr' },
] as const;
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 360, height: 740 },
] as const;

interface Ids {
  seriesId: string;
  bookId: string;
  jobId: string;
  /** A book the scan could not read, and the scan that met it (item errors, "completed with errors"). */
  brokenBookId: string;
  errorsJobId: string;
}
let ids: Ids;

beforeAll(async () => {
  await writeFile(
    path.join(admin.site.server.librariesRoot, SAMPLE_LIBRARY.rootPath, 'Nuit blanche', 'broken v02.cbz'),
    'not a zip',
  );
  const scan = await admin.site.api<{ id: string }>('POST', `/libraries/${admin.site.libraryId}/scan`, {});
  await waitUntil(
    'the scan that meets the broken file',
    async () => {
      const state = await admin.site.api<{ status: string }>('GET', `/jobs/${scan.id}`);
      return TERMINAL_JOB_STATUSES.includes(state.status) ? state : undefined;
    },
    30_000,
    100,
  );
  const broken = await admin.site.api<{ items: { id: string }[] }>('GET', '/books?parse_status=error');
  const series = await admin.site.api<{ items: { id: string; name: string }[] }>('GET', '/series?limit=50');
  const books = await admin.site.api<{ items: { id: string }[] }>('GET', '/books?series=Harbour%20Lights');
  const jobs = await admin.site.api<{ items: { id: string }[] }>('GET', '/jobs');
  ids = {
    seriesId: series.items.find((item) => item.name === 'Harbour Lights')!.id,
    bookId: books.items[0]!.id,
    jobId: jobs.items.find((item) => item.id !== scan.id)!.id,
    brokenBookId: broken.items[0]!.id,
    errorsJobId: scan.id,
  };
  await mkdir(SCREENS_DIR, { recursive: true });
});

const PAGES: { name: string; path: () => string }[] = [
  { name: 'dashboard', path: () => '/' },
  { name: 'libraries', path: () => '/libraries' },
  { name: 'library-edit', path: () => `/libraries/${admin.site.libraryId}/edit` },
  { name: 'library-new', path: () => '/libraries/new' },
  { name: 'series', path: () => '/series' },
  { name: 'series-detail', path: () => `/series/${ids.seriesId}` },
  { name: 'books', path: () => '/books' },
  { name: 'book', path: () => `/books/${ids.bookId}` },
  { name: 'reader', path: () => `/read/${ids.bookId}` },
  { name: 'metadata', path: () => `/metadata?library_id=${admin.site.libraryId}` },
  { name: 'jobs', path: () => '/jobs' },
  { name: 'job', path: () => `/jobs/${ids.jobId}` },
  { name: 'job-errors', path: () => `/jobs/${ids.errorsJobId}` },
  { name: 'book-unreadable', path: () => `/books/${ids.brokenBookId}` },
  { name: 'settings', path: () => '/settings' },
  { name: 'tokens', path: () => '/tokens' },
  { name: 'users', path: () => '/users' },
  { name: 'search', path: () => '/search?q=lune' },
];

/** Console errors and uncaught exceptions of a page, from now on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  return errors;
}

/** The page's main heading, then nothing still loading and no request in flight; images decoded. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all([...document.images].filter((image) => !image.complete).map((image) => image.decode().catch(() => {}))),
  );
}

async function shoot(page: Page, name: string, theme: string, lang: string, width: number) {
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${theme}-${lang}-${width}.png`), fullPage: true });
}

describe('screenshots of every page', { timeout: 300_000 }, () => {
  for (const theme of THEMES) {
    for (const { locale, lang } of LANGUAGES) {
      it(`${theme}, ${lang}`, async () => {
        let context: BrowserContext | undefined;
        try {
          context = await admin.browser.newContext({
            baseURL: admin.site.url,
            locale,
            colorScheme: theme,
            viewport: WIDTHS[0],
          });
          const page = await context.newPage();
          const errors = watchErrors(page);
          const failures: string[] = [];

          // Signed out: the sign-in page.
          await page.goto('/');
          for (const size of WIDTHS) {
            await page.setViewportSize(size);
            await settled(page);
            await shoot(page, 'sign-in', theme, lang, size.width);
          }
          const response = await page.request.post('/api/v1/auth/login', {
            data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
          });
          expect(response.ok()).toBe(true);

          for (const { name, path: at } of PAGES) {
            for (const size of WIDTHS) {
              await page.setViewportSize(size);
              errors.length = 0;
              await page.goto(at());
              try {
                await settled(page);
              } catch (error) {
                failures.push(`${name} at ${size.width}: ${(error as Error).message.split('\n')[0]}`);
              }
              expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
              expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
              await shoot(page, name, theme, lang, size.width);
              if (errors.length > 0) failures.push(`${name} at ${size.width}: ${errors.join('; ')}`);
            }
          }
          expect(failures, failures.join('\n')).toEqual([]);
        } finally {
          await context?.close();
        }
      });
    }
  }
});
