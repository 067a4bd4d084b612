import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  startAdminSite,
  useAdminBrowser,
  waitForShell,
  type AdminSite,
  type ViewportName,
} from './support/admin-browser.js';
import { formatViolations, scanAccessibility, WCAG_21_AA_TAGS, type AxeViolation } from './support/axe.js';
import { navigateInApp, sectionOf } from './support/in-app-navigation.js';
import { openRestrictedReader, prepareNewerPages } from './support/newer-pages.js';
import { phaseTiming } from './support/phase-timing.js';

/**
 * The whole admin scanned by axe-core (WCAG 2.1 A and AA) in a real Chromium against the built server: every page
 * and the states that show more of it (the folder picker open, the delete dialog, a token's secret, the reader; jobs,
 * a job, metadata, a series' metadata and settings from part 2; the Import page, the Wanted page, the settings' Sign-in
 * tab and a reader's restrictions in the user dialog), in English and French, light and dark, at desktop
 * width and (the states marked `phone`) at 360 px: see VARIANTS for which combinations. A serious or critical
 * violation fails the test with the rule, the elements and why; minor and moderate ones are printed.
 */
const admin = useAdminBrowser();
const timing = phaseTiming('accessibility');

/**
 * The variants a page is scanned in. What axe finds depends on three things, each of two values: the colour scheme
 * (contrast), the language (names, labels, `lang`, longer words wrapping) and the width (the phone's drawer, menus and
 * wrapped layout). Scanning all eight combinations (or the six of before: en light+dark, fr light, at both widths)
 * costs a scan of seconds per page each; these four cover every PAIR of values (a covering array of strength 2): every
 * page in both schemes and both languages, and every phone state at each width in both schemes and both languages. A
 * fault that needs one scheme and one language, or one scheme at one width, is still met; only one that needs all
 * three at once (dark French only at 1280 px…) could slip, and none of the three changes what the other two do to axe.
 */
const VARIANTS = [
  { locale: 'en-US', lang: 'en', viewport: 'desktop', colorScheme: 'light' },
  { locale: 'fr-FR', lang: 'fr', viewport: 'desktop', colorScheme: 'dark' },
  { locale: 'en-US', lang: 'en', viewport: 'phone', colorScheme: 'dark' },
  { locale: 'fr-FR', lang: 'fr', viewport: 'phone', colorScheme: 'light' },
] as const satisfies readonly { locale: string; lang: string; viewport: ViewportName; colorScheme: string }[];
type Variant = (typeof VARIANTS)[number];
const nameOf = ({ lang, viewport, colorScheme }: Variant) => `${lang}, ${viewport}, ${colorScheme}`;

interface Ids {
  seriesId: string;
  bookId: string;
  /** The sample library's scan. */
  jobId: string;
  /** An ordered collection and a reading list (issue 32: their pages hold the reorderable lists). */
  collectionId: string;
  readingListId: string;
}
let ids: Ids;

beforeAll(async () => {
  const series = await admin.site.api<{ items: { id: string; name: string }[] }>('GET', '/series?limit=50');
  const books = await admin.site.api<{ items: { id: string }[] }>('GET', '/books?series=Harbour%20Lights');
  const jobs = await admin.site.api<{ items: { id: string }[] }>('GET', '/jobs');
  const collection = await admin.site.api<{ id: string }>('POST', '/collections', {
    name: 'Harbour and friends',
    ordered: true,
    series_ids: series.items.map((item) => item.id),
  });
  const list = await admin.site.api<{ id: string }>('POST', '/reading-lists', {
    name: 'Harbour first',
    book_ids: books.items.map((item) => item.id),
  });
  // The Import page's queue and history, the Wanted page's missing volumes, a reader's restrictions.
  await prepareNewerPages(admin.site);
  ids = {
    seriesId: series.items.find((item) => item.name === 'Harbour Lights')!.id,
    bookId: books.items[0]!.id,
    jobId: jobs.items[0]!.id,
    collectionId: collection.id,
    readingListId: list.id,
  };
});

