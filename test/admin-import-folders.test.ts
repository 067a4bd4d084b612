import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './support/admin-browser.js';

/**
 * Issue 37: an import folder and a library's folder never overlap, and the admin says so at the field that was
 * set last, naming the other folder, in English and French: the import folders in Settings → General, the folder
 * of the library form. Nothing is saved.
 */
const admin = useAdminBrowser();

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
const tree = (page: Page) => page.getByRole('tree');
const treeItem = (page: Page, folderPath: string) => tree(page).locator(`[role="treeitem"][data-path="${folderPath}"]`);

async function importFolders(): Promise<string[]> {
  return (await admin.site.api<{ import_folders: string[] }>('GET', '/settings')).import_folders;
}

describe('overlapping import folders and libraries in the admin', { timeout: 120_000 }, () => {
  it('shows an import folder over a library’s folder at the field, in English and French, and saves nothing', async () => {
    await mkdir(path.join(admin.site.server.librariesRoot, 'incoming'), { recursive: true });
    for (const [locale, expected] of [
      ['en-US', '“comics/”: overlaps “comics”'],
      ['fr-FR', '« comics/ » : chevauche « comics »'],
    ] as const) {
      const page = await admin.signedInPage({ path: '/settings?tab=general', locale });
      const field = page.getByTestId('import-folders');
      await field.fill('incoming\ncomics/');
      await page.getByTestId('save-bar').locator('button[type="submit"]').click();
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ');
      const error = page.locator(`#${describedBy.at(-1)}`);
      expect(await text(error)).toContain(expected);
      await admin.screenshot(page, 'import-folders-overlap');
      expect(await importFolders()).toEqual([]);
    }
  });

  it('shows a library made over an import folder at its folder field, naming the import folder', async () => {
    await admin.site.api('PATCH', '/settings', { import_folders: ['incoming'] });
    for (const [locale, button, expected] of [
      ['en-US', 'Create the library', 'overlaps “incoming”'],
      ['fr-FR', 'Créer la bibliothèque', 'chevauche « incoming »'],
    ] as const) {
      const page = await admin.signedInPage({ path: '/libraries/new', locale });
      await page.getByTestId('library-form').waitFor();
      await treeItem(page, 'incoming').locator('.name').first().click();
      await page.locator('#library-name').fill('Downloads');
      await page.getByRole('button', { name: button }).click();
      const rootError = page.getByTestId('root-error');
      await rootError.waitFor();
      expect(await text(rootError)).toContain(expected);
      await admin.screenshot(page, 'library-over-import-folder');
    }
    const libraries = await admin.site.api<{ items: { root_path: string }[] }>('GET', '/libraries');
    expect(libraries.items.map((library) => library.root_path)).not.toContain('incoming');
  });
});
