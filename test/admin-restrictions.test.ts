import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.js';
import { horizontalOverflow, SAMPLE_LIBRARY, useAdminBrowser, waitForShell } from './support/admin-browser.js';

/**
 * A reader's restrictions and the series' labels in a real Chromium (issue 39): the administrator creates a reader
 * with a highest age and an excluded label picked among the labels in use, puts that label on another series from
 * the selection bar, and the reader, signed in, is not shown the labelled series while the others are; the fields
 * in French (axe on the create form); the user dialog and the labels dialog at 360 px; axe on the user dialog with
 * the restriction fields.
 */
const admin = useAdminBrowser();

const HARBOUR = SAMPLE_LIBRARY.series[0].name;
const ECLATS = SAMPLE_LIBRARY.series[1].name;
const QUIET = SAMPLE_LIBRARY.series[2].name;
const NUIT = SAMPLE_LIBRARY.series[3].name;
const LABEL = 'Mature';
const READER = { username: 'chloe', password: 'chloe-reads-comics' };
let nuitId: string;

beforeAll(async () => {
  // The label is already on one series, so that the forms offer it.
  const { items } = await admin.site.api<{ items: { id: string; name: string }[] }>('GET', '/series?limit=50');
  nuitId = items.find((series) => series.name === NUIT)!.id;
  await admin.site.api('PUT', `/series/${nuitId}/labels`, { labels: [LABEL] });
});

/** The series names the list shows once it has settled. */
async function shownNames(page: Page): Promise<string[]> {
  await page.locator('[data-testid="series-results"][data-loading="false"]').waitFor();
  return page
    .getByTestId('series-card')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('.name')?.textContent?.trim() ?? ''));
}

const userRow = (page: Page, username: string) => page.locator(`[data-testid="users"] tr[data-user="${username}"]`);

async function editUser(page: Page, username: string) {
  await userRow(page, username)
    .getByRole('button', { name: new RegExp(`^(Actions for|Actions pour) ${username}$`) })
    .click();
  await page.getByRole('menuitem', { name: /^(Edit|Modifier)$/ }).click();
}

async function openLabelsDialog(page: Page, series: string) {
  await page.getByRole('checkbox', { name: `Select ${series}` }).check();
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Labels of 1 series' });
  await dialog.waitFor();
  return dialog;
}

describe('a reader’s restrictions and the series’ labels', { timeout: 60_000 }, () => {
  it('a reader created with an excluded label is not shown the series given that label from the selection bar', async () => {
    const page = await admin.signedInPage({ path: '/users' });
    const form = page.getByTestId('user-form');
    await form.getByLabel('User name').fill(READER.username);
    await form.getByLabel('Password', { exact: true }).fill(READER.password);
    await form.getByRole('checkbox', { name: SAMPLE_LIBRARY.name }).check();
    // No age 12 among the choices: the ratings' ages are 10 then 13, so "10+" is what a limit of 12 means.
    await form.getByLabel('Highest age rating').selectOption('10');
    // The label in use is offered under each labels field; pressing it writes it in that field only.
    const excluded = form.getByLabel('Never series labelled');
    const suggestions = form.getByTestId('label-suggestions');
    await suggestions.nth(1).getByRole('button', { name: LABEL }).click();
    expect(await excluded.inputValue()).toBe(LABEL);
    expect(await form.getByLabel('Only series labelled').inputValue()).toBe('');
    expect(await suggestions.nth(1).getByRole('button', { name: LABEL }).getAttribute('aria-pressed')).toBe('true');
    await form.getByRole('button', { name: 'Create the user' }).click();
    await userRow(page, READER.username).waitFor();
    const { items } = await admin.site.api<{ items: Record<string, unknown>[] }>('GET', '/users');
    expect(items.find((user) => user.username === READER.username)).toMatchObject({
      role: 'reader',
      library_ids: [admin.site.libraryId],
      age_max: 10,
      allow_unrated: true,
      labels_include: [],
      labels_exclude: [LABEL],
    });

    // The label put on a second series from the selection bar, picked among the labels in use.
    await page.goto('/series');
    expect(await shownNames(page)).toHaveLength(SAMPLE_LIBRARY.series.length);
    const dialog = await openLabelsDialog(page, HARBOUR);
    await dialog.getByTestId('label-suggestions').first().getByRole('button', { name: LABEL }).click();
    expect(await dialog.getByLabel('Labels to add').inputValue()).toBe(LABEL);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Labels changed on 1 series.').waitFor();

    // The reader, in a browser of their own: the two labelled series are not listed, the others are.
    const reader = await admin.newPage();
    await reader.goto('/');
    await reader.locator('input[name="username"]').fill(READER.username);
    await reader.locator('input[name="password"]').fill(READER.password);
    await reader.locator('form button[type="submit"]').click();
    await waitForShell(reader);
    await reader.goto('/series');
    await expect.poll(async () => (await shownNames(reader)).sort()).toEqual([ECLATS, QUIET].sort());

    // The series edit dialog shows its labels, the chip of each pressed; pressing it takes the label out of the text.
    await page.goto(`/series/${nuitId}`);
    await page.getByTestId('edit-series').click();
    const own = page.getByRole('dialog', { name: 'Edit series' }).getByTestId('series-labels');
    const field = own.getByLabel('Labels of this series');
    await expect.poll(() => field.inputValue()).toBe(LABEL);
    const chip = own.getByRole('group', { name: 'Labels in use' }).getByRole('button', { name: LABEL });
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await chip.click();
    expect(await field.inputValue()).toBe('');
    expect(await chip.getAttribute('aria-pressed')).toBe('false');
  });

  it('names the restriction fields in French', async () => {
    const page = await admin.signedInPage({ path: '/users', locale: 'fr-FR' });
    const form = page.getByTestId('user-form');
    await form.getByRole('group', { name: 'Ce qu’il peut voir dans ces bibliothèques' }).waitFor();
    await form.getByLabel('Classification d’âge maximale').waitFor();
    await form.getByLabel('Montrer les livres sans classification d’âge').waitFor();
    await form.getByLabel('Seulement les séries étiquetées').waitFor();
    await form.getByLabel('Jamais les séries étiquetées').waitFor();
    await form
      .getByRole('group', { name: 'Étiquettes en usage' })
      .first()
      .getByRole('button', { name: LABEL })
      .waitFor();
    expect(await form.getByLabel('Classification d’âge maximale').locator('option').first().textContent()).toBe(
      'Tout âge',
    );
    // The create form's restriction fields and label chips, in French (longer words).
    await expectNoSeriousViolations(page, 'the create form with the restriction fields, in French', {
      include: '[data-testid="user-form"]',
    });
  });

  it('fits a 360 px phone: the user dialog and the labels dialog; axe finds nothing serious in the user dialog', async () => {
    const page = await admin.signedInPage({ path: '/users', viewport: 'phone' });
    await userRow(page, READER.username).waitFor();
    await editUser(page, READER.username);
    const edit = page.getByRole('dialog', { name: `Edit “${READER.username}”` });
    // The reader's restrictions are shown as saved.
    expect(await edit.getByLabel('Never series labelled').inputValue()).toBe(LABEL);
    expect(await edit.getByLabel('Highest age rating').inputValue()).toBe('10');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await admin.screenshot(page, 'user-restrictions-phone');
    await expectNoSeriousViolations(page, 'the user dialog with the restriction fields', {
      include: 'dialog[open]',
    });
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/series');
    await shownNames(page);
    await openLabelsDialog(page, QUIET);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await admin.screenshot(page, 'series-labels-phone');
  });
});
