import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  horizontalOverflow,
  SAMPLE_BOOK_COUNT,
  SAMPLE_LIBRARY,
  useAdminBrowser,
  waitForShell,
} from './support/admin-browser.js';
import { REPO_ROOT } from './support/server-process.js';

/**
 * The admin's shell in a real Chromium against the built server: first-run set-up, sign-in, the dashboard, the
 * language kept by the account, a phone-sized screen, an ended session and a lost connection. The server starts
 * WITHOUT SHELFMARK_ADMIN_PASSWORD, so the first test creates the administrator through the set-up form; the
 * tests after it sign in as that administrator (they run in order, in one file).
 */
const admin = useAdminBrowser({ admin: false });

/** The numbers the dashboard shows, by label. */
async function dashboardCounts(page: Page): Promise<Record<string, string>> {
  const counts = page.getByTestId('counts');
  await counts.waitFor();
  return counts.evaluate((list) =>
    Object.fromEntries(
      [...list.querySelectorAll('div')].map((item) => [
        item.querySelector('dt')?.textContent?.trim() ?? '',
        item.querySelector('dd')?.textContent?.trim() ?? '',
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
  await page.getByTestId('counts').waitFor();
  await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'images', 'admin-dashboard.png') });
}

/** Opens the user menu unless it is open already (the summary toggles it). */
async function openUserMenu(page: Page) {
  if (!(await page.locator('details.user').evaluate((menu) => (menu as HTMLDetailsElement).open))) {
    await page.getByTestId('user-menu').click();
  }
}

async function chooseLanguage(page: Page, locale: 'en' | 'fr') {
  await openUserMenu(page);
  await page.locator('details.user select').selectOption(locale);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}

describe('the admin shell', { timeout: 60_000 }, () => {
  it('creates the administrator through the first-run form, then shows the dashboard', async () => {
    const page = await admin.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Create the administrator account' }).waitFor();
    await admin.screenshot(page, 'setup');

    await page.locator('input[name="username"]').fill(ADMIN_USERNAME);
    await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await waitForShell(page);
    expect(await page.getByTestId('user-menu').textContent()).toContain(ADMIN_USERNAME);
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

    await page.locator('input[name="username"]').fill(ADMIN_USERNAME);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.locator('form button[type="submit"]').click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('');
    // The form is still there, with what was typed, and nothing threw.
    expect(await page.locator('input[name="username"]').inputValue()).toBe(ADMIN_USERNAME);
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
    await page.getByTestId('user-menu').click(); // closes the menu for the screenshot
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
    const menu = page.getByTestId('user-menu');
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('details.user').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('details.user').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-menu');
    await page.close();
  });

  it('fits a 360 px wide phone without sideways scrolling', async () => {
    const page = await admin.signedInPage({ viewport: 'phone' });
    await page.getByTestId('counts').waitFor();
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
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tokens');
    // …and signing in again comes back to it, with its data.
    await admin.signIn(page);
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByTestId('opds').waitFor();
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
    await page.getByRole('link', { name: 'API tokens' }).click();
    const banner = page.getByTestId('offline');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('cannot be reached');
    expect(await page.getByRole('heading', { name: 'API tokens' }).isVisible()).toBe(true);
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
});
