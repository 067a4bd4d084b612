import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  ARTIFACTS_DIR,
  SAMPLE_LIBRARY,
  useAdminBrowser,
} from './support/admin-browser.js';
import { cspViolationsOf, describeViolations } from './support/csp-violations.js';
import { hoverContrastFailures } from './support/hover-contrast.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './support/e2e-harness.js';
import { REPO_ROOT } from './support/server-process.js';
import { layoutFaults } from './support/layout.js';
import { watchNetwork, type NetworkQuiet } from './support/network-quiet.js';
import { navigateInApp, sectionOf } from './support/in-app-navigation.js';
import { openRestrictedReader, prepareNewerPages } from './support/newer-pages.js';
import { phaseTiming } from './support/phase-timing.js';
import { addLibrary, pointPluginsAtFakes, startPluginFakes, type PluginFakes } from './support/plugin-fakes.js';

/**
 * Screenshots of every page of the admin, in light and dark, English and French, at 1366 px and 360 px, into
 * test/artifacts/admin/screens/<page>-<theme>-<lang>-<width>.jpg, so that they can be looked at (and compared with
 * an earlier run). It asserts only that each page showed its main heading without a console error, an uncaught
 * exception or anything the Content-Security-Policy refused (ADR 17: each refusal is named with its directive and
 * address). One server, one browser, one context per language and width, one page reused across the pages, each
 * page opened once and shot in light then dark: loaded afresh in the first walk (English, 1366 px), reached by a link
 * in the app in the others where the previous page was in another section (support/in-app-navigation.ts).
 *
 * On every page at both widths it also asserts the layout: never wider than the viewport (a phone would show the
 * page zoomed out), the selected tab in its list's view, row headers not in the column headers' capitals; and at
 * 1366×800, with more libraries than the first screen holds, the navigation's collapse button in view.
 *
 * `SHELFMARK_README_SCREENSHOT=1 npx vitest run admin-screens.test.ts` (in test/) also renews the README's pictures
 * in docs/images (README_SHOTS below), from the same run.
 */
const admin = useAdminBrowser();
const SCREENS_DIR = path.join(ARTIFACTS_DIR, 'screens');

const THEMES = ['light', 'dark'] as const;
const LANGUAGES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'fr-FR', lang: 'fr' },
] as const;
const WIDTHS = [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
] as const;

interface Ids {
  seriesId: string;
  bookId: string;
  jobId: string;
  /** A book the scan could not read, and the scan that met it (item errors, "completed with errors"). */
  brokenBookId: string;
  errorsJobId: string;
  /** A collection and a reading list of the sample library's (issue 32). */
  collectionId: string;
  readingListId: string;
  /** A library whose provider (Bédéthèque's fake) has matches waiting for review. */
  reviewLibraryId: string;
}
let ids: Ids;
let fakes: PluginFakes | undefined;

/** Libraries beside the sample one, so that the navigation holds more than the first screen at 1366×800. */
const MORE_LIBRARIES = ['Manga', 'Webtoons', 'Romans', 'Science-fiction', 'Jeunesse', 'Archives'];

/** The README's pictures: a page of the walk, in a theme, at 1366 px in English → docs/images/<file>. */
const README_SHOTS: { page: string; theme: (typeof THEMES)[number]; file: string }[] = [
  { page: 'series', theme: 'light', file: 'series-grid-light.png' },
  { page: 'series-detail', theme: 'dark', file: 'series-dark.png' },
  { page: 'reader', theme: 'dark', file: 'reader-dark.png' },
  { page: 'metadata-review', theme: 'light', file: 'metadata-review-light.png' },
];

/** Two series of a Bédéthèque library matched and left pending: the review queue has something to show. */
async function libraryWithMatchesToReview(): Promise<string> {
  fakes = await startPluginFakes();
  await pointPluginsAtFakes(admin.site, fakes);
  const libraryId = await addLibrary(admin.site, {
    name: 'Bandes dessinées',
    rootPath: 'bd',
    series: [
      { name: 'Thorgal', volumes: [1] },
      { name: 'Les Légendaires', volumes: [1] },
    ],
    metadataProvider: 'bedetheque',
  });
  for (const [name, confidence] of [
    ['Thorgal', 100],
    ['Les Légendaires', 70],
  ] as const) {
    const found = await admin.site.api<{ items: { external_id: string }[] }>('POST', '/metadata/search', {
      library_id: libraryId,
      series_name: name,
    });
    await admin.site.api('POST', '/metadata/match', {
      library_id: libraryId,
      series_name: name,
      provider: 'bedetheque',
      external_id: found.items[0]!.external_id,
      confidence,
    });
  }
  return libraryId;
}