/** A page of the admin in one state: where it is, and what to do there before the scan. */
interface PageState {
  name: string;
  path: () => string;
  /** Waits for the page's content (and opens what the state needs). */
  ready: (page: Page) => Promise<void>;
  /** Also scanned at 360 px. */
  phone?: boolean;
  /** Scanned at 360 px only (at desktop width it is another state's). */
  phoneOnly?: boolean;
  /** Leaves something of the shell open (a menu, a popover, a dialog), which a link followed in the app keeps. */
  opensShell?: boolean;
}

const heading = (page: Page) => page.locator('main h1').first().waitFor();

/** The page's heading, then nothing in it still loading. */
async function loaded(page: Page): Promise<void> {
  await heading(page);
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

/** A list's filter panel opened (if the screen's width left it closed), its facets shown, nothing loading. */
async function openFilterPanel(page: Page): Promise<void> {
  await loaded(page);
  const panel = page.getByTestId('facet-panel');
  if (!(await panel.evaluate((details) => (details as HTMLDetailsElement).open)))
    await panel.locator('summary').click();
  await page.getByTestId('facet-genre').waitFor();
  await page.getByTestId('chosen-filters').waitFor();
}

/*
 * Ordered so that a state is mostly in another section than the one before, each section's states in their order
 * (pages of one section share their route's state, so a walk loads those afresh: see the walk below).
 */
const STATES: PageState[] = [
  { name: 'dashboard', path: () => '/', ready: loaded, phone: true },
  {
    name: 'libraries',
    path: () => '/libraries',
    ready: (page) => page.getByTestId('library').first().waitFor(),
    phone: true,
  },
  {
    name: 'series grid',
    path: () => '/series',
    ready: (page) => page.getByTestId('series-card').first().waitFor(),
    phone: true,
  },
  {
    name: 'books',
    path: () => '/books',
    ready: (page) => page.locator('main li a[href^="/books/"]').first().waitFor(),
  },
  {
    name: 'jobs',
    path: () => '/jobs',
    ready: (page) => page.getByTestId('job-row').first().waitFor(),
    phone: true,
  },
  { name: 'settings', path: () => '/settings', ready: loaded, phone: true },
  {
    name: 'users',
    path: () => '/users',
    ready: async (page) => {
      await page.locator('[data-testid="users"] tr[data-user="admin"]').waitFor();
      await loaded(page);
    },
    phone: true,
  },
  {
    name: 'account menu open',
    path: () => '/',
    ready: async (page) => {
      await loaded(page);
      await page.getByRole('button', { name: /^(Account of|Compte de) / }).click();
      await page.getByRole('group', { name: /^(Theme|Thème)$/ }).waitFor();
    },
    phone: true,
    opensShell: true,
  },
  {
    name: 'search results',
    path: () => '/search?q=lune',
    ready: async (page) => {
      await loaded(page);
      await page.locator('main a[href^="/series/"]').first().waitFor();
    },
  },
  {
    name: 'new library, folder picker open',
    path: () => '/libraries/new',
    ready: async (page) => {
      const comics = page.locator('[role="treeitem"][data-path="comics"]');
      await comics.locator('.toggle').first().click();
      await comics.getByRole('group').waitFor();
    },
    phone: true,
  },
  {
    name: 'series table',
    path: () => '/series',
    ready: async (page) => {
      await page.getByTestId('view-table').click();
      await page.locator('[data-testid="series-results"] table').waitFor();
    },
  },
  {
    // The filter panel open (a phone starts with it closed): the list's fields, each facet's boxes, the chips.
    name: 'books, filtered, the filter panel open',
    path: () => '/books?genre=Action&author_role=writer&year_from=1990',
    ready: (page) => openFilterPanel(page),
    phone: true,
  },
  { name: 'job detail', path: () => `/jobs/${ids.jobId}`, ready: (page) => page.getByTestId('job-facts').waitFor() },
  { name: 'settings, sign-in tab', path: () => '/settings?tab=sign-in', ready: loaded, phone: true },
  {
    name: 'user edit dialog',
    path: () => '/users',
    ready: async (page) => {
      await page.getByRole('button', { name: /^(Actions for|Actions pour) admin$/ }).click();
      await page.getByRole('menuitem', { name: /^(Edit|Modifier)$/ }).click();
      await page.getByTestId('user-edit').waitFor();
    },
    phone: true,
  },
  {
    name: 'running jobs popover open',
    path: () => '/',
    ready: async (page) => {
      await loaded(page);
      await page.getByRole('button', { name: /^(Running jobs|Tâches en cours)/ }).click();
      await page.getByRole('link', { name: /^(All jobs|Toutes les tâches)$/ }).waitFor();
    },
    opensShell: true,
  },
  {
    name: 'library edit',
    path: () => `/libraries/${admin.site.libraryId}/edit`,
    ready: (page) => page.locator('[role="treeitem"][aria-selected="true"]').waitFor(),
  },
  {
    name: 'series detail',
    // The edit dialog open (?edit=1): the page and its form in one scan.
    path: () => `/series/${ids.seriesId}?edit=1`,
    ready: (page) => page.getByRole('dialog').locator('form').first().waitFor(),
    phone: true,
  },
  {
    name: 'book detail',
    path: () => `/books/${ids.bookId}`,
    ready: (page) => page.locator('main [data-testid="download-link"]').first().waitFor(),
    phone: true,
  },
  {
    name: 'reader',
    path: () => `/read/${ids.bookId}`,
    ready: async (page) => {
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('[data-testid="reader-page"]');
        return !!image && image.complete && image.naturalWidth > 0 && !image.classList.contains('loading');
      });
    },
    phone: true,
  },
  {
    name: 'tokens, a secret shown',
    path: () => '/tokens',
    ready: async (page) => {
      await page.locator('input[name="name"]').fill(`Scan ${Math.random().toString(36).slice(2, 8)}`);
      await page.locator('[data-testid="token-form"] button[type="submit"]').click();
      await page.getByTestId('new-token').waitFor();
    },
  },
  {
    name: 'metadata',
    path: () => `/metadata?library_id=${admin.site.libraryId}`,
    ready: async (page) => {
      await page.getByTestId('start-batch').waitFor();
      await loaded(page);
    },
  },
  { name: 'series metadata', path: () => `/series/${ids.seriesId}/metadata`, ready: loaded, phone: true },
  {
    name: 'import',
    path: () => '/imports',
    ready: async (page) => {
      await page.getByTestId('import-entry').first().waitFor();
      await page.getByTestId('import-record').first().waitFor();
      await loaded(page);
    },
    phone: true,
  },
  {
    name: 'wanted',
    path: () => '/wanted',
    ready: async (page) => {
      await page.getByTestId('wanted-table').waitFor();
      await loaded(page);
    },
    phone: true,
  },
  { name: 'collection', path: () => `/collections/${ids.collectionId}`, ready: loaded, phone: true },
  { name: 'reading list', path: () => `/reading-lists/${ids.readingListId}`, ready: loaded },
  {
    name: 'user edit dialog, a reader’s restrictions',
    path: () => '/users',
    ready: openRestrictedReader,
    phone: true,
  },
  {
    name: 'global search suggestions',
    path: () => '/',
    ready: async (page) => {
      await loaded(page);
      await page.getByRole('combobox').fill('harbour');
      await page.getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
    },
    phone: true,
    opensShell: true,
  },
  {
    name: 'library delete dialog',
    path: () => '/libraries',
    ready: async (page) => {
      // Delete is in the library's menu (the one primary action on a card is Scan).
      await page
        .getByRole('button', { name: /^(More actions for|Autres actions pour) / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: /^(Delete|Supprimer)$/ }).click();
      await page.getByTestId('delete-dialog').waitFor();
    },
  },
  {
    name: 'series, filtered, the filter panel open',
    path: () => '/series?genre=Action&author_role=writer',
    ready: (page) => openFilterPanel(page),
    phone: true,
  },
  {
    name: 'user delete dialog',
    path: () => '/users',
    ready: async (page) => {
      await page.getByRole('button', { name: /^(Actions for|Actions pour) admin$/ }).click();
      await page.getByRole('menuitem', { name: /^(Delete|Supprimer)$/ }).click();
      await page.getByTestId('delete-user-dialog').waitFor();
    },
  },
  {
    name: 'navigation drawer (phone)',
    path: () => '/',
    ready: async (page) => {
      await loaded(page);
      await page.getByRole('button', { name: /^(Open the navigation|Ouvrir la navigation)$/ }).click();
      await page.getByRole('dialog').waitFor();
    },
    // At desktop width the navigation is always shown, and this state was the dashboard's, scanned twice.
    phoneOnly: true,
    phone: true,
    opensShell: true,
  },
  {
    name: 'change password dialog',
    path: () => '/',
    ready: async (page) => {
      await loaded(page);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('change-password').click();
      await page.getByTestId('change-password-form').waitFor();
    },
    phone: true,
    opensShell: true,
  },
];

