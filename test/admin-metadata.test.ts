import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, useAdminBrowser } from './support/admin-browser.js';
import {
  addLibrary,
  pointPluginAtFake,
  pointPluginsAtFakes,
  removeCredentials,
  startPluginFakes,
  type PluginFakes,
} from './support/plugin-fakes.js';

/**
 * The metadata page of a series (/series/<id>/metadata) in Chromium against the built server, with every plugin
 * pointed at its fake service: a search with the library's provider, a match left pending, a reject, an approval
 * whose sync report lists the updated fields and the locked one it skipped, the missing volumes and a release search
 * that fills them, a provider failure said with what to do, and the page in French. The tests run in order and share
 * the file's server.
 */
const admin = useAdminBrowser({ library: false });
let fakes: PluginFakes;
let seriesId = '';

beforeAll(async () => {
  fakes = await startPluginFakes();
  await pointPluginsAtFakes(admin.site, fakes);
  // Blacksad: Bédéthèque knows three albums, the library holds the first one.
  const libraryId = await addLibrary(admin.site, {
    name: 'Bandes dessinées',
    rootPath: 'bd',
    series: [{ name: 'Blacksad', volumes: [1] }],
    metadataProvider: 'bedetheque',
    fallbackMetadataProvider: 'open_library',
  });
  const series = await admin.site.api<{ items: { id: string; name: string }[] }>(
    'GET',
    `/series?library_id=${libraryId}`,
  );
  seriesId = series.items.find((item) => item.name === 'Blacksad')!.id;
  // A field the admin wrote and locked: the sync must leave it.
  await admin.site.api('PATCH', `/series/${seriesId}`, {
    description: 'Notre description à nous.',
    locked_fields: ['description'],
  });
}, 90_000);

afterAll(async () => {
  await fakes?.close();
});

const candidates = (page: Page) => page.getByTestId('candidate');
const links = (page: Page) => page.getByTestId('metadata-link');

async function searchWith(page: Page, providerLabel: string | RegExp) {
  await page.getByLabel(/^(Provider|Fournisseur)$/).selectOption({ label: await optionLabel(page, providerLabel) });
  await page.getByRole('button', { name: /^(Search|Chercher)$/ }).click();
}

async function optionLabel(page: Page, label: string | RegExp): Promise<string> {
  await page.locator('#metadata-provider option').first().waitFor({ state: 'attached' });
  const options = await page.locator('#metadata-provider option').allTextContents();
  const found = options.find((option) => (typeof label === 'string' ? option === label : label.test(option)));
  if (!found) throw new Error(`no provider option ${String(label)} among ${options.join(' | ')}`);
  return found;
}

