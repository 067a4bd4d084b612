import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './support/e2e-harness.js';
import { READER_FIXTURES, writeReaderFixtures } from './support/reader-fixtures.js';
import { useAdminBrowser } from './support/admin-browser.js';

/**
 * The reader's modes (issue 21 §1) in a real Chromium against the built server, on generated books: a right to
 * left manga volume with a double-page spread (one wide image) on page 5 and its second volume, a webtoon strip of
 * tall pages, a PDF. Right to left turns the right way with keys, taps and swipes; spreads pair the right pages
 * with and without the cover alone, the wide page alone; the next book opens at its first page in the same mode;
 * the webtoon scrolls with the progress following; incognito writes nothing. Screenshots of each mode, light and
 * dark, 1366 and 360 px, in test/artifacts/admin/reader/.
 */
const admin = useAdminBrowser({ library: false });
const { manga, webtoon } = READER_FIXTURES;
/** How long a page may take to show under load (two cores shared by the whole CI run). */
const WAIT = 30_000;

interface ApiBook {
  id: string;
  series_id: string;
  volume: number | null;
  reading_status: string;
  current_page: number | null;
}

let libraryReady: Promise<void> | undefined;
/** The fixtures, written and scanned once for the file (the first test that needs them waits for the scan). */
function library(): Promise<void> {
  libraryReady ??= (async () => {
    await writeReaderFixtures(admin.site.server.librariesRoot);
    const created = await admin.site.api<{ scan_job: { id: string } }>('POST', '/libraries', {
      name: 'Reader modes',
      root_path: READER_FIXTURES.rootPath,
    });
    const done = await waitUntil(
      'the fixtures scan',
      async () => {
        const job = await admin.site.api<{ status: string }>('GET', `/jobs/${created.scan_job.id}`);
        return TERMINAL_JOB_STATUSES.includes(job.status) ? job : undefined;
      },
      60_000,
      100,
    );
    expect(done.status).toBe('succeeded');
  })();
  return libraryReady;
}

async function bookOf(series: string, volume: number): Promise<ApiBook> {
  await library();
  const list = await admin.site.api<{ items: ApiBook[] }>('GET', `/books?series=${encodeURIComponent(series)}`);
  const book = list.items.find((item) => item.volume === volume);
  if (!book) throw new Error(`no volume ${volume} of ${series}`);
  return book;
}

const setSeriesDirection = (seriesId: string, direction: string) =>
  admin.site.api('PATCH', `/series/${seriesId}`, { reading_direction: direction });

const getBook = (id: string) => admin.site.api<ApiBook>('GET', `/books/${id}`);

function savedAs(id: string, status: string, currentPage: number | null) {
  return waitUntil(
    `${status} at page ${currentPage}`,
    async () => {
      const book = await getBook(id);
      return book.reading_status === status && book.current_page === currentPage ? book : undefined;
    },
    8000,
  );
}

const counter = (page: Page, expected: string) =>
  page.waitForFunction(
    (text) => document.querySelector('[data-testid="reader-counter"]')?.textContent?.trim() === text,
    expected,
    { timeout: WAIT },
  );

/** The pages on screen, left to right, once all of them are loaded. */
const onScreen = (page: Page, expected: string) =>
  page.waitForFunction(
    (pages) => {
      const spread = document.querySelector<HTMLElement>('[data-testid="reader-spread"]');
      const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="reader-spread"] img')];
      return (
        spread?.dataset.pages === pages &&
        images.every((image) => image.complete && image.naturalWidth > 0 && !image.classList.contains('loading'))
      );
    },
    expected,
    { timeout: WAIT },
  );

async function stageBox(page: Page) {
  const box = await page.getByTestId('reader-stage').boundingBox();
  if (!box) throw new Error('no reader stage');
  return box;
}

async function tap(page: Page, fraction: number) {
  const box = await stageBox(page);
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
}

