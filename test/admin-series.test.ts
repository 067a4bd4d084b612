import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_TOKEN, horizontalOverflow, SAMPLE_LIBRARY, useAdminBrowser } from './support/admin-browser.js';
import { overlapping, toastsOf } from './support/layout.js';

/**
 * The admin's series pages in a real Chromium against the built server and the generated library: browsing and
 * filtering (accent-insensitive search, filters in the URL, the back button), the owned / expected bars and the
 * faded look of a read series, mark read / unread, editing a field with its lock, and a 400 shown at its field.
 * The tests run in order and share the file's server: each leaves the data as the next expects it.
 */
const admin = useAdminBrowser();

interface SeriesItem {
  id: string;
  name: string;
  reading_status: string;
  total_volumes: number | null;
  owned_count: number;
  locked_fields?: string[];
  authors?: { name: string; role: string }[];
}

let seriesIds: Record<string, string> = {};

beforeAll(async () => {
  const page = await admin.site.api<{ items: SeriesItem[] }>('GET', '/series?limit=50');
  seriesIds = Object.fromEntries(page.items.map((series) => [series.name, series.id]));
});

const cards = (page: Page) => page.getByTestId('series-card');
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });

/** The names shown once the list has settled (no request under way). */
async function shownNames(page: Page, testId = 'series-card'): Promise<string[]> {
  await page.locator('[data-testid="series-results"][data-loading="false"]').waitFor();
  return page
    .getByTestId(testId)
    .evaluateAll((items) =>
      items.map(
        (item) => item.querySelector('.name, th[scope="row"]')?.textContent?.trim() ?? item.textContent?.trim() ?? '',
      ),
    );
}

async function waitForNames(page: Page, expected: string[], testId = 'series-card') {
  await expect.poll(() => shownNames(page, testId), { timeout: 10_000 }).toEqual(expected);
}

/** Counts the page's HTTP requests to /trpc from now on (a batch of several calls is one request). */
function countTrpcRequests(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/trpc/')) seen.push(new URL(request.url()).pathname);
  });
  return () => seen;
}

const search = (page: Page) => new URL(page.url()).searchParams;
const opacity = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).opacity);

/** The series names in the server's order (by name), accents and articles as the sample library writes them. */
const ALL_NAMES = SAMPLE_LIBRARY.series.map((series) => series.name as string);

