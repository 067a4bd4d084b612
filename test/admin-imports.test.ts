import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { horizontalOverflow, pageImage, useAdminBrowser } from './support/admin-browser.js';
import { buildZip } from './support/comics.js';

/**
 * Issue 37: the admin's Import page in a real Chromium at phone width, over the built server: a file dropped into
 * the import folder whose name says its series but no number waits in the queue with that series suggested; the
 * admin gives the number and imports it; it is in the series; the history's undo takes it back out. A file the
 * admin drops on the page itself, its number unknown, joins the queue at once.
 */
const admin = useAdminBrowser({ env: { IMPORT_QUIET_MS: '200' } });

describe('the Import page', () => {
  it('shows a dropped file, imports it into the series as chosen, and undoes it', async () => {
    const { site } = admin;
    await site.api('PATCH', `/libraries/${site.libraryId}`, { import_mode: 'hardlink' });
    const incoming = path.join(site.server.librariesRoot, 'incoming');
    await mkdir(incoming);
    await site.api('PATCH', '/settings', { import_folders: ['incoming'] });
    const pages = [{ name: 'page01.jpg', data: await pageImage('Nuit blanche', '#6a4a8a', 2, 1) }];
    await writeFile(path.join(incoming, 'Nuit blanche (scan).cbz'), buildZip(pages));

    const page = await admin.signedInPage({ viewport: 'phone', path: '/imports' });
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    const entry = page.getByTestId('import-entry').filter({ hasText: 'Nuit blanche (scan).cbz' });
    await expect
      .poll(
        async () => {
          await page.getByTestId('imports-reload').click();
          return entry.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await entry.getByTestId('import-series').locator('option:checked').textContent()).toContain('Nuit blanche');
    await entry.getByLabel('Number for Nuit blanche (scan).cbz').fill('2');
    await entry.getByRole('button', { name: 'Import' }).click();
    const record = page.getByTestId('import-record').filter({ hasText: 'Nuit blanche (scan).cbz' });
    await record.waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    // The history is a card per import on a phone: nothing in it scrolls sideways, and Undo is in view.
    const history = page.getByTestId('imports-history').locator('.scroll');
    expect(await history.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const undo = await record.getByRole('button', { name: 'Undo' }).boundingBox();
    expect(undo!.x + undo!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await admin.screenshot(page, 'imports-history-phone');

    const series = await site.api<{ items: { id: string; name: string }[] }>('GET', '/series?limit=50');
    const nuit = series.items.find((item) => item.name === 'Nuit blanche')!;
    const volumes = async () =>
      (await site.api<{ items: { volume: number }[] }>('GET', `/series/${nuit.id}/books`)).items.map((b) => b.volume);
    await expect.poll(volumes, { timeout: 30_000 }).toContain(2);

    await record.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => record.getAttribute('data-undone')).toBe('true');
    await expect.poll(volumes, { timeout: 30_000 }).not.toContain(2);

    // The page's own drop zone: a file whose number nothing says joins the queue, with no reload asked for.
    await page.getByTestId('book-upload-input').setInputFiles({
      name: 'Nuit blanche (envoi).cbz',
      mimeType: 'application/zip',
      buffer: buildZip(pages),
    });
    await page.locator('[data-testid="book-upload"][data-state="queued"]').waitFor();
    await page.getByTestId('import-entry').filter({ hasText: 'Nuit blanche (envoi).cbz' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
