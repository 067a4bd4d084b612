import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, SAMPLE_BOOK_COUNT, SAMPLE_LIBRARY, useAdminBrowser } from './support/admin-browser.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './support/e2e-harness.js';
import {
  addLibrary,
  pointPluginsAtFakes,
  startPluginFakes,
  type FakeService,
  type PluginFakes,
} from './support/plugin-fakes.js';
import { REPO_ROOT } from './support/server-process.js';

/**
 * Metadata batches and the jobs monitor in a real Chromium against the built server, the metadata plugins pointed
 * at their fakes: a batch started from /metadata and followed live (through a dropped connection, shown as
 * "reconnecting"), its report and results read and filtered by outcome, an unmatched series leading to its manual
 * match page; a 400 (a library without provider, a refresh with nothing linked) said on the page; the monitor's
 * filters in the URL, a scan's report and item errors, and a batch cancelled from its detail page; French (a file's
 * error and a refused scan's error said from their codes) and 360 px screenshots. The tests run in order on one server.
 */
const admin = useAdminBrowser();

/** Series the Open Library fake knows (plugins/open-library/test/fake-service.ts), and one it does not. */
const FAKE_SERIES = [
  { name: 'Blacksad', volumes: 2 },
  { name: 'Maus', volumes: 2 },
  { name: 'One Piece', volumes: 3 },
  { name: 'Zyzzyva Nowhere', volumes: 1 },
];
/** Each answer of the slow fake waits this long: a batch lasts long enough to be watched and cancelled. */
const SLOW_MS = 700;

let fakes: PluginFakes;
let slowOpenLibrary: FakeService;
let fakesLibraryId: string;
let slowLibraryId: string;

beforeAll(async () => {
  const module = (await import(
    pathToFileURL(path.join(REPO_ROOT, 'plugins', 'open-library', 'test', 'fake-service.ts')).href
  )) as { startOpenLibraryFake: (options: { latencyMs?: number }) => Promise<FakeService> };
  [fakes, slowOpenLibrary] = await Promise.all([
    startPluginFakes(),
    module.startOpenLibraryFake({ latencyMs: SLOW_MS }),
  ]);
  await pointPluginsAtFakes(admin.site, fakes);
  // Open Library answers slowly, so that the batch's progress is seen live and a batch can be cancelled midway.
  await admin.site.api('PATCH', '/settings', { plugins: { open_library: { base_url: slowOpenLibrary.url } } });
  fakesLibraryId = await addLibrary(admin.site, {
    name: 'Fakes',
    rootPath: 'fakes',
    series: FAKE_SERIES,
    metadataProvider: 'open_library',
  });
  slowLibraryId = await addLibrary(admin.site, {
    name: 'Slow',
    rootPath: 'slow',
    series: Array.from({ length: 20 }, (_, index) => ({ name: `Unknown Tale ${index + 1}`, volumes: 1 })),
    metadataProvider: 'open_library',
  });
}, 90_000);

afterAll(async () => {
  await Promise.all([fakes?.close(), slowOpenLibrary?.close()]);
});

function watchErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function jobEnd(jobId: string): Promise<{ status: string }> {
  return waitUntil(
    `job ${jobId} to end`,
    async () => {
      const job = await admin.site.api<{ status: string }>('GET', `/jobs/${jobId}`);
      return TERMINAL_JOB_STATUSES.includes(job.status) ? job : undefined;
    },
    60_000,
    200,
  );
}

let batchId: string;
/** The scan that met a broken file: its item error is read again in French. */
let brokenScanId: string;

