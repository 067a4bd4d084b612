import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  horizontalOverflow,
  SAMPLE_BOOK_COUNT,
  SAMPLE_LIBRARY,
  startAdminSite,
  useAdminBrowser,
  waitForShell,
  type AdminSite,
} from './support/admin-browser.js';
import { addLibrary, type FakeService } from './support/plugin-fakes.js';
import { REPO_ROOT } from './support/server-process.js';

/**
 * The admin's shell in a real Chromium against the built server: first-run set-up, sign-in, the dashboard, the
 * language kept by the account, a phone-sized screen, an ended session and a lost connection. The server starts
 * WITHOUT SHELFMARK_ADMIN_PASSWORD, so the first test creates the administrator through the set-up form; the
 * tests after it sign in as that administrator (they run in order, in one file).
 */
const admin = useAdminBrowser({ admin: false });

/** The numbers the dashboard shows, by label: each counter is a link to its list ("12 Books"). */
async function dashboardCounts(page: Page): Promise<Record<string, string>> {
  const counts = page.getByRole('region', { name: /^(Your collection|Votre collection)$/ }).getByRole('link');
  await counts.first().waitFor();
  return Object.fromEntries(
    await counts.evaluateAll((links) =>
      links.map((link) => [
        link.querySelector('.label')?.textContent?.trim() ?? '',
        link.querySelector('.value')?.textContent?.trim() ?? '',
      ]),
    ),
  );
}

/**
 * `SHELFMARK_README_SCREENSHOT=1 npx vitest run admin-shell.test.ts` (in test/) renews docs/images/admin-dashboard.png,
 * the README's picture: the dashboard of the generated library with a book being read and one read.
 */
async function readmeScreenshot(page: Page) {
  const books = await admin.site.api<{ items: { id: string }[] }>('GET', '/books?limit=2');
  const [reading, read] = books.items;
  for (const [book, data] of [
    [reading, { status: 'reading', current_page: 2 }],
    [read, { status: 'read' }],
  ] as const) {
    const response = await page.request.put(`/api/v1/books/${book!.id}/progress`, { data });
    expect(response.ok()).toBe(true);
  }
  await page.reload();
  await page.getByRole('region', { name: 'Continue reading' }).getByRole('link').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'images', 'admin-dashboard.png') });
}

/** The account menu's button (its name: "Account of admin"). */
const userMenu = (page: Page) => page.getByRole('button', { name: /^(Account of|Compte de) / });

/** Opens the user menu unless it is open already (the button toggles it). */
async function openUserMenu(page: Page) {
  if ((await userMenu(page).getAttribute('aria-expanded')) !== 'true') await userMenu(page).click();
}

/**
 * Chooses the language in the user menu of a signed-in page, and waits until the account has kept it: the page
 * changes language at once and saves it after, and a page closed before that answer leaves the account's old one
 * (the next test signed in in French on a loaded machine).
 */
async function chooseLanguage(page: Page, locale: 'en' | 'fr') {
  await openUserMenu(page);
  const saved = page.waitForResponse((response) => response.url().includes('auth.setLocale') && response.ok());
  await page.getByLabel(/^(Language|Langue)$/).selectOption(locale);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  await saved;
}