describe('the metadata page of a series', { timeout: 90_000 }, () => {
  it('is reached from the series page and searches the library’s provider first, with the confidence explained', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesId}` });
    await page.getByTestId('metadata-page-link').click();
    await page.getByRole('heading', { level: 1, name: 'Metadata of Blacksad' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/series/${seriesId}/metadata`);
    // The library's provider is offered first, then its fallback.
    const options = await page.locator('#metadata-provider option').allTextContents();
    expect(options[0]).toBe('Bédéthèque (library’s provider)');
    expect(options[1]).toMatch(/\(library’s fallback\)$/);
    expect(options.length).toBeGreaterThanOrEqual(5);
    await expect.poll(() => page.getByTestId('metadata-link').count()).toBe(0);

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const first = candidates(page).first();
    await first.waitFor();
    expect(await first.locator('h3').textContent()).toBe('Blacksad');
    expect(await first.getByTestId('confidence').textContent()).toBe('100 / 100');
    const text = await first.textContent();
    expect(text).toContain('Dargaud');
    expect(text).toContain('2000');
    expect(await page.getByText(/100 means the same title once case, accents, punctuation and articles/).count()).toBe(
      1,
    );
    await admin.screenshot(page, 'series-metadata-search');
  });

  it('matches a fallback candidate as pending, then rejects it, and deletes the rejected link', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesId}/metadata` });
    await searchWith(page, /\(library’s fallback\)$/);
    const blacksad = candidates(page)
      .filter({ has: page.locator('h3', { hasText: /^Blacksad$/ }) })
      .first();
    await blacksad.getByRole('button', { name: /^Match/ }).click();
    const link = links(page).first();
    await expect.poll(() => link.getAttribute('data-state'), { timeout: 20_000 }).toBe('pending');
    expect(await link.getByTestId('link-state').textContent()).toBe('Pending approval');
    expect(await link.textContent()).toContain('Open Library');

    await link.getByRole('button', { name: 'Reject Blacksad' }).click();
    await expect.poll(() => links(page).first().getAttribute('data-state'), { timeout: 20_000 }).toBe('rejected');
    expect(await links(page).first().getByTestId('link-state').textContent()).toBe('Rejected');

    // Delete asks first; Cancel keeps the link, Delete removes it.
    await links(page).first().getByRole('button', { name: 'Delete the link to Blacksad' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await links(page).count()).toBe(1);
    await links(page).first().getByRole('button', { name: 'Delete the link to Blacksad' }).click();
    await page.getByRole('group').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => links(page).count()).toBe(0);
    const remaining = await admin.site.api<{ items: unknown[] }>('GET', `/series/${seriesId}/links`);
    expect(remaining.items).toHaveLength(0);
  });

  it('approves a match: the report shows each updated field old → new and the locked field it skipped', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesId}/metadata` });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await candidates(page)
      .first()
      .getByRole('button', { name: /^Match/ })
      .click();
    await expect.poll(() => links(page).first().getAttribute('data-state'), { timeout: 20_000 }).toBe('pending');
    await links(page).first().getByRole('button', { name: 'Approve Blacksad' }).click();

    const report = page.getByTestId('sync-report');
    await report.waitFor();
    // The focus moves to the report that replaced the button.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-heading');
    const updated = report.getByTestId('report-updated');
    const totalVolumes = await updated.locator('li[data-field="total_volumes"]').textContent();
    expect(totalVolumes?.replace(/\s+/g, ' ')).toMatch(/Total volumes: \(empty\) → 3/);
    expect(await updated.locator('li[data-field="start_year"]').textContent()).toContain('2000');
    expect(await report.getByTestId('report-skipped').textContent()).toContain('Description is locked');
    await expect.poll(() => links(page).first().getAttribute('data-state')).toBe('approved');
    expect(await links(page).first().textContent()).toContain('Bédéthèque');
    await admin.screenshot(page, 'series-metadata-report');

    // The locked description is still the admin's.
    const series = await admin.site.api<{ description: string }>('GET', `/series/${seriesId}`);
    expect(series.description).toBe('Notre description à nous.');
  });

  it('lists the missing volumes and finds releases that fill them, opened in a new tab', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesId}/metadata` });
    await page.getByTestId('missing-counts').waitFor();
    expect(await page.getByTestId('missing-counts').textContent()).toContain('1 owned of 3 expected · 2 missing');
    const volumes = page.getByTestId('missing-volumes').locator('li');
    expect(await volumes.count()).toBe(2);
    expect(await volumes.first().textContent()).toContain('Vol. 2');

    // One volume: the indexer has nothing numbered 2 alone.
    await page.getByRole('button', { name: 'Search releases of volume 2' }).click();
    await page.getByRole('heading', { name: /Releases of volume 2/ }).waitFor();

    await page.getByRole('button', { name: 'Search the whole series' }).click();
    await page.getByRole('heading', { name: /Releases of the series/ }).waitFor();
    const release = page.getByTestId('release').filter({ hasText: 'Blacksad.Vol.01-06' });
    await release.waitFor();
    expect(await release.getByTestId('fills-missing').textContent()).toContain('Fills missing (2, 3)');
    const text = (await release.textContent()) ?? '';
    expect(text).toContain('1.3 GB');
    expect(text).toMatch(/years? ago/);
    expect(text).toContain('1–6');
    const download = release.getByRole('link', { name: /^Download Blacksad\.Vol\.01-06/ });
    expect(await download.getAttribute('target')).toBe('_blank');
    expect(await download.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await download.getAttribute('href')).toContain(fakes.url('prowlarr'));
    await admin.screenshot(page, 'series-metadata-releases');
  });

  it('says what to do when a provider fails: an API key to set, a rate limit to wait out', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesId}/metadata` });
    await removeCredentials(admin.site, 'comicvine');
    try {
      await searchWith(page, 'ComicVine');
      const failure = page.getByTestId('provider-failure');
      await failure.waitFor();
      expect(await failure.getAttribute('data-kind')).toBe('not_configured');
      expect(await failure.textContent()).toContain(
        'ComicVine is not configured: set the ComicVine API key in Settings → Plugins',
      );
      expect(await failure.getByRole('link', { name: 'Open plugin settings' }).getAttribute('href')).toBe(
        '/settings?tab=plugins',
      );
      await admin.screenshot(page, 'series-metadata-not-configured');
    } finally {
      await pointPluginAtFake(admin.site, fakes, 'comicvine');
    }

    fakes.setMode('comicvine', 'rate_limited');
    try {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect
        .poll(() => page.getByTestId('provider-failure').getAttribute('data-kind'), { timeout: 20_000 })
        .toBe('rate_limited');
      expect(await page.getByTestId('provider-failure').textContent()).toContain(
        'ComicVine refuses more requests for now (rate limit)',
      );
    } finally {
      fakes.setMode('comicvine', 'ok');
    }
    // The page is still there, and a search works again.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await candidates(page).first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('provider-failure').count()).toBe(0);
  });

  it('explains where to configure the release indexer when it is not', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesId}/metadata` });
    await removeCredentials(admin.site, 'prowlarr');
    try {
      await page.getByRole('button', { name: 'Search the whole series' }).click();
      const notice = page.getByTestId('indexer-not-configured');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Settings → Release indexer');
      expect(await notice.getByRole('link').getAttribute('href')).toBe('/settings?tab=release-indexer');
    } finally {
      await pointPluginAtFake(admin.site, fakes, 'prowlarr');
    }
  });

  it('speaks French, and fits a phone', async () => {
    const page = await admin.signedInPage({ path: `/series/${seriesId}/metadata`, locale: 'fr-FR' });
    await page.getByRole('heading', { level: 1, name: 'Métadonnées · Blacksad' }).waitFor();
    expect(await links(page).first().getByTestId('link-state').textContent()).toBe('Approuvée');
    expect(await page.getByTestId('missing-counts').textContent()).toContain(
      'Possédés : 1 · attendus : 3 · manquants : 2',
    );
    await page.getByRole('button', { name: 'Chercher', exact: true }).click();
    await candidates(page).first().waitFor();
    expect(await page.getByText(/100 signifie le même titre/).count()).toBe(1);
    await page.getByRole('button', { name: 'Chercher toute la série' }).click();
    const release = page.getByTestId('release').filter({ hasText: 'Blacksad.Vol.01-06' });
    await release.waitFor();
    expect(await release.getByTestId('fills-missing').textContent()).toContain('Comble un manque');
    expect(await release.textContent()).toMatch(/1,3\sGo/);
    fakes.setMode('bedetheque', 'blocked');
    try {
      await page.getByRole('button', { name: 'Chercher', exact: true }).click();
      const failure = page.getByTestId('provider-failure');
      await failure.waitFor({ timeout: 20_000 });
      expect(await failure.textContent()).toContain('Bédéthèque a bloqué la requête par une page anti-robot');
    } finally {
      fakes.setMode('bedetheque', 'ok');
    }
    await admin.screenshot(page, 'series-metadata');

    const phone = await admin.signedInPage({ path: `/series/${seriesId}/metadata`, viewport: 'phone' });
    await phone.getByTestId('missing-counts').waitFor();
    await phone.getByRole('button', { name: 'Search the whole series' }).click();
    await phone.getByTestId('release').first().waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await admin.screenshot(phone, 'series-metadata-phone');
  });

  it("reviews a library's pending matches: a field-by-field diff, locks marked, bulk approval of the 100 % ones only", async () => {
    const libraryId = await addLibrary(admin.site, {
      name: 'Revue',
      rootPath: 'revue',
      series: [
        { name: 'Thorgal', volumes: [1] },
        { name: 'Kiekeboe', volumes: [1] },
        { name: 'Les Légendaires', volumes: [1] },
      ],
      metadataProvider: 'bedetheque',
    });
    const seriesOf = await admin.site.api<{ items: { id: string; name: string }[] }>(
      'GET',
      `/series?library_id=${libraryId}`,
    );
    const kiekeboe = seriesOf.items.find((item) => item.name === 'Kiekeboe')!;
    await admin.site.api('PATCH', `/series/${kiekeboe.id}`, {
      description: 'Notre résumé.',
      locked_fields: ['description'],
    });
    // Matched (pending) through the API, as a batch run or the series page would: two certain, one not.
    const confidences: Record<string, number> = { Thorgal: 100, Kiekeboe: 100, 'Les Légendaires': 70 };
    for (const [name, confidence] of Object.entries(confidences)) {
      const found = await admin.site.api<{ items: { external_id: string }[] }>('POST', '/metadata/search', {
        library_id: libraryId,
        series_name: name,
      });
      await admin.site.api('POST', '/metadata/match', {
        library_id: libraryId,
        series_name: name,
        provider: 'bedetheque',
        external_id: found.items[0]!.external_id,
        confidence,
      });
    }

    const page = await admin.signedInPage({ path: `/metadata?library_id=${libraryId}` });
    await page.getByRole('link', { name: 'Review the matches' }).click();
    await page.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    expect(page.url()).toContain(`/metadata/review?library_id=${libraryId}`);
    const queue = page.getByTestId('review-queue');
    const items = queue.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await items.first().waitFor();
    expect(await items.count()).toBe(3);
    // Highest confidence first.
    expect(await queue.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      expect.arrayContaining(['Thorgal', 'Kiekeboe', 'Les Légendaires']),
    );
    expect((await queue.getByRole('heading', { level: 3 }).allTextContents()).at(-1)).toBe('Les Légendaires');

    // Kiekeboe's diff: the locked summary is marked and kept, the other fields say what would change.
    const kiekeboeItem = items.filter({ has: page.getByRole('heading', { name: 'Kiekeboe' }) });
    await kiekeboeItem.getByRole('button', { name: 'Compare the fields' }).click();
    const diff = kiekeboeItem.getByRole('table', { name: 'Fields of Kiekeboe' });
    await diff.waitFor();
    const summary = diff.getByRole('row', { name: /^Summary/ });
    expect(await summary.textContent()).toContain('Notre résumé.');
    await summary.getByText('Locked: kept as it is').waitFor();
    expect(await diff.getByText('Will change').count()).toBeGreaterThan(0);
    expect(await kiekeboeItem.getByRole('button', { name: 'Hide the comparison' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await admin.screenshot(page, 'metadata-review');

    // Bulk: only the two 100 % matches, after a confirmation that says how many.
    await page.getByRole('button', { name: 'Approve the 100 % matches (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the certain matches?' });
    await dialog.getByText('Approve 2 matches at 100 % confidence?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Approve 2' }).click();
    await page.getByText('2 of 2 approved.').waitFor({ timeout: 20_000 });
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().getByRole('heading', { level: 3 }).textContent()).toBe('Les Légendaires');
    const statuses = await admin.site.api<{ items: { series_name: string; status: string }[] }>(
      'GET',
      `/metadata/links?library_id=${libraryId}`,
    );
    expect(Object.fromEntries(statuses.items.map((link) => [link.series_name, link.status]))).toEqual({
      Thorgal: 'approved',
      Kiekeboe: 'approved',
      'Les Légendaires': 'pending',
    });
    // The lock held through the bulk approval.
    const kiekeboeAfter = await admin.site.api<{ description: string }>('GET', `/series/${kiekeboe.id}`);
    expect(kiekeboeAfter.description).toBe('Notre résumé.');

    // Reject the last one: the queue is empty and says what to do next.
    await page.getByRole('button', { name: 'Reject the match of Les Légendaires' }).click();
    await page.getByText('Nothing to review: every match of this library is approved or rejected.').waitFor();
    await page.getByRole('link', { name: 'Match series in batch' }).waitFor();
    expect(await page.getByRole('button', { name: /Approve the 100 %/ }).count()).toBe(0);

    const phone = await admin.signedInPage({ path: `/metadata/review?library_id=${libraryId}`, viewport: 'phone' });
    await phone.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    await phone.getByText('Nothing to review', { exact: false }).waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
    await admin.screenshot(phone, 'metadata-review-empty-phone');
  });
});