describe('a metadata batch', () => {
  it('is started from /metadata, followed live through a dropped connection, then its report and results read', async () => {
    const page = await admin.signedInPage({ path: '/metadata' });
    const errors = watchErrors(page);
    await page.getByRole('link', { name: 'Metadata', exact: true }).waitFor();
    await page.getByTestId('metadata-library').selectOption({ label: 'Fakes' });
    await expect.poll(() => new URL(page.url()).searchParams.get('library_id')).toBe(fakesLibraryId);
    expect(await text(page, 'metadata-provider')).toContain('Open Library');
    await admin.screenshot(page, 'metadata-start');

    await page.getByTestId('start-batch').click();
    await page.waitForURL(/\/metadata\/batch\/[0-9a-f-]{36}$/);
    batchId = page.url().split('/').pop()!;
    const progress = page.getByTestId('job-progress');
    await progress.waitFor();
    await expect.poll(() => progress.getAttribute('data-connection')).toBe('live');
    await page.getByTestId('job-current').waitFor();
    await admin.screenshot(page, 'metadata-batch-running');

    // The network drops: the page says it is reconnecting, then the stream resumes on its own.
    await page.context().setOffline(true);
    await expect.poll(() => progress.getAttribute('data-connection'), { timeout: 15_000 }).toBe('reconnecting');
    expect(await text(page, 'job-connection')).toContain('reconnecting');
    await admin.screenshot(page, 'metadata-batch-reconnecting');
    await page.context().setOffline(false);

    // The end arrives over the resumed stream: the live part goes, the report is complete.
    await progress.waitFor({ state: 'detached', timeout: 30_000 });
    const report = page.getByTestId('batch-report');
    await expect.poll(() => report.getAttribute('data-status')).toMatch(/succeeded|completed_with_errors/);
    await page.getByTestId('batch-duration').waitFor();
    const api = await admin.site.api<{ counts: Record<string, number>; total_series: number }>(
      'GET',
      `/metadata/batch/${batchId}/report`,
    );
    expect(api.total_series).toBe(FAKE_SERIES.length);
    for (const [outcome, count] of Object.entries(api.counts)) {
      expect(await text(page, `count-${outcome}`)).toContain(String(count));
    }
    // One row per series, the unknown one among those with no results.
    await expect.poll(() => page.getByTestId('batch-result').count()).toBe(FAKE_SERIES.length);
    const unknown = page.getByTestId('batch-result').filter({ hasText: 'Zyzzyva Nowhere' });
    expect(await unknown.getAttribute('data-outcome')).toBe('no_results');
    await admin.screenshot(page, 'metadata-batch-report');

    // Filtered by outcome through the select: the URL says so, only those rows stay.
    await page.getByTestId('outcome-filter').selectOption('no_results');
    await expect.poll(() => new URL(page.url()).searchParams.get('outcome')).toBe('no_results');
    await expect.poll(() => page.getByTestId('batch-result').count()).toBe(api.counts.no_results);
    for (const row of await page.getByTestId('batch-result').all()) {
      expect(await row.getAttribute('data-outcome')).toBe('no_results');
    }
    await admin.screenshot(page, 'metadata-batch-filtered');

    // An unmatched series leads to its manual match page.
    const series = await admin.site.api<{ items: { id: string; name: string }[] }>(
      'GET',
      `/series?library_id=${fakesLibraryId}&q=Zyzzyva`,
    );
    const link = unknown.getByTestId('match-manually');
    expect(await link.getAttribute('href')).toBe(`/series/${series.items[0]!.id}/metadata`);
    // A count in the report filters too.
    await page.getByTestId('outcome-filter').selectOption('');
    await expect.poll(() => page.getByTestId('batch-result').count()).toBe(FAKE_SERIES.length);
    expect(errors).toEqual([]);
  }, 90_000);

  it('refreshes the linked series from a library card, and lists what each refresh changed', async () => {
    const page = await admin.signedInPage({ path: '/libraries' });
    const errors = watchErrors(page);
    // The library's metadata page is in its card's menu.
    const card = page.getByRole('article', { name: 'Fakes', exact: true });
    await card.getByRole('button', { name: 'More actions for Fakes' }).click();
    await card.getByRole('menuitem', { name: 'Batch and refresh' }).waitFor();
    await admin.screenshot(page, 'libraries-metadata-link');
    await card.getByRole('menuitem', { name: 'Batch and refresh' }).click();
    await page.waitForURL(`**/metadata?library_id=${fakesLibraryId}`);
    // The batch just run is among the recent jobs of the library, with a link to its report.
    expect(await page.getByTestId('metadata-recent').getByRole('link').first().getAttribute('href')).toBe(
      `/metadata/batch/${batchId}`,
    );
    await page.getByTestId('start-refresh').click();
    await page.waitForURL(/\/metadata\/refresh\/[0-9a-f-]{36}$/);
    const refreshId = page.url().split('/').pop()!;
    expect((await jobEnd(refreshId)).status).toBe('succeeded');
    // One entry per series the batch matched.
    const report = await admin.site.api<{ series: unknown[] }>('GET', `/metadata/refresh/${refreshId}/report`);
    expect(report.series.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('refresh-entry').count(), { timeout: 15_000 }).toBe(report.series.length);
    expect(await page.getByTestId('refresh-entry').filter({ hasText: 'Blacksad' }).count()).toBe(1);
    expect(await page.getByTestId('refresh-entry').first().textContent()).toContain('Open Library');
    await admin.screenshot(page, 'metadata-refresh-report');
    expect(errors).toEqual([]);
  }, 60_000);

  it('says why a library without provider, or with nothing linked, cannot start, without a crash', async () => {
    const page = await admin.signedInPage({ path: `/metadata?library_id=${admin.site.libraryId}` });
    const errors = watchErrors(page);
    expect(await text(page, 'metadata-provider')).toMatch(/No metadata provider/);
    // No batch without a provider: the button is off, and says why (its description is the line above).
    const batch = page.getByTestId('start-batch');
    expect(await batch.isDisabled()).toBe(true);
    expect(await batch.getAttribute('aria-describedby')).toBe('metadata-provider');
    await page.getByRole('heading', { name: 'Metadata', level: 1 }).waitFor();
    await admin.screenshot(page, 'metadata-400');
    // A refresh with no approved link: a 400, said from its field code (in French on a French page).
    const problem = page.getByTestId('problem');
    await page.getByTestId('start-refresh').click();
    await expect.poll(async () => (await problem.textContent()) ?? '').toMatch(/link/i);
    const french = await admin.signedInPage({ path: `/metadata?library_id=${admin.site.libraryId}`, locale: 'fr-FR' });
    await french.getByTestId('start-refresh').click();
    const frenchProblem = french.getByTestId('problem');
    await expect.poll(async () => (await frenchProblem.textContent()) ?? '').toMatch(/aucun lien de métadonnées/);
    expect(await frenchProblem.textContent()).not.toMatch(/the library has/);
    expect(errors).toEqual([]);
  });
});

