import { cp, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, SAMPLE_LIBRARY, useAdminBrowser, waitForShell } from './support/admin-browser.js';
import { overlapping, toastsOf } from './support/layout.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './support/e2e-harness.js';

/**
 * Users and readers in a real Chromium against the built server (issue 20 §1): the administrator creates a reader
 * with one library of two and signs out; the reader signs in and is shown only what a reader may use (no settings,
 * library management, jobs, metadata or users; those pages opened by their address say "not available"); the reader
 * changes their password; the Users page resets a password, disables, enables and deletes (after a confirmation), in
 * French and at 360 px; the only administrator's removal and demotion are refused with the reason; the tokens page
 * shows an administrator everyone's tokens with their owner.
 */
const admin = useAdminBrowser();

/** The second library: one series of one book, copied from the sample library's files. */
const MANGA = { name: 'Manga', rootPath: 'manga', series: 'Moon Tide' };
let mangaId: string;

beforeAll(async () => {
  const root = admin.site.server.librariesRoot;
  const source = path.join(root, SAMPLE_LIBRARY.rootPath, SAMPLE_LIBRARY.series[3].name);
  const [file] = (await readdir(source)).filter((name) => name.endsWith('.cbz'));
  const folder = path.join(root, MANGA.rootPath, MANGA.series);
  await mkdir(folder, { recursive: true });
  await cp(path.join(source, file!), path.join(folder, `${MANGA.series} v01.cbz`));
  const library = await admin.site.api<{ id: string; scan_job: { id: string } }>('POST', '/libraries', {
    name: MANGA.name,
    root_path: MANGA.rootPath,
  });
  mangaId = library.id;
  await waitUntil(
    'the Manga scan',
    async () => {
      const job = await admin.site.api<{ status: string }>('GET', `/jobs/${library.scan_job.id}`);
      return TERMINAL_JOB_STATUSES.includes(job.status) ? job : undefined;
    },
    30_000,
    100,
  );
}, 60_000);

interface UserDto {
  id: string;
  username: string;
  email: string | null;
  role: string;
  library_ids: string[];
  disabled: boolean;
}

const usersNow = async () => (await admin.site.api<{ items: UserDto[] }>('GET', '/users')).items;

async function signInAs(page: Page, username: string, password: string) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await waitForShell(page);
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('button', { name: /^(Sign out|Se déconnecter)$/ }).click();
  await page.getByRole('heading', { level: 1, name: /^(Sign in|Connexion)$/ }).waitFor();
}