async function swipe(page: Page, fromFraction: number, toFraction: number) {
  const box = await stageBox(page);
  const y = box.y + box.height / 2;
  const [from, to] = [box.x + box.width * fromFraction, box.x + box.width * toFraction];
  await page.mouse.move(from, y);
  await page.mouse.down();
  await page.mouse.move((from + to) / 2, y + 4, { steps: 3 });
  await page.mouse.move(to, y + 6, { steps: 3 });
  await page.mouse.up();
}

/** Shows the controls (they step aside while reading: M brings them back). */
async function showControls(page: Page) {
  // The reader's own state, not the toggle's visibility: M toggles, and a bar fading in or out is neither. A press
  // that lands while the controls change on their own (a help closing, the bar stepping aside) can hide them again,
  // so it is tried until they stay shown (CI saw one press undone once).
  const reader = page.locator('[data-testid="reader"]');
  const shown = page.locator('[data-testid="reader"][data-controls="shown"]');
  for (let attempt = 0; attempt < 5 && (await reader.getAttribute('data-controls')) !== 'shown'; attempt++) {
    await page.getByTestId('reader-stage').focus();
    await page.keyboard.press('m');
    await shown.waitFor({ timeout: 3000 }).catch(() => undefined);
  }
  await shown.waitFor({ timeout: WAIT });
  await page.getByTestId('reader-settings-toggle').waitFor({ state: 'visible', timeout: WAIT });
}

/** Opens the settings panel. */
async function openSettings(page: Page) {
  await showControls(page);
  if ((await page.getByTestId('reader-settings').count()) === 0) {
    await page.getByTestId('reader-settings-toggle').click();
  }
  await page.getByTestId('reader-settings').waitFor();
}

async function choose(
  page: Page,
  setting: 'reader-direction' | 'reader-layout' | 'fit-toggle' | 'reader-max-width',
  value: string,
) {
  await openSettings(page);
  await page.getByTestId(setting).selectOption(value);
}

const closePanel = async (page: Page) => {
  if ((await page.getByTestId('reader-settings').count()) > 0) await page.getByTestId('reader-settings-toggle').click();
};

/** A screenshot of the window (the reader is fixed over it) as test/artifacts/admin/reader/<mode>-<theme>-<width>. */
async function shoot(page: Page, mode: string) {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    const width = page.viewportSize()?.width ?? 0;
    await admin.screenshot(page, `reader/${mode}-${theme}-${width}`);
  }
}

