import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, SAMPLE_LIBRARY, useAdminBrowser } from './support/admin-browser.js';

/**
 * Clicks while a page's code is still on its way. The admin renders in the browser only (ssr = false), and each page
 * is a chunk of its own (`_app/immutable/nodes/<n>.js`) fetched when it is first opened. The chunks are held back
 * here (page.route, released by the test: nothing is timed), which is what a slow connection does:
 *
 * - at the first load nothing is on screen before the code has run, so there is nothing to click;
 * - after a click on a link to a page not opened yet, the page that was there stays until the new page's code has
 *   come: it must say the next page is loading and take no clicks meanwhile (before, it looked idle, the link seemed
 *   to do nothing, and a click on it still acted, on a page about to be replaced).
 */
const admin = useAdminBrowser();

/** Holds every page chunk the browser asks for until `release()`; `held` resolves at the first one asked. */
async function holdPageChunks(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let firstHeld!: () => void;
  const held = new Promise<void>((resolve) => (firstHeld = resolve));
  const continued: Promise<void>[] = [];
  const handler = (route: Route) => {
    firstHeld();
    const going = gate.then(() => route.continue());
    continued.push(going);
    return going;
  };
  await page.route(/\/_app\/immutable\/nodes\//, handler);
  return {
    held,
    release: async () => {
      release();
      await Promise.all(continued);
      await page.unroute(/\/_app\/immutable\/nodes\//, handler);
    },
  };
}

/** What could take a click or the keyboard in the document, as selectors of the elements found. */
const interactive = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex], [onclick]')]
      .filter((element) => !element.closest('[inert]'))
      .map((element) => element.outerHTML.slice(0, 80)),
  );

describe('before the page code has loaded', () => {
  it('shows nothing to click at the first load, then the page works', async () => {
    const page = await admin.newPage();
    const login = await page.request.post('/api/v1/auth/login', {
      data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const chunks = await holdPageChunks(page);
    const loading = page.goto('/libraries');
    await chunks.held;
    expect(await interactive(page)).toEqual([]);
    await chunks.release();
    await loading;
    await page.getByRole('heading', { level: 1, name: 'Libraries' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Add a library' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add a library' }).waitFor();
  });

  it("after a link's click, says the next page is loading and takes no clicks on the old one until it is shown", async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const scan = page.getByTestId('scan').first();
    await scan.waitFor();
    const box = (await scan.boundingBox())!;
    const chunks = await holdPageChunks(page);

    await page.getByRole('link', { name: 'Series', exact: true }).click();
    await chunks.held;
    // The click did something: the page says the next one is loading.
    const progress = page.getByRole('progressbar', { name: 'Loading the page…' });
    await progress.waitFor();
    expect(new URL(page.url()).pathname).toBe('/libraries');
    // The old page takes no clicks: its Scan button takes no focus, and a click where it is starts nothing.
    await scan.evaluate((button: HTMLElement) => button.focus());
    expect(await scan.evaluate((button) => document.activeElement === button)).toBe(false);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // The navigation itself stays in reach: the shell's links (another destination) and the account menu.
    expect(await page.getByRole('link', { name: 'Books', exact: true }).count()).toBe(1);
    await admin.screenshot(page, 'page-code-loading');

    await chunks.release();
    await page.waitForURL(/\/series$/);
    await progress.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Series' }).waitFor();
    // Shown, the new page takes clicks.
    await page
      .getByRole('link', { name: new RegExp(SAMPLE_LIBRARY.series[0].name) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: SAMPLE_LIBRARY.series[0].name }).waitFor();
    expect(requests.filter((url) => url.includes('libraries.scan'))).toEqual([]);
  });
});
