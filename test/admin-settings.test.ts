import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, horizontalOverflow, useAdminBrowser } from './support/admin-browser.js';
import { scanAccessibility } from './support/axe.js';
import { startPluginFakes, type PluginFakes } from './support/plugin-fakes.js';

/**
 * The settings page in a real Chromium against the built server: status mappings listed (unmapped ones too),
 * changed, unmapped and mapped again; every plugin with its state and the one that failed to load with its reason;
 * a plugin secret saved and then found nowhere (page, tRPC answers, server log); the release indexer tested
 * against the Prowlarr fake with a wrong and the right key; the interface language switched here, in French.
 * The page is in tabs held in the URL (`?tab=`), each form with a sticky Save bar (Save, Discard) shown only with
 * unsaved changes, and leaving a tab with some asks first; About says the server's version and database kind.
 */
const BUILT_IN_PLUGINS = [
  '@shelfmark/plugin-google-books',
  '@shelfmark/plugin-open-library',
  '@shelfmark/plugin-comicvine',
  '@shelfmark/plugin-anilist',
  '@shelfmark/plugin-bedetheque',
  '@shelfmark/plugin-prowlarr',
];
/** A plugin the configuration names but that cannot be imported: listed as failed, with the reason. */
const BROKEN_PLUGIN = '/nonexistent/shelfmark-broken-plugin.js';

const admin = useAdminBrowser({
  library: false,
  // Everything the server logs is searched for the secrets below, so it logs everything.
  env: { LOG_LEVEL: 'trace', SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, BROKEN_PLUGIN].join(',') },
});

let fakes: PluginFakes;
beforeAll(async () => {
  fakes = await startPluginFakes();
}, 30_000);
afterAll(async () => {
  await fakes?.close();
});

/** The body of every tRPC answer the page receives from now on (batched calls included). */
function recordTrpcAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/trpc/')) return;
    answers.push(await response.text().catch(() => ''));
  });
  return answers;
}

/** The plugins' part of each settings change the page sends (tRPC batch: `{"0":{"body":…}}`). */
function recordSettingsUpdates(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/trpc/settings.update')) return;
    const batch = JSON.parse(request.postData() ?? '{}') as Record<string, { body: unknown }>;
    for (const call of Object.values(batch)) bodies.push(call.body);
  });
  return bodies;
}

/** The selected tab of the settings tab list. */
const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });

/** Full-page screenshots of the page as it is, in light and in dark (`<name>-light|dark-<lang>.png`). */
async function shootBothThemes(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, scheme);
    await admin.screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The language kept in the administrator's account, as a sign-in answers it. */
async function accountLocale(): Promise<string> {
  const response = await fetch(`${admin.site.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in → ${response.status}`);
  return ((await response.json()) as { locale: string }).locale;
}

interface StatusMappingDto {
  id: string;
  provider_status: string;
  mapped_status: string | null;
}

