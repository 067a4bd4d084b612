import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAdminBrowser } from './support/admin-browser.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { addLibrary, pointPluginAtFake, startPluginFakes, type PluginFakes } from './support/plugin-fakes.js';

/**
 * Issue 36: the admin's Wanted page in a real Chromium, over the built server and the Prowlarr plugin's fake: the
 * volumes a series with a known number of volumes misses, a search of one of them (its job shown and linked), its
 * candidates, a grab in one click that reads "grabbed", and the page in French.
 */
// No periodic search: only the page starts one.
const admin = useAdminBrowser({ library: false, env: { RELEASE_SEARCH_INTERVAL_SECONDS: '0' } });
let fakes: PluginFakes;
let seriesId: string;

beforeAll(async () => {
  fakes = await startPluginFakes();
  await pointPluginAtFake(admin.site, fakes, 'prowlarr');
  // One Piece as the fake knows it: volume 1 here, 3 in all, so volumes 2 and 3 are wanted; Naruto wants its 2.
  const libraryId = await addLibrary(admin.site, {
    name: 'Manga',
    rootPath: 'manga',
    series: [
      { name: 'One Piece', volumes: 1 },
      { name: 'Naruto', volumes: 1 },
    ],
  });
  await admin.site.api('PATCH', `/libraries/${libraryId}/series/Naruto`, { total_volumes: 2 });
  const series = await admin.site.api<{ id: string }>(
    'PATCH',
    `/libraries/${libraryId}/series/${encodeURIComponent('One Piece')}`,
    { total_volumes: 3 },
  );
  seriesId = series.id;
}, 120_000);
afterAll(async () => {
  await fakes?.close();
});

/** One Piece's rows' volumes, in order. */
const volumesOf = (page: Page) =>
  page
    .locator(`[data-testid="wanted-row"][data-series-id="${seriesId}"]`)
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-volume')));
const row = (page: Page, volume: number) =>
  page.locator(`[data-testid="wanted-row"][data-series-id="${seriesId}"][data-volume="${volume}"]`);

describe('the Wanted page', () => {
  it('lists the missing volumes, searches one, shows its candidates and grabs one', async () => {
    const page = await admin.signedInPage();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wanted' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wanted' }).waitFor();
    await expect.poll(() => volumesOf(page)).toEqual(['2', '3']);
    await expect.poll(() => row(page, 2).getByTestId('wanted-status').textContent()).toBe('Missing');
    expect(await row(page, 2).getByRole('link', { name: 'One Piece' }).getAttribute('href')).toBe(
      `/series/${seriesId}`,
    );
    expect(await page.getByRole('columnheader', { name: 'Last grab' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Search releases for One Piece volume 2' }).click();
    const job = page.getByTestId('wanted-job');
    await job.getByRole('link', { name: 'Open the job' }).waitFor();
    expect(await job.getByRole('link').getAttribute('href')).toMatch(/^\/jobs\/[0-9a-f-]+$/);
    await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('succeeded');

    const candidates = page.getByTestId('wanted-candidates-row').filter({ has: page.getByTestId('wanted-candidate') });
    const title = 'One Piece - Tome 02 [Glénat] (CBZ)';
    const candidate = candidates.getByTestId('wanted-candidate').filter({ hasText: title }).first();
    await candidate.waitFor({ timeout: 15_000 });
    await expect.poll(() => candidate.textContent()).toContain('YggTorrent');
    await expect.poll(() => candidate.textContent()).toContain('Torrent');

    await candidate.getByRole('button', { name: `Grab ${title}` }).click();
    const result = page.getByTestId('wanted-grab-result');
    await expect.poll(() => result.getAttribute('data-status')).toBe('grabbed');
    expect(await result.textContent()).toContain(`${title} was grabbed`);
    await expect.poll(() => row(page, 2).getByTestId('wanted-status').textContent()).toBe('Grabbed');
    await expect.poll(() => row(page, 2).textContent()).toMatch(/grabbed, /);
    expect(await row(page, 3).getByTestId('wanted-status').textContent()).toBe('Missing');

    // Labels, headers and buttons with names, with a row's candidates open (axe, WCAG 2.1 A/AA).
    await expectNoSeriousViolations(page, 'the Wanted page with candidates');

    await page.getByTestId('wanted-filter-status').selectOption('missing');
    await expect.poll(() => volumesOf(page)).toEqual(['3']);
  });

  it("shows each wanted volume's state on the series page, and opens Wanted on that series", async () => {
    // Runs after the grab above: volume 2 grabbed, volume 3 missing.
    const page = await admin.signedInPage({ path: `/series/${seriesId}` });
    const section = page.getByTestId('series-wanted');
    await section.getByRole('heading', { name: 'Wanted volumes' }).waitFor();
    await expect
      .poll(() =>
        section
          .getByTestId('series-wanted-volume')
          .evaluateAll((items) => items.map((item) => [item.getAttribute('data-volume'), item.textContent?.trim()])),
      )
      .toEqual([
        ['2', 'Volume 2: Grabbed'],
        ['3', 'Volume 3: Missing'],
      ]);
    await section.getByRole('link', { name: 'See them in Wanted' }).click();
    await page.waitForURL((url) => url.pathname === '/wanted' && url.searchParams.get('series_id') === seriesId);
    await expect
      .poll(() => page.getByTestId('wanted-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-volume'))))
      .toEqual(['2', '3']);
    // "Search all wanted" on one series searches its missing volume only (3): not the grabbed one, nor Naruto's.
    await page.getByTestId('wanted-search-all').click();
    const job = page.getByTestId('wanted-job');
    await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('succeeded');
    const href = await job.getByRole('link', { name: 'Open the job' }).getAttribute('href');
    const searched = await admin.site.api<{ progress: { total: number } }>('GET', href!);
    expect(searched.progress.total).toBe(1);

    // At phone width each volume is a card: nothing scrolls sideways and each row's actions are on screen.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const table = page.getByTestId('wanted-table');
    expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
    for (const volume of [2, 3]) {
      const box = await row(page, volume).getByTestId('wanted-expand').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    await admin.screenshot(page, 'wanted-series-phone');

    // The series filter is said by a chip with the series' name, which removes it.
    const chip = page.getByTestId('wanted-series-chip').getByRole('button', { name: 'Series: One Piece' });
    await chip.click();
    await page.waitForURL((url) => url.pathname === '/wanted' && !url.searchParams.has('series_id'));
    await page.locator('[data-testid="wanted-row"]', { hasText: 'Naruto' }).first().waitFor();
    expect(await page.getByTestId('wanted-series-chip').count()).toBe(0);
  });

  it('speaks French: the navigation, the headers, the statuses and the buttons', async () => {
    const page = await admin.signedInPage({ locale: 'fr-FR', path: `/wanted?series_id=${seriesId}` });
    await page.getByRole('heading', { level: 1, name: 'Recherchés' }).waitFor();
    await page.getByTestId('wanted-series-chip').getByRole('button', { name: 'Série : One Piece' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Recherchés' }).first().waitFor();
    await expect.poll(() => row(page, 3).getByTestId('wanted-status').textContent()).toBe('Manquant');
    for (const header of ['Série', 'Tome', 'État', 'Dernier envoi'])
      expect(await page.getByRole('columnheader', { name: header, exact: true }).count()).toBe(1);
    await row(page, 3).getByRole('button', { name: 'Chercher des sorties pour One Piece tome 3' }).waitFor();
    await page.getByRole('button', { name: 'Chercher tous les recherchés' }).waitFor();
  });
});
