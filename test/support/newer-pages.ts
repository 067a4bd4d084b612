import type { Page } from 'playwright-core';
import { BOOTSTRAP_TOKEN, SAMPLE_LIBRARY, pageImage, type AdminSite } from './admin-browser.js';
import { buildZip } from './comics.js';

/**
 * What the walks of every page (admin-screens.test.ts, admin-accessibility.test.ts) need for the newer pages to show
 * their content rather than their empty states: the Import page's queue and history, the Wanted page's missing
 * volumes, and a reader whose restrictions the user dialog shows.
 */

/** A reader with every restriction set, a label in use among them. */
export const RESTRICTED_READER = {
  username: 'chloe',
  password: 'chloe-reads-comics',
  label: 'Mature',
};

/** The queued file's name: long, with no volume number, as a download client names one. */
export const QUEUED_FILE = 'Nuit blanche - édition intégrale collector (scan de la version originale).cbz';

async function upload(site: AdminSite, name: string, query: Record<string, string>): Promise<{ outcome: string }> {
  const form = new FormData();
  const pages = [{ name: 'page01.jpg', data: await pageImage('Import', '#6a4a8a', 1, 1) }];
  form.append('file', new Blob([new Uint8Array(buildZip(pages))], { type: 'application/zip' }), name);
  const response = await fetch(`${site.url}/api/v1/imports/uploads?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`upload of ${name} → ${response.status}: ${text}`);
  return JSON.parse(text) as { outcome: string };
}

/**
 * Sets the sample library up for the newer pages: a reader with restrictions, one file imported (the history) and
 * one waiting (the queue), and volumes Harbour Lights lacks (the Wanted page). Returns nothing: the pages find them.
 */
export async function prepareNewerPages(site: AdminSite): Promise<void> {
  const series = await site.api<{ items: { id: string; name: string }[] }>(
    'GET',
    `/series?limit=50&library_id=${site.libraryId}`,
  );
  const idOf = (name: string) => series.items.find((item) => item.name === name)!.id;
  const nuit = idOf(SAMPLE_LIBRARY.series[3].name);
  await site.api('PUT', `/series/${nuit}/labels`, { labels: [RESTRICTED_READER.label] });
  await site.api('POST', '/users', {
    username: RESTRICTED_READER.username,
    password: RESTRICTED_READER.password,
    role: 'reader',
    library_ids: [site.libraryId],
    age_max: 13,
    allow_unrated: false,
    labels_exclude: [RESTRICTED_READER.label],
  });
  // Two volumes Harbour Lights lacks (issue 36).
  await site.api('PATCH', `/libraries/${site.libraryId}/series/${encodeURIComponent('Harbour Lights')}`, {
    total_volumes: 5,
  });
  await site.api('PATCH', `/libraries/${site.libraryId}`, { import_mode: 'copy' });
  const imported = await upload(site, 'The Quiet Forest v03.cbz', { series_id: idOf('The Quiet Forest') });
  if (imported.outcome !== 'imported') throw new Error(`the upload into a series was ${imported.outcome}`);
  const queued = await upload(site, QUEUED_FILE, { library_id: site.libraryId! });
  if (queued.outcome !== 'queued') throw new Error(`the upload with no number was ${queued.outcome}`);
}

/** On /users: the edit dialog of the restricted reader, its restriction fields shown. */
export async function openRestrictedReader(page: Page): Promise<void> {
  await page
    .locator(`[data-testid="users"] tr[data-user="${RESTRICTED_READER.username}"]`)
    .getByRole('button', { name: new RegExp(`^(Actions for|Actions pour) ${RESTRICTED_READER.username}$`) })
    .click();
  await page.getByRole('menuitem', { name: /^(Edit|Modifier)$/ }).click();
  const restrictions = page.getByTestId('user-edit').getByTestId('reader-restrictions');
  await restrictions.waitFor();
  // Below the role and the libraries in the dialog's own scroll: brought into its view for the screenshot.
  await restrictions.scrollIntoViewIfNeeded();
}