describe('the series pages', { timeout: 120_000 }, () => {
  it('lists every series as covers, finds an accented name without its accents, and keeps the filters in the URL', async () => {
    const page = await admin.signedInPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    // The list and the filters' options come in one request (with the shell's own refresh of the libraries and
    // running jobs, asked on each change of page in the same tick).
    const opening = countTrpcRequests(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Series' }).click();
    expect((await shownNames(page)).sort()).toEqual([...ALL_NAMES].sort());
    await expect.poll(() => opening().length).toBe(1);
    expect(opening()[0]?.replace('/trpc/', '').split(',')).toEqual(
      expect.arrayContaining(['libraries.list', 'series.list', 'series.statuses']),
    );
    expect(await page.getByTestId('series-total').textContent()).toContain(`${ALL_NAMES.length} series`);
    await admin.screenshot(page, 'series');

    // Debounced: typing the whole word makes one search (one request), and the URL holds it.
    let requests = countTrpcRequests(page);
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('eclats', { delay: 30 });
    // A loaded machine may pause longer than the debounce between two keys: an earlier search ("ecl") can show the
    // same name first, so the URL is waited for, not read at once.
    await expect.poll(() => search(page).get('q')).toBe('eclats');
    await waitForNames(page, ['Éclats de lune']);
    // One on an idle machine; fewer than one per key in any case (the pause is exact in debounce.test.ts).
    expect(requests().length).toBeLessThan('eclats'.length);
    // Each asks for the list and the filter panel's counts together, in one batch.
    expect(new Set(requests())).toEqual(new Set(['/trpc/series.facets,series.list']));

    // One request per filter change, nothing per card.
    requests = countTrpcRequests(page);
    await page.getByRole('combobox', { name: 'Reading' }).selectOption('unread');
    await expect.poll(() => search(page).get('reading_status')).toBe('unread');
    await waitForNames(page, ['Éclats de lune']);
    expect(requests()).toEqual(['/trpc/series.facets,series.list']);
    await page.getByRole('combobox', { name: 'Reading' }).selectOption('read');
    await waitForNames(page, []);
    await page.getByTestId('series-none').waitFor();

    // The back button steps back through the filters, the controls following the URL.
    await page.goBack();
    await expect.poll(() => search(page).get('reading_status')).toBe('unread');
    await waitForNames(page, ['Éclats de lune']);
    expect(await page.getByRole('combobox', { name: 'Reading' }).inputValue()).toBe('unread');
    await page.goBack();
    await expect.poll(() => search(page).has('reading_status')).toBe(false);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('eclats');

    // A shared URL opens the same list.
    const shared = await admin.signedInPage({ path: `/series?q=NUIT&library_id=${admin.site.libraryId}` });
    await waitForNames(shared, ['Nuit blanche']);
    expect(await shared.getByRole('combobox', { name: 'Library' }).inputValue()).toBe(admin.site.libraryId);
    expect(await shared.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('NUIT');

    // A page past the end says so and leads back.
    const past = await admin.signedInPage({ path: '/series?page=3' });
    await past.getByTestId('series-none').getByRole('link').click();
    await expect.poll(() => search(past).has('page')).toBe(false);
    expect((await shownNames(past)).length).toBe(ALL_NAMES.length);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.url()).toMatch(/\/series(\?view=grid)?$/);
    expect((await shownNames(page)).length).toBe(ALL_NAMES.length);
    expect(errors).toEqual([]);
  });

  it('switches to the table, and remembers it in the URL and for the next visit', async () => {
    const page = await admin.signedInPage({ path: '/series' });
    await page.getByRole('button', { name: 'Table' }).click();
    await expect.poll(() => search(page).get('view')).toBe('table');
    expect((await shownNames(page, 'series-row')).sort()).toEqual([...ALL_NAMES].sort());
    expect(await page.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    await admin.screenshot(page, 'series-table');

    // Without a view in the URL, the browser's last choice.
    await page.goto('/series');
    await page.getByTestId('series-table').waitFor();
    await page.goBack();
    await page.getByTestId('series-table').waitFor();
    await page.getByRole('button', { name: 'Covers' }).click();
    await page.getByTestId('series-grid').waitFor();
    await page.goto('/series');
    await page.getByTestId('series-grid').waitFor();
  });

  it('says owned / expected as text, fades a read series, and marks series read and unread from its menu', async () => {
    await admin.site.api('PATCH', `/series/${seriesIds['Harbour Lights']}`, { total_volumes: 5 });
    const page = await admin.signedInPage({ path: '/series' });
    await shownNames(page);

    const harbour = card(page, 'Harbour Lights').getByTestId('owned-progress');
    expect(await harbour.getAttribute('data-owned')).toBe('3');
    expect(await harbour.getAttribute('data-expected')).toBe('5');
    expect((await harbour.textContent())?.trim()).toBe('3 of 5 volumes owned');
    // Not a bar: owned volumes must not read as reading progress.
    expect(await card(page, 'Harbour Lights').getByRole('progressbar').count()).toBe(0);
    // No total: owned of owned + missing, here all of them.
    const forest = card(page, 'The Quiet Forest').getByTestId('owned-progress');
    expect(await forest.getAttribute('data-owned')).toBe('2');
    expect(await forest.getAttribute('data-expected')).toBe('2');

    const nuit = card(page, 'Nuit blanche');
    const nuitCover = nuit.getByRole('link').first();
    expect(await opacity(nuitCover)).toBe('1');
    await nuit.getByRole('button', { name: 'Actions: Nuit blanche' }).click();
    await page.getByRole('menuitem', { name: 'Mark read' }).click();
    await expect.poll(() => nuit.getAttribute('data-reading-status')).toBe('read');
    expect(Number(await opacity(nuitCover))).toBeLessThan(0.7);
    // Read: the progress is drawn on the cover, full.
    expect(await nuit.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await opacity(card(page, 'Harbour Lights').getByRole('link').first())).toBe('1');
    const books = await admin.site.api<{ items: { reading_status: string }[] }>(
      'GET',
      `/series/${seriesIds['Nuit blanche']}/books`,
    );
    expect(books.items.map((book) => book.reading_status)).toEqual(['read']);
    await admin.screenshot(page, 'series-read');

    // The reading filter now finds it among the read ones.
    await page.getByRole('combobox', { name: 'Reading' }).selectOption('read');
    await waitForNames(page, ['Nuit blanche']);

    await card(page, 'Nuit blanche').getByRole('button', { name: 'Actions: Nuit blanche' }).click();
    await page.getByRole('menuitem', { name: 'Mark unread' }).click();
    await waitForNames(page, []);
    await page.getByRole('combobox', { name: 'Reading' }).selectOption('');
    await expect.poll(() => card(page, 'Nuit blanche').getAttribute('data-reading-status')).toBe('unread');
    expect(await opacity(card(page, 'Nuit blanche').getByRole('link').first())).toBe('1');
  });

  it('selects several series (shift-click for a range) and marks them read, then unread, from the bar', async () => {
    const page = await admin.signedInPage({ path: '/series' });
    await shownNames(page);
    const names = await shownNames(page);
    // Shift-click selects the range between the first and the third card.
    await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
    await page.getByRole('checkbox', { name: `Select ${names[2]}` }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Selected series' });
    await expect.poll(async () => (await bar.textContent())?.includes('3 selected')).toBe(true);
    // Two of them: the middle one off again.
    await page.getByRole('checkbox', { name: `Select ${names[1]}` }).uncheck();
    await expect.poll(async () => (await bar.textContent())?.includes('2 selected')).toBe(true);
    await admin.screenshot(page, 'series-selection');

    await bar.getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(() => card(page, names[0]!).getAttribute('data-reading-status')).toBe('read');
    expect(await card(page, names[2]!).getAttribute('data-reading-status')).toBe('read');
    expect(await card(page, names[1]!).getAttribute('data-reading-status')).not.toBe('read');
    expect(await card(page, names[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    await bar.getByRole('button', { name: 'Mark unread' }).click();
    await expect.poll(() => card(page, names[0]!).getAttribute('data-reading-status')).toBe('unread');
    expect(await card(page, names[2]!).getAttribute('data-reading-status')).toBe('unread');

    // Match metadata asks for a batch of the two selected series only (the sample library has no provider, so the
    // server's 400 then shows as a toast; the batch itself is tested in apps/server/test/metadata-jobs.test.ts).
    const asked = page.waitForRequest((request) => request.url().includes('/trpc/metadata.startBatch'));
    await bar.getByRole('button', { name: 'Match metadata' }).click();
    const body = JSON.stringify((await asked).postDataJSON());
    for (const name of [names[0]!, names[2]!]) expect(body).toContain(seriesIds[name]);
    expect(body).not.toContain(seriesIds[names[1]!]);
    await page
      .getByRole('status')
      .filter({ hasText: /provider/ })
      .waitFor();
    // The toast covers none of the bar's buttons (it was over "Clear selection" at the bottom right).
    for (const button of await bar.getByRole('button').all())
      expect(await overlapping(toastsOf(page).first(), button), (await button.textContent()) ?? '').toBe(false);
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(() => bar.count()).toBe(0);

    // Select all on the page.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect
      .poll(async () =>
        (await page.getByRole('region', { name: 'Selected series' }).textContent())?.includes(
          `${names.length} selected`,
        ),
      )
      .toBe(true);
  });

  it('sorts through the URL (the sort survives a reload) and jumps to a letter', async () => {
    const page = await admin.signedInPage({ path: '/series' });
    const ascending = await shownNames(page);
    expect(ascending).toEqual(['Éclats de lune', 'Harbour Lights', 'Nuit blanche', 'The Quiet Forest']);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('name_desc');
    await expect.poll(() => search(page).get('sort')).toBe('name_desc');
    await waitForNames(page, [...ascending].reverse());
    await page.reload();
    await waitForNames(page, [...ascending].reverse());
    expect(await page.getByRole('combobox', { name: 'Sort' }).inputValue()).toBe('name_desc');

    // The A–Z jump goes back to the name order and lands on the letter's first series (accents folded: É is E).
    const jump = page.getByRole('navigation', { name: 'Jump to letter' });
    await jump.getByRole('button', { name: 'Series starting with E' }).click();
    await expect.poll(() => search(page).has('sort'), { timeout: 10_000 }).toBe(false);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            document.activeElement?.closest('[data-testid="series-card"]')?.querySelector('.name')?.textContent?.trim(),
          ),
        { timeout: 10_000 },
      )
      .toBe('Éclats de lune');
    expect(await jump.getByRole('button', { name: 'Series starting with E' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await jump.getByRole('button', { name: 'Series starting with N' }).click();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            document.activeElement?.closest('[data-testid="series-card"]')?.querySelector('.name')?.textContent?.trim(),
          ),
        { timeout: 10_000 },
      )
      .toBe('Nuit blanche');
  });

  it('shows a series with its books in volume order, continues at the right book, and marks it read from there', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesIds['Éclats de lune']}` });
    await page.getByRole('heading', { level: 1, name: 'Éclats de lune' }).waitFor();
    const books = page.getByTestId('series-book');
    await expect.poll(() => books.count()).toBe(4);
    expect(await books.evaluateAll((items) => items.map((item) => item.querySelector('.volume')?.textContent))).toEqual(
      ['Vol. 1', 'Vol. 2', 'Vol. 3', 'Vol. 4'],
    );
    expect(await books.first().getByRole('link').first().getAttribute('href')).toMatch(/^\/books\/[0-9a-f-]{36}$/);
    const list = await admin.site.api<{ items: { id: string }[] }>(
      'GET',
      `/series/${seriesIds['Éclats de lune']}/books`,
    );
    // Nothing read: "Start reading" opens the first volume.
    const start = page.getByRole('link', { name: 'Start reading' });
    expect(await start.getAttribute('href')).toBe(`/read/${list.items[0]!.id}`);
    await admin.screenshot(page, 'series-detail');

    // Volumes 1 and 2 read, 3 at a page: "Continue: Vol. 3" opens the third book in the reader.
    await admin.site.api('PUT', `/books/${list.items[0]!.id}/progress`, { status: 'read' });
    await admin.site.api('PUT', `/books/${list.items[1]!.id}/progress`, { status: 'read' });
    await admin.site.api('PUT', `/books/${list.items[2]!.id}/progress`, { status: 'reading', current_page: 1 });
    await page.reload();
    const resume = page.getByRole('link', { name: 'Continue: Vol. 3' });
    await resume.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/read/${list.items[2]!.id}`);
    await page.goBack();
    await page.waitForURL(`**/series/${seriesIds['Éclats de lune']}`);
    // Back on the series page once it has its books again (the reader saved where it was: still Vol. 3).
    await page.getByRole('link', { name: 'Continue: Vol. 3' }).waitFor();
    await expect.poll(() => books.count()).toBe(4);

    await page.getByTestId('mark-series-read').click();
    await expect.poll(() => page.getByTestId('series-detail').locator('[data-reading-status="read"]').count()).toBe(4);
    expect(Number(await opacity(books.first().getByRole('link').first()))).toBeLessThan(0.7);
    // All read: "Read again" from the first.
    expect(await page.getByRole('link', { name: 'Read again' }).getAttribute('href')).toBe(
      `/read/${list.items[0]!.id}`,
    );
    await page.getByTestId('mark-series-read').click();
    await expect.poll(() => page.locator('[data-testid="series-book"][data-reading-status="read"]').count()).toBe(0);
    expect(await opacity(books.first().getByRole('link').first())).toBe('1');
  });

  it("opens the series of a genre or a publisher from a series page's chips, and drops that filter from its chip", async () => {
    const [first, second] = ['Harbour Lights', 'The Quiet Forest'];
    const sortedNames = async (page: Page) => (await shownNames(page)).sort();
    await admin.site.api('PATCH', `/series/${seriesIds[first]}`, {
      genres: ['Récit d’aventure'],
      publishers: ['Dupuis'],
    });
    await admin.site.api('PATCH', `/series/${seriesIds[second]}`, { genres: ['Récit d’aventure'] });
    try {
      const page = await admin.signedInPage({ path: `/series/${seriesIds[first]}` });
      await page.getByRole('group', { name: 'Genres' }).getByRole('link', { name: 'Récit d’aventure' }).click();
      await page.waitForURL('**/series?genre=*');
      expect(search(page).get('genre')).toBe('Récit d’aventure');
      await expect.poll(() => sortedNames(page), { timeout: 10_000 }).toEqual([first, second].sort());
      await page.getByRole('button', { name: 'Genre: Récit d’aventure' }).click();
      await expect.poll(() => search(page).has('genre')).toBe(false);
      await expect.poll(() => sortedNames(page), { timeout: 10_000 }).toEqual([...ALL_NAMES].sort());

      await page.goto(`/series/${seriesIds[first]}`);
      await page.getByRole('group', { name: 'Publishers' }).getByRole('link', { name: 'Dupuis' }).click();
      await page.waitForURL('**/series?publisher=Dupuis');
      await expect.poll(() => sortedNames(page), { timeout: 10_000 }).toEqual([first]);
    } finally {
      await admin.site.api('PATCH', `/series/${seriesIds[first]}`, { genres: [], publishers: [] });
      await admin.site.api('PATCH', `/series/${seriesIds[second]}`, { genres: [] });
    }
  });

  it('edits in a dialog: editing a field locks it, and the locks are still there when it is opened again', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesIds['Éclats de lune']}` });
    await page.getByRole('heading', { level: 1, name: 'Éclats de lune' }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit series' });
    await dialog.getByRole('tab', { name: 'People' }).click();
    const authors = dialog.getByLabel('Authors', { exact: true });
    const authorsLock = dialog.getByRole('button', { name: /: Lock Authors$/ });
    expect(await authorsLock.getAttribute('aria-pressed')).toBe('false');

    await authors.fill('Ana Lune, Théo Brun');
    expect(await authorsLock.getAttribute('aria-pressed')).toBe('true');
    // A lock can also be set without an edit, on another tab.
    await dialog.getByRole('tab', { name: 'Genres & tags' }).click();
    const genresLock = dialog.getByRole('button', { name: /: Lock Genres$/ });
    await genresLock.click();
    expect(await genresLock.getAttribute('aria-pressed')).toBe('true');
    await admin.screenshot(page, 'series-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    const saved = await admin.site.api<SeriesItem>('GET', `/series/${seriesIds['Éclats de lune']}`);
    // Names typed in the dialog are authors (the generic role).
    expect(saved.authors).toEqual([
      { name: 'Ana Lune', role: 'author' },
      { name: 'Théo Brun', role: 'author' },
    ]);
    expect(saved.locked_fields?.sort()).toEqual(['authors', 'genres']);
    // Shown as chips, the author's leading to their page (their series and books by role).
    expect(
      await page.getByRole('group', { name: 'Authors' }).getByRole('link', { name: 'Ana Lune' }).getAttribute('href'),
    ).toBe('/authors/Ana%20Lune');

    // Reopened after a reload (also ?edit=1, the grid's Edit): still locked, still the saved value.
    await page.goto(`/series/${seriesIds['Éclats de lune']}?edit=1`);
    await dialog.getByRole('tab', { name: 'People' }).click();
    expect(await authors.inputValue()).toBe('Ana Lune, Théo Brun');
    expect(await authorsLock.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('tab', { name: 'Genres & tags' }).click();
    expect(await genresLock.getAttribute('aria-pressed')).toBe('true');

    // Saving another field leaves a locked one as it is.
    await genresLock.click();
    await dialog.getByRole('tab', { name: 'General' }).click();
    await dialog.getByLabel('Start year', { exact: true }).fill('2001');
    // The reading direction is a choice among four (or the library's default), locked like any edited field.
    await dialog.getByLabel('Reading direction', { exact: true }).selectOption('rtl');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const unlocked = await admin.site.api<SeriesItem & { start_year: number; reading_direction: string | null }>(
      'GET',
      `/series/${seriesIds['Éclats de lune']}`,
    );
    expect(unlocked.locked_fields?.sort()).toEqual(['authors', 'reading_direction', 'start_year']);
    expect(unlocked.reading_direction).toBe('rtl');
    expect(unlocked.authors).toEqual([
      { name: 'Ana Lune', role: 'author' },
      { name: 'Théo Brun', role: 'author' },
    ]);
    expect(unlocked.start_year).toBe(2001);
  });

  it("shows the server's 400 at the field (a negative volume count, a bad language) without losing the page", async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesIds['Harbour Lights']}?edit=1` });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    const dialog = page.getByRole('dialog', { name: 'Edit series' });
    const volumes = dialog.getByLabel('Total volumes', { exact: true });
    await volumes.waitFor();
    expect(await volumes.inputValue()).toBe('5');

    await volumes.fill('-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const volumesError = dialog.locator('[data-field="total_volumes"]').getByTestId('field-error');
    await volumesError.waitFor();
    expect((await volumesError.textContent())?.trim()).not.toBe('');
    expect(await volumes.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('alert').textContent()).toContain('correct the highlighted fields');
    // Still the page, with what was typed.
    expect(await volumes.inputValue()).toBe('-1');
    await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();
    await admin.screenshot(page, 'series-field-error');

    await volumes.fill('6');
    const language = dialog.getByLabel('Language', { exact: true });
    await language.fill('not a language');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('[data-field="language"]').getByTestId('field-error').waitFor();
    expect(await dialog.locator('[data-field="total_volumes"]').getByTestId('field-error').count()).toBe(0);

    await language.fill('fr');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await page.getByTestId('field-error').count()).toBe(0);
    expect(await page.getByTestId('owned-progress').getAttribute('data-expected')).toBe('6');
    const saved = await admin.site.api<SeriesItem>('GET', `/series/${seriesIds['Harbour Lights']}`);
    expect(saved.total_volumes).toBe(6);
    expect(saved.locked_fields?.sort()).toEqual(['language', 'total_volumes']);
    expect(errors).toEqual([]);
  });

  it('reads in French, and fits a 360 px phone', async () => {
    const page = await admin.signedInPage({ path: '/series', locale: 'fr-FR' });
    await page.getByRole('heading', { level: 1, name: 'Séries' }).waitFor();
    await shownNames(page);
    expect(await page.getByTestId('series-total').textContent()).toContain(`${ALL_NAMES.length} séries`);
    expect((await card(page, 'Harbour Lights').getByTestId('owned-progress').textContent())?.trim()).toBe(
      'Tomes possédés : 3 sur 6',
    );
    await admin.screenshot(page, 'series');
    await page.emulateMedia({ colorScheme: 'dark' });
    await admin.screenshot(page, 'series-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByTestId('series-table').waitFor();
    await admin.screenshot(page, 'series-table');

    await page.goto(`/series/${seriesIds['Harbour Lights']}?edit=1`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Modifier la série' });
    await dialog.locator('[data-field="total_volumes"] input').fill('-1');
    await dialog.getByTestId('save-metadata').click();
    await dialog.locator('[data-field="total_volumes"]').getByTestId('field-error').waitFor();
    await admin.screenshot(page, 'series-field-error');
    await page.goto(`/series/${seriesIds['Harbour Lights']}`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();
    await page.getByTestId('series-book').first().waitFor();
    await admin.screenshot(page, 'series-detail');
    await page.emulateMedia({ colorScheme: 'dark' });
    await admin.screenshot(page, 'series-detail-dark');

    const phone = await admin.signedInPage({ path: '/series', viewport: 'phone' });
    await shownNames(phone);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'series-phone');
    await phone.goto(`/series/${seriesIds['Harbour Lights']}`);
    await phone.getByTestId('series-book').first().waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'series-detail-phone');
  });

  it("changes a series' cover: another book's, then an uploaded PNG (the admin's one REST call), shown at once", async () => {
    const seriesId = seriesIds['The Quiet Forest']!;
    const list = await admin.site.api<{ items: { id: string }[] }>('GET', `/series/${seriesId}/books`);
    const page = await admin.signedInPage({ path: `/series/${seriesId}` });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.getByRole('heading', { level: 1, name: 'The Quiet Forest' }).waitFor();
    const headerCover = page.getByTestId('series-detail').locator('.summary .cover img');
    await expect.poll(() => headerCover.getAttribute('src')).toBe(`/api/v1/books/${list.items[0]!.id}/thumbnail`);

    await page.getByTestId('change-cover').click();
    const dialog = page.getByRole('dialog', { name: 'Cover of The Quiet Forest' });
    await dialog.locator(`[data-testid="cover-book"][data-book-id="${list.items[1]!.id}"]`).click();
    await expect.poll(() => headerCover.getAttribute('src')).toBe(`/api/v1/books/${list.items[1]!.id}/thumbnail`);
    expect(await dialog.locator(`[data-book-id="${list.items[1]!.id}"]`).getAttribute('aria-pressed')).toBe('true');

    // A PNG the size of a page, in a colour no sample cover has.
    const png = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#e01090' } })
      .png()
      .toBuffer();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') uploads.push(new URL(request.url()).pathname);
    });
    // The server turns the PNG into a cover image first: on a loaded machine that alone can outlast a poll's 5 s.
    const uploaded = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === `/api/v1/series/${seriesId}/cover/image`,
      { timeout: 60_000 },
    );
    await dialog.getByTestId('cover-upload').setInputFiles({ name: 'forest.png', mimeType: 'image/png', buffer: png });
    expect((await uploaded).status()).toBe(200);
    await expect
      .poll(() => headerCover.getAttribute('src'))
      .toMatch(new RegExp(`^/api/v1/series/${seriesId}/cover/image\\?v=[0-9a-f]{32}$`));
    expect(uploads).toEqual([`/api/v1/series/${seriesId}/cover/image`]);
    // The new image is shown, not a cached one: loaded, and magenta.
    await expect
      .poll(() => headerCover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await admin.site.api<{ cover: { source: string }; cover_url: string }>('GET', `/series/${seriesId}`);
    expect(shown.cover.source).toBe('upload');
    const served = await fetch(`${admin.site.url}${shown.cover_url}`, {
      headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
    });
    const { dominant } = await sharp(Buffer.from(await served.arrayBuffer())).stats();
    expect(dominant.r).toBeGreaterThan(180);
    expect(dominant.g).toBeLessThan(80);

    // Not an image: the dialog says so in the page's words, and the cover stays.
    await dialog
      .getByTestId('cover-upload')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await dialog.getByText('This file is not a JPEG, PNG or WebP image the server can read.').waitFor();
    expect(await headerCover.getAttribute('src')).toBe(shown.cover_url);

    // Back to the first book's cover, as the other tests expect it.
    await dialog.getByTestId('cover-first-book').click();
    await expect.poll(() => headerCover.getAttribute('src')).toBe(`/api/v1/books/${list.items[0]!.id}/thumbnail`);
    expect(errors).toEqual([]);
  });
});