/** A reader (one library) for the reader's pages: what they see, and the pages they may not open. */
const READER = { username: 'reader', password: 'reader-e2e-password' };

/** The reader's pages: the shell without management, their tokens, and a page for administrators. */
const READER_STATES: PageState[] = [
  { name: 'reader: dashboard', path: () => '/', ready: loaded, phone: true },
  {
    name: 'reader: account menu open',
    path: () => '/',
    ready: async (page) => {
      await loaded(page);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('change-password').waitFor();
    },
  },
  { name: 'reader: tokens', path: () => '/tokens', ready: loaded, phone: true },
  {
    name: 'reader: settings not available',
    path: () => '/settings',
    ready: (page) => page.getByTestId('not-available').waitFor(),
    phone: true,
  },
];

/**
 * Scans the page as it is (in the colour scheme its context was opened with); returns the problems as text. The
 * scheme is the context's from its start, so no theme is switched under the scan: only the kit's colour transitions
 * of the page's own start are let end first (axe would otherwise measure a colour halfway through one).
 */
async function scan(page: Page, where: string, minor: string[]): Promise<string[]> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const violations = await timing.time('axe', where, () =>
    scanAccessibility(page, { tags: [...WCAG_21_AA_TAGS, 'best-practice'] }),
  );
  const blocking = violations.filter((violation) => isBlocking(violation));
  const rest = violations.filter((violation) => !isBlocking(violation));
  if (rest.length > 0) minor.push(`${where}:\n${formatViolations(rest)}`);
  return blocking.length > 0 ? [`${where}:\n${formatViolations(blocking)}`] : [];
}

