import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, SAMPLE_LIBRARY, useAdminBrowser } from './support/admin-browser.js';

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
  authors?: string[];
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

describe('the series pages', { timeout: 60_000 }, () => {
  it('lists every series as covers, finds an accented name without its accents, and keeps the filters in the URL', async () => {
    const page = await admin.signedInPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    // The list and the filters' options come in one request.
    const opening = countTrpcRequests(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Series' }).click();
    expect((await shownNames(page)).sort()).toEqual([...ALL_NAMES].sort());
    await expect.poll(() => opening().length).toBe(1);
    expect(opening()[0]?.replace('/trpc/', '').split(',').sort()).toEqual([
      'libraries.list',
      'series.list',
      'series.statuses',
    ]);
    expect(await page.getByTestId('series-total').textContent()).toContain(`${ALL_NAMES.length} series`);
    await admin.screenshot(page, 'series');

    // Debounced: typing the whole word makes one search (one request), and the URL holds it.
    let requests = countTrpcRequests(page);
    await page.getByTestId('series-search').pressSequentially('eclats', { delay: 30 });
    await waitForNames(page, ['Éclats de lune']);
    expect(search(page).get('q')).toBe('eclats');
    // One on an idle machine; fewer than one per key in any case (the pause is exact in debounce.test.ts).
    expect(requests().length).toBeLessThan('eclats'.length);
    expect(new Set(requests())).toEqual(new Set(['/trpc/series.list']));

    // One request per filter change, nothing per card.
    requests = countTrpcRequests(page);
    await page.getByTestId('filter-reading').selectOption('unread');
    await expect.poll(() => search(page).get('reading_status')).toBe('unread');
    await waitForNames(page, ['Éclats de lune']);
    expect(requests()).toEqual(['/trpc/series.list']);
    await page.getByTestId('filter-reading').selectOption('read');
    await waitForNames(page, []);
    await page.getByTestId('series-none').waitFor();

    // The back button steps back through the filters, the controls following the URL.
    await page.goBack();
    await expect.poll(() => search(page).get('reading_status')).toBe('unread');
    await waitForNames(page, ['Éclats de lune']);
    expect(await page.getByTestId('filter-reading').inputValue()).toBe('unread');
    await page.goBack();
    await expect.poll(() => search(page).has('reading_status')).toBe(false);
    expect(await page.getByTestId('series-search').inputValue()).toBe('eclats');

    // A shared URL opens the same list.
    const shared = await admin.signedInPage({ path: `/series?q=NUIT&library_id=${admin.site.libraryId}` });
    await waitForNames(shared, ['Nuit blanche']);
    expect(await shared.getByTestId('filter-library').inputValue()).toBe(admin.site.libraryId);
    expect(await shared.getByTestId('series-search').inputValue()).toBe('NUIT');

    // A page past the end says so and leads back.
    const past = await admin.signedInPage({ path: '/series?page=3' });
    await past.getByTestId('series-none').getByRole('link').click();
    await expect.poll(() => search(past).has('page')).toBe(false);
    expect((await shownNames(past)).length).toBe(ALL_NAMES.length);

    await page.getByTestId('clear-filters').click();
    await expect.poll(() => page.url()).toMatch(/\/series(\?view=grid)?$/);
    expect((await shownNames(page)).length).toBe(ALL_NAMES.length);
    expect(errors).toEqual([]);
  });

  it('switches to the table, and remembers it in the URL and for the next visit', async () => {
    const page = await admin.signedInPage({ path: '/series' });
    await page.getByTestId('view-table').click();
    await expect.poll(() => search(page).get('view')).toBe('table');
    expect((await shownNames(page, 'series-row')).sort()).toEqual([...ALL_NAMES].sort());
    expect(await page.getByTestId('view-table').getAttribute('aria-pressed')).toBe('true');
    await admin.screenshot(page, 'series-table');

    // Without a view in the URL, the browser's last choice.
    await page.goto('/series');
    await page.getByTestId('series-table').waitFor();
    await page.goBack();
    await page.getByTestId('series-table').waitFor();
    await page.getByTestId('view-grid').click();
    await page.getByTestId('series-grid').waitFor();
    await page.goto('/series');
    await page.getByTestId('series-grid').waitFor();
  });

  it('draws owned / expected bars, fades a read series, and marks series read and unread', async () => {
    await admin.site.api('PATCH', `/series/${seriesIds['Harbour Lights']}`, { total_volumes: 5 });
    const page = await admin.signedInPage({ path: '/series' });
    await shownNames(page);

    const harbour = card(page, 'Harbour Lights').getByTestId('owned-progress');
    expect(await harbour.getAttribute('aria-valuenow')).toBe('3');
    expect(await harbour.getAttribute('aria-valuemax')).toBe('5');
    expect(await harbour.getAttribute('aria-label')).toBe('3 of 5 volumes owned');
    // No total: owned of owned + missing, here all of them.
    const forest = card(page, 'The Quiet Forest').getByTestId('owned-progress');
    expect(await forest.getAttribute('aria-valuenow')).toBe('2');
    expect(await forest.getAttribute('aria-valuemax')).toBe('2');

    const nuit = card(page, 'Nuit blanche');
    expect(await opacity(nuit)).toBe('1');
    await nuit.getByRole('button', { name: 'Mark read: Nuit blanche' }).click();
    await expect.poll(() => nuit.getAttribute('data-reading-status')).toBe('read');
    expect(Number(await opacity(nuit))).toBeLessThan(0.7);
    expect(await opacity(card(page, 'Harbour Lights'))).toBe('1');
    const books = await admin.site.api<{ items: { reading_status: string }[] }>(
      'GET',
      `/series/${seriesIds['Nuit blanche']}/books`,
    );
    expect(books.items.map((book) => book.reading_status)).toEqual(['read']);
    await admin.screenshot(page, 'series-read');

    // The reading filter now finds it among the read ones.
    await page.getByTestId('filter-reading').selectOption('read');
    await waitForNames(page, ['Nuit blanche']);

    await card(page, 'Nuit blanche').getByRole('button', { name: 'Mark unread: Nuit blanche' }).click();
    await waitForNames(page, []);
    await page.getByTestId('filter-reading').selectOption('');
    await expect.poll(() => card(page, 'Nuit blanche').getAttribute('data-reading-status')).toBe('unread');
    expect(await opacity(card(page, 'Nuit blanche'))).toBe('1');
  });

  it('shows a series with its books in volume order, and marks it read from there', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesIds['Éclats de lune']}` });
    await page.getByRole('heading', { level: 1, name: 'Éclats de lune' }).waitFor();
    const books = page.getByTestId('series-book');
    await expect.poll(() => books.count()).toBe(4);
    expect(await books.evaluateAll((items) => items.map((item) => item.querySelector('.volume')?.textContent))).toEqual(
      ['Vol. 1', 'Vol. 2', 'Vol. 3', 'Vol. 4'],
    );
    expect(await books.first().locator('a').getAttribute('href')).toMatch(/^\/books\/[0-9a-f-]{36}$/);
    await admin.screenshot(page, 'series-detail');

    // An edit under way survives marking the series read.
    const description = page.locator('[data-field="description"] textarea');
    await description.fill('A draft, not saved yet');
    await page.getByTestId('mark-series-read').click();
    await expect.poll(() => page.getByTestId('series-detail').locator('[data-reading-status="read"]').count()).toBe(4);
    expect(await description.inputValue()).toBe('A draft, not saved yet');
    expect(Number(await opacity(books.first()))).toBeLessThan(0.7);
    await page.getByTestId('mark-series-read').click();
    await expect.poll(() => page.locator('[data-testid="series-book"][data-reading-status="read"]').count()).toBe(0);
    expect(await opacity(books.first())).toBe('1');
  });

  it('edits a field, which locks it, and the lock is still there after a reload', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesIds['Éclats de lune']}` });
    const authors = page.locator('[data-field="authors"]');
    const authorsLock = authors.getByTestId('lock-toggle');
    await authors.locator('input').waitFor();
    expect(await authorsLock.getAttribute('aria-pressed')).toBe('false');

    await authors.locator('input').fill('Ana Lune, Théo Brun');
    expect(await authorsLock.getAttribute('aria-pressed')).toBe('true');
    // A lock can also be set without an edit.
    const genresLock = page.locator('[data-field="genres"]').getByTestId('lock-toggle');
    await genresLock.click();
    expect(await genresLock.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('save-metadata').click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    const saved = await admin.site.api<SeriesItem>('GET', `/series/${seriesIds['Éclats de lune']}`);
    expect(saved.authors).toEqual(['Ana Lune', 'Théo Brun']);
    expect(saved.locked_fields?.sort()).toEqual(['authors', 'genres']);

    await page.reload();
    await authors.locator('input').waitFor();
    expect(await authors.locator('input').inputValue()).toBe('Ana Lune, Théo Brun');
    expect(await authorsLock.getAttribute('aria-pressed')).toBe('true');
    expect(await genresLock.getAttribute('aria-pressed')).toBe('true');

    // Unlocking is an edit of its own.
    await genresLock.click();
    await page.getByTestId('save-metadata').click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const unlocked = await admin.site.api<SeriesItem>('GET', `/series/${seriesIds['Éclats de lune']}`);
    expect(unlocked.locked_fields).toEqual(['authors']);
  });

  it("shows the server's 400 at the field (a negative volume count, a bad language) without losing the page", async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesIds['Harbour Lights']}` });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    const volumes = page.locator('[data-field="total_volumes"]');
    await volumes.locator('input').waitFor();
    expect(await volumes.locator('input').inputValue()).toBe('5');

    await volumes.locator('input').fill('-1');
    await page.getByTestId('save-metadata').click();
    const volumesError = volumes.getByTestId('field-error');
    await volumesError.waitFor();
    expect((await volumesError.textContent())?.trim()).not.toBe('');
    expect(await volumes.locator('input').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('problem').textContent()).toContain('correct the highlighted fields');
    // Still the page, with what was typed.
    expect(await volumes.locator('input').inputValue()).toBe('-1');
    await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();
    await admin.screenshot(page, 'series-field-error');

    await volumes.locator('input').fill('6');
    const language = page.locator('[data-field="language"]');
    await language.locator('input').fill('not a language');
    await page.getByTestId('save-metadata').click();
    await language.getByTestId('field-error').waitFor();
    expect(await volumes.getByTestId('field-error').count()).toBe(0);

    await language.locator('input').fill('fr');
    await page.getByTestId('save-metadata').click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await page.getByTestId('field-error').count()).toBe(0);
    expect(await page.getByTestId('owned-progress').getAttribute('aria-valuemax')).toBe('6');
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
    expect(await card(page, 'Harbour Lights').getByTestId('owned-progress').getAttribute('aria-label')).toBe(
      '3 tomes possédés sur 6',
    );
    await admin.screenshot(page, 'series');
    await page.emulateMedia({ colorScheme: 'dark' });
    await admin.screenshot(page, 'series-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('view-table').click();
    await page.getByTestId('series-table').waitFor();
    await admin.screenshot(page, 'series-table');

    await page.goto(`/series/${seriesIds['Harbour Lights']}`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();
    await page.locator('[data-field="total_volumes"] input').fill('-1');
    await page.getByTestId('save-metadata').click();
    await page.locator('[data-field="total_volumes"]').getByTestId('field-error').waitFor();
    await admin.screenshot(page, 'series-field-error');
    await page.reload();
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
});
