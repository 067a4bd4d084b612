import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAdminBrowser } from './support/admin-browser.js';
import { waitUntil } from './support/e2e-harness.js';

/**
 * Collections, want to read and reading through a list (issue 32), one flow each in a real Chromium against the
 * built server, in English and the light theme (the screenshot walk covers the other themes, languages and widths).
 * One server for the file: the flows use different series and books of the sample library.
 */
const admin = useAdminBrowser();

interface Named {
  id: string;
  name: string;
}
interface BookRow {
  id: string;
  series: string;
  volume: number;
  title: string;
}

const seriesByName = async () =>
  new Map((await admin.site.api<{ items: Named[] }>('GET', '/series?limit=50')).items.map((one) => [one.name, one.id]));

/** Waits until the server holds `expected` as the ordered ids the getter returns. */
async function orderSaved(what: string, get: () => Promise<string[]>, expected: string[]): Promise<void> {
  await waitUntil(what, async () => ((await get()).join() === expected.join() ? true : undefined), 10_000, 100);
}

/** The rows of a reorderable list, by their ids (data-reorder-id), in the order shown. */
const rowIds = (page: Page, testid: string) =>
  page
    .getByTestId(testid)
    .locator('[data-reorder-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reorder-id')!));

describe('collections, want to read and reading lists in the admin', { timeout: 120_000 }, () => {
  it('creates an ordered collection, adds series from the selection bar, reorders them by keyboard and drag', async () => {
    const page = await admin.signedInPage({ path: '/collections' });
    await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
    await page.getByText('No collection yet.').waitFor();
    await page.getByTestId('collection-new').click();
    await page.getByTestId('collection-name').fill('Ghibli');
    await page.getByTestId('collection-summary').fill('Films and books.');
    await page.getByTestId('collection-ordered').check();
    await page.getByTestId('collection-submit').click();
    await page.getByRole('heading', { name: 'Ghibli', level: 1 }).waitFor();
    const collectionId = page.url().split('/collections/')[1]!.split('?')[0]!;

    // Three series picked on the series grid, added from its selection bar.
    const ids = await seriesByName();
    await page.goto('/series?sort=name_asc');
    for (const name of ['Harbour Lights', 'Nuit blanche', 'The Quiet Forest']) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    await page.getByTestId('selection-add-collection').click();
    await page.getByRole('button', { name: 'Add to Ghibli' }).click();
    await page.getByText('Added to the collection “Ghibli”.').waitFor();

    const savedOrder = async () =>
      (await admin.site.api<{ series_ids: string[] }>('GET', `/collections/${collectionId}`)).series_ids;
    const [harbour, nuit, forest] = [
      ids.get('Harbour Lights')!,
      ids.get('Nuit blanche')!,
      ids.get('The Quiet Forest')!,
    ];
    expect(await savedOrder()).toEqual([harbour, nuit, forest]);

    // The series page names the collection; the collection page shows the series as the grid does.
    await page.goto(`/series/${nuit}`);
    await page.getByTestId('series-collections').getByRole('link', { name: 'Ghibli' }).click();
    await page.getByRole('heading', { name: 'Ghibli', level: 1 }).waitFor();
    await page.getByTestId('collection-series-grid').getByTestId('series-card').nth(2).waitFor();
    expect(await rowIds(page, 'collection-order')).toEqual([harbour, nuit, forest]);

    // Keyboard: the first series' handle, arrow down → second.
    await page.getByRole('button', { name: 'Move Harbour Lights', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByText('Harbour Lights moved to position 2 of 3.').waitFor();
    await orderSaved('the keyboard move', savedOrder, [nuit, harbour, forest]);
    // The focus stays on the moved row's handle: a second press moves it on.
    await page.keyboard.press('ArrowDown');
    await orderSaved('the second keyboard move', savedOrder, [nuit, forest, harbour]);

    // Drag: the last row onto the first.
    const rows = page.getByTestId('collection-order').locator('[data-reorder-id]');
    await rows.nth(2).dragTo(rows.nth(0));
    await orderSaved('the drag', savedOrder, [harbour, nuit, forest]);
    expect(await rowIds(page, 'collection-order')).toEqual([harbour, nuit, forest]);

    // Nuit blanche picked as the cover from its row: stored, and the page's cover is its own.
    const saved = () => admin.site.api<{ cover_series_id: string | null }>('GET', `/collections/${collectionId}`);
    const nuitCover = (await admin.site.api<{ cover_url: string }>('GET', `/series/${nuit}`)).cover_url;
    const chooser = page.getByRole('button', { name: 'Use Nuit blanche as the cover' });
    await chooser.click();
    await page.getByText('The collection’s cover is now Nuit blanche’s.').waitFor();
    expect((await saved()).cover_series_id).toBe(nuit);
    expect(await chooser.getAttribute('aria-pressed')).toBe('true');
    const headerCover = page.getByTestId('collection-detail').locator('header img').first();
    expect(await headerCover.getAttribute('src')).toContain(nuitCover);
    await admin.screenshot(page, 'collection');
    // Pressed again: no chosen cover, the first series' again.
    await chooser.click();
    await page.getByText('The collection’s cover is its first series again.').waitFor();
    expect((await saved()).cover_series_id).toBeNull();
  });

  it('puts a series on the want-to-read shelf from its card, and the dashboard shows it', async () => {
    const page = await admin.signedInPage({ path: '/series?sort=name_asc' });
    const card = page.locator('[data-testid="series-card"]', { hasText: 'Éclats de lune' });
    await card.hover();
    const toggle = card.getByRole('button', { name: 'Want to read Éclats de lune' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await card.locator('[data-testid="want-to-read"][aria-pressed="true"]').waitFor();

    await page.goto('/');
    const row = page.getByTestId('want-to-read-row');
    await row.getByRole('link', { name: /Éclats de lune/ }).waitFor();
    await row.getByRole('link', { name: 'See all: Want to read' }).click();
    await page.getByRole('heading', { name: 'Want to read', level: 1 }).waitFor();
    await page.getByTestId('want-to-read-grid').getByText('Éclats de lune').waitFor();

    // Off again from the series page.
    await page.getByTestId('want-to-read-grid').getByRole('link', { name: 'Éclats de lune' }).first().click();
    const pageToggle = page.getByTestId('series-detail').getByRole('button', { name: 'Want to read', exact: true });
    await page.locator('[data-testid="series-detail"] [data-testid="want-to-read"][aria-pressed="true"]').waitFor();
    await pageToggle.click();
    await page.locator('[data-testid="series-detail"] [data-testid="want-to-read"][aria-pressed="false"]').waitFor();
    const shelf = await admin.site.api<{ items: Named[] }>('GET', '/want-to-read');
    expect(shelf.items).toEqual([]);
  });

  it('makes a list from a series and a book, reorders it by keyboard, and reads on through the list', async () => {
    const books = (await admin.site.api<{ items: BookRow[] }>('GET', '/books?limit=100&sort=series')).items;
    const pick = (series: string, volume: number) => books.find((b) => b.series === series && b.volume === volume)!;
    const quiet = [pick('The Quiet Forest', 1), pick('The Quiet Forest', 2)];
    const nuit = pick('Nuit blanche', 1);
    const ids = await seriesByName();

    // All the books of a series, in order, into a new list from the series page.
    const page = await admin.signedInPage({ path: `/series/${ids.get('The Quiet Forest')}` });
    await page.getByTestId('series-add-reading-list').click();
    await page.getByTestId('add-to-shelf-name').fill('Night and forest');
    await page.getByRole('button', { name: 'Create and add' }).click();
    await page.getByText('Added to the reading list “Night and forest”.').waitFor();
    // Then one book from its page, appended.
    await page.goto(`/books/${nuit.id}`);
    await page.getByTestId('book-add-reading-list').click();
    await page.getByRole('button', { name: 'Add to Night and forest' }).click();
    await page.getByText('Added to the reading list “Night and forest”.').waitFor();

    const lists = await admin.site.api<{ items: Named[] }>('GET', '/reading-lists');
    const listId = lists.items.find((list) => list.name === 'Night and forest')!.id;
    const savedOrder = async () =>
      (await admin.site.api<{ book_ids: string[] }>('GET', `/reading-lists/${listId}`)).book_ids;
    expect(await savedOrder()).toEqual([quiet[0]!.id, quiet[1]!.id, nuit.id]);

    // Nuit blanche first, from the keyboard (Home).
    await page.goto(`/reading-lists/${listId}`);
    await page.getByRole('heading', { name: 'Night and forest', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Move Nuit blanche/ }).focus();
    await page.keyboard.press('Home');
    await orderSaved('the list order', savedOrder, [nuit.id, quiet[0]!.id, quiet[1]!.id]);
    expect(await rowIds(page, 'reading-list-books')).toEqual([nuit.id, quiet[0]!.id, quiet[1]!.id]);
    await admin.screenshot(page, 'reading-list-order');

    // Continue opens the first unread book with the list in the address; at its end the next book is the list's
    // (Nuit blanche has one volume: the series has no next book).
    await page.getByTestId('reading-list-continue').click();
    await page.waitForURL(`**/read/${nuit.id}?list=${listId}`);
    await page.getByTestId('reader-stage').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid="reader-edge"][data-edge="end"]').waitFor();
    // The list's books are asked when the reader opens: a loaded machine may answer after the edge shows.
    const next = page.getByTestId('reader-next-book');
    await next.waitFor({ timeout: 30_000 });
    expect(await next.textContent()).toContain('The Quiet Forest');
    await next.click();
    await page.waitForURL(`**/read/${quiet[0]!.id}?at=start&list=${listId}`);
  });
});