/**
 * A serious or critical breach of WCAG 2.1 A/AA fails; axe's best practices (landmarks, heading order…) are run too and
 * printed, not failed on: they are advice, not the standard.
 */
const isBlocking = (violation: AxeViolation) =>
  (violation.impact === 'serious' || violation.impact === 'critical') &&
  violation.tags.some((tag) => WCAG_21_AA_TAGS.includes(tag));

const minorFindings: string[] = [];
afterAll(() => {
  if (minorFindings.length > 0) console.info(`Minor or moderate accessibility findings:\n${minorFindings.join('\n')}`);
  if (timing.report()) console.info(timing.report());
});

function expectClean(failures: string[]) {
  expect(failures, failures.join('\n\n')).toEqual([]);
}

describe('accessibility (axe-core, WCAG 2.1 A/AA)', { timeout: 300_000 }, () => {
  it('the sign-in page', async () => {
    const failures: string[] = [];
    for (const variant of VARIANTS) {
      const page = await admin.newPage(variant);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      failures.push(...(await scan(page, `sign-in (${nameOf(variant)})`, minorFindings)));
    }
    expectClean(failures);
  });

  describe('first-run set-up', () => {
    let fresh: AdminSite | undefined;
    beforeAll(async () => {
      fresh = await startAdminSite({ admin: false, library: false });
    }, 60_000);
    afterAll(async () => {
      await fresh?.server.dispose();
    });

    it('the set-up page', async () => {
      const failures: string[] = [];
      // A page seen once per site, at desktop width: both languages, both schemes. The file's browser, in contexts of
      // their own on the fresh site (a second Chromium cost a launch and gave nothing more).
      for (const variant of VARIANTS.filter(({ viewport }) => viewport === 'desktop')) {
        const { locale, colorScheme } = variant;
        const context = await admin.browser.newContext({ locale, colorScheme, baseURL: fresh!.url });
        try {
          const page = await context.newPage();
          await page.goto('/');
          await page.locator('input[autocomplete="new-password"]').waitFor();
          failures.push(...(await scan(page, `set-up (${nameOf(variant)})`, minorFindings)));
        } finally {
          await context.close();
        }
      }
      expectClean(failures);
    });
  });

  it('a reader’s pages (en and fr, light and dark, desktop and phone)', async () => {
    await admin.site.api('POST', '/users', {
      ...READER,
      role: 'reader',
      library_ids: [admin.site.libraryId],
    });
    const failures: string[] = [];
    for (const variant of VARIANTS) {
      const page = await admin.newPage(variant);
      const response = await page.request.post('/api/v1/auth/login', { data: READER });
      expect(response.ok()).toBe(true);
      for (const state of READER_STATES) {
        if (variant.viewport === 'phone' && !state.phone) continue;
        const where = `${state.name} (${nameOf(variant)})`;
        try {
          await timing.time('load', where, async () => {
            await page.goto(state.path());
            await waitForShell(page);
            await state.ready(page);
          });
        } catch (error) {
          failures.push(`${where} never got ready: ${(error as Error).message.split('\n')[0]}`);
          continue;
        }
        failures.push(...(await scan(page, where, minorFindings)));
      }
    }
    expectClean(failures);
  });

  /*
   * One context per variant, its page reused from state to state. The first variant loads every state afresh (a link
   * opened from outside); the others follow a link in the app to the next page when they leave the page's section
   * and nothing of the shell was left open, as a person does: the app's start and axe's engine are not paid again.
   */
  for (const variant of VARIANTS) {
    it(`every page and state (${nameOf(variant)})`, async () => {
      const failures: string[] = [];
      const page = await admin.signedInPage(variant);
      const everyStateAfresh = variant === VARIANTS[0];
      let previous: { section: string; opensShell: boolean } | undefined;
      for (const state of STATES) {
        if (variant.viewport === 'phone' ? !state.phone : state.phoneOnly) continue;
        const where = `${state.name} (${nameOf(variant)})`;
        const url = state.path();
        const afresh = everyStateAfresh || !previous || previous.opensShell || previous.section === sectionOf(url);
        previous = undefined;
        try {
          await timing.time(afresh ? 'load' : 'in-app navigation', where, async () => {
            if (afresh) await page.goto(url);
            else await navigateInApp(page, url);
            await state.ready(page);
          });
          previous = { section: sectionOf(url), opensShell: state.opensShell === true };
        } catch (error) {
          failures.push(`${where} never got ready: ${(error as Error).message.split('\n')[0]}`);
          continue;
        }
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(variant.lang);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(variant.colorScheme);
        failures.push(...(await scan(page, where, minorFindings)));
      }
      expectClean(failures);
    });
  }
});

