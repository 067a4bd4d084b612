import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, useAdminBrowser } from './support/admin-browser.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './support/e2e-harness.js';
import { fixedLayoutEpub, reflowableEpub } from './support/epubs.js';

/**
 * The EPUB reader in a real Chromium against the built server: a reflowable and a fixed-layout book open, turn,
 * change their text size, close and reopen at the same place (saved on the server as a CFI and a percentage); the
 * contents and search lead into the book. Screenshots in light and dark at 1366 and 360 px wide, in
 * test/artifacts/admin/epub/. A hostile book is read in admin-hostile-books.test.ts.
 */
const admin = useAdminBrowser({ library: false });

interface ApiBook {
  id: string;
  title: string;
  format: string;
  reading_status: string;
  reading_position: string | null;
  reading_percentage: number | null;
}

const books = { reflowable: '', fixed: '' };

async function placeBooks() {
  if (books.reflowable) return;
  const root = path.join(admin.site.server.librariesRoot, 'books');
  for (const [folder, data] of [
    ['Harbour Stories', reflowableEpub({ chapters: 4 })],
    ['Fixed Album', fixedLayoutEpub(4)],
  ] as const) {
    await mkdir(path.join(root, folder), { recursive: true });
    await writeFile(path.join(root, folder, `${folder} v01.epub`), data);
  }
  const library = await admin.site.api<{ scan_job: { id: string } }>('POST', '/libraries', {
    name: 'Books',
    root_path: 'books',
  });
  await waitUntil(
    'the scan',
    async () => {
      const state = await admin.site.api<{ status: string }>('GET', `/jobs/${library.scan_job.id}`);
      return TERMINAL_JOB_STATUSES.includes(state.status) ? state : undefined;
    },
    60_000,
  );
  const list = await admin.site.api<{ items: (ApiBook & { series: string })[] }>('GET', '/books?limit=50');
  const byFolder = (name: string) => list.items.find((book) => book.series === name)!.id;
  books.reflowable = byFolder('Harbour Stories');
  books.fixed = byFolder('Fixed Album');
}

const getBook = (id: string) => admin.site.api<ApiBook>('GET', `/books/${id}`);

/** The reader's place once the engine has shown a page (the CFI it reports), and how far through it is. */
async function placeOf(page: Page, after = ''): Promise<{ position: string; fraction: number }> {
  const reader = page.getByTestId('epub-reader');
  await page.waitForFunction(
    (previous) => {
      const reader = document.querySelector('[data-testid="epub-reader"]');
      const position = reader?.getAttribute('data-position') ?? '';
      return reader?.getAttribute('data-ready') === 'true' && position.startsWith('epubcfi(') && position !== previous;
    },
    after,
    { timeout: 20_000 },
  );
  return {
    position: (await reader.getAttribute('data-position')) ?? '',
    fraction: Number(await reader.getAttribute('data-fraction')),
  };
}

/** The frames that show the book's documents (blob: URLs of the admin's origin). */
const bookFrames = (page: Page): Frame[] => page.frames().filter((frame) => frame.url().startsWith('blob:'));

/** Waits until the server holds the place the reader shows (a panel closing lays the page out again, and moves it). */
async function savedAt(id: string, page: Page) {
  return waitUntil(
    'the place saved',
    async () => {
      const book = await getBook(id);
      const shown = await page.getByTestId('epub-reader').getAttribute('data-position');
      const fraction = Number(await page.getByTestId('epub-reader').getAttribute('data-fraction'));
      return book.reading_position === shown ? { book, position: shown, fraction } : undefined;
    },
    10_000,
  );
}

async function shoot(page: Page, name: string) {
  await mkdir(path.join(ARTIFACTS_DIR, 'epub'), { recursive: true });
  await admin.screenshot(page, `epub/${name}`);
}