/** The same screen at 1366 px, then at 360 px, and back to 1366 px. */
async function shootBothWidths(page: Page, mode: string) {
  await shoot(page, mode);
  await page.setViewportSize({ width: 360, height: 740 });
  await shoot(page, mode);
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('the reader modes', { timeout: 120_000 }, () => {
  it('reads a manga right to left: keys, taps and swipes mirrored; spreads with and without the cover alone; the wide page alone; then the next book at its first page', async () => {
    const first = await bookOf(manga.series, 1);
    const second = await bookOf(manga.series, 2);
    await setSeriesDirection(first.series_id, 'rtl');
    // The second volume was being read: from the end of the first, it still opens at its first page.
    await admin.site.api('PUT', `/books/${second.id}/progress`, { status: 'reading', current_page: 2 });

    const page = await admin.signedInPage({ path: `/read/${first.id}` });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.locator('[data-testid="reader"][data-direction="rtl"]').waitFor();
    await counter(page, '1 / 8');
    await onScreen(page, '1');
    await page.getByTestId('reader-stage').focus();

    // Keys: Left is forward in a right to left book, Right back; Page Down stays forward.
    await page.keyboard.press('ArrowLeft');
    await counter(page, '2 / 8');
    // The controls step aside while reading; a mouse at the top edge brings them back.
    await page.locator('[data-testid="reader"][data-controls="hidden"]').waitFor();
    await page.mouse.move(683, 4);
    await page.locator('[data-testid="reader"][data-controls="shown"]').waitFor();
    await page.keyboard.press('ArrowRight');
    await counter(page, '1 / 8');
    await page.keyboard.press('PageDown');
    await counter(page, '2 / 8');
    // Taps: the left third is forward, the right third back.
    await tap(page, 0.1);
    await counter(page, '3 / 8');
    await tap(page, 0.9);
    await counter(page, '2 / 8');
    // Swipes: a finger moving right pulls the next page (on the left) into view.
    await swipe(page, 0.3, 0.8);
    await counter(page, '3 / 8');
    await swipe(page, 0.8, 0.3);
    await counter(page, '2 / 8');
    await savedAs(first.id, 'reading', 2);
    await page.keyboard.press('Home');
    await onScreen(page, '1');
    await shootBothWidths(page, 'rtl-single');

    // Two pages, the cover alone: 1 | 2-3 | 4 (before the spread) | 5 (the spread) | 6-7 | 8, the first page of
    // each pair on the right.
    await choose(page, 'reader-layout', 'double-cover');
    await page.locator('[data-testid="reader"][data-layout="double-cover"]').waitFor();
    await closePanel(page);
    await page.getByTestId('reader-stage').focus();
    await onScreen(page, '1');
    await page.keyboard.press('ArrowLeft');
    await onScreen(page, '3,2');
    await counter(page, '2–3 / 8');
    await shootBothWidths(page, 'rtl-double-cover');
    const right = await page.locator('[data-testid="reader-spread"] img[data-page="2"]').boundingBox();
    const left = await page.locator('[data-testid="reader-spread"] img[data-page="3"]').boundingBox();
    expect(right && left && right.x > left.x).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await onScreen(page, '4');
    await page.keyboard.press('ArrowLeft');
    await onScreen(page, '5');
    const wide = await page.locator('[data-testid="reader-spread"] img[data-page="5"]').boundingBox();
    expect(wide && wide.width > wide.height).toBe(true);
    await shootBothWidths(page, 'rtl-wide-page');
    await page.keyboard.press('ArrowLeft');
    await onScreen(page, '7,6');

    // Two pages from the first: 1-2 | 3-4 | 5 | 6-7 | 8.
    await choose(page, 'reader-layout', 'double');
    await page.locator('[data-testid="reader"][data-layout="double"]').waitFor();
    await closePanel(page);
    await page.getByTestId('reader-stage').focus();
    await onScreen(page, '7,6');
    await page.keyboard.press('Home');
    await onScreen(page, '2,1');
    await page.keyboard.press('ArrowLeft');
    await onScreen(page, '4,3');
    await page.keyboard.press('ArrowLeft');
    await onScreen(page, '5');

    // The end: the last page, then past it the next volume, opened at its first page in the same mode.
    await page.keyboard.press('End');
    await onScreen(page, '8');
    await savedAs(first.id, 'read', 8);
    await page.keyboard.press('ArrowLeft');
    await page.locator('[data-testid="reader-edge"][data-edge="end"]').waitFor();
    await page.getByTestId('reader-next-book').click();
    await page.waitForURL(`**/read/${second.id}?at=start`);
    await page.locator('[data-testid="reader"][data-direction="rtl"][data-layout="double"]').waitFor();
    await onScreen(page, '2,1');
    await counter(page, '1–2 / 3');
  });

  it('opens a strip of tall pages as a webtoon at its own fit, scrolls it with the progress following, and turns a vertical book with the arrows', async () => {
    const strip = await bookOf(webtoon.series, 1);
    // No direction chosen for the series: its pages (five times taller than wide) make it a webtoon. A fit chosen
    // for turning pages (height) is the paged modes' own: the column still fills the width.
    await admin.site.api('PUT', `/series/${strip.series_id}/reader-settings`, { fit: 'height' });
    const page = await admin.signedInPage({ path: `/read/${strip.id}`, viewport: 'phone' });
    await page.locator('[data-testid="reader"][data-direction="webtoon"][data-fit="width"]').waitFor();
    await page.getByTestId('reader-strip').waitFor();
    await counter(page, `1 / ${webtoon.pages}`);
    // No gap between the pages of a strip, and each page at its shape (fit width: 360 px wide, 5 times as tall).
    const gap = await page.evaluate(() => {
      const [a, b] = [1, 2].map((n) =>
        document.querySelector(`[data-testid="reader-strip"] img[data-page="${n}"]`)!.getBoundingClientRect(),
      );
      return { gap: b!.top - a!.bottom, width: a!.width, height: a!.height };
    });
    expect(gap).toEqual({ gap: 0, width: 360, height: 1800 });
    await shoot(page, 'webtoon');

    // Scrolled to page 4: the counter and the saved progress follow; at the bottom the book is read.
    await page.getByTestId('reader-stage').evaluate((stage) => {
      const target = stage.querySelector<HTMLElement>('img[data-page="4"]')!;
      stage.scrollTo({ top: target.offsetTop + 100 });
    });
    await counter(page, `4 / ${webtoon.pages}`);
    await savedAs(strip.id, 'reading', 4);
    await page.getByTestId('reader-stage').evaluate((stage) => stage.scrollTo({ top: stage.scrollHeight }));
    await counter(page, `${webtoon.pages} / ${webtoon.pages}`);
    await savedAs(strip.id, 'read', webtoon.pages);

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('reader-stage').evaluate((stage) => stage.scrollTo({ top: 0 }));
    await counter(page, `1 / ${webtoon.pages}`);
    // On a wide window fit width stops at the maximum width (800 px by default), centred.
    const wide = await page.evaluate(() => {
      const image = document.querySelector('[data-testid="reader-strip"] img[data-page="1"]')!.getBoundingClientRect();
      const stage = document.querySelector('[data-testid="reader-stage"]')!;
      return { width: image.width, height: image.height, left: image.left, right: stage.clientWidth - image.right };
    });
    expect(wide).toMatchObject({ width: 800, height: 4000 });
    expect(Math.abs(wide.left - wide.right)).toBeLessThanOrEqual(1);
    await shoot(page, 'webtoon');
    // The reader's own maximum width, saved for the series.
    await choose(page, 'reader-max-width', '1000');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="reader-strip"] img[data-page="1"]')?.clientWidth === 1000,
    );
    await closePanel(page);
    await expect
      .poll(
        async () =>
          (await admin.site.api<{ max_width: number | null }>('GET', `/series/${strip.series_id}/reader-settings`))
            .max_width,
      )
      .toBe(1000);

    // Vertical: pages apart, the arrows go page by page.
    await choose(page, 'reader-direction', 'vertical');
    await page.locator('[data-testid="reader"][data-direction="vertical"]').waitFor();
    await choose(page, 'fit-toggle', 'screen');
    await closePanel(page);
    await page.getByTestId('reader-stage').focus();
    await page.keyboard.press('ArrowRight');
    await counter(page, `2 / ${webtoon.pages}`);
    await shoot(page, 'vertical');
    await page.setViewportSize({ width: 360, height: 740 });
    await shoot(page, 'vertical');
  });

  it('writes no progress in incognito, shows the shortcuts on ?, and passes axe with its settings, help and thumbnails open', async () => {
    const book = await bookOf(manga.series, 2);
    await admin.site.api('PUT', `/books/${book.id}/progress`, { status: 'unread' });
    await setSeriesDirection(book.series_id, 'rtl');
    await admin.site.api('PUT', `/series/${book.series_id}/reader-settings`, { layout: 'double' });
    // A quick look from the book's page.
    const page = await admin.signedInPage({ path: `/books/${book.id}` });
    await page.getByTestId('read-incognito-link').click();
    await page.waitForURL(`**/read/${book.id}?incognito=1`);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('books.setProgress')) writes.push(request.url());
    });
    await page.getByTestId('reader-incognito-badge').waitFor();
    await onScreen(page, '2,1');
    await page.getByTestId('reader-stage').focus();
    await page.keyboard.press('ArrowLeft');
    await onScreen(page, '3');
    // Zoom by keys: + grows the page by a step, 0 goes back to the fitted size.
    const imageWidth = () => page.locator('[data-testid="reader-spread"] img').evaluate((image) => image.clientWidth);
    const fitted = await imageWidth();
    await page.keyboard.press('+');
    // The zoom level is shown while zoomed, and gone at the fitted size.
    await page.getByTestId('reader-zoom').filter({ hasText: '125%' }).waitFor();
    await page.waitForFunction(
      (before) => {
        const image = document.querySelector('[data-testid="reader-spread"] img');
        return !!image && Math.abs(image.clientWidth - before * 1.25) <= 2;
      },
      fitted,
      { timeout: WAIT },
    );
    await page.keyboard.press('0');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="reader-spread"] img')?.clientWidth === before,
      fitted,
      { timeout: WAIT },
    );
    await page.getByTestId('reader-zoom').waitFor({ state: 'detached' });
    // On a phone the descriptions wrap: the key caps keep one line's height, not the row's.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.keyboard.press('?');
    await page.getByTestId('reader-shortcuts').waitFor();
    const caps = await page
      .locator('[data-testid="reader-shortcuts"] kbd')
      .evaluateAll((keys) => keys.map((key) => key.getBoundingClientRect().height));
    const rows = await page
      .locator('[data-testid="reader-shortcuts"] dd')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...rows)).toBeGreaterThan(Math.min(...caps) * 1.5);
    expect(Math.max(...caps) - Math.min(...caps)).toBeLessThanOrEqual(1);
    await admin.screenshot(page, 'reader/shortcuts-360');
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectNoSeriousViolations(page, 'the reader with its shortcuts help');
    await page.keyboard.press('Escape');
    await page.getByTestId('reader-shortcuts').waitFor({ state: 'hidden' });
    // Still in the reader (Escape closed the help only), and still no write.
    await page.getByTestId('reader').waitFor();
    await openSettings(page);
    await expectNoSeriousViolations(page, 'the reader with its settings');
    await page.setViewportSize({ width: 1366, height: 768 });
    await shoot(page, 'settings');
    await page.setViewportSize({ width: 360, height: 740 });
    await shoot(page, 'settings');
    expect(writes).toEqual([]);
    expect((await getBook(book.id)).reading_status).toBe('unread');

    // An administrator saves the direction chosen in the reader as the series' own.
    await choose(page, 'reader-direction', 'ltr');
    await page.getByTestId('reader-save-direction').click();
    await page.getByTestId('reader-direction-saved').waitFor();
    const series = await admin.site.api<{ reading_direction: string | null; locked_fields: string[] }>(
      'GET',
      `/series/${book.series_id}`,
    );
    expect(series.reading_direction).toBe('ltr');
    // Locked, as an edit in the series form is: a metadata refresh keeps it.
    expect(series.locked_fields).toContain('reading_direction');

    // Incognito off: the next move (a jump from the thumbnails) is saved.
    await page.getByTestId('reader-incognito').uncheck();
    // Escape closes the settings, not the reader.
    await page.getByTestId('reader-settings-toggle').focus();
    await page.keyboard.press('Escape');
    await page.getByTestId('reader-settings').waitFor({ state: 'detached' });
    await page.getByTestId('reader-stage').waitFor();
    await page.setViewportSize({ width: 1366, height: 768 });
    await showControls(page);
    await page.getByTestId('reader-thumbnails-toggle').click();
    await page.locator('[data-testid="reader-thumbnails"] [data-thumb="1"]').click();
    await onScreen(page, '1,2');
    await savedAs(book.id, 'reading', 1);
    await expectNoSeriousViolations(page, 'the reader with its thumbnails');
    await shoot(page, 'thumbnails');
    // Escape closes the page strip first, then the reader.
    await page.getByTestId('reader-stage').focus();
    await page.keyboard.press('Escape');
    await page.getByTestId('reader-thumbnails').waitFor({ state: 'detached' });
    expect(await page.getByTestId('reader').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForURL(`**/books/${book.id}`);
  });

  it('reads a PDF left to right, one page (light and dark, both widths)', async () => {
    const pdf = await bookOf(READER_FIXTURES.pdf.series, 1);
    const page = await admin.signedInPage({ path: `/read/${pdf.id}`, viewport: 'phone' });
    await page.locator('[data-testid="reader"][data-direction="ltr"]').waitFor();
    await onScreen(page, '1');
    await shoot(page, 'ltr-pdf');
    await page.setViewportSize({ width: 1366, height: 768 });
    await onScreen(page, '1');
    await shoot(page, 'ltr-pdf');
  });
});
