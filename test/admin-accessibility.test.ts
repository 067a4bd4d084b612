import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  launchChromium,
  startAdminSite,
  useAdminBrowser,
  waitForShell,
  type AdminSite,
  type ViewportName,
} from './support/admin-browser.js';
import { formatViolations, scanAccessibility, WCAG_21_AA_TAGS, type AxeViolation } from './support/axe.js';

/**
 * The whole admin scanned by axe-core (WCAG 2.1 A and AA) in a real Chromium against the built server: every page
 * and the states that show more of it (the folder picker open, the delete dialog, a token's secret, the reader; jobs,
 * a job, metadata, a series' metadata and settings from part 2), in English (light and dark colour schemes) and French
 * (light), and a few at 360 px. A serious or critical violation fails the test with the rule, the elements and
 * why; minor and moderate ones are printed.
 */
const admin = useAdminBrowser();

const LANGUAGES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'fr-FR', lang: 'fr' },
] as const;
const SCHEMES = ['light', 'dark'] as const;

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

const STATES: PageState[] = [
  { name: 'dashboard', path: () => '/', ready: loaded, phone: true },
  {
    name: 'account menu open',
    path: () => '/',
    ready: async (page) => {
      await loaded(page);
      await page.getByRole('button', { name: /^(Account of|Compte de) / }).click();
      await page.getByRole('group', { name: /^(Theme|Thème)$/ }).waitFor();
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
    name: 'navigation drawer (phone)',
    path: () => '/',
    ready: async (page) => {
      await loaded(page);
      const open = page.getByRole('button', { name: /^(Open the navigation|Ouvrir la navigation)$/ });
      if (await open.isVisible()) {
        await open.click();
        await page.getByRole('dialog').waitFor();
      }
    },
    phone: true,
  },
  {
    name: 'libraries',
    path: () => '/libraries',
    ready: (page) => page.getByTestId('library').first().waitFor(),
    phone: true,
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
    name: 'library edit',
    path: () => `/libraries/${admin.site.libraryId}/edit`,
    ready: (page) => page.locator('[role="treeitem"][aria-selected="true"]').waitFor(),
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
    name: 'series grid',
    path: () => '/series',
    ready: (page) => page.getByTestId('series-card').first().waitFor(),
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
    name: 'series detail',
    // The edit dialog open (?edit=1): the page and its form in one scan.
    path: () => `/series/${ids.seriesId}?edit=1`,
    ready: (page) => page.getByRole('dialog').locator('form').first().waitFor(),
    phone: true,
  },
  {
    name: 'books',
    path: () => '/books',
    ready: (page) => page.locator('main li a[href^="/books/"]').first().waitFor(),
  },
  {
    // The filter panel open (a phone starts with it closed): the list's fields, each facet's boxes, the chips.
    name: 'books, filtered, the filter panel open',
    path: () => '/books?genre=Action&author_role=writer&year_from=1990',
    ready: (page) => openFilterPanel(page),
    phone: true,
  },
  {
    name: 'series, filtered, the filter panel open',
    path: () => '/series?genre=Action&author_role=writer',
    ready: (page) => openFilterPanel(page),
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
    name: 'jobs',
    path: () => '/jobs',
    ready: (page) => page.getByTestId('job-row').first().waitFor(),
    phone: true,
  },
  { name: 'job detail', path: () => `/jobs/${ids.jobId}`, ready: (page) => page.getByTestId('job-facts').waitFor() },
  {
    name: 'metadata',
    path: () => `/metadata?library_id=${admin.site.libraryId}`,
    ready: async (page) => {
      await page.getByTestId('start-batch').waitFor();
      await loaded(page);
    },
  },
  { name: 'series metadata', path: () => `/series/${ids.seriesId}/metadata`, ready: loaded, phone: true },
  { name: 'settings', path: () => '/settings', ready: loaded, phone: true },
  { name: 'collection', path: () => `/collections/${ids.collectionId}`, ready: loaded, phone: true },
  { name: 'reading list', path: () => `/reading-lists/${ids.readingListId}`, ready: loaded },
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
    name: 'user delete dialog',
    path: () => '/users',
    ready: async (page) => {
      await page.getByRole('button', { name: /^(Actions for|Actions pour) admin$/ }).click();
      await page.getByRole('menuitem', { name: /^(Delete|Supprimer)$/ }).click();
      await page.getByTestId('delete-user-dialog').waitFor();
    },
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
 * The colour schemes scanned in a language: both in English, the light one in French. Contrast depends on the theme's
 * colours, not on the words, so the dark theme is checked once per page and state (axe costs seconds a scan, and CI
 * time is tight); French is scanned for what does change with it: names, labels, lang and the layout of longer text.
 */
const schemesFor = (lang: string): readonly (typeof SCHEMES)[number][] => (lang === 'en' ? SCHEMES : ['light']);

/** Scans the page as it is in the language's colour schemes; returns the problems as text, one block per scheme. */
async function scanSchemes(page: Page, where: string, minor: string[], lang: string): Promise<string[]> {
  const failures: string[] = [];
  for (const colorScheme of schemesFor(lang)) {
    await page.emulateMedia({ colorScheme });
    // Let a style that follows the scheme settle: a frame for the repaint, then the kit's colour transitions ended
    // (axe would otherwise measure a colour halfway between the two themes).
    await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
    });
    const violations = await scanAccessibility(page, { tags: [...WCAG_21_AA_TAGS, 'best-practice'] });
    const blocking = violations.filter((violation) => isBlocking(violation));
    if (blocking.length > 0) failures.push(`${where}, ${colorScheme}:\n${formatViolations(blocking)}`);
    const rest = violations.filter((violation) => !isBlocking(violation));
    if (rest.length > 0) minor.push(`${where}, ${colorScheme}:\n${formatViolations(rest)}`);
  }
  return failures;
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
});