const timing = phaseTiming('screens');

afterAll(async () => {
  await fakes?.close();
  if (timing.report()) console.info(timing.report());
});

beforeAll(async () => {
  const reviewLibraryId = await libraryWithMatchesToReview();
  for (const name of MORE_LIBRARIES) {
    await mkdir(path.join(admin.site.server.librariesRoot, name), { recursive: true });
    const library = await admin.site.api<{ scan_job: { id: string } }>('POST', '/libraries', { name, root_path: name });
    await waitUntil(
      `the scan of ${name}`,
      async () => {
        const state = await admin.site.api<{ status: string }>('GET', `/jobs/${library.scan_job.id}`);
        return TERMINAL_JOB_STATUSES.includes(state.status) ? state : undefined;
      },
      30_000,
      100,
    );
  }
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
  const series = await admin.site.api<{ items: { id: string; name: string }[] }>(
    'GET',
    `/series?limit=50&library_id=${admin.site.libraryId}`,
  );
  const books = await admin.site.api<{ items: { id: string }[] }>('GET', '/books?series=Harbour%20Lights');
  const jobs = await admin.site.api<{ items: { id: string }[] }>('GET', '/jobs');
  const collection = await admin.site.api<{ id: string }>('POST', '/collections', {
    name: 'Prix des lecteurs',
    summary: 'Les séries primées par les lecteurs.',
    ordered: true,
    series_ids: series.items.map((item) => item.id),
  });
  const list = await admin.site.api<{ id: string }>('POST', '/reading-lists', {
    name: 'Harbour Lights, then the rest',
    book_ids: books.items.map((item) => item.id),
  });
  await admin.site.api('PUT', `/want-to-read/${series.items[0]!.id}`);
  // Genres and an author to filter by, and a saved filter in the navigation.
  const harbour = series.items.find((item) => item.name === 'Harbour Lights')!.id;
  await admin.site.api('PATCH', `/series/${harbour}`, {
    genres: ['Aventure', 'Policier'],
    authors: [{ name: 'Ana Lune', role: 'writer' }],
  });
  // The books list's facets: the first Harbour Lights books get genres, credits, an edition and a story arc.
  for (const [index, book] of books.items.slice(0, 2).entries()) {
    await admin.site.api('PATCH', `/books/${book.id}`, {
      genres: index === 0 ? ['Aventure'] : ['Aventure', 'Policier'],
      authors: [
        { name: 'Ana Lune', role: 'writer' },
        { name: 'Ben Trait', role: 'cover' },
      ],
      story_arcs: [{ name: 'Marée basse', number: index + 1 }],
      comic_format: 'TPB',
    });
  }
  // The Import page's queue and history, the Wanted page's missing volumes, a reader's restrictions.
  await prepareNewerPages(admin.site);
  await admin.site.api('POST', '/saved-filters', {
    name: 'Aventures',
    target: 'series',
    filter: { genre: ['Aventure'] },
    shared: true,
  });
  ids = {
    seriesId: series.items.find((item) => item.name === 'Harbour Lights')!.id,
    bookId: books.items[0]!.id,
    jobId: jobs.items.find((item) => item.id !== scan.id)!.id,
    brokenBookId: broken.items[0]!.id,
    errorsJobId: scan.id,
    collectionId: collection.id,
    readingListId: list.id,
    reviewLibraryId,
  };
  await mkdir(SCREENS_DIR, { recursive: true });
}, 120_000);

/*
 * Ordered so that each page is in another section than the one before (pages of one section share their route's
 * state, so the walk loads those afresh, which costs the app's start): most are then reached by a link in the app.
 */
