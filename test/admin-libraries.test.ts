import { mkdir, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, SAMPLE_LIBRARY, useAdminBrowser } from './support/admin-browser.js';
import { writeLibrary } from './support/comics.js';

/**
 * The libraries page in a real Chromium against the built server: a library created through the folder picker by
 * keyboard and by mouse, the server's 409 (a folder inside another library's) and 400 (a folder that leads to the
 * libraries root) shown at the field, a scan followed live to its end, an edit, and a delete confirmed with what is
 * lost. The tests run in order on one server: each builds on the library the one before left.
 */
const admin = useAdminBrowser();

/** Under the libraries root, beside the sample library `comics`: manga/Seinen (3 series × 100 books) and Shonen. */
const SEINEN = { path: 'manga/Seinen', series: 3, perSeries: 100 };
const SEINEN_BOOKS = SEINEN.series * SEINEN.perSeries;

beforeAll(async () => {
  const root = admin.site.server.librariesRoot;
  await writeLibrary(root, SEINEN.path, { series: SEINEN.series, perSeries: SEINEN.perSeries, pages: 1 });
  await writeLibrary(root, 'manga/Shonen', { series: 1, perSeries: 2, pages: 1 });
  // A folder that is the libraries root under another name: listed by /folders, refused as a library (400).
  await symlink('.', path.join(root, 'Everything'));
});

/** Every error the page throws; a test ends by checking there were none. */
function watchErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

const tree = (page: Page) => page.getByRole('tree');
const treeItem = (page: Page, folderPath: string) => tree(page).locator(`[role="treeitem"][data-path="${folderPath}"]`);
/** A library's card: an article named by its heading (the library's name). */
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** One of a library's actions other than Scan, from its menu (Full scan, Edit, Metadata, Delete). */
async function menuAction(page: Page, library: string, action: string, more = 'More actions for') {
  await card(page, library)
    .getByRole('button', { name: `${more} ${library}` })
    .click();
  await card(page, library).getByRole('menuitem', { name: action }).click();
}

async function openCreateForm(page: Page) {
  await page
    .getByRole('link', { name: /^(Add a library|Ajouter une bibliothèque)$/ })
    .first()
    .click();
  await page.getByTestId('library-form').waitFor();
  await treeItem(page, 'comics').waitFor();
}

/** Opens a folder by clicking its arrow, and waits for its subfolders. */
async function clickOpen(page: Page, folderPath: string) {
  await treeItem(page, folderPath).locator('.toggle').first().click();
  await expect.poll(() => treeItem(page, folderPath).getAttribute('aria-expanded')).toBe('true');
  await treeItem(page, folderPath).getByRole('group').waitFor();
}

async function focusedPath(page: Page) {
  return page.evaluate(() => document.activeElement?.getAttribute('data-path') ?? null);
}

