import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, useAdminBrowser, waitForShell } from './support/admin-browser.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { startOidcProvider, type TestProvider } from './support/oidc-provider.js';

/**
 * Single sign-on from the browser (issue 38): the administrator sets the provider up in Settings → Sign-in, and a
 * person signs in at a real OpenID provider's login page (oidc-provider, apps/server/test/support/oidc-provider.ts)
 * and lands in the admin with the account the first sign-in made. The checks of the tokens and of account linking
 * are the server's (apps/server/test/oidc.test.ts).
 */
const admin = useAdminBrowser({ library: false });
let provider: TestProvider;

let picked: string;
let libraries: { id: string; name: string }[];

beforeAll(async () => {
  provider = await startOidcProvider(admin.site.url);
  // Two libraries (empty folders): the account the first sign-in makes is granted the one picked.
  for (const name of ['Picked', 'Left']) {
    await mkdir(path.join(admin.site.server.librariesRoot, name.toLowerCase()), { recursive: true });
    await admin.site.api('POST', '/libraries', { name, root_path: name.toLowerCase() });
  }
  libraries = (await admin.site.api<{ items: { id: string; name: string }[] }>('GET', '/libraries')).items;
  picked = libraries.find((library) => library.name === 'Picked')!.id;
});
afterAll(async () => {
  await provider?.close();
});

const userMenu = (page: Page) => page.getByRole('button', { name: /^(Account of|Compte de) / });
const whoAmI = async (page: Page) => {
  const me = await page.request.get('/api/v1/auth/me');
  return me.ok() ? ((await me.json()) as { username: string; role: string }) : null;
};

describe('single sign-on', () => {
  it('is set up in the Sign-in tab; a person then signs in at the provider’s login page and out again', async () => {
    const page = await admin.signedInPage({ path: '/settings?tab=sign-in' });
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toContain('Sign-in');
    await expectNoSeriousViolations(page, 'the Sign-in tab');

    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Issuer URL').fill(provider.issuer);
    await form.getByLabel('Client id').fill(provider.clientId);
    await form.getByLabel('Client secret').fill(provider.clientSecret);
    await form.getByLabel('Create an account at a first sign-in').check();
    // The libraries of the accounts it creates, picked here rather than through the API only.
    await form.getByRole('group', { name: 'Libraries of a created account' }).waitFor();
    expect(
      await form.getByRole('group', { name: 'Libraries of a created account' }).getByRole('checkbox').count(),
    ).toBe(libraries.length);
    await form.getByRole('checkbox', { name: 'Picked' }).check();
    await form.getByText(/never an account by its user name/).waitFor();
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    // The secret is write-only: stored, never shown again.
    await expect.poll(() => form.getByTestId('secret-state').textContent()).toContain('Set');
    expect(await form.getByLabel('Client secret').inputValue()).toBe('');
    const settings = await admin.site.api<{ sign_in: { oidc: Record<string, unknown> } }>('GET', '/settings');
    expect(settings.sign_in.oidc).toMatchObject({
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret_set: true,
      default_library_ids: [picked],
    });

    // Signed out, the sign-in page offers the provider's button.
    await userMenu(page).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();

    await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('marguerite');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await waitForShell(page);
    expect(new URL(page.url()).origin).toBe(admin.site.url);
    await expect.poll(() => userMenu(page).textContent()).toContain('marguerite');
    expect(await whoAmI(page)).toMatchObject({ username: 'marguerite', role: 'reader', library_ids: [picked] });

    // Signing out ends the session here and sends the browser to the provider's sign-out, which comes back here.
    const endSessions = provider.endSessions;
    await userMenu(page).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/session/end`));
    expect(provider.endSessions).toBeGreaterThan(endSessions);
    expect(await whoAmI(page)).toBeNull();
    await page.getByRole('button', { name: /sign me out/i }).click();
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).waitFor();
    expect(new URL(page.url()).origin).toBe(admin.site.url);
  });

  it('says it in French, and the sign-in page and the tab fit a phone', async () => {
    const page = await admin.newPage({ viewport: 'phone', locale: 'fr-FR' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Se connecter avec l’authentification unique' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await admin.signIn(page);
    // The account's language (English) wins at sign-in: French again from the user menu.
    await userMenu(page).click();
    await page.getByLabel(/^(Language|Langue)$/).selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    await page.goto('/settings?tab=sign-in');
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toContain('Connexion');
    await page.getByRole('group', { name: 'Authentification unique (OpenID Connect)' }).waitFor();
    expect(await page.getByLabel('URL de l’émetteur').inputValue()).toBe(provider.issuer);
    await page.getByRole('group', { name: 'Bibliothèques d’un compte créé' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await admin.screenshot(page, 'settings-sign-in-phone');
  });
});