const PAGES: { name: string; path: () => string; open?: (page: Page) => Promise<void> }[] = [
  { name: 'dashboard', path: () => '/' },
  { name: 'libraries', path: () => '/libraries' },
  { name: 'series', path: () => '/series?view=grid' },
  { name: 'books', path: () => '/books' },
  { name: 'metadata', path: () => `/metadata?library_id=${admin.site.libraryId}` },
  { name: 'jobs', path: () => '/jobs' },
  { name: 'settings', path: () => '/settings' },
  { name: 'tokens', path: () => '/tokens' },
  { name: 'users', path: () => '/users' },
  { name: 'search', path: () => '/search?q=lune' },
  { name: 'collections', path: () => '/collections' },
  { name: 'reading-lists', path: () => '/reading-lists' },
  { name: 'want-to-read', path: () => '/want-to-read' },
  { name: 'saved-filters', path: () => '/saved-filters' },
  { name: 'author', path: () => '/authors/Ana%20Lune' },
  { name: 'wanted', path: () => '/wanted' },
  // A file imported (the history) and one waiting for a number (the queue), with its long name (issue 37).
  { name: 'imports', path: () => '/imports' },
  { name: 'library-edit', path: () => `/libraries/${admin.site.libraryId}/edit` },
  { name: 'series-table', path: () => '/series?view=table' },
  { name: 'books-grid', path: () => '/books?view=grid' },
  { name: 'metadata-review', path: () => `/metadata/review?library_id=${ids.reviewLibraryId}` },
  { name: 'job', path: () => `/jobs/${ids.jobId}` },
  // A tab far along the list: on a phone the tab list scrolls, and the selected tab must be in its view.
  { name: 'settings-backups', path: () => '/settings?tab=backups' },
  { name: 'collection', path: () => `/collections/${ids.collectionId}` },
  { name: 'reading-list', path: () => `/reading-lists/${ids.readingListId}` },
  { name: 'library-new', path: () => '/libraries/new' },
  { name: 'series-detail', path: () => `/series/${ids.seriesId}` },
  { name: 'book', path: () => `/books/${ids.bookId}` },
  { name: 'job-errors', path: () => `/jobs/${ids.errorsJobId}` },
  { name: 'settings-sign-in', path: () => '/settings?tab=sign-in' },
  { name: 'reader', path: () => `/read/${ids.bookId}` },
  { name: 'book-unreadable', path: () => `/books/${ids.brokenBookId}` },
  { name: 'series-filtered', path: () => '/series?genre=Aventure&genre=Policier' },
  { name: 'books-filtered', path: () => '/books?genre=Aventure&genre=Policier&author_role=writer' },
  // A reader's restrictions (issue 39), in the user dialog.
  { name: 'user-restrictions', path: () => '/users', open: openRestrictedReader },
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
async function settled(page: Page, network: NetworkQuiet, where = ''): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
  await timing.time('network', where, () => network.settled());
  /*
   * The images fetched and not yet drawn. A lazy image the browser never asked for (below a long list, in a hidden
   * strip) never decodes: waiting on every incomplete image cost the 5 s safety bound below on each page that had one.
   * Only the fetched ones, which the network's quiet says have arrived, are waited on; the bound stays for safety.
   */
  await timing.time('images', where, () =>
    page.evaluate(() => {
      const fetched = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
      const arriving = [...document.images].filter((image) => !image.complete && fetched.has(image.currentSrc));
      return Promise.race([
        Promise.all(arriving.map((image) => image.decode().catch(() => {}))),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
    }),
  );
}

async function shoot(page: Page, name: string, theme: string, lang: string, width: number) {
  // JPEG: Chromium encodes a tall full-page shot several times faster than as PNG, and these are only looked at.
  const file = path.join(SCREENS_DIR, `${name}-${theme}-${lang}-${width}.jpg`);
  await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 80 });
  const readme = README_SHOTS.find((shot) => shot.page === name && shot.theme === theme);
  if (process.env.SHELFMARK_README_SCREENSHOT === '1' && readme && lang === 'en' && width === WIDTHS[0].width) {
    // The first screen only: a README picture is what one sees on opening the page.
    await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'images', readme.file) });
  }
}

