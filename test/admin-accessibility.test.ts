import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  startAdminSite,
  useAdminBrowser,
  type AdminSite,
  type ViewportName,
} from './support/admin-browser.js';
import { formatViolations, scanAccessibility, type AxeViolation } from './support/axe.js';

/**
 * The whole admin scanned by axe-core (WCAG 2.1 A and AA) in a real Chromium against the built server: every page
 * and the states that show more of it (the folder picker open, the delete dialog, a token's secret, the reader),
 * in English and French, in the light and the dark colour scheme, and a few at 360 px. A serious or critical
 * violation fails the test with the rule, the elements and why; minor and moderate ones are printed.
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
}
let ids: Ids;

beforeAll(async () => {
  const series = await admin.site.api<{ items: { id: string; name: string }[] }>('GET', '/series?limit=50');
  const books = await admin.site.api<{ items: { id: string }[] }>('GET', '/books?series=Harbour%20Lights');
  ids = { seriesId: series.items.find((item) => item.name === 'Harbour Lights')!.id, bookId: books.items[0]!.id };
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

const STATES: PageState[] = [
  { name: 'dashboard', path: () => '/', ready: heading, phone: true },
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
      await page.getByTestId('delete').first().click();
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
    path: () => `/series/${ids.seriesId}`,
    ready: (page) => page.locator('main form').first().waitFor(),
    phone: true,
  },
  {
    name: 'books',
    path: () => '/books',
    ready: (page) => page.locator('main li a[href^="/books/"]').first().waitFor(),
  },
  {
    name: 'book detail',
    path: () => `/books/${ids.bookId}`,
    ready: (page) => page.locator('main form').first().waitFor(),
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
];

/** Scans the page as it is in both colour schemes; returns the problems as text, one block per scheme. */
async function scanSchemes(page: Page, where: string, minor: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    // Let a style that follows the scheme settle (no transitions in the admin, but a frame for the repaint).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    const violations = await scanAccessibility(page);
    const blocking = violations.filter((violation) => isBlocking(violation));
    if (blocking.length > 0) failures.push(`${where}, ${colorScheme}:\n${formatViolations(blocking)}`);
    const rest = violations.filter((violation) => !isBlocking(violation));
    if (rest.length > 0) minor.push(`${where}, ${colorScheme}:\n${formatViolations(rest)}`);
  }
  return failures;
}

const isBlocking = (violation: AxeViolation) => violation.impact === 'serious' || violation.impact === 'critical';

const minorFindings: string[] = [];
afterAll(() => {
  if (minorFindings.length > 0) console.info(`Minor or moderate accessibility findings:\n${minorFindings.join('\n')}`);
});

function expectClean(failures: string[]) {
  expect(failures, failures.join('\n\n')).toEqual([]);
}

describe('accessibility (axe-core, WCAG 2.1 A/AA)', { timeout: 120_000 }, () => {
  it('the sign-in page', async () => {
    const failures: string[] = [];
    for (const { locale } of LANGUAGES) {
      for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
        const page = await admin.newPage({ locale, viewport });
        await page.goto('/');
        await page.locator('input[name="username"]').waitFor();
        failures.push(...(await scanSchemes(page, `sign-in (${locale}, ${viewport})`, minorFindings)));
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
        for (const { locale } of LANGUAGES) {
          const context = await browser.newContext({ locale, baseURL: fresh!.url });
          const page = await context.newPage();
          await page.goto('/');
          await page.locator('input[autocomplete="new-password"]').waitFor();
          failures.push(...(await scanSchemes(page, `set-up (${locale})`, minorFindings)));
          await context.close();
        }
        expectClean(failures);
      } finally {
        await browser.close();
      }
    });
  });

  for (const state of STATES) {
    it(state.name, async () => {
      const failures: string[] = [];
      const viewports: ViewportName[] = state.phone ? ['desktop', 'phone'] : ['desktop'];
      for (const { locale, lang } of LANGUAGES) {
        for (const viewport of viewports) {
          const page = await admin.signedInPage({ path: state.path(), locale, viewport });
          await state.ready(page);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          failures.push(...(await scanSchemes(page, `${state.name} (${lang}, ${viewport})`, minorFindings)));
          await page.context().close();
        }
      }
      expectClean(failures);
    });
  }
});
