import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, SAMPLE_BOOK_COUNT, useAdminBrowser } from './support/admin-browser.js';

/**
 * The series and books lists' filter panel, saved filters and an author's page in a real Chromium (English unless
 * said, light theme, a desktop unless said): two genres at once (any of them), a facet's count, "clear all", saving
 * a filter and opening it from the side navigation, one folded panel on a phone, roles in words, and an author's
 * series and books by role. The sample library's series and some of its books get genres and authors first.
 */
const admin = useAdminBrowser();

const seriesIds: Record<string, string> = {};
/** Book ids by "<series> <volume>". */
const bookIds: Record<string, string> = {};

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

  const books = await admin.site.api<{ items: { id: string; series: string; volume: number }[] }>(
    'GET',
    '/books?limit=50',
  );
  for (const book of books.items) bookIds[`${book.series} ${book.volume}`] = book.id;
  const bookMetadata: Record<string, object> = {
    'Harbour Lights 1': {
      genres: ['Action'],
      authors: [{ name: 'Ana Lune', role: 'writer' }],
      story_arcs: [{ name: 'Low Tide', number: 1 }],
      comic_format: 'TPB',
    },
    'Harbour Lights 2': { genres: ['Action', 'Mystery'], story_arcs: [{ name: 'Low Tide', number: 2 }] },
    'Éclats de lune 1': {
      genres: ['Fantasy'],
      authors: [
        { name: 'Ana Lune', role: 'penciller' },
        { name: 'Ben Trait', role: 'cover' },
      ],
    },
    'The Quiet Forest 1': { genres: ['Mystery'], authors: [{ name: 'Ben Trait', role: 'cover' }] },
  };
  for (const [key, body] of Object.entries(bookMetadata)) await admin.site.api('PATCH', `/books/${bookIds[key]}`, body);
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

/** The ids of the books listed once the list has settled, sorted. */
async function shownBooks(page: Page): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('ul.books[aria-busy="true"]'));
  const hrefs = await page
    .getByTestId('book-item')
    .locator('a.title')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace('/books/', '')).sort();
}
const waitForBooks = (page: Page, keys: string[]) =>
  expect.poll(() => shownBooks(page), { timeout: 10_000 }).toEqual(keys.map((key) => bookIds[key]).sort());
const waitForBookCount = (page: Page, count: number) =>
  expect.poll(async () => (await shownBooks(page)).length, { timeout: 10_000 }).toBe(count);
/** The filter panel of the page's list (a `details`), and whether it is open. */
const panelOpen = (page: Page) =>
  page.getByTestId('facet-panel').evaluate((details) => (details as HTMLDetailsElement).open);
/** The chips of the chosen filters, as they read. */
const chipWords = async (page: Page) =>
  (await page.getByTestId('chosen-filters').getByRole('button').allTextContents()).map((words) => words.trim());
