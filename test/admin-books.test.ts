import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildZip, SAMPLE_PAGE } from './support/comics.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './support/e2e-harness.js';
import { horizontalOverflow, SAMPLE_BOOK_COUNT, SAMPLE_LIBRARY, useAdminBrowser } from './support/admin-browser.js';

/**
 * The admin's books pages in a real Chromium against the built server: the list filtered through the URL, a
 * book's metadata edited with its locks, a server-side field error (a bad ISBN) shown at its field, the reading
 * state saved. Each assertion of a write is checked through the REST API, not only on the page.
 */
const admin = useAdminBrowser();

interface ApiBook {
  id: string;
  title: string;
  series: string | null;
  volume: number | null;
  volume_end: number | null;
  chapter: number | null;
  chapter_end: number | null;
  kind: string;
  series_id: string | null;
  isbn: string | null;
  locked_fields: string[];
  reading_status: string;
  current_page: number | null;
}

async function bookOf(series: string, volume: number): Promise<ApiBook> {
  const page = await admin.site.api<{ items: ApiBook[] }>(
    'GET',
    `/books?series=${encodeURIComponent(series)}&limit=50`,
  );
  const book = page.items.find((item) => item.volume === volume);
  if (!book) throw new Error(`no volume ${volume} of ${series}`);
  return book;
}

const getBook = (id: string) => admin.site.api<ApiBook>('GET', `/books/${id}`);

async function itemCount(page: Page, expected: number) {
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('[data-testid="book-item"]').length === count &&
      !document.querySelector('ul.books[aria-busy="true"]'),
    expected,
  );
}

