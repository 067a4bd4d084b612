import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { horizontalOverflow, SAMPLE_LIBRARY, useAdminBrowser } from './support/admin-browser.js';

/**
 * The header's global search in a real Chromium against the built server: a combobox that asks series and books as
 * one types (in ONE tRPC batch), used with the keyboard alone; and the full results page it opens.
 */
const admin = useAdminBrowser();

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search series and books' });

/** The tRPC requests the page sends from now on. */
function watchTrpc(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/trpc/')) requests.push(request);
  });
  return requests;
}

describe('global search', { timeout: 120_000 }, () => {
  it('suggests series and books as one types, in one batch; arrows move, Enter opens the series', async () => {
    const page = await admin.signedInPage();
    const box = searchBox(page);
    const requests = watchTrpc(page);
    await box.focus();
    await page.keyboard.type('harbour', { delay: 20 });
    const listbox = page.getByRole('listbox', { name: 'Search series and books' });
    const series = listbox.getByRole('group', { name: 'Series' }).getByRole('option');
    const books = listbox.getByRole('group', { name: 'Books' }).getByRole('option');
    await series.first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await series.allInnerTexts()).toEqual([expect.stringContaining('Harbour Lights')]);
    const harbour = SAMPLE_LIBRARY.series.find((item) => item.name === 'Harbour Lights')!;
    await expect.poll(() => books.count()).toBe(harbour.volumes);

    // Debounced, and both lists asked in one request: the last search is one batch of series.list and books.list.
    const searches = requests.filter((request) => /series\.list|books\.list/.test(request.url()));
    expect(searches.length).toBeLessThanOrEqual(2);
    expect(new URL(searches.at(-1)!.url()).pathname).toMatch(
      /^\/trpc\/(series\.list,books\.list|books\.list,series\.list)$/,
    );
    await admin.screenshot(page, 'search-suggestions');

    // ArrowDown to the first book, ArrowUp back to the series: aria-activedescendant follows, the focus stays.
    // (Polled: the page renders the move after the key's event, which CI once read before it.)
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const firstBook = await books.first().getAttribute('id');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(firstBook);
    expect(await books.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    const firstSeries = await series.first().getAttribute('id');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(firstSeries);
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);

    // Enter opens the active option: the series' page.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/series\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();
    expect(await box.inputValue()).toBe('');
  });

  it('closes the suggestions with Escape, and opens the full results with Enter when no option is chosen', async () => {
    const page = await admin.signedInPage();
    const box = searchBox(page);
    await box.focus();
    await page.keyboard.type('lune');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox').isVisible()).toBe(false);
    expect(await box.inputValue()).toBe('lune');

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'lune');
    await page.getByRole('heading', { level: 1, name: 'Results for “lune”' }).waitFor();
    const seriesResults = page.getByRole('region', { name: /^Series \(/ });
    await seriesResults
      .getByRole('link', { name: /Éclats de lune/ })
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Books (4)' }).isVisible()).toBe(true);
    await admin.screenshot(page, 'search-results');

    // The page's own field searches again (accent-insensitive, as the series list).
    const field = page.getByRole('searchbox', { name: 'Search' });
    await field.fill('eclats');
    await field.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'eclats');
    await page.getByRole('heading', { level: 1, name: 'Results for “eclats”' }).waitFor();
    await seriesResults
      .getByRole('link', { name: /Éclats de lune/ })
      .first()
      .waitFor();

    // Nothing found says so.
    await page.goto('/search?q=zzzz-nothing');
    await page.getByText('No series or book matches “zzzz-nothing”.').waitFor();
  });

  it('fits a phone: the suggestions stay on the screen', async () => {
    const page = await admin.signedInPage({ viewport: 'phone' });
    const box = searchBox(page);
    await box.fill('the');
    await page.getByRole('option').first().waitFor();
    const list = await page.getByRole('listbox').boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(360);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await admin.screenshot(page, 'search-suggestions-phone');
  });
});
