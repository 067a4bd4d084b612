import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminBrowser } from './support/admin-browser.js';

/**
 * The series grid's filter panel, saved filters and an author's page in a real Chromium (English, light theme, a
 * desktop): two genres at once (any of them), a facet's count, "clear all", saving a filter and opening it from the
 * side navigation, and an author's series by role. The sample library's series get genres and authors first.
 */
const admin = useAdminBrowser();

const seriesIds: Record<string, string> = {};

beforeAll(async () => {
  const page = await admin.site.api<{ items: { id: string; name: string }[] }>('GET', '/series?limit=50');
  for (const series of page.items) seriesIds[series.name] = series.id;
  const metadata: Record<string, object> = {
    'Harbour Lights': { genres: ['Action', 'Mystery'], authors: [{ name: 'Ana Lune', role: 'writer' }] },
    'Éclats de lune': { genres: ['Fantasy'], authors: [{ name: 'Ana Lune', role: 'penciller' }] },
    'The Quiet Forest': { genres: ['Action'] },
    'Nuit blanche': { genres: ['Drama'] },
  };
  for (const [name, body] of Object.entries(metadata))
    await admin.site.api('PATCH', `/series/${seriesIds[name]}`, body);
});

/** The names shown once the list has settled, sorted (the order is the series tests' concern). */
async function shownNames(page: Page): Promise<string[]> {
  await page.locator('[data-testid="series-results"][data-loading="false"]').waitFor();
  const names = await page.getByTestId('series-card').locator('.name').allTextContents();
  return names.map((name) => name.trim()).sort();
}
const waitForNames = (page: Page, expected: string[]) =>
  expect.poll(() => shownNames(page), { timeout: 10_000 }).toEqual([...expected].sort());
const genres = (page: Page) => new URL(page.url()).searchParams.getAll('genre');
const genreBox = (page: Page, genre: string) =>
  page.getByTestId('facet-genre').getByRole('checkbox', { name: new RegExp(`^${genre}, `) });

describe('filters, saved filters and authors in the admin', { timeout: 120_000 }, () => {
  it('filters by two genres at once with their counts, and clears them all', async () => {
    const page = await admin.signedInPage({ path: '/series' });
    const panel = page.getByTestId('facet-panel');
    await expect.poll(() => panel.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    // Two series are Action: its count says so, beside its box.
    await expect.poll(() => genreBox(page, 'Action').getAttribute('aria-label')).toBe('Action, 2 series');

    await genreBox(page, 'Action').check();
    await expect.poll(() => genres(page)).toEqual(['Action']);
    await waitForNames(page, ['Harbour Lights', 'The Quiet Forest']);
    // Counted without its own filter, Fantasy still offers its one series, to add as an alternative.
    await expect.poll(() => genreBox(page, 'Fantasy').getAttribute('aria-label')).toBe('Fantasy, 1 series');
    await genreBox(page, 'Fantasy').check();
    await expect.poll(() => genres(page)).toEqual(['Action', 'Fantasy']);
    await waitForNames(page, ['Harbour Lights', 'The Quiet Forest', 'Éclats de lune']);
    // A chip per chosen value; the back button steps back to one genre.
    expect(await page.getByTestId('chosen-filters').getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Action'), expect.stringContaining('Fantasy')]),
    );
    await page.goBack();
    await waitForNames(page, ['Harbour Lights', 'The Quiet Forest']);
    await genreBox(page, 'Fantasy').check();
    await waitForNames(page, ['Harbour Lights', 'The Quiet Forest', 'Éclats de lune']);

    await page.getByTestId('facets-clear').click();
    await expect.poll(() => genres(page)).toEqual([]);
    await waitForNames(page, ['Harbour Lights', 'The Quiet Forest', 'Éclats de lune', 'Nuit blanche']);
    expect(await genreBox(page, 'Action').isChecked()).toBe(false);
  });

  it('saves the current filter and sort, and opens it again from the side navigation', async () => {
    const page = await admin.signedInPage({ path: '/series?genre=Action&sort=name_desc' });
    await waitForNames(page, ['Harbour Lights', 'The Quiet Forest']);
    await page.getByTestId('save-filter').click();
    await page.getByTestId('saved-filter-name').fill('Action, newest names first');
    await page.getByTestId('saved-filter-submit').click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const link = nav.getByRole('link', { name: 'Action, newest names first' });
    await link.waitFor();
    // Shown as the current page while the list is the saved one.
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => link.getAttribute('aria-current')).toBe(null);
    await link.click();
    await expect.poll(() => new URL(page.url()).search).toBe('?genre=Action&sort=name_desc');
    await waitForNames(page, ['Harbour Lights', 'The Quiet Forest']);
    expect(await genreBox(page, 'Action').isChecked()).toBe(true);

    // Its page lists it; deleting it takes it out of the navigation.
    await nav.getByRole('link', { name: 'Saved filters' }).click();
    const item = page.getByTestId('saved-filter').filter({ hasText: 'Action, newest names first' });
    await item.getByRole('button', { name: 'Actions for Action, newest names first' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByTestId('saved-filter-delete-confirm').click();
    await link.waitFor({ state: 'detached' });
    await item.waitFor({ state: 'detached' });
  });

  it("opens an author's page from a series' chip, their series grouped by role", async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesIds['Harbour Lights']}` });
    await page
      .getByRole('group', { name: 'Authors' })
      .getByRole('link', { name: /Ana Lune/ })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/authors/Ana%20Lune');
    await page.getByRole('heading', { level: 1, name: 'Ana Lune' }).waitFor();
    const writer = page.getByTestId('author-role-writer');
    await writer.getByRole('heading', { name: 'As writer' }).waitFor();
    expect(await writer.getByTestId('author-series-writer').getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Harbour Lights')]),
    );
    const penciller = page.getByTestId('author-series-penciller');
    expect(await penciller.textContent()).toContain('Éclats de lune');
    expect(await penciller.textContent()).not.toContain('Harbour Lights');
    // "See all" opens the series list filtered by the author in that role.
    await penciller.getByRole('link', { name: /See all/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?author=Ana+Lune&author_role=penciller');
    await waitForNames(page, ['Éclats de lune']);
  });
});