describe('the settings page', { timeout: 90_000 }, () => {
  it('lists every provider status, unmaps one (still listed), maps it again and adds one', async () => {
    const page = await admin.signedInPage({ path: '/settings?tab=status-mappings' });
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).first().waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Settings' })
        .getAttribute('aria-current'),
    ).toBe('page');

    const table = page.getByTestId('status-mappings');
    await table.waitFor();
    const listed = await admin.site.api<{ items: StatusMappingDto[] }>('GET', '/settings/status-mappings');
    expect(await table.getByTestId('status-mapping').count()).toBe(listed.items.length);

    const row = table.locator('tr[data-status="en cours"]');
    expect(await row.getByTestId('mapped-status').textContent()).toContain('Ongoing');
    const select = row.getByRole('combobox', { name: 'Status for “en cours”' });
    const apply = row.getByRole('button', { name: 'Apply the status for “en cours”' });
    expect(await apply.isDisabled()).toBe(true);

    // Unmapped: the row stays, says so, and the server keeps it with null.
    await select.selectOption({ label: 'Unmapped' });
    await apply.click();
    await page.getByRole('status').getByText('“en cours” is now unmapped (still listed).').waitFor();
    expect((await row.getByTestId('mapped-status').textContent())?.trim()).toBe('Unmapped');
    const unmapped = (await admin.site.api<{ items: StatusMappingDto[] }>('GET', '/settings/status-mappings')).items;
    expect(unmapped.find((one) => one.provider_status === 'en cours')?.mapped_status).toBeNull();
    await admin.screenshot(page, 'settings-status-unmapped');

    // Read again from the server: still listed, as unmapped.
    await page.reload();
    await row.waitFor();
    expect((await row.getByTestId('mapped-status').textContent())?.trim()).toBe('Unmapped');
    expect(await table.getByTestId('status-mapping').count()).toBe(listed.items.length);

    // Mapped again, by keyboard: focus the select, choose, Tab to Apply, Enter.
    await select.focus();
    await select.selectOption('ongoing');
    await page.keyboard.press('Tab');
    expect(await apply.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('“en cours” now maps to Ongoing.').waitFor();
    const mapped = (await admin.site.api<{ items: StatusMappingDto[] }>('GET', '/settings/status-mappings')).items;
    expect(mapped.find((one) => one.provider_status === 'en cours')?.mapped_status).toBe('ongoing');

    // A status no provider has sent yet, mapped ahead of time (stored in lower case).
    const form = page.getByTestId('status-mapping-add');
    await form.getByLabel('Provider status').fill('En Pause Prolongée');
    await form.getByLabel('Maps to').selectOption('hiatus');
    await form.getByRole('button', { name: 'Add the mapping' }).click();
    await table.locator('tr[data-status="en pause prolongée"]').getByText('On hiatus').first().waitFor();
  });

  it('lists each plugin with its state, and the one that failed to load with its reason', async () => {
    const page = await admin.signedInPage({ path: '/settings?tab=plugins' });
    const cards = page.getByTestId('plugin');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(BUILT_IN_PLUGINS.length + 1);

    const comicvine = page.locator('[data-plugin="comicvine"]');
    expect(await comicvine.getByTestId('plugin-status').textContent()).toContain('Loaded');
    expect(await comicvine.getByTestId('plugin-configured').textContent()).toContain('Not configured');
    expect(await comicvine.textContent()).toContain('Metadata provider');
    expect(await comicvine.textContent()).toContain('0.1.0');
    // Capabilities as readable chips, not codes: series.description → Summary, volumes.publishDate → …
    const capabilities = comicvine.getByRole('list').filter({ hasText: 'Other titles' });
    await capabilities.getByText('Summary', { exact: true }).waitFor();
    await comicvine.getByRole('list', { name: 'Volumes' }).getByText('Publication date', { exact: true }).waitFor();
    expect(await comicvine.textContent()).not.toContain('series.');
    // Rendered from its schema: the labels and help of its manifest, the secret one write-only.
    await comicvine.getByLabel('API key').waitFor();
    expect(await comicvine.getByLabel('API key').getAttribute('type')).toBe('password');
    expect(await comicvine.getByTestId('secret-state').textContent()).toContain('Not set');
    expect(await comicvine.textContent()).toContain('free with an account');

    const prowlarr = page.locator('[data-plugin="prowlarr"]');
    expect(await prowlarr.textContent()).toContain('Release indexer');
    await prowlarr.getByRole('link', { name: /Release indexer section/ }).waitFor();

    const broken = page.locator('[data-plugin]', { hasText: 'Failed to load' });
    expect(await broken.count()).toBe(1);
    expect(await broken.textContent()).toContain('Why it did not load');
    expect((await broken.getByTestId('plugin-error').textContent())?.trim()).not.toBe('None');
    await admin.screenshot(page, 'settings-plugins');
  });

  it('saves the ComicVine key, shows only that it is set, never sends it back, and clears it when asked', async () => {
    const key = fakes.keys.comicvine;
    const page = await admin.signedInPage({ path: '/settings?tab=plugins' });
    const answers = recordTrpcAnswers(page);
    const updates = recordSettingsUpdates(page);
    const comicvine = page.locator('[data-plugin="comicvine"]');
    await comicvine.getByLabel('API key').fill(key);
    await comicvine.getByLabel('Base URL').fill(fakes.url('comicvine'));
    await comicvine.getByRole('button', { name: 'Save the settings of ComicVine' }).click();
    await comicvine.getByText('Saved.').waitFor();

    // Only the changed fields went out.
    expect(updates).toEqual([{ plugins: { comicvine: { api_key: key, base_url: fakes.url('comicvine') } } }]);
    expect(await comicvine.getByTestId('secret-state').textContent()).toContain('Set');
    expect(await comicvine.getByLabel('API key').inputValue()).toBe('');
    await comicvine.getByTestId('plugin-configured').getByText('Configured', { exact: true }).waitFor();
    // Saving again without touching anything sends nothing.
    await comicvine.getByRole('button', { name: 'Save the settings of ComicVine' }).click();
    await comicvine.getByText('Nothing to save: no field was changed.').waitFor();
    expect(updates).toHaveLength(1);
    await admin.screenshot(page, 'settings-plugin-secret-set');

    const settings = await admin.site.api<{ plugins: Record<string, { secrets_set: string[]; values: object }> }>(
      'GET',
      '/settings',
    );
    expect(settings.plugins['comicvine']?.secrets_set).toEqual(['api_key']);
    expect(JSON.stringify(settings)).not.toContain(key);

    // Read again: still "set", and the key is nowhere: not in the page, not in any tRPC answer, not in the log.
    await page.reload();
    await comicvine.getByTestId('secret-state').getByText('Set', { exact: false }).waitFor();
    expect(await comicvine.getByTestId('secret-state').textContent()).toContain('Stored value: Set');
    expect(await page.content()).not.toContain(key);
    expect(answers.length).toBeGreaterThan(3);
    expect(answers.some((answer) => answer.includes('"secrets_set":["api_key"]'))).toBe(true);
    for (const answer of answers) expect(answer).not.toContain(key);
    expect(admin.site.server.stdout()).not.toContain(key);
    expect(admin.site.server.stderr()).not.toContain(key);
    expect(admin.site.server.stdout().length).toBeGreaterThan(0);

    // Clearing is its own action, undone with "Keep it"; confirmed by saving.
    await comicvine.getByRole('button', { name: 'Clear the stored value' }).click();
    await comicvine.getByText('Will be removed when you save.').waitFor();
    await comicvine.getByRole('button', { name: 'Keep it' }).click();
    await comicvine.getByRole('button', { name: 'Clear the stored value' }).click();
    await comicvine.getByRole('button', { name: 'Save the settings of ComicVine' }).click();
    await comicvine.getByTestId('secret-state').getByText('Not set').waitFor();
    await comicvine
      .getByTestId('plugin-configured')
      .getByText(/^\s*Not configured/)
      .waitFor({ timeout: 30_000 });
    expect(updates.at(-1)).toEqual({ plugins: { comicvine: { api_key: null } } });
  });

  it('tests the release indexer: a wrong key in words, then the right one with its indexers', async () => {
    const page = await admin.signedInPage({ path: '/settings?tab=release-indexer' });
    const answers = recordTrpcAnswers(page);
    const form = page.getByTestId('release-indexer-form');
    await form.waitFor();
    expect(await form.getByTestId('secret-state').textContent()).toContain('Not set');
    expect(await form.getByLabel('Categories').inputValue()).toBe('7030, 7020');

    // Not configured yet: the server's 400 is shown where the test was, the page stays.
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await page.getByTestId('problem').waitFor();
    expect(await page.getByRole('heading', { name: 'Release indexer' }).isVisible()).toBe(true);

    await form.getByLabel('URL').fill(fakes.url('prowlarr'));
    await form.getByLabel('API key').fill('not-the-right-key');
    await page.getByText('You have unsaved changes: the test').waitFor();
    await form.getByRole('region', { name: 'Unsaved changes' }).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();
    // Saved: the Save bar goes away.
    await form.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
    expect(await form.getByTestId('secret-state').textContent()).toContain('Set');

    const result = page.getByTestId('indexer-test-result');
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await result.getByText('The API key is refused.').waitFor();
    expect(await result.textContent()).toContain('Prowlarr refused the API key');
    await admin.screenshot(page, 'settings-indexer-bad-key');

    await form.getByLabel('API key').fill(fakes.keys.prowlarr);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Test the connection' }).click();
    const expected = await admin.site.api<{ ok: boolean; indexer_count: number }>('POST', '/releases/test');
    expect(expected.ok).toBe(true);
    await result.getByText(`It works: ${expected.indexer_count} enabled indexers.`).waitFor();
    await admin.screenshot(page, 'settings-indexer-works');

    // An address that is not Prowlarr.
    await form.getByLabel('URL').fill(`${admin.site.url}/nothing-here`);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await result.getByText('This address does not answer like a Prowlarr server.').waitFor();

    for (const answer of answers) {
      expect(answer).not.toContain(fakes.keys.prowlarr);
      expect(answer).not.toContain('not-the-right-key');
    }
    expect(await page.content()).not.toContain(fakes.keys.prowlarr);
  });

  it('switches the interface to French here, saves the provider language and the OPDS option, at 360 px too', async () => {
    const page = await admin.signedInPage({ path: '/settings?tab=languages' });
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByLabel('Interface language').selectOption('fr');
    await page.getByRole('heading', { name: 'Réglages', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    // Kept in the account and in this browser's cookie.
    await expect.poll(accountLocale, { timeout: 15_000 }).toBe('fr');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'shelfmark_locale')?.value).toBe('fr');

    // In French: the provider language (Languages tab) and the OPDS option (General tab), only what changed is sent.
    const updates = recordSettingsUpdates(page);
    const language = page.getByTestId('settings-server-language');
    await language.getByLabel('Langue des fournisseurs').fill('fr_FR');
    await language.getByRole('button', { name: 'Enregistrer' }).click();
    await language.getByText('Saisissez une étiquette de langue comme en, fr ou pt-BR.').waitFor();
    expect(updates).toHaveLength(0);
    await language.getByLabel('Langue des fournisseurs').fill('fr-BE');
    await language.getByRole('button', { name: 'Enregistrer' }).click();
    await language.getByText('Enregistré.').waitFor();
    await page.getByRole('tab', { name: 'Général' }).click();
    const general = page.getByTestId('settings-general');
    await general.getByRole('checkbox').uncheck();
    await general.getByRole('button', { name: 'Enregistrer' }).click();
    await general.getByText('Enregistré.').waitFor();
    expect(updates).toEqual([{ provider_language: 'fr-BE' }, { opds_pse_marks_read: false }]);
    const settings = await admin.site.api<{ provider_language: string; opds_pse_marks_read: boolean }>(
      'GET',
      '/settings',
    );
    expect(settings).toMatchObject({ provider_language: 'fr-BE', opds_pse_marks_read: false });

    // The tab survives a reload (it is in the URL), the values are read again from the server.
    await page.reload();
    await page.getByRole('heading', { name: 'Réglages', level: 1 }).waitFor();
    expect(await selectedTab(page).textContent()).toBe('Général');
    expect(await page.getByTestId('settings-general').getByRole('checkbox').isChecked()).toBe(false);
    await page.getByRole('tab', { name: 'Extensions' }).click();
    await page.locator('[data-plugin="comicvine"]').waitFor();
    expect(await page.locator('[data-plugin="comicvine"]').textContent()).toContain('Fournisseur de métadonnées');
    expect(await page.locator('[data-plugin="comicvine"]').textContent()).toContain('Résumé');
    // The plugins' own words too (read again in the new language): labels and help, their default line included.
    const comicvine = page.locator('[data-plugin="comicvine"]');
    await comicvine.getByLabel('Clé d’API').waitFor();
    await comicvine.getByLabel('URL de base').waitFor();
    expect(await comicvine.textContent()).toContain('À changer seulement pour passer par un proxy');
    expect(await comicvine.textContent()).toMatch(/ComicVine\. Par défaut : /);
    expect((await page.getByTestId('plugin').allTextContents()).join(' ')).not.toMatch(/Base URL|API key|Change only/);
    await page.getByRole('tab', { name: 'Correspondance des statuts' }).click();
    await page.getByTestId('status-mappings').waitFor();
    await shootBothThemes(page, 'settings-status-mappings');

    const phone = await admin.signedInPage({ path: '/settings?tab=plugins', viewport: 'phone', locale: 'fr-FR' });
    await phone.getByRole('heading', { name: 'Réglages', level: 1 }).waitFor();
    await phone.locator('[data-plugin="comicvine"]').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await shootBothThemes(phone, 'settings-plugins-phone');
    await phone.getByRole('tab', { name: 'Correspondance des statuts' }).click();
    await phone.getByTestId('status-mappings').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'settings-status-mappings-phone');

    // Back to English from here, as the next visitor of this account expects.
    await page.getByRole('tab', { name: 'Langues' }).click();
    await page.getByLabel('Langue de l’interface').selectOption('en');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(accountLocale, { timeout: 15_000 }).toBe('en');
    await page.getByTestId('settings-general').waitFor({ state: 'detached' });
    await shootBothThemes(page, 'settings-languages');
  });

  it('holds the tab in the URL: linked, kept on reload, Back returns, older #anchors open theirs, arrows move', async () => {
    const page = await admin.signedInPage({ path: '/settings' });
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await selectedTab(page).textContent()).toBe('General');

    await page.getByRole('tab', { name: 'Backups' }).click();
    await page.waitForURL(/\/settings\?tab=backups$/);
    await page.getByTestId('settings-backups').waitFor();
    await page.reload();
    await page.getByTestId('settings-backups').waitFor();
    expect(await selectedTab(page).textContent()).toBe('Backups');
    await page.goBack();
    await page.waitForURL(/\/settings$/);
    await page.getByTestId('settings-general').waitFor();

    // By keyboard: the arrows move along the tabs and the URL follows.
    await selectedTab(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\?tab=languages$/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Languages');
    await page.keyboard.press('End');
    await page.waitForURL(/\?tab=about$/);

    // A link written before the tabs (/settings#plugins) opens its tab, the URL then says ?tab=.
    const older = await admin.signedInPage({ path: '/settings#release-indexer' });
    await older.getByTestId('release-indexer-form').waitFor();
    expect(await selectedTab(older).textContent()).toBe('Release indexer');
    await older.waitForURL(/\/settings\?tab=release-indexer$/);
  });

  it('shows the Save bar only with unsaved changes: Discard restores, leaving the tab asks first', async () => {
    const page = await admin.signedInPage({ path: '/settings?tab=general' });
    const general = page.getByTestId('settings-general');
    const checkbox = general.getByRole('checkbox');
    await checkbox.waitFor();
    const before = await checkbox.isChecked();
    const bar = page.getByRole('region', { name: 'Unsaved changes' });
    expect(await bar.count()).toBe(0);

    await checkbox.setChecked(!before);
    await bar.waitFor();
    await bar.getByText('You have unsaved changes.').waitFor();
    await shootBothThemes(page, 'settings-save-bar');
    await bar.getByRole('button', { name: 'Discard' }).click();
    await bar.waitFor({ state: 'detached' });
    expect(await checkbox.isChecked()).toBe(before);

    // A change, then another tab: a dialog asks. Stay keeps the change; Discard and leave goes.
    await checkbox.setChecked(!before);
    await page.getByRole('tab', { name: 'Languages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('“General”');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await selectedTab(page).textContent()).toBe('General');
    expect(page.url()).toMatch(/\?tab=general$/);
    expect(await checkbox.isChecked()).toBe(!before);

    await page.getByRole('tab', { name: 'Languages' }).click();
    await dialog.getByRole('button', { name: 'Discard and leave' }).click();
    await page.waitForURL(/\?tab=languages$/);
    await page.getByTestId('settings-server-language').waitFor();
    await page.getByRole('tab', { name: 'General' }).click();
    expect(await page.getByTestId('settings-general').getByRole('checkbox').isChecked()).toBe(before);
    // Nothing was sent.
    const settings = await admin.site.api<{ opds_pse_marks_read: boolean }>('GET', '/settings');
    expect(settings.opds_pse_marks_read).toBe(before);
  });

  it('says the server version and database kind in About, with a link to the API docs; axe clean in both themes', async () => {
    const health = (await (await fetch(`${admin.site.url}/api/v1/health`)).json()) as {
      version: string;
      database: { kind: string };
    };
    const page = await admin.signedInPage({ path: '/settings?tab=about' });
    const about = page.getByTestId('about');
    await about.waitFor();
    expect((await about.getByTestId('about-version').textContent())?.trim()).toBe(health.version);
    expect(await about.getByTestId('about-database').textContent()).toContain(
      health.database.kind === 'postgresql' ? 'PostgreSQL' : 'SQLite',
    );
    const docs = page.getByRole('link', { name: 'API documentation' });
    expect(await docs.getAttribute('href')).toMatch(/\/docs$/);
    expect((await fetch(new URL(String(await docs.getAttribute('href')), page.url()))).status).toBe(200);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, scheme);
      expect(await scanAccessibility(page)).toEqual([]);
    }
    await shootBothThemes(page, 'settings-about');

    const phone = await admin.signedInPage({ path: '/settings?tab=about', viewport: 'phone' });
    await phone.getByTestId('about').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await shootBothThemes(phone, 'settings-about-phone');
  });
});