describe('the admin shell', { timeout: 120_000 }, () => {
  it('creates the administrator through the first-run form, then shows the dashboard', async () => {
    const page = await admin.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Create the administrator account' }).waitFor();
    await admin.screenshot(page, 'setup');

    await page.getByLabel('User name').fill(ADMIN_USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await waitForShell(page);
    expect(await userMenu(page).textContent()).toContain(ADMIN_USERNAME);
    expect(await dashboardCounts(page)).toEqual({
      Libraries: '1',
      Series: String(SAMPLE_LIBRARY.series.length),
      Books: String(SAMPLE_BOOK_COUNT),
      Read: '0',
    });
    await admin.screenshot(page, 'dashboard');

    const status = await admin.site.api<{ setup_required: boolean }>('GET', '/auth/status');
    expect(status.setup_required).toBe(false);
    if (process.env.SHELFMARK_README_SCREENSHOT === '1') await readmeScreenshot(page);
  });

  it('shows a wrong password as a message on the form, then signs in with the right one', async () => {
    const page = await admin.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await admin.screenshot(page, 'sign-in');

    await page.getByLabel('User name').fill(ADMIN_USERNAME);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('');
    // The form is still there, with what was typed, and nothing threw.
    expect(await page.getByLabel('User name').inputValue()).toBe(ADMIN_USERNAME);
    expect(errors).toEqual([]);

    await admin.signIn(page);
    expect(await dashboardCounts(page)).toMatchObject({ Books: String(SAMPLE_BOOK_COUNT) });
  });

  it('switches to French in the user menu, and the account keeps it after sign-out, sign-in and in another browser', async () => {
    const page = await admin.newPage();
    await page.goto('/');
    await admin.signIn(page);
    await chooseLanguage(page, 'fr');
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    expect(await dashboardCounts(page)).toMatchObject({ Livres: String(SAMPLE_BOOK_COUNT) });
    await userMenu(page).click(); // closes the menu for the screenshot
    await admin.screenshot(page, 'dashboard');

    // Signing out keeps the page in French (the cookie)…
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await admin.screenshot(page, 'sign-in');

    // …and without the cookie the browser's English is used until sign-in, when the account's French wins.
    await page.context().clearCookies();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await admin.signIn(page);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();

    // A fresh browser (no cookie at all, English browser) gets French after signing in.
    const other = await admin.newPage({ locale: 'en-GB' });
    await other.goto('/');
    await other.getByRole('heading', { name: 'Sign in' }).waitFor();
    await admin.signIn(other);
    await other.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('fr');

    // Back to English for the tests after this one.
    await chooseLanguage(other, 'en');
    await other.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('closes the account menu with Escape and gives the focus back to it', async () => {
    const page = await admin.signedInPage();
    const menu = userMenu(page);
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'API tokens' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'API tokens' }).isVisible()).toBe(false);
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });

  it('fits a 360 px wide phone without sideways scrolling', async () => {
    const page = await admin.signedInPage({ viewport: 'phone' });
    await dashboardCounts(page);
    // The page's content starts on the first screen: its heading under a slim header.
    const heading = await page.getByRole('heading', { level: 1, name: 'Dashboard' }).boundingBox();
    expect(heading!.y).toBeLessThan(120);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await admin.screenshot(page, 'dashboard-phone');
    await openUserMenu(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await admin.screenshot(page, 'user-menu-phone');

    const signIn = await admin.newPage({ viewport: 'phone' });
    await signIn.goto('/');
    await signIn.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await horizontalOverflow(signIn)).toBeLessThanOrEqual(0);
  });

  it('sends an ended session to sign-in, and back to the same page after signing in again', async () => {
    const page = await admin.signedInPage();
    await page.context().clearCookies({ name: 'shelfmark_session' });
    // The next call the page makes is refused (401): the sign-in form takes the page's place…
    await openUserMenu(page);
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tokens');
    // …and signing in again comes back to it, with its data.
    await admin.signIn(page);
    await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    expect(new URL(page.url()).pathname).toBe('/tokens');

    // The same on a page opened with no session left at all.
    await page.context().clearCookies({ name: 'shelfmark_session' });
    await page.goto('/?from=e2e');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await admin.signIn(page);
    expect(new URL(page.url()).search).toBe('?from=e2e');
    expect(await dashboardCounts(page)).toMatchObject({ Books: String(SAMPLE_BOOK_COUNT) });
  });

  it('shows a retry banner while the server cannot be reached, and recovers on retry', async () => {
    const page = await admin.signedInPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
    // A page whose data cannot be fetched: the shell's banner with a retry, the page itself still there.
    await openUserMenu(page);
    await page.getByRole('link', { name: 'API tokens' }).click();
    const banner = page.getByTestId('offline');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('cannot be reached');
    expect(await page.getByRole('heading', { level: 1, name: 'API tokens' }).isVisible()).toBe(true);
    await admin.screenshot(page, 'offline');

    await page.unroute('**/trpc/**');
    await banner.getByRole('button', { name: 'Retry' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByText('No token yet.').waitFor();

    // Opened while the server is unreachable: the whole page says so, and Retry brings the shell.
    await page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const alert = page.getByRole('alert');
    await alert.getByRole('button', { name: 'Retry' }).waitFor();
    await page.unroute('**/trpc/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await waitForShell(page);
    expect(await dashboardCounts(page)).toMatchObject({ Books: String(SAMPLE_BOOK_COUNT) });
    expect(errors).toEqual([]);
  });

  it('lists the libraries in the side navigation, each opening its series, and collapses to icons (remembered)', async () => {
    const page = await admin.signedInPage();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const library = nav.getByRole('link', { name: SAMPLE_LIBRARY.name, exact: true });
    await library.click();
    await page.waitForURL(
      (url) => url.pathname === '/series' && url.searchParams.get('library_id') === admin.site.libraryId,
    );
    expect(await library.getAttribute('aria-current')).toBe('page');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The pages follow the libraries.
    for (const name of ['Dashboard', 'Series', 'Books', 'Metadata', 'Jobs', 'Users', 'Settings']) {
      await nav.getByRole('link', { name, exact: true }).waitFor();
    }
    await nav.getByRole('link', { name: 'Books', exact: true }).click();
    await page.waitForURL('**/books');
    expect(await nav.getByRole('link', { name: 'Books', exact: true }).getAttribute('aria-current')).toBe('page');

    // Collapsed: icons only (the names stay for screen readers), and still so after a reload.
    const wide = await nav.boundingBox();
    await page.getByRole('button', { name: 'Collapse the navigation' }).click();
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeLessThan(wide!.width / 2);
    expect(await nav.getByRole('link', { name: SAMPLE_LIBRARY.name, exact: true }).isVisible()).toBe(true);
    await admin.screenshot(page, 'nav-collapsed');
    await page.reload();
    await page.getByRole('button', { name: 'Expand the navigation' }).click();
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeGreaterThan(wide!.width - 2);

    // A library renamed elsewhere shows after the next change of page.
    await admin.site.api('PATCH', `/libraries/${admin.site.libraryId}`, { name: 'Comics renamed' });
    await nav.getByRole('link', { name: 'Series', exact: true }).click();
    await nav.getByRole('link', { name: 'Comics renamed', exact: true }).waitFor();
    await admin.site.api('PATCH', `/libraries/${admin.site.libraryId}`, { name: SAMPLE_LIBRARY.name });
  });

  it('opens the navigation as a drawer on a phone: focus kept inside, Escape and the backdrop close it, links work', async () => {
    const page = await admin.signedInPage({ viewport: 'phone' });
    const open = page.getByRole('button', { name: 'Open the navigation' });
    // No side navigation on a phone until the drawer is opened.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: SAMPLE_LIBRARY.name, exact: true }).waitFor();
    await admin.screenshot(page, 'drawer-phone');

    // Tab and Shift+Tab stay in the drawer.
    for (let step = 0; step < 25; step++) {
      await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);

    // The backdrop closes it too.
    await open.click();
    await drawer.waitFor();
    await page.mouse.click(350, 400);
    await drawer.waitFor({ state: 'hidden' });

    // A link opens its page and closes the drawer.
    await open.click();
    await drawer.getByRole('link', { name: 'Jobs', exact: true }).click();
    await page.waitForURL('**/jobs');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('shows rows of covers: continue reading, on deck, recently added series and recently read, each with See all', async () => {
    const page = await admin.signedInPage();
    const harbour = await admin.site.api<{ items: { id: string; title: string }[] }>(
      'GET',
      '/books?series=Harbour%20Lights&sort=series',
    );
    const [first, second] = harbour.items;
    const moon = await admin.site.api<{ items: { id: string }[] }>('GET', '/books?series=%C3%89clats%20de%20lune');
    for (const [book, data] of [
      [first, { status: 'read' }],
      [moon.items[0], { status: 'reading', current_page: 1 }],
    ] as const) {
      const response = await page.request.put(`/api/v1/books/${book!.id}/progress`, { data });
      expect(response.ok()).toBe(true);
    }
    await page.reload();
    const region = (name: string) => page.getByRole('region', { name, exact: true });
    // The covers of a row (its "See all" link aside).
    const row = (name: string) => region(name).getByRole('list');

    const reading = row('Continue reading').getByRole('link');
    await reading.first().waitFor();
    expect(await reading.count()).toBe(1);
    expect(await reading.first().getAttribute('href')).toBe(`/read/${moon.items[0]!.id}`);
    // The next unread book of each series in progress: Harbour Lights' second volume.
    const deck = row('On deck').getByRole('link');
    expect(await deck.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toContain(
      `/books/${second!.id}`,
    );
    const added = row('Recently added series').getByRole('link');
    await expect.poll(() => added.count()).toBe(SAMPLE_LIBRARY.series.length);
    const read = row('Recently read').getByRole('link');
    expect(await read.first().getAttribute('href')).toBe(`/books/${first!.id}`);
    // A series is never named twice on one card.
    for (const card of await page.locator('main section li').all()) {
      const text = (await card.innerText()).toLowerCase();
      for (const series of SAMPLE_LIBRARY.series) {
        const name = series.name.toLowerCase();
        expect(text.split(name).length - 1, `${text} names ${series.name} more than once`).toBeLessThanOrEqual(1);
      }
    }
    const seeAll = async (name: string) => page.getByRole('link', { name: `See all: ${name}` }).getAttribute('href');
    expect(await seeAll('Continue reading')).toBe('/books?reading_status=reading&sort=recently_read');
    expect(await seeAll('Recently added series')).toBe('/series?sort=added_desc');
    expect(await seeAll('Recently read')).toBe('/books?reading_status=read&sort=recently_read');
    // The counters are links to their lists.
    await page.getByRole('region', { name: 'Your collection' }).getByRole('link', { name: /Read/ }).click();
    await page.waitForURL((url) => url.pathname === '/books' && url.searchParams.get('reading_status') === 'read');
    await page.goBack();
    await row('Continue reading').getByRole('link').first().waitFor();
    await admin.screenshot(page, 'dashboard-rows');

    for (const book of [first, moon.items[0]]) {
      await page.request.put(`/api/v1/books/${book!.id}/progress`, { data: { status: 'unread' } });
    }
  });

  describe('an empty server', () => {
    let empty: AdminSite | undefined;
    beforeAll(async () => {
      empty = await startAdminSite({ library: false });
    }, 60_000);
    afterAll(async () => {
      await empty?.server.dispose();
    });

    it('says what to do next on the dashboard: add the first library', async () => {
      for (const viewport of [
        { width: 1366, height: 900 },
        { width: 360, height: 740 },
      ]) {
        const context = await admin.browser.newContext({ baseURL: empty!.url, viewport });
        try {
          const page = await context.newPage();
          await page.request.post('/api/v1/auth/login', {
            data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
          });
          await page.goto('/');
          const add = page.getByRole('link', { name: 'Add your first library' });
          await add.waitFor();
          // No counters of zeros, no "Nothing here yet".
          expect(await page.getByRole('region', { name: 'Your collection' }).count()).toBe(0);
          expect(await page.getByText('Nothing here yet').count()).toBe(0);
          await page.screenshot({
            path: path.join(REPO_ROOT, 'test', 'artifacts', 'admin', `dashboard-empty-${viewport.width}-en.png`),
            fullPage: true,
          });
          await add.click();
          await page.waitForURL('**/libraries/new');
        } finally {
          await context.close();
        }
      }
    });
  });

  it('counts the running jobs in the header and opens one from its popover', async () => {
    // A metadata batch against a slow provider stays running long enough to be seen.
    const module = (await import(
      pathToFileURL(path.join(REPO_ROOT, 'plugins', 'open-library', 'test', 'fake-service.ts')).href
    )) as { startOpenLibraryFake: (options: { latencyMs?: number }) => Promise<FakeService> };
    const slow = await module.startOpenLibraryFake({ latencyMs: 4_000 });
    try {
      await admin.site.api('PATCH', '/settings', { plugins: { open_library: { base_url: slow.url } } });
      const libraryId = await addLibrary(admin.site, {
        name: 'Slow shelf',
        rootPath: 'slow-shelf',
        series: [
          { name: 'Slow One', volumes: 1 },
          { name: 'Slow Two', volumes: 1 },
          { name: 'Slow Three', volumes: 1 },
          { name: 'Slow Four', volumes: 1 },
        ],
        metadataProvider: 'open_library',
      });
      const page = await admin.signedInPage();
      const indicator = page.getByRole('button', { name: /^Running jobs: / });
      expect(await indicator.getAttribute('aria-label')).toBe('Running jobs: 0');
      const job = await admin.site.api<{ id: string }>('POST', '/metadata/batch', { library_id: libraryId });
      // The indicator follows by itself (a modest poll while the tab is visible).
      await expect.poll(() => indicator.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Running jobs: 1');
      await indicator.click();
      const link = page.locator(`a[href="/jobs/${job.id}"]`);
      await link.waitFor();
      expect(await link.textContent()).toContain('Metadata batch');
      await admin.screenshot(page, 'jobs-indicator');
      await link.click();
      await page.waitForURL(`**/jobs/${job.id}`);
      expect(await indicator.getAttribute('aria-expanded')).toBe('false');
      // Clean-up only: on a loaded machine the batch may already have ended (409), which is fine here.
      await admin.site.api('POST', `/jobs/${job.id}/cancel`, {}).catch((error: Error) => {
        if (!/→ 409/.test(error.message)) throw error;
      });
    } finally {
      await slow.close();
    }
  });
});