/** What a password sign-in answers (200 when it works, 401 when it does not). */
async function loginStatus(username: string, password: string): Promise<number> {
  const response = await fetch(`${admin.site.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The row of a user in the Users page's table. */
const userRow = (page: Page, username: string) => page.locator(`[data-testid="users"] tr[data-user="${username}"]`);

/** Picks an action in a user's menu. */
async function userAction(page: Page, username: string, action: RegExp) {
  await userRow(page, username)
    .getByRole('button', { name: new RegExp(`^(Actions for|Actions pour) ${username}$`) })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('users and what a reader sees', { timeout: 90_000 }, () => {
  it('an administrator creates a reader with one library and signs out; the reader sees only what they may', async () => {
    const page = await admin.signedInPage({ path: '/users' });
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // The administrator is listed; being the only one, the row says why it cannot be removed.
    await userRow(page, 'admin').waitFor();
    expect(await userRow(page, 'admin').textContent()).toContain('Administrator');
    await page.getByTestId('last-admin').waitFor();

    const form = page.getByTestId('user-form');
    await form.getByLabel('User name').fill('anna');
    await form.getByLabel('E-mail address').fill(' Anna.Reads@Example.org ');
    await form.getByLabel('Password', { exact: true }).fill('anna-reads-comics');
    await form.getByTestId('role-reader').check();
    await form.getByRole('checkbox', { name: MANGA.name }).check();
    await form.getByRole('button', { name: 'Create the user' }).click();
    await userRow(page, 'anna').waitFor();
    // The toast saying so leaves the button (and the control in focus) uncovered.
    await toastsOf(page).first().waitFor();
    expect(await overlapping(toastsOf(page).first(), form.getByRole('button', { name: 'Create the user' }))).toBe(
      false,
    );
    expect(await overlapping(toastsOf(page).first(), page.locator(':focus'))).toBe(false);
    expect(await userRow(page, 'anna').textContent()).toContain('Reader');
    expect(await userRow(page, 'anna').getByTestId('user-libraries').textContent()).toContain(MANGA.name);
    const anna = (await usersNow()).find((user) => user.username === 'anna')!;
    expect(anna).toMatchObject({
      role: 'reader',
      library_ids: [mangaId],
      disabled: false,
      email: 'Anna.Reads@Example.org',
    });
    expect(await userRow(page, 'anna').getByTestId('user-email').textContent()).toBe('Anna.Reads@Example.org');
    await admin.screenshot(page, 'users');

    await signOut(page);
    await signInAs(page, 'anna', 'anna-reads-comics');
    // Their dashboard, counting their one library (its counter leads to their series, not to library management).
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const libraries = page.getByTestId('counts').getByRole('link', { name: /Libraries/ });
    expect((await libraries.textContent())?.replace(/\s+/g, ' ').trim()).toBe('1 Libraries');
    expect(await libraries.getAttribute('href')).toBe('/series');
    await admin.screenshot(page, 'reader-dashboard');

    // The navigation: the dashboard, series and books, the reader's libraries; nothing to manage.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = await nav.getByRole('link').allTextContents();
    const named = links.map((text) => text.trim());
    for (const page of ['Dashboard', 'Series', 'Books']) expect(named).toContain(page);
    for (const page of ['Settings', 'Jobs', 'Metadata', 'Users']) expect(named).not.toContain(page);
    expect(await nav.locator('a[href="/libraries"], a[href="/libraries/new"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Running jobs/ }).count()).toBe(0);
    // Only the granted library, and only its series.
    await nav.getByTestId('nav-libraries').getByRole('link', { name: MANGA.name }).waitFor();
    expect(
      (await nav.getByTestId('nav-libraries').getByRole('link').allTextContents()).map((text) => text.trim()),
    ).toEqual([MANGA.name]);
    await page.goto('/series');
    await page.getByTestId('series-card').first().waitFor();
    expect(await page.getByTestId('series-card').count()).toBe(1);
    expect(await page.getByTestId('series-card').textContent()).toContain(MANGA.series);
    await admin.screenshot(page, 'reader-series');

    // A series of theirs: read, mark read; no edit, no metadata.
    await page.getByTestId('series-card').getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: MANGA.series }).waitFor();
    expect(await page.getByTestId('edit-series').count()).toBe(0);
    expect(await page.getByTestId('metadata-page-link').count()).toBe(0);

    // Administrators' pages opened by their address: "not available", never a failed page.
    for (const at of ['/settings', '/users', '/jobs', '/libraries', '/libraries/new', '/metadata']) {
      await page.goto(at);
      await page.getByTestId('not-available').waitFor();
      expect(await page.getByTestId('problem').count(), at).toBe(0);
    }
    await admin.screenshot(page, 'reader-not-available');

    // Their own tokens page works.
    await page.goto('/tokens');
    await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
    await page.getByLabel('Name').fill('Anna’s e-reader');
    await page.getByRole('button', { name: 'Create the token' }).click();
    await page.getByTestId('token-secret').waitFor();
    expect(await page.getByTestId('tokens').textContent()).toContain('Anna’s e-reader');
  });

  it('a reader changes their password from the account menu, the current one asked first', async () => {
    const page = await admin.newPage();
    await page.goto('/');
    await signInAs(page, 'anna', 'anna-reads-comics');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('change-password').click();
    const dialog = page.getByRole('dialog', { name: 'Change your password' });
    await dialog.waitFor();

    // The two new ones differ: said at once, nothing sent.
    await dialog.getByLabel('Current password').fill('anna-reads-comics');
    await dialog.getByLabel('New password', { exact: true }).fill('anna-new-password');
    await dialog.getByLabel('New password again').fill('anna-new-passwort');
    await dialog.getByRole('button', { name: 'Change the password' }).click();
    await dialog.getByText('The two new passwords differ.').waitFor();

    // A wrong current password is refused, in the dialog; the session goes on.
    await dialog.getByLabel('Current password').fill('not-her-password');
    await dialog.getByLabel('New password again').fill('anna-new-password');
    await dialog.getByRole('button', { name: 'Change the password' }).click();
    await dialog.getByTestId('problem').or(dialog.locator('[aria-invalid="true"]')).first().waitFor();
    expect(await page.getByTestId('user-menu').isVisible()).toBe(true);
    await admin.screenshot(page, 'change-password-refused');

    await dialog.getByLabel('Current password').fill('anna-reads-comics');
    await dialog.getByRole('button', { name: 'Change the password' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your password is changed.').waitFor();
    expect(await loginStatus('anna', 'anna-reads-comics')).toBe(401);
    expect(await loginStatus('anna', 'anna-new-password')).toBe(200);
  });

  it('resets a password, disables, enables and deletes a user after a confirmation', async () => {
    await admin.site.api('POST', '/users', {
      username: 'bruno',
      password: 'bruno-first-password',
      role: 'reader',
      library_ids: [],
    });
    const page = await admin.signedInPage({ path: '/users' });
    await userRow(page, 'bruno').waitFor();
    expect(await userRow(page, 'bruno').getByTestId('user-libraries').textContent()).toContain('No library');

    await userAction(page, 'bruno', /^Reset the password$/);
    const reset = page.getByRole('dialog', { name: 'New password for “bruno”' });
    await reset.getByLabel('New password').fill('bruno-second-password');
    await reset.getByRole('button', { name: 'Set the password' }).click();
    await reset.waitFor({ state: 'detached' });
    expect(await loginStatus('bruno', 'bruno-first-password')).toBe(401);
    expect(await loginStatus('bruno', 'bruno-second-password')).toBe(200);

    // Libraries granted afterwards, by the edit dialog, with an e-mail address: a wrong one and anna's (in another
    // case) are refused on the field, nothing saved.
    await userAction(page, 'bruno', /^Edit$/);
    const edit = page.getByRole('dialog', { name: 'Edit “bruno”' });
    const email = edit.getByLabel('E-mail address');
    await email.fill('bruno at home');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await email.fill('anna.reads@EXAMPLE.org');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('already used by another user').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await admin.screenshot(page, 'users-edit-email-taken');
    expect((await usersNow()).find((user) => user.username === 'bruno')?.email).toBeNull();
    await email.fill('bruno@example.org');
    await edit.getByRole('checkbox', { name: SAMPLE_LIBRARY.name }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect
      .poll(async () => userRow(page, 'bruno').getByTestId('user-libraries').textContent())
      .toContain(SAMPLE_LIBRARY.name);
    expect((await usersNow()).find((user) => user.username === 'bruno')?.email).toBe('bruno@example.org');

    await userAction(page, 'bruno', /^Disable$/);
    await expect.poll(async () => userRow(page, 'bruno').textContent()).toContain('Disabled');
    expect(await loginStatus('bruno', 'bruno-second-password')).not.toBe(200);
    await userAction(page, 'bruno', /^Enable$/);
    await expect.poll(async () => userRow(page, 'bruno').textContent()).toContain('Active');
    expect(await loginStatus('bruno', 'bruno-second-password')).toBe(200);

    // Deleting asks first; keeping changes nothing.
    await userAction(page, 'bruno', /^Delete$/);
    const confirm = page.getByRole('dialog', { name: 'Delete “bruno”?' });
    await confirm.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('keep-user');
    await admin.screenshot(page, 'users-delete');
    await confirm.getByRole('button', { name: 'Keep the user' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await usersNow()).some((user) => user.username === 'bruno')).toBe(true);

    await userAction(page, 'bruno', /^Delete$/);
    await confirm.getByRole('button', { name: 'Yes, delete the user' }).click();
    await userRow(page, 'bruno').waitFor({ state: 'detached' });
    expect((await usersNow()).some((user) => user.username === 'bruno')).toBe(false);
  });

  it('refuses to delete or demote the only administrator, saying why', async () => {
    const page = await admin.signedInPage({ path: '/users' });
    await userRow(page, 'admin').waitFor();

    await userAction(page, 'admin', /^Delete$/);
    const confirm = page.getByRole('dialog', { name: 'Delete “admin”?' });
    await confirm.getByRole('button', { name: 'Yes, delete the user' }).click();
    await confirm.getByTestId('problem').waitFor();
    const deleteRefusal = (await confirm.getByTestId('problem').textContent()) ?? '';
    expect(deleteRefusal).toMatch(/admin/i);
    await admin.screenshot(page, 'users-last-admin');
    await confirm.getByRole('button', { name: 'Keep the user' }).click();

    await userAction(page, 'admin', /^Edit$/);
    const edit = page.getByRole('dialog', { name: 'Edit “admin”' });
    await edit.getByTestId('role-reader').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByTestId('problem').waitFor();
    expect((await usersNow()).find((user) => user.username === 'admin')).toMatchObject({ role: 'admin' });
  });

  it('shows the Users page in French and on a 360 px phone', async () => {
    const french = await admin.signedInPage({ path: '/users', locale: 'fr-FR' });
    await french.getByRole('heading', { level: 1, name: 'Utilisateurs' }).waitFor();
    await userRow(french, 'anna').waitFor();
    expect(await userRow(french, 'anna').textContent()).toContain('Lecteur');
    expect(await french.getByTestId('user-form').textContent()).toContain('Bibliothèques visibles');
    await french.getByTestId('user-form').getByLabel('Adresse e-mail').waitFor();
    await french.getByTestId('last-admin').getByText('Le seul administrateur').waitFor();
    await admin.screenshot(french, 'users');

    const phone = await admin.signedInPage({ path: '/users', viewport: 'phone' });
    await userRow(phone, 'anna').getByTestId('user-email').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'users-phone');
    await userAction(phone, 'anna', /^Edit$/);
    await phone.getByRole('dialog', { name: 'Edit “anna”' }).waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'users-phone-edit');
  });

  it('shows an administrator everyone’s tokens with their owner, and revokes one of them', async () => {
    // A token of the reader's own, made in their session.
    const reader = await admin.newPage();
    expect(
      (
        await reader.request.post('/api/v1/auth/login', { data: { username: 'anna', password: 'anna-new-password' } })
      ).ok(),
    ).toBe(true);
    const made = await reader.request.post('/api/v1/tokens', { data: { name: 'Anna’s phone', scope: 'read' } });
    expect(made.ok(), await made.text()).toBe(true);

    const page = await admin.signedInPage({ path: '/tokens' });
    // Not among the administrator's own tokens: in everyone's, with its owner.
    const row = page.getByTestId('others-tokens').locator('tr', { hasText: 'Anna’s phone' });
    await row.waitFor();
    expect(await row.getByTestId('token-owner').textContent()).toBe('anna');
    expect(await page.getByTestId('tokens').locator('tr', { hasText: 'Anna’s phone' }).count()).toBe(0);
    await admin.screenshot(page, 'tokens-everyone');
    await row.getByRole('button', { name: 'Revoke Anna’s phone' }).click();
    await row.getByRole('button', { name: 'Yes, revoke it' }).click();
    await row.waitFor({ state: 'detached' });
    const left = await reader.request.get('/api/v1/tokens');
    expect(((await left.json()) as { items: { name: string }[] }).items.map((token) => token.name)).not.toContain(
      'Anna’s phone',
    );
  });
});