async function text(locator: Locator) {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

describe('the libraries page', { timeout: 120_000 }, () => {
  it('lists the libraries with their counts and last scan', async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    const errors = watchErrors(page);
    const comics = card(page, SAMPLE_LIBRARY.name);
    await comics.waitFor();
    const books = SAMPLE_LIBRARY.series.reduce((sum, series) => sum + series.volumes, 0);
    expect(await text(comics.getByTestId('series-count'))).toBe(String(SAMPLE_LIBRARY.series.length));
    expect(await text(comics.getByTestId('book-count'))).toBe(String(books));
    expect(await text(comics.getByTestId('unreadable-count'))).toBe('0');
    // The sample library was scanned at start-up: said relatively, the exact date and time on hover (its title).
    const lastScan = comics.getByTestId('last-scan').locator('time');
    expect(await lastScan.getAttribute('datetime')).toMatch(/^\d{4}-/);
    expect(await text(lastScan)).toMatch(/^(now|\d+ minutes? ago)$/);
    const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date((await lastScan.getAttribute('datetime'))!),
    );
    expect(await lastScan.getAttribute('title')).toBe(`Last scan: ${exact}`);
    // The name opens the library's series: the series list filtered by library in the URL.
    const seriesLink = comics.getByRole('heading', { name: SAMPLE_LIBRARY.name }).getByRole('link');
    expect(await seriesLink.getAttribute('href')).toBe(`/series?library_id=${admin.site.libraryId}`);
    // One primary action, Scan; the rest in the menu, by keyboard too.
    const more = comics.getByRole('button', { name: `More actions for ${SAMPLE_LIBRARY.name}` });
    await more.focus();
    await page.keyboard.press('Enter');
    const items = comics.getByRole('menuitem');
    expect(await items.allTextContents().then((all) => all.map((item) => item.trim()))).toEqual([
      'Full scan',
      'Edit',
      'Batch and refresh',
      'Delete',
    ]);
    await page.keyboard.press('Escape');
    expect(await items.count()).toBe(0);
    await seriesLink.click();
    await page.waitForURL(/\/series\?library_id=/);
    await page.getByText(SAMPLE_LIBRARY.series[0].name).first().waitFor();
    await page.goto('/libraries');
    await comics.waitFor();
    // The server's worker watches it (the card follows the mode the watcher reports, once the page is reloaded).
    for (let tries = 0; ; tries++) {
      const listed = await admin.site.api<{ items: { name: string; watch_mode: string }[] }>('GET', '/libraries');
      if (listed.items.find((library) => library.name === SAMPLE_LIBRARY.name)?.watch_mode === 'events') break;
      if (tries > 100) throw new Error('the sample library is not watched');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.reload();
    await comics.getByTestId('watch-mode').waitFor();
    expect(await comics.getByTestId('watch-mode').getAttribute('data-mode')).toBe('events');
    expect(await text(comics.getByTestId('watch-mode'))).toContain('Watched');
    await admin.screenshot(page, 'libraries');
    expect(errors).toEqual([]);
  });

  it('creates a library with the folder picker used from the keyboard', async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    const errors = watchErrors(page);
    await openCreateForm(page);

    // The top level is the libraries root's folders; nothing is loaded below them until a folder is opened.
    const topLevel = tree(page).locator(':scope > [role="treeitem"]');
    expect(await topLevel.evaluateAll((items) => items.map((item) => item.getAttribute('data-path')))).toEqual([
      'comics',
      'Everything',
      'manga',
    ]);
    expect(await treeItem(page, 'manga').getAttribute('aria-expanded')).toBe('false');
    expect(await treeItem(page, 'manga').getAttribute('aria-level')).toBe('1');
    expect(await tree(page).getByRole('group').count()).toBe(0);

    // Tab reaches the tree on one row (roving focus); a letter jumps, Right opens then enters, Enter chooses.
    await page.locator('#library-name').focus();
    await page.keyboard.press('Tab');
    expect(await focusedPath(page)).toBe('comics');
    await page.keyboard.press('m');
    expect(await focusedPath(page)).toBe('manga');
    await page.keyboard.press('ArrowRight');
    await treeItem(page, 'manga/Seinen').waitFor();
    expect(await treeItem(page, 'manga').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowRight');
    expect(await focusedPath(page)).toBe('manga/Seinen');
    const seinen = treeItem(page, 'manga/Seinen');
    expect(await seinen.getAttribute('aria-level')).toBe('2');
    // The level is the tree's to say (aria-level, the indent); no developer words such as "depth 2" on screen.
    expect(await seinen.textContent()).not.toMatch(/depth|profondeur/i);
    // Series folders have no subfolders: no arrow, and Right does nothing there.
    await page.keyboard.press('ArrowRight');
    await treeItem(page, 'manga/Seinen/Series 001').waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await focusedPath(page)).toBe('manga/Seinen/Series 001');
    expect(await treeItem(page, 'manga/Seinen/Series 001').getAttribute('aria-expanded')).toBeNull();
    await page.keyboard.press('ArrowRight');
    expect(await focusedPath(page)).toBe('manga/Seinen/Series 001');
    // Left goes back up, then closes; Left on a top-level folder goes nowhere (the root is the limit).
    await page.keyboard.press('ArrowLeft');
    expect(await focusedPath(page)).toBe('manga/Seinen');
    await page.keyboard.press('ArrowLeft');
    expect(await seinen.getAttribute('aria-expanded')).toBe('false');
    await admin.screenshot(page, 'library-create');
    await page.keyboard.press('Enter');
    expect(await seinen.getAttribute('aria-selected')).toBe('true');
    expect(await text(page.getByTestId('chosen-folder'))).toBe('Chosen: manga/Seinen');
    // The name follows the folder until one is typed.
    expect(await page.locator('#library-name').inputValue()).toBe('Seinen');

    // Providers: the loaded metadata providers (the built-in ones by default) and none, never a release indexer.
    const plugins = await admin.site.api<{ items: { id: string; name: string; kind: string; status: string }[] }>(
      'GET',
      '/plugins',
    );
    const providers = plugins.items.filter(
      (plugin) => plugin.kind === 'metadata_provider' && plugin.status === 'loaded',
    );
    expect(providers.length).toBeGreaterThanOrEqual(2);
    const options = await page
      .locator('#library-provider option')
      .evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value));
    expect(options).toEqual(['none', ...providers.map((plugin) => plugin.id)]);
    const [first, second] = providers as [(typeof providers)[number], (typeof providers)[number]];
    await page.locator('#library-provider').selectOption(first.id);
    await page.locator('#library-fallback').selectOption(second.id);
    await page.locator('#library-refresh').selectOption('weekly');
    expect(await page.locator('#library-watch').inputValue()).toBe('auto');
    await page.locator('#library-watch').selectOption('polling');

    // The scan schedule starts at the default, every 6 hours.
    expect(await page.locator('#library-scan-schedule').inputValue()).toBe('every_6h');

    await page.getByRole('button', { name: 'Create the library' }).click();
    await page.waitForURL(/\/libraries\?created=.*&scan=/);
    expect(await text(page.getByTestId('notice'))).toBe('Seinen was created and its first scan started.');
    const created = card(page, 'Seinen');
    // Its first scan is followed on its card to the end, then the counts are those of its files.
    const outcome = created.getByTestId('scan-outcome');
    await outcome.waitFor({ timeout: 30_000 });
    expect(await text(outcome)).toBe('Scan finished.');
    await expect.poll(() => text(created.getByTestId('book-count'))).toBe(String(SEINEN_BOOKS));
    expect(await created.getByTestId('last-scan').locator('time').count()).toBe(1);
    await admin.screenshot(page, 'library-created-scanned');
    expect(await text(created)).toContain('Weekly');
    // Polling as chosen, said on the card once the worker has taken the library (the list is read again on reload).
    const polled = await admin.site.api<{ items: { name: string; watch: string }[] }>('GET', '/libraries');
    expect(polled.items.find((library) => library.name === 'Seinen')?.watch).toBe('polling');
    expect(await text(created.getByTestId('scan-schedule'))).toBe('Scheduled scan: Every 6 hours');
    // "then" is for screen readers; the eye sees an arrow.
    expect(await text(created)).toContain(`${first.name} → then ${second.name}`);
    expect(errors).toEqual([]);
  });

  it('shows a folder inside another library (409) and the libraries root itself (400) at the field, by mouse', async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    const errors = watchErrors(page);
    await openCreateForm(page);

    await clickOpen(page, 'manga');
    await clickOpen(page, 'manga/Seinen');
    await treeItem(page, 'manga/Seinen/Series 002').locator('.name').click();
    expect(await treeItem(page, 'manga/Seinen/Series 002').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Create the library' }).click();
    const rootError = page.getByTestId('root-error');
    await rootError.waitFor();
    expect(await text(rootError)).toContain('Another library already uses this folder');
    // The server's own words follow: they name the other library's folder.
    expect(await text(rootError)).toMatch(/overlaps the folder "manga\/Seinen"/);
    expect(await tree(page).getAttribute('aria-invalid')).toBe('true');
    // The form is intact: what was chosen and typed is still there.
    expect(await page.locator('#library-name').inputValue()).toBe('Series 002');
    await admin.screenshot(page, 'library-conflict');

    await treeItem(page, 'Everything').locator('.name').first().click();
    await page.getByRole('button', { name: 'Create the library' }).click();
    await expect.poll(() => text(rootError)).toMatch(/root/i);
    expect(await text(rootError)).not.toMatch(/overlaps/);

    // A folder no library holds yet, but the same provider twice: refused at the fallback, before asking the server.
    await treeItem(page, 'manga/Shonen').locator('.name').first().click();
    await page.locator('#library-name').fill('Shōnen');
    const provider = await page.locator('#library-provider option').nth(1).getAttribute('value');
    await page.locator('#library-provider').selectOption(provider);
    await page.locator('#library-fallback').selectOption(provider);
    await page.getByRole('button', { name: 'Create the library' }).click();
    await page.locator('#library-fallback-error').waitFor();
    expect(await text(page.locator('#library-fallback-error'))).toBe(
      'Choose another provider than the first one, or none.',
    );
    expect(await page.locator('#library-fallback').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('root-error').count()).toBe(0);
    await admin.screenshot(page, 'library-field-error');

    // Accepted once the fallback is another one.
    await page.locator('#library-fallback').selectOption('none');
    await page.getByRole('button', { name: 'Create the library' }).click();
    await page.waitForURL(/\/libraries\?created=/);
    await card(page, 'Shōnen').waitFor();
    expect(errors).toEqual([]);
  });

  it('scans a library and shows its progress live until it ends, then the new counts', async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    const errors = watchErrors(page);
    const seinen = card(page, 'Seinen');
    await seinen.waitFor();
    // Why it is polled, in the admin's words (the server's reason code, translated).
    expect(await text(seinen.getByTestId('watch-reason'))).toBe('Periodic checks were chosen for this library.');
    // Everything the progress area showed, as it changed: the scan is too quick to sample by polling.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { scanLog: string[] }).scanLog = seen;
      new MutationObserver(() => {
        const area = document.querySelector('[data-testid="scan-progress"]');
        const snapshot = area ? `${area.getAttribute('data-status')}|${area.textContent?.replace(/\s+/g, ' ')}` : '';
        if (snapshot && seen.at(-1) !== snapshot) seen.push(snapshot);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await menuAction(page, 'Seinen', 'Full scan');
    // A picture of the bar while it runs, when the scan is slow enough to catch (it is not asserted).
    await seinen
      .locator('[data-testid="scan-progress"][data-status="running"] progress[value]')
      .waitFor({ timeout: 5_000 })
      .then(() => admin.screenshot(page, 'library-scanning'))
      .catch(() => undefined);
    const outcome = seinen.getByTestId('scan-outcome');
    await outcome.waitFor({ timeout: 30_000 });
    expect(await text(outcome)).toBe('Scan finished.');
    const log = await page.evaluate(() => (window as unknown as { scanLog: string[] }).scanLog);
    // Seen while it ran: what the scan was doing with its count (the 300 files read; the covers still missing once
    // reading ended, out of fewer than 300 when some were made while it read), and the file it was on.
    expect(
      log.some((entry) => /^running\|.*(Reading files: \d+ of 300|Making covers: \d+ of \d+)/.test(entry)),
      log.join('\n'),
    ).toBe(true);
    expect(log.filter((entry) => /listing files|thumbnails/.test(entry))).toEqual([]);
    expect(
      log.some((entry) => /Now: .+\.cbz/.test(entry)),
      log.join('\n'),
    ).toBe(true);
    expect(log.at(-1)).toMatch(/^succeeded\|/);
    // The list was refreshed when it ended.
    await expect.poll(() => text(seinen.getByTestId('book-count'))).toBe(String(SEINEN_BOOKS));
    expect(await text(seinen.getByTestId('series-count'))).toBe(String(SEINEN.series));
    expect(await seinen.getByTestId('last-scan').locator('time').count()).toBe(1);
    await admin.screenshot(page, 'libraries-scanned');

    // A scan's buttons are back once it ended; the outcome stays until hidden.
    await seinen.getByRole('button', { name: 'Hide' }).click();
    expect(await seinen.getByTestId('scan-progress').count()).toBe(0);
    expect(await seinen.getByTestId('scan').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('edits a library: the picker opens on its folder, and only what changed is saved', async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    const errors = watchErrors(page);
    await menuAction(page, 'Seinen', 'Edit');
    await page.getByRole('heading', { name: 'Edit Seinen' }).waitFor();
    const seinen = treeItem(page, 'manga/Seinen');
    await seinen.waitFor();
    expect(await seinen.getAttribute('aria-selected')).toBe('true');
    expect(await treeItem(page, 'manga').getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#library-refresh').inputValue()).toBe('weekly');

    await page.locator('#library-name').fill('Seinen manga');
    await page.locator('#library-refresh').selectOption('daily');
    expect(await page.locator('#library-reading-direction').inputValue()).toBe('ltr');
    await page.locator('#library-reading-direction').selectOption('rtl');
    // A custom schedule: the server's refusal is said at the field in the page's language (through its code,
    // `schedule`), and nothing is saved.
    expect(await page.locator('#library-scan-schedule-cron').count()).toBe(0);
    await page.locator('#library-scan-schedule').selectOption('custom');
    await page.locator('#library-scan-schedule-cron').fill('0 61 * * *');
    await page.getByRole('button', { name: 'Save' }).click();
    const scheduleError = page.locator('#library-scan-schedule-error');
    await scheduleError.waitFor();
    expect(await text(scheduleError)).toMatch(/^not a schedule: .*a cron expression$/);
    expect(await page.locator('#library-scan-schedule-cron').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('library-scan-schedule-cron');
    await admin.screenshot(page, 'library-schedule-error');
    const unchanged = await admin.site.api<{ items: { name: string; scan_schedule: string }[] }>('GET', '/libraries');
    expect(unchanged.items.find((item) => item.name === 'Seinen')?.scan_schedule).toBe('every_6h');

    // The naming template's live preview comes from the server; a template it cannot use is said at the field.
    const preview = page.getByTestId('naming-preview');
    await preview.waitFor();
    expect(await text(preview)).toContain('Astérix/Astérix - T03 - Astérix et les Goths.cbz');
    await page.locator('#library-naming-template').fill('{series}/{author} T{volume}.{ext}');
    const templateError = page.locator('#library-naming-template-error');
    await templateError.waitFor();
    expect(await text(templateError)).toMatch(/^cannot be used: an unknown field/);
    await page.locator('#library-naming-template').fill('{series} - Tome {volume}{ - title}.{ext}');
    await preview.getByText('Astérix - Tome 3 - Astérix et les Goths.cbz').waitFor();
    await templateError.waitFor({ state: 'detached' });
    expect(await page.locator('#library-import-mode').inputValue()).toBe('off');
    await page.locator('#library-import-mode').selectOption('copy');

    await page.locator('#library-scan-schedule-cron').fill('30 2 * * *');
    await admin.screenshot(page, 'library-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/libraries\?saved=/);
    const edited = card(page, 'Seinen manga');
    await edited.waitFor();
    expect(await text(edited)).toContain('Daily');
    expect(await text(edited.getByTestId('scan-schedule'))).toBe('Scheduled scan: Cron: 30 2 * * *');
    expect(await text(edited.getByTestId('book-count'))).toBe(String(SEINEN_BOOKS));
    expect(await text(page.getByTestId('notice'))).toBe('Seinen manga was saved.');
    const saved = await admin.site.api<{
      items: { name: string; default_reading_direction: string; import_mode: string; naming_template: string }[];
    }>('GET', '/libraries');
    expect(saved.items.find((item) => item.name === 'Seinen manga')).toMatchObject({
      default_reading_direction: 'rtl',
      import_mode: 'copy',
      naming_template: '{series} - Tome {volume}{ - title}.{ext}',
    });
    expect(errors).toEqual([]);
  });

  it('deletes a library after a confirmation that says what is lost, keeping its files', async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    const errors = watchErrors(page);
    const library = card(page, 'Seinen manga');
    await menuAction(page, 'Seinen manga', 'Delete');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const said = await text(dialog);
    expect(said).toContain('Delete Seinen manga?');
    expect(said).toContain(`Its 3 series, ${SEINEN_BOOKS} books and the reading progress on them are removed`);
    expect(said).toContain('The files stay on disk, in manga/Seinen.');
    // The safe button has the focus: Enter alone keeps the library.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keep it');
    await admin.screenshot(page, 'library-delete');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await library.waitFor();

    await menuAction(page, 'Seinen manga', 'Delete');
    await page.getByRole('button', { name: 'Delete the library' }).click();
    await library.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await text(page.getByTestId('notice'))).toBe('Seinen manga was deleted. Its files stay on disk.');
    const left = await admin.site.api<{ items: { name: string }[] }>('GET', '/libraries');
    expect(left.items.map((item) => item.name).sort()).toEqual([SAMPLE_LIBRARY.name, 'Shōnen']);
    const folder = path.join(admin.site.server.librariesRoot, SEINEN.path, 'Series 001');
    expect((await stat(path.join(folder, 'Series 001 v001.cbz'))).isFile()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('reads in French, with French numbers and dates, and fits a 360 px phone', async () => {
    const page = await admin.signedInPage({ path: '/libraries', locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.getByRole('heading', { name: 'Bibliothèques' }).waitFor();
    const comics = card(page, SAMPLE_LIBRARY.name);
    await comics.waitFor();
    expect(await text(comics)).toContain('Dernière analyse');
    await admin.screenshot(page, 'libraries');

    // "il y a …" or "maintenant", the exact time in the title
    expect(await text(comics.getByTestId('last-scan').locator('time'))).toMatch(/^(maintenant|il y a .+)$/);
    expect(await comics.getByTestId('last-scan').locator('time').getAttribute('title')).toMatch(
      /^Dernière analyse : .*\d/,
    );
    await comics.getByRole('button', { name: 'Analyser', exact: true }).click();
    await comics.getByTestId('scan-outcome').waitFor({ timeout: 30_000 });
    expect(await text(comics.getByTestId('scan-outcome'))).toBe('Analyse terminée.');
    await admin.screenshot(page, 'libraries-scanned');

    await menuAction(page, SAMPLE_LIBRARY.name, 'Supprimer', 'Autres actions pour');
    expect(await text(page.getByRole('dialog'))).toContain('Les fichiers restent sur le disque, dans comics.');
    await admin.screenshot(page, 'library-delete');
    await page.getByRole('button', { name: 'La garder' }).click();

    await openCreateForm(page);
    await clickOpen(page, 'manga');
    await treeItem(page, 'manga/Shonen').locator('.name').first().click();
    await page.getByRole('button', { name: 'Créer la bibliothèque' }).click();
    await page.getByTestId('root-error').waitFor();
    expect(await text(page.getByTestId('root-error'))).toContain('Une autre bibliothèque utilise déjà ce dossier');
    expect(await text(page.getByTestId('chosen-folder'))).toBe('Choisi : manga/Shonen');
    await admin.screenshot(page, 'library-conflict');

    const phone = await admin.signedInPage({ path: '/libraries', viewport: 'phone' });
    await card(phone, SAMPLE_LIBRARY.name).waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'libraries-phone');
    await openCreateForm(phone);
    await clickOpen(phone, 'manga');
    await clickOpen(phone, 'manga/Seinen');
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'library-create-phone');
    // Dark theme, following the system.
    await phone.emulateMedia({ colorScheme: 'dark' });
    await admin.screenshot(phone, 'library-create-phone-dark');
    expect(errors).toEqual([]);
  });

  it('pages the list, 24 libraries a page, the page in the URL', async () => {
    // 30 more libraries (each an empty folder), beside Comics and Shōnen: 32 in all, sorted by name.
    const root = admin.site.server.librariesRoot;
    for (let n = 1; n <= 30; n++) {
      const name = `Paged ${String(n).padStart(2, '0')}`;
      await mkdir(path.join(root, 'paged', name), { recursive: true });
      await admin.site.api('POST', '/libraries', { name, root_path: `paged/${name}` });
    }
    const page = await admin.signedInPage({ path: '/libraries' });
    const errors = watchErrors(page);
    await card(page, SAMPLE_LIBRARY.name).waitFor();
    const cards = page.getByRole('article');
    expect(await cards.count()).toBe(24);
    const pager = page.getByRole('navigation', { name: 'Pages of libraries' });
    expect(await text(pager.getByTestId('libraries-pager-range'))).toBe('1–24 of 32');
    expect(await card(page, 'Shōnen').count()).toBe(0);

    await pager.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\/libraries\?page=2$/);
    await card(page, 'Shōnen').waitFor();
    expect(await cards.count()).toBe(8);
    expect(await text(pager.getByTestId('libraries-pager-range'))).toBe('25–32 of 32');
    await admin.screenshot(page, 'libraries-page-2');
    // The URL holds the page: a reload stays on it, Previous goes back.
    await page.reload();
    await card(page, 'Shōnen').waitFor();
    expect(await cards.count()).toBe(8);
    await pager.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(/\/libraries$/);
    await card(page, SAMPLE_LIBRARY.name).waitFor();
    expect(await cards.count()).toBe(24);
    expect(errors).toEqual([]);
  });
});