function expectClean(failures: string[]) {
  expect(failures, failures.join('\n\n')).toEqual([]);
}

describe('accessibility (axe-core, WCAG 2.1 A/AA)', { timeout: 300_000 }, () => {
  it('the sign-in page', async () => {
    const failures: string[] = [];
    for (const { locale, lang } of LANGUAGES) {
      for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
        const page = await admin.newPage({ locale, viewport });
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        failures.push(...(await scanSchemes(page, `sign-in (${locale}, ${viewport})`, minorFindings, lang)));
      }
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
      const browser = await launchChromium();
      try {
        const failures: string[] = [];
        for (const { locale, lang } of LANGUAGES) {
          const context = await browser.newContext({ locale, baseURL: fresh!.url });
          const page = await context.newPage();
          await page.goto('/');
          await page.locator('input[autocomplete="new-password"]').waitFor();
          failures.push(...(await scanSchemes(page, `set-up (${locale})`, minorFindings, lang)));
          await context.close();
        }
        expectClean(failures);
      } finally {
        await browser.close();
      }
    });
  });

  it('a reader’s pages (en and fr, desktop and phone)', async () => {
    await admin.site.api('POST', '/users', {
      ...READER,
      role: 'reader',
      library_ids: [admin.site.libraryId],
    });
    const failures: string[] = [];
    for (const { locale, lang } of LANGUAGES) {
      for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
        const page = await admin.newPage({ locale, viewport });
        const response = await page.request.post('/api/v1/auth/login', { data: READER });
        expect(response.ok()).toBe(true);
        for (const state of READER_STATES) {
          if (viewport === 'phone' && !state.phone) continue;
          await page.emulateMedia({ colorScheme: 'light' });
          await page.goto(state.path());
          try {
            await waitForShell(page);
            await state.ready(page);
          } catch (error) {
            failures.push(
              `${state.name} (${lang}, ${viewport}) never got ready: ${(error as Error).message.split('\n')[0]}`,
            );
            continue;
          }
          failures.push(...(await scanSchemes(page, `${state.name} (${lang}, ${viewport})`, minorFindings, lang)));
        }
      }
    }
    expectClean(failures);
  });

  // One context per language and screen size, its page reused from state to state (fast); both colour schemes.
  for (const { locale, lang } of LANGUAGES) {
    for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
      it(`every page and state (${lang}, ${viewport})`, async () => {
        const failures: string[] = [];
        const page = await admin.signedInPage({ locale, viewport });
        for (const state of STATES) {
          if (viewport === 'phone' && !state.phone) continue;
          await page.emulateMedia({ colorScheme: 'light' });
          await page.goto(state.path());
          try {
            await state.ready(page);
          } catch (error) {
            failures.push(
              `${state.name} (${lang}, ${viewport}) never got ready: ${(error as Error).message.split('\n')[0]}`,
            );
            continue;
          }
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          failures.push(...(await scanSchemes(page, `${state.name} (${lang}, ${viewport})`, minorFindings, lang)));
        }
        expectClean(failures);
      });
    }
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