describe('the books pages', { timeout: 120_000 }, () => {
  it('lists the books with their total and filters them through the URL (back goes back)', async () => {
    const page = await admin.signedInPage({ path: '/books' });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.getByRole('heading', { name: 'Books', level: 1 }).waitFor();
    await itemCount(page, SAMPLE_BOOK_COUNT);
    expect(await page.getByTestId('books-total').textContent()).toContain(`of ${SAMPLE_BOOK_COUNT} books`);
    await admin.screenshot(page, 'books');

    // Accent-insensitive search, debounced into the URL.
    await page.getByRole('searchbox', { name: 'Search' }).fill('eclats');
    await page.waitForURL(/[?&]q=eclats/);
    const eclats = SAMPLE_LIBRARY.series.find((series) => series.name === 'Éclats de lune');
    await itemCount(page, eclats?.volumes ?? -1);

    // A select filter joins it; nothing is read yet, so nothing matches and the page says so.
    await page.getByLabel('Reading status').selectOption('read');
    await page.waitForURL(/reading_status=read/);
    await itemCount(page, 0);
    await page.getByText('No book matches these filters.').waitFor();

    // Back: the previous filter, from the URL.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('reading_status'));
    await itemCount(page, eclats?.volumes ?? -1);
    expect(await page.getByLabel('Reading status').inputValue()).toBe('');

    // A series name filters by that series; sorting and format filters travel in the URL too.
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await itemCount(page, SAMPLE_BOOK_COUNT);
    await page.getByRole('button', { name: 'Harbour Lights' }).first().click();
    await page.waitForURL(/series=Harbour/);
    await itemCount(page, 3);
    await page.getByLabel('Sort by').selectOption('title');
    await page.getByLabel('Format').selectOption('cbz');
    await page.waitForURL(/format=cbz/);
    await itemCount(page, 3);
    await page.getByLabel('File').selectOption('error');
    await itemCount(page, 0);

    // The URL alone restores the state (a shared link).
    const shared = await admin.signedInPage({ path: '/books?series=Nuit%20blanche&sort=recently_added' });
    await itemCount(shared, 1);
    expect(await shared.getByLabel('Sort by').inputValue()).toBe('recently_added');
    expect(errors).toEqual([]);
  });

  it('shows the books as the series grid’s cover cards, selects a range with shift and marks it read', async () => {
    const page = await admin.signedInPage({ path: '/books?series=%C3%89clats%20de%20lune' });
    await page.getByTestId('books-view-grid').click();
    await page.waitForURL(/view=grid/);
    const cards = page.getByTestId('book-card');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-card"]').length === 4);
    // The cover is the book's thumbnail, in the kit's Cover as on a series card.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="book-card"] img')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    // The first card, then shift on the third: three selected; the bar marks them read.
    await cards.nth(0).hover();
    await cards.nth(0).getByRole('checkbox').click();
    await cards.nth(2).hover();
    await cards
      .nth(2)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    const bar = page.getByTestId('selection-bar');
    await bar.getByText('3 selected').waitFor();
    expect(await bar.getAttribute('aria-label')).toBe('Selected books');
    await admin.screenshot(page, 'books-grid-selection');
    await bar.getByRole('button', { name: 'Mark read' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="book-card"][data-reading-status="read"]').length === 3,
    );
    const ids = await cards.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.bookId!));
    const states = await Promise.all(ids.map(async (id) => (await getBook(id)).reading_status));
    expect(states).toEqual(['read', 'read', 'read', 'unread']);
    // Clearing the filters keeps the grid.
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="book-card"]').length === count,
      SAMPLE_BOOK_COUNT,
    );
    for (const id of ids) await admin.site.api('PUT', `/books/${id}/progress`, { status: 'unread' });
  });

  it('edits a title, which locks it, and unlocks it with its toggle', async () => {
    const target = await bookOf('Harbour Lights', 1);
    const page = await admin.signedInPage({ path: '/books' });
    await page.getByRole('link', { name: target.title, exact: true }).first().click();
    await page.waitForURL(`**/books/${target.id}`);
    await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
    await admin.screenshot(page, 'book');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await admin.screenshot(page, 'book-edit');

    const titleLock = page.getByRole('button', { name: 'Lock Title' });
    expect(await titleLock.getAttribute('aria-pressed')).toBe('false');
    await page.getByLabel('Title', { exact: true }).fill('Harbour Lights: The Lighthouse');
    expect(await titleLock.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page
      .getByRole('heading', { name: 'Harbour Lights: The Lighthouse', level: 1 })
      .waitFor({ state: 'attached' });
    let stored = await getBook(target.id);
    expect(stored.title).toBe('Harbour Lights: The Lighthouse');
    expect(stored.locked_fields).toEqual(['title']);

    await titleLock.click();
    expect(await titleLock.getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    stored = await getBook(target.id);
    expect(stored.locked_fields).toEqual([]);
    expect(stored.title).toBe('Harbour Lights: The Lighthouse');
  });

  it('shows a bad ISBN at its field without a crash, and saves once it is right', async () => {
    const target = await bookOf('Harbour Lights', 2);
    const page = await admin.signedInPage({ path: `/books/${target.id}` });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();

    const isbn = page.getByLabel('ISBN', { exact: true });
    // The right shape with a wrong checksum: the server's own check (a 400 naming /body/isbn).
    await isbn.fill('978-2-203-00101-6');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const message = page.getByTestId('error-isbn');
    await message.waitFor();
    // Said from its code (isbnChecksum), in the page's language.
    expect(await message.textContent()).toContain('check digit');
    expect(await isbn.getAttribute('aria-invalid')).toBe('true');
    expect(await isbn.getAttribute('aria-describedby')).toContain('book-isbn-error');
    // The page is whole: the heading, the form and what was typed are still there.
    await page.getByRole('heading', { name: target.title, level: 1 }).waitFor({ state: 'attached' });
    expect(await isbn.inputValue()).toBe('978-2-203-00101-6');
    await admin.screenshot(page, 'book-isbn-error');
    expect((await getBook(target.id)).isbn).toBeNull();

    // Not an ISBN at all: the contract's pattern, still at the field.
    await isbn.fill('not-an-isbn');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="error-isbn"]')?.textContent ?? '';
      return text !== '' && !text.includes('checksum');
    });

    await isbn.fill('978-2-203-00101-5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await page.getByTestId('error-isbn').count()).toBe(0);
    const stored = await getBook(target.id);
    expect(stored.isbn?.replaceAll('-', '')).toBe('9782203001015');
    expect(stored.locked_fields).toContain('isbn');
    expect(errors).toEqual([]);
  });

  it('takes the publication date in the admin language order, whole or partial, and says a wrong one at the field', async () => {
    const target = await bookOf('Harbour Lights', 3);
    const page = await admin.signedInPage({ path: `/books/${target.id}` });
    await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const date = page.getByLabel('Publication date', { exact: true });
    // English as the admin writes its dates (month first), and what else the field takes.
    expect(await date.getAttribute('placeholder')).toBe('mm/dd/yyyy');
    const format = page.getByTestId('publish_date-format');
    expect(await format.textContent()).toContain('mm/dd/yyyy, or mm/yyyy, or yyyy');
    expect(await date.getAttribute('aria-describedby')).toContain((await format.getAttribute('id'))!);

    // A year alone is its first day, as the server stores it.
    await date.fill('1987');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    let stored = await admin.site.api<ApiBook & { publish_date: string | null }>('GET', `/books/${target.id}`);
    expect(stored.publish_date).toBe('1987-01-01');
    expect(stored.locked_fields).toContain('publish_date');

    // A 13th month, then letters: said at the field once it is left, and nothing is saved.
    await date.fill('13/1987');
    await date.blur();
    const message = page.getByTestId('error-publish_date');
    await message.getByText('no such month: months go from 1 to 12').waitFor();
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    expect(await date.getAttribute('aria-describedby')).toContain('book-publish_date-error');
    await date.fill('spring 1987');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await message.getByText('not a date in the format shown').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('book-publish_date');
    await admin.screenshot(page, 'book-date-error');
    stored = await admin.site.api<ApiBook & { publish_date: string | null }>('GET', `/books/${target.id}`);
    expect(stored.publish_date).toBe('1987-01-01');
    // Undo brings the saved date back, and the error goes.
    await page.getByRole('button', { name: 'Undo changes' }).click();
    await message.waitFor({ state: 'detached' });
    expect(await date.inputValue()).toBe('01/01/1987');

    // In French, day first: 14/07/1989 is the 14th of July, and a month with its year is that month's first day.
    const french = await admin.signedInPage({ path: `/books/${target.id}`, locale: 'fr-FR' });
    await french.getByRole('heading', { name: target.title, level: 1 }).waitFor();
    await french.getByRole('button', { name: 'Modifier', exact: true }).click();
    const frenchDate = french.getByLabel('Date de publication', { exact: true });
    expect(await frenchDate.getAttribute('placeholder')).toBe('jj/mm/aaaa');
    expect(await french.getByTestId('publish_date-format').textContent()).toContain('jj/mm/aaaa, ou mm/aaaa, ou aaaa');
    expect(await frenchDate.inputValue()).toBe('01/01/1987');
    await frenchDate.fill('31/02/1989');
    await french.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await french.getByTestId('error-publish_date').getByText('ce jour n’existe pas dans ce mois').waitFor();
    await frenchDate.fill('14/07/1989');
    await french.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await french.getByRole('status').getByText('Enregistré.').waitFor();
    stored = await admin.site.api<ApiBook & { publish_date: string | null }>('GET', `/books/${target.id}`);
    expect(stored.publish_date).toBe('1989-07-14');
    await frenchDate.fill('03/1990');
    await french.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await french.getByRole('status').getByText('Enregistré.').waitFor();
    stored = await admin.site.api<ApiBook & { publish_date: string | null }>('GET', `/books/${target.id}`);
    expect(stored.publish_date).toBe('1990-03-01');
  });

  it('sets the reading state: reading at a page, read, unread', async () => {
    const target = await bookOf('The Quiet Forest', 1);
    const page = await admin.signedInPage({ path: `/books/${target.id}` });
    const state = page.getByTestId('reading-state');
    await state.waitFor();

    await state.getByLabel('Page reached').fill('2');
    await state.getByLabel('Reading, at page').check();
    await waitUntil(
      'reading at page 2',
      async () => {
        const book = await getBook(target.id);
        return book.reading_status === 'reading' && book.current_page === 2 ? book : undefined;
      },
      5000,
    );
    await state.getByText('Reading state saved.').waitFor();

    await state.getByLabel('Read', { exact: true }).check();
    await waitUntil(
      'read',
      async () => ((await getBook(target.id)).reading_status === 'read' ? true : undefined),
      5000,
    );
    expect((await getBook(target.id)).current_page).toBe(3);

    await state.getByLabel('Unread').check();
    await waitUntil(
      'unread',
      async () => ((await getBook(target.id)).reading_status === 'unread' ? true : undefined),
      5000,
    );

    // The list shows it.
    const list = await admin.signedInPage({ path: '/books?series=The%20Quiet%20Forest&reading_status=unread' });
    await itemCount(list, 2);
  });

  it('edits and locks volume and chapters, shows them in the list, the series and the reader', async () => {
    const target = await bookOf('The Quiet Forest', 2);
    const page = await admin.signedInPage({ path: `/books/${target.id}` });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
    expect(await page.getByTestId('book-numbers').textContent()).toBe('Vol. 2');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();

    // A range that ends before it starts: the server's 400 at its field, nothing stored.
    await page.getByLabel('Chapter', { exact: true }).fill('10');
    await page.getByLabel('Last chapter', { exact: true }).fill('8');
    // Editing a number locks it (the lock's name is its state, then what it does).
    expect(await page.getByRole('button', { name: 'Lock Chapter' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const message = page.getByTestId('error-chapter_end');
    await message.waitFor();
    // Said from its code (minimum) with its bound: the end of a range is at least its start.
    expect(await message.textContent()).toMatch(/^must be at least \d+/);
    expect((await getBook(target.id)).chapter).toBeNull();

    await page.getByLabel('Last chapter', { exact: true }).fill('18');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await waitUntil(
      'the label follows',
      async () => ((await page.getByTestId('book-numbers').textContent()) === 'Vol. 2 – Ch. 10–18' ? true : undefined),
      5000,
    );
    const stored = await getBook(target.id);
    expect([stored.volume, stored.chapter, stored.chapter_end, stored.kind]).toEqual([2, 10, 18, 'regular']);
    expect([...stored.locked_fields].sort()).toEqual(['chapter', 'chapter_end']);
    await admin.screenshot(page, 'book-chapters');

    // The volume's lock, toggled alone, is saved too.
    await page.getByRole('button', { name: 'Lock Volume' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect([...(await getBook(target.id)).locked_fields].sort()).toEqual(['chapter', 'chapter_end', 'volume']);

    const list = await admin.signedInPage({ path: '/books?series=The%20Quiet%20Forest' });
    await itemCount(list, 2);
    expect(await list.getByTestId('book-numbers').allTextContents()).toEqual(['Vol. 1', 'Vol. 2 – Ch. 10–18']);

    const series = await admin.signedInPage({ path: `/series/${stored.series_id}` });
    await series.getByTestId('series-book').nth(1).waitFor();
    expect(await series.getByTestId('series-books').getByTestId('book-numbers').allTextContents()).toEqual([
      'Vol. 1',
      'Vol. 2 – Ch. 10–18',
    ]);

    const reader = await admin.signedInPage({ path: `/read/${target.id}` });
    const title = reader.getByTestId('reader-title');
    await title.waitFor();
    expect(await title.textContent()).toBe(`Vol. 2 – Ch. 10–18 – ${target.title}`);
    await reader.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="reader-page"]');
      return !!image && image.complete && image.naturalWidth > 0;
    });
    await admin.screenshot(reader, 'reader-chapters');
    expect(errors).toEqual([]);
  });

  it('turns a book into a loose chapter: its series then shows chapters, in English and French', async () => {
    const target = await bookOf('Nuit blanche', 1);
    const page = await admin.signedInPage({ path: `/books/${target.id}` });
    await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Volume', { exact: true }).fill('');
    await page.getByLabel('Chapter', { exact: true }).fill('12,5');
    await page.getByLabel('Kind', { exact: true }).selectOption('chapter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    const stored = await getBook(target.id);
    expect([stored.volume, stored.chapter, stored.kind]).toEqual([null, 12.5, 'chapter']);
    expect([...stored.locked_fields].sort()).toEqual(['chapter', 'kind', 'volume']);
    expect(await page.getByTestId('book-numbers').textContent()).toBe('Ch. 12.5');

    const series = await admin.signedInPage({ path: `/series/${stored.series_id}` });
    const span = series.getByTestId('chapter-span');
    await span.waitFor();
    expect((await span.textContent())?.replace(/\s+/g, ' ').trim()).toBe('1 chapter · Ch. 12.5');
    await admin.screenshot(series, 'series-chapters');

    const french = await admin.signedInPage({ path: `/series/${stored.series_id}`, locale: 'fr-FR' });
    const frenchSpan = french.getByTestId('chapter-span');
    await frenchSpan.waitFor();
    expect((await frenchSpan.textContent())?.replace(/\s+/g, ' ').trim()).toBe('1 chapitre · Ch. 12,5');
    expect(await french.getByTestId('series-books').getByTestId('book-numbers').textContent()).toBe('Ch. 12,5');
    await admin.screenshot(french, 'series-chapters');
  });

  it('reads in French, and fits a 360 px phone', async () => {
    const target = await bookOf('Éclats de lune', 1);
    const french = await admin.signedInPage({ path: '/books', locale: 'fr-FR' });
    await french.getByRole('heading', { name: 'Livres', level: 1 }).waitFor();
    await itemCount(french, SAMPLE_BOOK_COUNT);
    expect(await french.getByTestId('books-total').textContent()).toContain(`sur ${SAMPLE_BOOK_COUNT} livres`);
    await admin.screenshot(french, 'books');
    await french.goto(`/books/${target.id}`);
    await french.getByRole('heading', { name: target.title, level: 1 }).waitFor();
    await admin.screenshot(french, 'book');
    await french.getByRole('button', { name: 'Modifier', exact: true }).click();
    await french
      .getByRole('dialog', { name: 'Modifier le livre' })
      .getByRole('heading', { name: 'Métadonnées' })
      .waitFor();
    await admin.screenshot(french, 'book-edit');

    const phone = await admin.signedInPage({ path: '/books', viewport: 'phone' });
    await itemCount(phone, SAMPLE_BOOK_COUNT);
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'books-phone');
    await phone.goto(`/books/${target.id}`);
    await phone.getByRole('heading', { name: target.title, level: 1 }).waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'book-phone');
    await phone.getByRole('button', { name: 'Edit', exact: true }).click();
    await phone.getByRole('dialog', { name: 'Edit book' }).getByRole('heading', { name: 'Metadata' }).waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'book-edit-phone');
  });

  it('leads to the previous and next book of the series, in its reading order', async () => {
    const first = await bookOf('Éclats de lune', 1);
    const second = await bookOf('Éclats de lune', 2);
    const third = await bookOf('Éclats de lune', 3);
    const page = await admin.signedInPage({ path: `/books/${second.id}` });
    const nav = page.getByRole('navigation', { name: 'Books of the series' });
    const previous = nav.getByRole('link', { name: `Previous: ${first.title}` });
    const next = nav.getByRole('link', { name: `Next: ${third.title}` });
    expect(await previous.getAttribute('href')).toBe(`/books/${first.id}`);
    await next.click();
    await page.waitForURL(`**/books/${third.id}`);
    await page.getByRole('heading', { name: third.title, level: 1 }).waitFor();
    await nav.getByRole('link', { name: `Previous: ${second.title}` }).waitFor();
    // The first book has no previous one; its series link leads to the series page.
    await page.goto(`/books/${first.id}`);
    await nav.getByRole('link', { name: `Next: ${second.title}` }).waitFor();
    expect(await nav.getByRole('link', { name: /^Previous:/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Éclats de lune', exact: true }).getAttribute('href')).toBe(
      `/series/${first.series_id}`,
    );
  });

  // Last in the file: it adds a library, which the counts above do not expect.
  it('shows what the file says: summary, people by role, facts, genres and web links, in English and French', async () => {
    const comicInfo = `<?xml version="1.0"?><ComicInfo><Series>Night Watch</Series><Number>3</Number>
      <Title>The Long Night</Title><Summary>&lt;script&gt;window.__ran = true&lt;/script&gt;The watch holds.</Summary>
      <Writer>Ada Writer</Writer><Penciller>Ben Penciller</Penciller><Colorist>Di Colorist</Colorist>
      <Publisher>Lantern Press</Publisher><Genre>Fantasy, Adventure</Genre><Tags>bridges</Tags>
      <AgeRating>Teen</AgeRating><StoryArc>Dawn Siege</StoryArc><StoryArcNumber>2</StoryArcNumber>
      <Web>https://example.org/night-watch/3 javascript:alert(1)</Web><LanguageISO>fr</LanguageISO>
      <Year>2021</Year><Month>6</Month><Day>15</Day></ComicInfo>`;
    const folder = path.join(admin.site.server.librariesRoot, 'credits', 'Night Watch');
    await mkdir(folder, { recursive: true });
    await writeFile(
      path.join(folder, 'Night Watch 03.cbz'),
      buildZip([
        { name: 'page001.jpg', data: SAMPLE_PAGE },
        { name: 'ComicInfo.xml', data: Buffer.from(comicInfo) },
      ]),
    );
    const library = await admin.site.api<{ scan_job: { id: string } }>('POST', '/libraries', {
      name: 'Credits',
      root_path: 'credits',
    });
    await waitUntil(
      'the scan',
      async () => {
        const job = await admin.site.api<{ status: string }>('GET', `/jobs/${library.scan_job.id}`);
        return TERMINAL_JOB_STATUSES.includes(job.status) ? job : undefined;
      },
      30_000,
    );
    const book = await bookOf('Night Watch', 3);

    const page = await admin.signedInPage({ path: `/books/${book.id}` });
    const about = page.getByRole('region', { name: 'About this book' });
    await about.waitFor();
    // The scan keeps a summary's text, not its markup (a script's body included).
    expect(await about.getByTestId('book-summary').textContent()).toBe('The watch holds.');
    const credits = about.getByTestId('book-credits');
    expect(await credits.locator('dt').allTextContents()).toEqual(['writer', 'penciller', 'colorist']);
    expect(await credits.getByRole('link', { name: 'Ada Writer' }).getAttribute('href')).toBe('/authors/Ada%20Writer');
    const facts = about.getByTestId('book-facts');
    expect(await facts.textContent()).toContain('June 15, 2021');
    expect(await facts.textContent()).toContain('French');
    expect(await facts.textContent()).toContain('Teen (13+)');
    expect(await facts.textContent()).toContain('Dawn Siege, part 2');
    expect(await facts.getByRole('link', { name: 'Fantasy' }).getAttribute('href')).toBe('/series?genre=Fantasy');
    expect(await facts.getByRole('link', { name: 'Lantern Press' }).getAttribute('href')).toBe(
      '/series?publisher=Lantern%20Press',
    );
    // One web link, the http(s) one, shown by its host and opened without a way back to this page.
    const links = facts.getByRole('link', { name: 'example.org' });
    expect(await links.count()).toBe(1);
    expect(await links.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await facts.locator('a[href^="javascript"]').count()).toBe(0);
    await admin.screenshot(page, 'book-about');

    // Markup an admin typed (or a provider sent) is shown as text, and never runs.
    const markup = '<img src="x" onerror="window.__ran = true">Held.';
    await admin.site.api('PATCH', `/books/${book.id}`, { summary: markup });
    await page.reload();
    expect(await page.getByTestId('book-summary').textContent()).toBe(markup);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();

    const french = await admin.signedInPage({ path: `/books/${book.id}`, locale: 'fr-FR' });
    const apropos = french.getByRole('region', { name: 'À propos de ce livre' });
    await apropos.waitFor();
    expect(await apropos.getByTestId('book-credits').locator('dt').allTextContents()).toEqual([
      'scénariste',
      'dessinateur',
      'coloriste',
    ]);
    expect(await apropos.getByTestId('book-facts').textContent()).toContain('15 juin 2021');
    expect(await apropos.getByTestId('book-facts').textContent()).toContain('Arcs narratifs');
    await admin.screenshot(french, 'book-about-fr');
  });
});