describe('the jobs monitor', () => {
  it('lists jobs with filters in the URL, and shows a scan’s report and item errors', async () => {
    // A broken file in the sample library: the next scan lists it among its item errors, with the reason.
    await writeFile(
      path.join(admin.site.server.librariesRoot, SAMPLE_LIBRARY.rootPath, 'Nuit blanche', 'broken v02.cbz'),
      'not a zip',
    );
    const scan = await admin.site.api<{ id: string }>('POST', `/libraries/${admin.site.libraryId}/scan`, {
      mode: 'full',
    });
    await jobEnd(scan.id);

    const page = await admin.signedInPage({ path: '/jobs' });
    const errors = watchErrors(page);
    const filters = page.getByRole('form', { name: 'Filter the jobs' });
    await page.getByRole('table').waitFor();
    await filters.getByLabel('Type').selectOption('scan');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('scan');
    await filters.getByLabel('Library').selectOption({ label: SAMPLE_LIBRARY.name });
    await expect.poll(() => page.getByTestId('job-row').count()).toBe(2);
    await filters.getByLabel('Status').selectOption('failed');
    await page.getByTestId('jobs-none').waitFor();
    // The empty list says so and offers the way out.
    expect(await page.getByTestId('jobs-none').getByRole('link', { name: 'Clear the filters' }).count()).toBe(1);
    expect(new URL(page.url()).search).toBe(`?type=scan&status=failed&library_id=${admin.site.libraryId}`);
    await admin.screenshot(page, 'jobs-none');
    // Back steps through the filters.
    await page.goBack();
    await expect.poll(() => page.getByTestId('job-row').count()).toBe(2);
    await admin.screenshot(page, 'jobs-filtered');

    // The newest first: the scan that met the broken file.
    expect(await page.getByTestId('job-row').first().getAttribute('data-job-id')).toBe(scan.id);
    await page.getByTestId('job-row').first().getByRole('link').click();
    await page.waitForURL(`**/jobs/${scan.id}`);
    await page.getByTestId('scan-report').waitFor();
    expect(await text(page, 'scan-report-errors')).toBe('1');
    const rows = page.getByTestId('item-errors').locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('broken v02.cbz');
    // The reason is said from its code, with the reader's own words apart.
    const reason = rows.first().locator('[data-code]');
    expect(await reason.getAttribute('data-code')).toBe('file_corrupt');
    expect(await reason.textContent()).toContain('The file is damaged, or not what its extension says.');
    expect(await reason.locator('.detail').textContent()).toMatch(/^Technical detail: /);
    brokenScanId = scan.id;
    await admin.screenshot(page, 'job-scan-errors');

    // The first scan of the sample library: every book added.
    const first = await admin.site.api<{ items: { id: string }[] }>(
      'GET',
      `/jobs?type=scan&status=succeeded&library_id=${admin.site.libraryId}`,
    );
    // Newest first: the oldest is the library's first scan (a scan the watcher started after the broken file was
    // written may also have succeeded, adding nothing).
    await page.goto(`/jobs/${first.items.at(-1)!.id}`);
    expect(await text(page, 'scan-report-added')).toBe(String(SAMPLE_BOOK_COUNT));
    await admin.screenshot(page, 'job-scan-report');
    expect(errors).toEqual([]);
  });

  it('cancels a running batch from its detail page, after a confirmation', async () => {
    const job = await admin.site.api<{ id: string }>('POST', '/metadata/batch', { library_id: slowLibraryId });
    const page = await admin.signedInPage({ path: '/jobs?type=metadata_batch&status=running' });
    const errors = watchErrors(page);
    await expect.poll(() => page.getByTestId('job-row').count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('job-row').getByRole('link').click();
    await page.waitForURL(`**/jobs/${job.id}`);
    const progress = page.getByTestId('job-progress');
    await expect.poll(() => progress.getAttribute('data-connection')).toBe('live');
    await page.getByTestId('job-current').waitFor();
    expect(await text(page, 'job-counts')).toMatch(/of 20/);
    await admin.screenshot(page, 'job-batch-running');

    // Escape keeps it running; the confirmation cancels it.
    await page.getByTestId('cancel-job').click();
    await page.getByTestId('cancel-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('cancel-dialog').waitFor({ state: 'detached' });
    expect((await admin.site.api<{ cancel_requested: boolean }>('GET', `/jobs/${job.id}`)).cancel_requested).toBe(
      false,
    );
    await page.getByTestId('cancel-job').click();
    await admin.screenshot(page, 'job-cancel-confirm');
    await page.getByTestId('confirm-cancel').click();
    await expect
      .poll(() => page.getByTestId('job-status').first().getAttribute('data-status'), { timeout: 30_000 })
      .toBe('cancelled');
    await page.getByTestId('job-report-link').waitFor();
    expect(await page.getByTestId('job-report-link').getAttribute('href')).toBe(`/metadata/batch/${job.id}`);
    const ended = await admin.site.api<{ status: string; progress: { processed: number } }>('GET', `/jobs/${job.id}`);
    expect(ended.status).toBe('cancelled');
    expect(ended.progress.processed).toBeLessThan(20);
    await admin.screenshot(page, 'job-cancelled');
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('in French and on a phone', () => {
  it('shows the batch report, the monitor, a job and its errors in French, and fits 360 px', async () => {
    const page = await admin.signedInPage({ path: `/metadata/batch/${batchId}`, locale: 'fr-FR' });
    const errors = watchErrors(page);
    await page.getByRole('heading', { name: 'Lot de métadonnées de Fakes' }).waitFor();
    await page.getByTestId('batch-report').waitFor();
    expect(await text(page, 'count-no_results')).toContain('Aucun résultat');
    expect(await page.getByTestId('match-manually').first().textContent()).toContain('Associer à la main');
    await admin.screenshot(page, 'metadata-batch-report');

    await page.goto('/jobs?type=metadata_batch');
    await page.getByTestId('jobs-table').waitFor();
    expect(await page.getByTestId('job-status').first().textContent()).toMatch(/Annulée|Réussie|Terminée/);
    await admin.screenshot(page, 'jobs-list');

    await page.goto(`/metadata?library_id=${admin.site.libraryId}`);
    // The sample library has no metadata provider: the batch is not offered (issue 33 item 16), rather than refused.
    await page.getByTestId('start-batch').waitFor();
    expect(await page.getByTestId('start-batch').isDisabled()).toBe(true);
    await admin.screenshot(page, 'metadata-no-provider');

    // A file's error and a job's error, said in French from their codes (the server records them in English too).
    await page.goto(`/jobs/${brokenScanId}`);
    const reason = page.getByTestId('item-errors').locator('tbody tr [data-code]').first();
    await reason.waitFor();
    expect(await reason.textContent()).toContain('Le fichier est endommagé, ou n’est pas ce que dit son extension.');
    expect(await reason.locator('.detail').textContent()).toMatch(/^Détail technique : /);
    await admin.screenshot(page, 'job-scan-errors');
    // The broken book's page and the reader say why the file cannot be read in French too, from the code the scan
    // stored beside its words (the reader's own words apart, in English).
    const unreadable = await admin.site.api<{ items: { id: string; series: string | null }[] }>(
      'GET',
      `/books?library_id=${admin.site.libraryId}&parse_status=error`,
    );
    const broken = unreadable.items.find((book) => book.series === 'Nuit blanche')!;
    await page.goto(`/books/${broken.id}`);
    const parseError = page.getByTestId('parse-error');
    await parseError.waitFor();
    expect(await parseError.getAttribute('data-code')).toBe('file_corrupt');
    expect(await parseError.textContent()).toContain(
      'Le fichier est endommagé, ou n’est pas ce que dit son extension.',
    );
    expect(await parseError.locator('.detail').getAttribute('lang')).toBe('en');
    expect(await parseError.locator('.detail').textContent()).toMatch(/^Détail technique : /);
    await admin.screenshot(page, 'book-parse-error');
    await page.goto(`/read/${broken.id}`);
    const readerReason = page.getByTestId('reader-parse-error');
    await readerReason.waitFor();
    expect(await readerReason.textContent()).toContain('Le fichier est endommagé');
    expect(await text(page, 'reader-unavailable')).toContain('L’analyse n’a pas pu lire ce fichier.');
    await admin.screenshot(page, 'reader-parse-error');
    // A library whose folder was emptied (an unmounted drive): the scan refuses to delete its books.
    const emptiedId = await addLibrary(admin.site, {
      name: 'Emptied',
      rootPath: 'emptied',
      series: [{ name: 'Gone', volumes: 2 }],
    });
    await rm(path.join(admin.site.server.librariesRoot, 'emptied', 'Gone'), { recursive: true });
    const refused = await admin.site.api<{ id: string }>('POST', `/libraries/${emptiedId}/scan`, {});
    expect((await jobEnd(refused.id)).status).toBe('failed');
    await page.goto(`/jobs/${refused.id}`);
    await page.getByTestId('job-error').waitFor();
    expect(await page.getByTestId('job-error').getAttribute('data-code')).toBe('scan_would_empty');
    expect(await text(page, 'job-error')).toBe(
      'La bibliothèque « Emptied » perdrait tous ses livres (2) : son dossier semble vide. Rien n’a été supprimé ; vérifiez que le disque est monté.',
    );
    await admin.screenshot(page, 'job-scan-failed');
    // A provider that cannot be reached, named on the job's page by its display name, not its plugin id.
    const unreachableId = await addLibrary(admin.site, {
      name: 'Unreachable',
      rootPath: 'unreachable',
      series: [{ name: 'Blacksad', volumes: 1 }],
      metadataProvider: 'open_library',
    });
    await admin.site.api('PATCH', '/settings', { plugins: { open_library: { base_url: 'http://127.0.0.1:9' } } });
    try {
      const batch = await admin.site.api<{ id: string }>('POST', '/metadata/batch', { library_id: unreachableId });
      await jobEnd(batch.id);
      await page.goto(`/jobs/${batch.id}`);
      const failure = page.getByTestId('item-errors').locator('tbody tr [data-code="provider_failure"]').first();
      await failure.waitFor();
      // Outside the technical detail, which holds the provider's own words (they may name it too): the page has
      // loaded the providers' names.
      await page.waitForFunction(() => {
        const cell = document.querySelector('[data-code="provider_failure"]');
        const detail = cell?.querySelector('.detail')?.textContent ?? '';
        return /Open Library/.test((cell?.textContent ?? '').replace(detail, ''));
      });
      // The sentence names it; the detail keeps the provider's own words, which use its id.
      const detail = (await failure.locator('.detail').textContent()) ?? '';
      expect((await failure.textContent())?.replace(detail, '')).not.toContain('open_library');
    } finally {
      await admin.site.api('PATCH', '/settings', { plugins: { open_library: { base_url: slowOpenLibrary.url } } });
    }

    const phone = await admin.signedInPage({ path: `/metadata/batch/${batchId}`, viewport: 'phone' });
    await phone.getByTestId('batch-report').waitFor();
    await phone.getByTestId('batch-result').first().waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'metadata-batch-phone');
    await phone.goto('/jobs');
    await phone.getByTestId('jobs-table').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'jobs-phone');
    expect(errors).toEqual([]);
  }, 90_000);
});