/** The words of the role facet's values, as shown. */
const roleWords = async (page: Page) =>
  (await page.getByTestId('facet-author_role').locator('.value').allTextContents()).map((word) => word.trim()).sort();

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
  it('filters the books by two genres at once with their counts, and clears them all', async () => {
    const page = await admin.signedInPage({ path: '/books' });
    await expect.poll(() => panelOpen(page)).toBe(true);
    await waitForBookCount(page, SAMPLE_BOOK_COUNT);
    // Counted on the books' own genres: two books are Action, one is Fantasy.
    await expect.poll(() => genreBox(page, 'Action').getAttribute('aria-label')).toBe('Action, 2 books');
    await expect.poll(() => genreBox(page, 'Fantasy').getAttribute('aria-label')).toBe('Fantasy, 1 book');

    await genreBox(page, 'Action').check();
    await expect.poll(() => genres(page)).toEqual(['Action']);
    await waitForBooks(page, ['Harbour Lights 1', 'Harbour Lights 2']);
    // Counted without its own filter, Fantasy still offers its one book, to add as an alternative.
    await expect.poll(() => genreBox(page, 'Fantasy').getAttribute('aria-label')).toBe('Fantasy, 1 book');
    await genreBox(page, 'Fantasy').check();
    await expect.poll(() => genres(page)).toEqual(['Action', 'Fantasy']);
    await waitForBooks(page, ['Harbour Lights 1', 'Harbour Lights 2', 'Éclats de lune 1']);
    const chips = page.getByTestId('chosen-filters').getByRole('button');
    expect(await chipWords(page)).toEqual(['Genre: Action', 'Genre: Fantasy']);
    // A chip takes its value off; the back button brings it back.
    await chips.filter({ hasText: 'Fantasy' }).click();
    await expect.poll(() => genres(page)).toEqual(['Action']);
    await waitForBooks(page, ['Harbour Lights 1', 'Harbour Lights 2']);
    await page.goBack();
    await waitForBooks(page, ['Harbour Lights 1', 'Harbour Lights 2', 'Éclats de lune 1']);
    expect(await genreBox(page, 'Fantasy').isChecked()).toBe(true);

    await page.getByTestId('facets-clear').click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await waitForBookCount(page, SAMPLE_BOOK_COUNT);
    expect(await genreBox(page, 'Action').isChecked()).toBe(false);
    expect(await page.getByTestId('chosen-filters').count()).toBe(0);
  });

  it('saves a books filter, and opens the books list with it from the side navigation', async () => {
    const page = await admin.signedInPage({ path: '/books?genre=Mystery&sort=title' });
    await waitForBooks(page, ['Harbour Lights 2', 'The Quiet Forest 1']);
    await page.getByTestId('save-filter').click();
    await page.getByTestId('saved-filter-name').fill('Mysteries by title');
    await page.getByTestId('saved-filter-submit').click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const link = nav.getByRole('link', { name: /Mysteries by title/ });
    await link.waitFor();
    expect(await link.textContent()).toContain('Books');
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Books', exact: true }).getAttribute('aria-current')).toBe(null);
    const saved = await admin.site.api<{ items: { name: string; target: string; filter: object; sort: string }[] }>(
      'GET',
      '/saved-filters',
    );
    expect(saved.items.find((item) => item.name === 'Mysteries by title')).toMatchObject({
      target: 'books',
      filter: { genre: ['Mystery'] },
      sort: 'title',
    });

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => link.getAttribute('aria-current')).toBe(null);
    await link.click();
    await expect
      .poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`)
      .toBe('/books?genre=Mystery&sort=title');
    await waitForBooks(page, ['Harbour Lights 2', 'The Quiet Forest 1']);
    expect(await genreBox(page, 'Mystery').isChecked()).toBe(true);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('title');
  });

  it('shows one filter panel on a phone, closed until asked for, on the series and the books lists', async () => {
    for (const path of ['/series', '/books']) {
      const page = await admin.signedInPage({ path, viewport: 'phone' });
      const form = page.locator('main [role="search"]');
      await page.getByTestId('facet-panel').waitFor();
      // One panel (the list's own fields and the facets together), closed.
      expect(await form.locator('details').count()).toBe(1);
      expect(await panelOpen(page)).toBe(false);
      expect(await page.getByTestId('facet-genre').isVisible()).toBe(false);
      await page.getByTestId('facet-panel').locator('summary').click();
      await expect.poll(() => panelOpen(page)).toBe(true);
      await page.getByTestId('facet-genre').waitFor();
      await form.getByRole('combobox', { name: 'Library', exact: true }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.close();
    }
  });

  it('names roles in words, in English and in French', async () => {
    const page = await admin.signedInPage({ path: '/books?author=Ana+Lune&author=Ben+Trait' });
    await expect.poll(() => roleWords(page)).toEqual(['Cover artist', 'Penciller', 'Writer']);
    await page
      .getByTestId('facet-author_role')
      .getByRole('checkbox', { name: /^Cover artist, / })
      .check();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('author_role')).toEqual(['cover']);
    await waitForBooks(page, ['Éclats de lune 1', 'The Quiet Forest 1']);
    expect(await chipWords(page)).toContain('Role: Cover artist');

    const french = await admin.signedInPage({ path: '/series?author=Ana+Lune', locale: 'fr-FR' });
    await expect.poll(() => roleWords(french)).toEqual(['Dessinateur', 'Scénariste']);
  });

  it('filters the books by two values in French, with their counts', async () => {
    const page = await admin.signedInPage({ path: '/books?genre=Mystery', locale: 'fr-FR' });
    await page.getByRole('heading', { name: 'Livres', level: 1 }).waitFor();
    await waitForBooks(page, ['Harbour Lights 2', 'The Quiet Forest 1']);
    expect(await page.getByTestId('facet-panel').locator('summary').textContent()).toContain('Filtres');
    const arc = page.getByTestId('facet-story_arc').getByRole('checkbox', { name: /^Low Tide, / });
    await expect.poll(() => arc.getAttribute('aria-label')).toBe('Low Tide, 1 livre');
    await expect.poll(() => genreBox(page, 'Action').getAttribute('aria-label')).toBe('Action, 2 livres');
    await genreBox(page, 'Action').check();
    await waitForBooks(page, ['Harbour Lights 1', 'Harbour Lights 2', 'The Quiet Forest 1']);
    await arc.check();
    await waitForBooks(page, ['Harbour Lights 1', 'Harbour Lights 2']);
    expect(await chipWords(page)).toEqual(['Genre : Mystery', 'Genre : Action', 'Arc narratif : Low Tide']);
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await waitForBookCount(page, SAMPLE_BOOK_COUNT);
  });

  it("opens an author's books in a role from their page, and a book's story arc as the books list", async () => {
    const page = await admin.signedInPage({ path: '/authors/Ana%20Lune' });
    const books = page.getByTestId('author-books-penciller');
    await books.waitFor();
    await books.getByRole('link', { name: /See all/ }).click();
    await expect
      .poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`)
      .toBe('/books?author=Ana+Lune&author_role=penciller');
    await waitForBooks(page, ['Éclats de lune 1']);
    expect(
      await page
        .getByTestId('facet-author')
        .getByRole('checkbox', { name: /^Ana Lune, / })
        .isChecked(),
    ).toBe(true);

    await page.goto(`/books/${bookIds['Harbour Lights 1']}`);
    const facts = page.getByTestId('book-facts');
    await facts.getByRole('link', { name: 'Low Tide, part 1' }).click();
    await expect.poll(() => [...new URL(page.url()).searchParams]).toEqual([['story_arc', 'Low Tide']]);
    await waitForBooks(page, ['Harbour Lights 1', 'Harbour Lights 2']);
    await page.goBack();
    await facts.getByRole('link', { name: 'TPB' }).click();
    await expect.poll(() => [...new URL(page.url()).searchParams]).toEqual([['comic_format', 'TPB']]);
    await waitForBooks(page, ['Harbour Lights 1']);
  });
});
