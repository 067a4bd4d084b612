import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, horizontalOverflow, useAdminBrowser } from './support/admin-browser.js';

/**
 * The tokens page in a real Chromium against the built server: a token created, its secret shown once and copied,
 * listed with its last use, refused input shown at the field, revoked after a confirmation; the OPDS addresses.
 */
const admin = useAdminBrowser();

/** What an OPDS reading app does with the token: HTTP Basic, any user name, the token as the password. */
async function opdsStatus(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/opds`, {
    headers: { authorization: `Basic ${Buffer.from(`reader:${token}`).toString('base64')}` },
  });
  await response.arrayBuffer();
  return response.status;
}

describe('the tokens page', { timeout: 120_000 }, () => {
  it('creates a token, shows its secret once, lists it with its last use and revokes it after a confirmation', async () => {
    const page = await admin.signedInPage({ path: '/tokens' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByText('No token yet.').waitFor();

    await page.getByLabel('Name').fill('KOReader on the e-reader');
    await page.getByRole('radio', { name: /^Read:/ }).check();
    await page.getByRole('button', { name: 'Create the token' }).click();
    const secret = await page.getByTestId('token-secret').inputValue();
    expect(secret).toMatch(/^smk_/);
    expect(await page.getByTestId('new-token').textContent()).toContain('shown only this once');

    await page.getByTestId('new-token').getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await admin.screenshot(page, 'tokens-created');

    // Listed (the prefix, never the secret), not used yet; the secret works for a reading app.
    const row = page.getByTestId('tokens').locator('tbody tr', { hasText: 'KOReader on the e-reader' });
    expect(await row.textContent()).toContain('Not used yet');
    expect(await row.textContent()).toContain('Read');
    expect(secret.startsWith((await row.locator('code').textContent())!.replace('…', ''))).toBe(true);
    expect(await opdsStatus(admin.site.url, secret)).toBe(200);

    // Gone once dismissed, and after a reload nothing shows it again; the last use now has a date.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByTestId('new-token').waitFor({ state: 'detached' });
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await row.textContent()).not.toContain('Not used yet');

    // Revoking asks first; keeping it changes nothing.
    await row.getByRole('button', { name: 'Revoke KOReader on the e-reader' }).click();
    await row.getByText('Every app using it is signed out at once').waitFor();
    await admin.screenshot(page, 'tokens-revoke');
    await row.getByRole('button', { name: 'Keep it' }).click();
    expect(await opdsStatus(admin.site.url, secret)).toBe(200);

    await row.getByRole('button', { name: 'Revoke KOReader on the e-reader' }).click();
    await row.getByRole('button', { name: 'Yes, revoke it' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('Token “KOReader on the e-reader” revoked.').waitFor();
    expect(await opdsStatus(admin.site.url, secret)).toBe(401);
  });

  it('creates an admin token with an expiry date, and shows a refused name at the field', async () => {
    const page = await admin.signedInPage({ path: '/tokens' });
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();

    // Blank once trimmed: the server's 400 is shown next to the field, the page stays.
    await page.getByLabel('Name').fill('   ');
    await page.getByRole('button', { name: 'Create the token' }).click();
    await page.locator('input[name="name"][aria-invalid="true"]').waitFor();
    expect(await page.getByRole('heading', { name: 'API tokens' }).isVisible()).toBe(true);

    await page.getByLabel('Name').fill('Backup script');
    await page.getByRole('radio', { name: /^Admin:/ }).check();
    // Typed in the admin's English order (month first, as its dates read), whatever the browser's own.
    const expires = page.getByLabel('Expires on (optional)');
    expect(await expires.getAttribute('placeholder')).toBe('mm/dd/yyyy');
    await expires.fill('12/31/2099');
    await page.getByRole('button', { name: 'Create the token' }).click();
    await page.getByTestId('token-secret').waitFor();
    const row = page.getByTestId('tokens').locator('tbody tr', { hasText: 'Backup script' });
    expect(await row.textContent()).toContain('Admin');
    expect(await row.textContent()).toContain('2099');
    const [listed] = (await admin.site.api<{ items: { name: string; expires_at: string | null }[] }>('GET', '/tokens'))
      .items;
    expect(listed).toMatchObject({ name: 'Backup script' });
    expect(listed!.expires_at).toBe(await page.evaluate(() => new Date('2099-12-31T23:59:59').toISOString()));
  });

  it('takes the expiry date day first in French, says a wrong one at the field, and saves the right day', async () => {
    const page = await admin.signedInPage({ path: '/tokens', locale: 'fr-FR' });
    await page.getByRole('heading', { name: 'Jetons d’API' }).waitFor();
    const expires = page.getByLabel('Expire le (facultatif)');
    expect(await expires.getAttribute('placeholder')).toBe('jj/mm/aaaa');
    expect(await page.getByTestId('expires-format').textContent()).toBe('Format : jj/mm/aaaa');
    expect(await expires.getAttribute('aria-describedby')).toContain(
      (await page.getByTestId('expires-format').getAttribute('id'))!,
    );

    // No 31st in February: said at the field once it is left, in French, and nothing is sent.
    await page.getByLabel('Nom', { exact: true }).fill('Liseuse de Camille');
    await expires.fill('31/02/2099');
    await expires.blur();
    const error = page.getByText('ce jour n’existe pas dans ce mois');
    await error.waitFor();
    expect(await expires.getAttribute('aria-invalid')).toBe('true');
    expect(await expires.getAttribute('aria-describedby')).toContain((await error.getAttribute('id'))!);
    await page.getByRole('button', { name: 'Créer le jeton' }).click();
    await page.getByText('ce jour n’existe pas dans ce mois').waitFor();
    expect(
      (await admin.site.api<{ items: { name: string }[] }>('GET', '/tokens')).items.map((t) => t.name),
    ).not.toContain('Liseuse de Camille');

    // The 3rd of April, day first: saved as that day, not the 4th of March.
    await expires.fill('03/04/2099');
    await error.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Créer le jeton' }).click();
    await page.getByTestId('token-secret').waitFor();
    const created = (
      await admin.site.api<{ items: { name: string; expires_at: string | null }[] }>('GET', '/tokens')
    ).items.find((token) => token.name === 'Liseuse de Camille');
    expect(created?.expires_at).toBe(await page.evaluate(() => new Date('2099-04-03T23:59:59').toISOString()));
    const row = page.getByTestId('tokens').locator('tbody tr', { hasText: 'Liseuse de Camille' });
    expect(await row.textContent()).toContain('3 avr. 2099');
  });

  it('selects the secret when the clipboard is refused, so that Ctrl+C copies it', async () => {
    const page = await admin.newPage();
    // Plain HTTP to a LAN address is not a secure context: no Clipboard API at all.
    await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    await page.request.post('/api/v1/auth/login', { data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } });
    await page.goto('/tokens');
    await page.getByLabel('Name').fill('No clipboard');
    await page.getByRole('button', { name: 'Create the token' }).click();
    const secret = await page.getByTestId('token-secret').inputValue();
    await page.getByTestId('new-token').getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Selected: press Ctrl+C').waitFor();
    const selected = await page.evaluate(() => {
      const field = document.activeElement as HTMLInputElement | null;
      return field?.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0);
    });
    expect(selected).toBe(secret);
  });

  it('shows the OPDS addresses to type into a reading app, in French too, and fits a phone', async () => {
    const page = await admin.signedInPage({ path: '/tokens' });
    expect(await page.getByTestId('opds-v1').inputValue()).toBe(`${admin.site.url}/opds`);
    expect(await page.getByTestId('opds-v2').inputValue()).toBe(`${admin.site.url}/opds/v2`);
    expect(await page.getByTestId('opds').textContent()).toContain('any user name and a token as the password');
    await admin.screenshot(page, 'tokens');

    const french = await admin.signedInPage({ path: '/tokens', locale: 'fr-FR' });
    await french.getByRole('heading', { name: 'Jetons d’API' }).waitFor();
    expect(await french.getByTestId('opds').textContent()).toContain('un jeton comme mot de passe');
    await admin.screenshot(french, 'tokens');

    const phone = await admin.signedInPage({ path: '/tokens', viewport: 'phone' });
    await phone.getByTestId('tokens').waitFor();
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    await admin.screenshot(phone, 'tokens-phone');
  });
});