/** Switches the page's colour scheme (the admin follows the system's live) and lets the kit's colour transitions end. */
async function showTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  // The admin hears of the change through a media query listener, in a later task than the emulation's answer.
  await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/*
 * One test per language and width, each page loaded once and shot in both themes: the theme follows the system's
 * scheme live (src/lib/theme.ts), so switching it on the loaded page shows what a load in that theme shows, and the
 * page's load (most of a shot's cost) is paid once for the two. Every check still runs in each theme.
 */
describe('screenshots of every page', { timeout: 300_000 }, () => {
  for (const { locale, lang } of LANGUAGES) {
    for (const size of WIDTHS) {
      // The first walk loads every page afresh (a link opened from outside); the others follow links in the app.
      const everyPageAfresh = lang === LANGUAGES[0].lang && size.width === WIDTHS[0].width;
      it(`${lang}, ${size.width} px, light and dark`, async () => {
        let context: BrowserContext | undefined;
        try {
          context = await admin.browser.newContext({ baseURL: admin.site.url, locale, viewport: size });
          const page = await context.newPage();
          const errors = watchErrors(page);
          const network = watchNetwork(page);
          // Every context of the harness's browser records them (support/admin-browser.ts): here, page by page.
          const refused = cspViolationsOf(context)!;
          const failures: string[] = [];
          const noteRefusals = (where: string) => {
            if (refused.list.length > 0)
              failures.push(`${where}, the policy refused:\n${describeViolations(refused.list)}`);
            refused.clear();
          };

          // Signed out: the sign-in page.
          await page.goto('/');
          await settled(page, network);
          for (const theme of THEMES) {
            await showTheme(page, theme);
            await shoot(page, 'sign-in', theme, lang, size.width);
          }
          noteRefusals('sign-in');
          const response = await page.request.post('/api/v1/auth/login', {
            data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
          });
          expect(response.ok()).toBe(true);

          /** Where the walk last was, and whether it opened something there (a dialog stays open in the app). */
          let previous: { section: string; opened: boolean } | undefined;
          for (const { name, path: at, open } of PAGES) {
            errors.length = 0;
            const url = at();
            const afresh = everyPageAfresh || !previous || previous.opened || previous.section === sectionOf(url);
            previous = undefined;
            const loadedAt = `${name} ${lang} ${size.width}`;
            // Each load starts in the light theme (the previous page ended in the dark one).
            await page.emulateMedia({ colorScheme: THEMES[0] });
            try {
              await timing.time(afresh ? 'load' : 'in-app navigation', loadedAt, async () => {
                if (afresh) await page.goto(url);
                else await navigateInApp(page, url);
                await settled(page, network, loadedAt);
                if (open) {
                  await open(page);
                  await settled(page, network, loadedAt);
                }
              });
              previous = { section: sectionOf(url), opened: open !== undefined };
            } catch (error) {
              failures.push(`${name} at ${size.width}: ${(error as Error).message.split('\n')[0]}`);
            }
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
            for (const theme of THEMES) {
              const where = `${name} at ${size.width}, ${theme}`;
              await timing.time('theme', `${loadedAt} ${theme}`, () => showTheme(page, theme));
              expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
              await timing.time('screenshot', `${loadedAt} ${theme}`, () => shoot(page, name, theme, lang, size.width));
              for (const fault of await timing.time('layout', `${loadedAt} ${theme}`, () => layoutFaults(page)))
                failures.push(`${where}: ${fault}`);
              if (size.width === WIDTHS[0].width) {
                const collapse = await page.getByTestId('nav-collapse').boundingBox();
                if (!collapse || collapse.y + collapse.height > size.height)
                  failures.push(`${where}: the navigation's collapse button is below the fold`);
              }
              // Issue 33: the reader's buttons keep their words readable under the pointer (and after a tap).
              if (name === 'reader') {
                const hovered = await timing.time('hover contrast', `${loadedAt} ${theme}`, () =>
                  hoverContrastFailures(page, '[data-testid="reader"]'),
                );
                for (const failure of hovered) failures.push(`${where}: ${failure}`);
              }
              noteRefusals(where);
              if (errors.length > 0) failures.push(`${where}: ${errors.join('; ')}`);
              errors.length = 0;
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