describe('the EPUB reader', { timeout: 120_000 }, () => {
  it('opens a reflowable book, turns, changes the text size, finds a word, and reopens at the same place', async () => {
    await placeBooks();
    const page = await admin.signedInPage({ path: '/' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/read/${books.reflowable}`);
    const first = await placeOf(page);
    expect(await page.getByTestId('epub-reader').getAttribute('data-layout')).toBe('reflowable');
    expect(await page.getByTestId('epub-chapter').textContent()).toBe('Chapter 1');

    // Every frame of the book is sandboxed without scripts.
    for (const frame of bookFrames(page)) {
      const sandbox = await (await frame.frameElement()).getAttribute('sandbox');
      expect(sandbox).toBe('allow-same-origin');
    }

    await page.keyboard.press('ArrowRight');
    const second = await placeOf(page, first.position);
    await page.getByTestId('epub-next').click();
    const third = await placeOf(page, second.position);
    expect(third.fraction).toBeGreaterThan(first.fraction);

    await page.getByTestId('epub-display').click();
    await page.getByTestId('epub-larger').click();
    await page.getByTestId('epub-larger').click();
    expect((await page.getByTestId('epub-font-size').textContent())?.replace(/\s/g, '')).toBe('120%');
    await shoot(page, 'reflowable-display-light-1366');
    await expectNoSeriousViolations(page, 'the EPUB reader, display panel, light', {
      include: '[data-testid="epub-reader"]',
    });
    await page.getByTestId('epub-flow-scrolled').click();
    expect(await page.getByTestId('epub-flow-scrolled').getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'reflowable-scrolled-light-1366');
    await page.getByTestId('epub-flow-paginated').click();
    await page.getByTestId('epub-theme-dark').click();
    await shoot(page, 'reflowable-display-dark-1366');
    await expectNoSeriousViolations(page, 'the EPUB reader, display panel, dark', {
      include: '[data-testid="epub-reader"]',
    });
    await page.getByTestId('epub-display').click();
    await shoot(page, 'reflowable-dark-1366');
    await page.getByTestId('epub-display').click();
    await page.getByTestId('epub-theme-light').click();
    await page.getByTestId('epub-display').click();
    await shoot(page, 'reflowable-light-1366');

    // The contents lead to a chapter; search finds the one sentence of chapter 2 and goes there.
    await page.getByTestId('epub-contents').click();
    await page.getByTestId('epub-toc').getByRole('button', { name: 'Chapter 3' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="epub-chapter"]')?.textContent === 'Chapter 3',
    );
    await page.getByTestId('epub-search').click();
    await page.getByTestId('epub-query').fill('lighthouse-keeper');
    await page.getByTestId('epub-query').press('Enter');
    await page.getByTestId('epub-results').getByRole('button').first().waitFor();
    expect(await page.getByTestId('epub-results').getByRole('button').count()).toBe(1);
    await expectNoSeriousViolations(page, 'the EPUB reader, search', { include: '[data-testid="epub-reader"]' });
    await page.getByTestId('epub-results').getByRole('button').first().click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="epub-chapter"]')?.textContent === 'Chapter 2',
    );
    await page.getByTestId('epub-search').click();
    await placeOf(page);
    const { book: saved, ...here } = await savedAt(books.reflowable, page);
    expect(saved.reading_status).toBe('reading');
    expect(saved.reading_percentage).toBeCloseTo(here.fraction, 2);

    await page.getByTestId('epub-close').click();
    await page.waitForURL(`**/books/${books.reflowable}`);

    // Reopened: the same chapter, the same place, the text size kept.
    await page.goto(`/read/${books.reflowable}`);
    const reopened = await placeOf(page);
    expect(await page.getByTestId('epub-chapter').textContent()).toBe('Chapter 2');
    expect(Math.abs(reopened.fraction - here.fraction)).toBeLessThan(0.02);
    await page.getByTestId('epub-display').click();
    expect((await page.getByTestId('epub-font-size').textContent())?.replace(/\s/g, '')).toBe('120%');

    // On a phone: light and dark.
    await page.setViewportSize({ width: 360, height: 740 });
    await shoot(page, 'reflowable-display-light-360');
    await page.getByTestId('epub-display').click();
    await shoot(page, 'reflowable-light-360');
    // Escape closes the open panel, not the reader.
    await page.getByTestId('epub-contents').click();
    await page.getByTestId('epub-toc').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('epub-toc').waitFor({ state: 'detached' });
    expect(await page.getByTestId('epub-reader').isVisible()).toBe(true);
    // A tap on the right third of the page turns forward, on the left third back, as in the comic reader.
    const stage = (await page.getByTestId('epub-stage').boundingBox())!;
    const before = await placeOf(page);
    await page.mouse.click(stage.x + stage.width * 0.85, stage.y + stage.height / 2);
    const tappedOn = await placeOf(page, before.position);
    expect(tappedOn.fraction).toBeGreaterThan(before.fraction);
    await page.mouse.click(stage.x + stage.width * 0.15, stage.y + stage.height / 2);
    expect((await placeOf(page, tappedOn.position)).fraction).toBeLessThan(tappedOn.fraction);
    await page.getByTestId('epub-display').click();
    await page.getByTestId('epub-theme-dark').click();
    await page.getByTestId('epub-display').click();
    await shoot(page, 'reflowable-dark-360');
  });

  it('opens a fixed-layout book, turns its pages and reopens at the same page', async () => {
    await placeBooks();
    const page = await admin.signedInPage({ path: '/' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/read/${books.fixed}`);
    const first = await placeOf(page);
    expect(await page.getByTestId('epub-reader').getAttribute('data-layout')).toBe('fixed');
    await page.keyboard.press('ArrowRight');
    const second = await placeOf(page, first.position);
    await page.keyboard.press('ArrowRight');
    const third = await placeOf(page, second.position);
    expect(third.position).toContain('/6/6');
    await shoot(page, 'fixed-1366');
    expect((await savedAt(books.fixed, page)).position).toBe(third.position);
    await page.getByTestId('epub-close').click();
    await page.waitForURL(`**/books/${books.fixed}`);
    await page.goto(`/read/${books.fixed}`);
    expect((await placeOf(page)).position).toBe(third.position);

    // A place KOReader wrote (an xpointer) cannot be followed here: the reader opens at its percentage instead.
    await admin.site.api('PUT', `/books/${books.fixed}/progress`, {
      status: 'reading',
      position: '/body/DocFragment[2]/body/div/text().0',
      percentage: 0.3,
    });
    await page.goto(`/read/${books.fixed}`);
    expect((await placeOf(page)).position).toContain('/6/4');
  });

  it('offers the next book of its reading list past the last page, and opens it at its start, in French', async () => {
    await placeBooks();
    const list = await admin.site.api<{ id: string }>('POST', '/reading-lists', {
      name: 'Voyage',
      book_ids: [books.reflowable, books.fixed],
    });
    const fixedTitle = (await getBook(books.fixed)).title;
    const page = await admin.signedInPage({ path: '/', locale: 'fr-FR' });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.setViewportSize({ width: 1366, height: 768 });
    const reader = page.getByTestId('epub-reader');
    const edge = page.getByTestId('reader-edge');

    /**
     * To the last page (the slider's end), then forward until a turn moves nothing: the end is said. One turn at a
     * time (each waits for the page it moved to): a turn more, once the end is said, would open the next book.
     */
    async function turnPastTheEnd() {
      const opening = await reader.getAttribute('data-position');
      await page.getByRole('slider').fill('1000');
      await page.waitForFunction(
        (previous) => document.querySelector('[data-testid="epub-reader"]')?.getAttribute('data-position') !== previous,
        opening,
      );
      for (let turns = 0; turns < 30 && !(await edge.isVisible()); turns++) {
        const before = await reader.getAttribute('data-position');
        await page.getByTestId('epub-next').click();
        await page.waitForFunction(
          (previous) =>
            document.querySelector('[data-testid="reader-edge"]') !== null ||
            document.querySelector('[data-testid="epub-reader"]')?.getAttribute('data-position') !== previous,
          before,
        );
      }
      await edge.waitFor();
    }

    // Quick look (incognito): the places the tests above saved stay as they are.
    await page.goto(`/read/${books.reflowable}?incognito=1&list=${list.id}`);
    await placeOf(page);
    await turnPastTheEnd();
    expect(await edge.textContent()).toContain('Fin du livre.');
    const next = edge.getByRole('button', { name: `Livre suivant : ${fixedTitle}` });
    await next.waitFor();
    await shoot(page, 'reflowable-next-book-fr');
    await next.click();
    // The list's next book, from its first page though a place was saved, still from the list and incognito.
    await page.waitForURL(`**/read/${books.fixed}?at=start&incognito=1&list=${list.id}`);
    await page.locator('[data-testid="epub-reader"][data-layout="fixed"][data-ready="true"]').waitFor();
    // Its first page (the test above left its place at the second).
    expect((await placeOf(page)).position).toContain('/6/2');

    // The list's last book says so.
    await turnPastTheEnd();
    expect(await edge.textContent()).toContain('C’est le dernier livre de la liste de lecture.');
    expect(await edge.getByRole('button').count()).toBe(0);
    // foliate-js lays out a last spread with only its left page before knowing the missing right one's size (its
    // own fixed-layout.js #render, in a landscape window): its error, not the reader's. Anything else fails.
    expect(errors.filter((error) => error.message !== "Cannot read properties of null (reading 'width')")).toEqual([]);
  });
});
