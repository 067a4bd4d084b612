import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, horizontalOverflow, useAdminBrowser } from './support/admin-browser.js';
import { writeLibrary } from './support/comics.js';

/**
 * The first run, from an empty server (no administrator, no library) to a scanned library in a real Chromium: the
 * administrator is created, "Add your first library" comes next with the folder picker, creating the library
 * starts its first scan (the server's creation scan), the page follows it live, then opens that library's series
 * grid with its series.
 */
const admin = useAdminBrowser({ admin: false, library: false });

/** Under the libraries root: Manga, 3 series of 40 one-page books (enough for the scan to be seen running). */
const MANGA = { path: 'Manga', series: 3, perSeries: 40 };

async function text(locator: Locator) {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Everything the scan's progress area showed, as it changed (the scan may be too quick to sample by polling). */
async function recordScan(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { scanLog: string[] }).scanLog = seen;
    new MutationObserver(() => {
      const area = document.querySelector('[data-testid="scan-progress"]');
      const snapshot = area ? `${area.getAttribute('data-status')}|${area.textContent?.replace(/\s+/g, ' ')}` : '';
      if (snapshot && seen.at(-1) !== snapshot) seen.push(snapshot);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

describe('the first run', { timeout: 90_000 }, () => {
  it('goes from an empty server to a scanned library: administrator, first library, live scan, its series', async () => {
    // The folder is on disk; the server has no administrator and no library yet.
    await writeLibrary(admin.site.server.librariesRoot, MANGA.path, {
      series: MANGA.series,
      perSeries: MANGA.perSeries,
      pages: 1,
    });
    const page = await admin.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Create the administrator account' }).waitFor();
    await page.getByLabel('User name').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();

    // No library yet: the next step is the first one, with the folder picker.
    await page.getByRole('heading', { name: 'Add your first library' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/libraries/new');
    expect(await text(page.getByTestId('library-form'))).toContain('Folder');
    await admin.screenshot(page, 'first-run');
    const manga = page.getByRole('tree').locator('[role="treeitem"][data-path="Manga"]');
    await manga.locator('.name').first().click();
    expect(await manga.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Manga');

    await recordScan(page);
    await page.getByRole('button', { name: 'Create the library' }).click();
    // Its first scan, started by the server with the library, followed here live…
    await page.getByRole('heading', { name: 'Scanning Manga' }).waitFor();
    await admin.screenshot(page, 'first-run-scanning').catch(() => undefined);
    // … then its series grid: the series list filtered by that library.
    await page.waitForURL(/\/series\?library_id=/, { timeout: 60_000 });
    const listed = await admin.site.api<{ items: { id: string; name: string; series_count: number }[] }>(
      'GET',
      '/libraries',
    );
    expect(listed.items.map((library) => library.name)).toEqual(['Manga']);
    expect(new URL(page.url()).searchParams.get('library_id')).toBe(listed.items[0]!.id);
    expect(listed.items[0]!.series_count).toBe(MANGA.series);
    for (const series of ['Series 001', 'Series 002', 'Series 003']) await page.getByText(series).first().waitFor();

    const log = await page.evaluate(() => (window as unknown as { scanLog: string[] }).scanLog);
    // The progress was shown while the scan ran, and its end was seen before the grid opened.
    expect(
      log.some((entry) => /^(queued|running)\|/.test(entry)),
      log.join('\n'),
    ).toBe(true);
    expect(log.at(-1), log.join('\n')).toMatch(/^succeeded\|/);
    await admin.screenshot(page, 'first-run-series');
    expect(errors).toEqual([]);
  });

  it('asks for the first library only when there is none: the administrator signs in to the app afterwards', async () => {
    const page = await admin.newPage({ viewport: 'phone' });
    await page.goto('/');
    await admin.signIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