/** Where the focus is, and whether it shows (an outline or a box shadow on the focused element). */
interface FocusState {
  onBody: boolean;
  visible: boolean;
  element: string;
}

function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) {
      return { onBody: true, visible: false, element: 'body' };
    }
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ');
    return {
      onBody: false,
      visible: outline || shadow,
      element: `<${element.tagName.toLowerCase()}> ${name.slice(0, 50)}`,
    };
  });
}

/** The focus is on an element other than <body>, and shows. */
async function expectFocusShown(page: Page, step: string): Promise<FocusState> {
  const state = await focusState(page);
  expect(state.onBody, `${step}: the focus went back to <body>`).toBe(false);
  expect(state.visible, `${step}: the focused ${state.element} shows no outline or shadow`).toBe(true);
  return state;
}

/** Presses Tab (Shift+Tab with `backwards`) until the focus is on `selector`, checking the focus shows at each step. */
async function tabTo(page: Page, selector: string, { backwards = false, max = 60 } = {}): Promise<void> {
  for (let step = 0; step < max; step++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const state = await focusState(page);
    if (!state.onBody) expect(state.visible, `Tab to ${selector}: ${state.element} shows no focus`).toBe(true);
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${selector} (focus on ${(await focusState(page)).element})`);
}

describe('the admin by keyboard alone', { timeout: 120_000 }, () => {
  it('signs in, goes through the navigation, opens a series, marks it read, reads a page and closes the reader', async () => {
    const harbour = ids.seriesId;
    const page = await admin.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    // Sign in: the form's fields in order, Enter submits.
    await tabTo(page, 'input[autocomplete="username"]');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await expectFocusShown(page, 'password field');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await waitForShell(page);

    // The skip link comes first and leads to the page's content.
    await tabTo(page, 'a.skip');
    await tabTo(page, 'nav a[href="/series"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('series-card').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/series');

    // Back through the navigation with Shift+Tab works too: the link to this page is reachable backwards.
    await tabTo(page, `main a[href="/series/${harbour}"]`);
    await tabTo(page, 'nav a[href="/series"]', { backwards: true });
    await tabTo(page, `main a[href="/series/${harbour}"]`);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();

    // Mark it read with Space: the focus stays on the button, which now offers the opposite.
    await tabTo(page, 'main [data-testid="mark-series-read"]');
    await page.keyboard.press('Space');
    await page.locator('main [data-testid="mark-series-read"]', { hasText: 'Mark unread' }).waitFor();
    const marked = await expectFocusShown(page, 'after marking the series read');
    expect(marked.element).toContain('Mark unread');

    // A book, then its reader; a page turned with the arrow key.
    await tabTo(page, 'main a[href^="/books/"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('read-link').waitFor();
    await tabTo(page, '[data-testid="read-link"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('reader-counter').waitFor();
    await expectFocusShown(page, 'the reader open');
    const counter = page.getByTestId('reader-counter');
    const before = await counter.textContent();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).not.toBe(before);
    await expectFocusShown(page, 'after turning a page');

    // Escape closes the reader: back on the book, the focus on the link that opened it.
    await page.keyboard.press('Escape');
    await page.getByTestId('reader').waitFor({ state: 'detached' });
    await page.getByTestId('read-link').waitFor();
    await expect.poll(async () => (await focusState(page)).element).toContain('<a>');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('read-link');
    await expectFocusShown(page, 'after closing the reader');
  });

  it('gives the focus back to the menu that opened the delete dialog when it is left with Escape', async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    await page.getByTestId('library').first().waitFor();
    // Delete is the last item of the library's menu: Enter opens the menu, End goes to Delete, Enter opens the dialog.
    await tabTo(page, 'main button[aria-label="More actions for Comics"]');
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByTestId('delete-dialog').waitFor();
    await expectFocusShown(page, 'the delete dialog open');
    await page.keyboard.press('Escape');
    await page.getByTestId('delete-dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'More actions for Comics',
    );
    await expectFocusShown(page, 'after leaving the delete dialog');
  });
});
