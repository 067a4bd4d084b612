import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './support/admin-browser.js';
import { comicBuffer } from './support/comics.js';
import { addLibrary } from './support/plugin-fakes.js';

/**
 * Issue 37 item 7 in a real Chromium over the built server: a CBZ dropped on a series page is sent with its progress
 * shown, imported into that series, and listed there once its folder is scanned.
 */
const admin = useAdminBrowser({ library: false });

describe('uploading books from the browser', () => {
  it('drops a file on a series page, shows its progress and lists the new book in that series', async () => {
    const libraryId = await addLibrary(admin.site, {
      name: 'Drops',
      rootPath: 'drops',
      series: [{ name: 'Blake', volumes: 1 }],
    });
    await admin.site.api('PATCH', `/libraries/${libraryId}`, { import_mode: 'copy' });
    const list = await admin.site.api<{ items: { id: string }[] }>('GET', `/series?library_id=${libraryId}`);
    const series = list.items[0]!;
    const page = await admin.signedInPage({ path: `/series/${series.id}` });
    const books = page.getByTestId('series-book');
    await expect.poll(() => books.count()).toBe(1);

    // A real drop: a DataTransfer holding the file, as the browser makes one from the desktop.
    const bytes = [...comicBuffer(2)];
    await page
      .getByTestId('book-drop-zone')
      .getByRole('region')
      .evaluate((target, data) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], 'whatever 2.cbz', { type: 'application/zip' }));
        target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, bytes);
    const upload = page.getByTestId('book-upload');
    await expect.poll(() => upload.getAttribute('data-state'), { timeout: 30_000 }).toBe('imported');
    expect(await upload.textContent()).toContain('whatever 2.cbz');
    await expect.poll(() => books.count(), { timeout: 60_000 }).toBe(2);
    await expect
      .poll(() => page.getByTestId('book-numbers').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('2')]));
  });
});
