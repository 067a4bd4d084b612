import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, useAdminBrowser, waitForShell } from './support/admin-browser.js';

/**
 * The colour theme (ISSUE 19 part 1): `data-theme="light|dark"` on <html>, set before first paint by app.html's
 * inline script from the `shelfmark_theme` cookie, resolved from the system while the choice is "system" (and
 * followed live), chosen in the account menu, stored on the account (which wins after sign-in) and in the cookie.
 * Also takes the screenshots of sign-in and a few pages in both themes at 1366 px and 360 px.
 */
const admin = useAdminBrowser();

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);
const rootBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

interface Probe {
  at: string;
  theme: string | null;
  background: string;
}

/**
 * Records the theme and the page's background at DOMContentLoaded and in the first animation frame (before the first
 * paint), i.e. before the app's code has run: what the user sees first.
 */
async function probeFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probes: { at: string; theme: string | null; background: string }[] = [];
    (window as unknown as { themeProbes: typeof probes }).themeProbes = probes;
    const record = (at: string) =>
      probes.push({
        at,
        theme: document.documentElement.getAttribute('data-theme'),
        background: getComputedStyle(document.documentElement).backgroundColor,
      });
    requestAnimationFrame(() => record('first frame'));
    document.addEventListener('DOMContentLoaded', () => record('DOMContentLoaded'));
  });
}

const probes = (page: Page) => page.evaluate(() => (window as unknown as { themeProbes: Probe[] }).themeProbes);

async function openUserMenu(page: Page) {
  // The account menu is a button that toggles its panel (the shell's AccountMenu).
  const menu = page.getByTestId('user-menu');
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/** Picks a theme in the account menu and waits for the account to have stored it. */
async function chooseTheme(page: Page, label: string) {
  await openUserMenu(page);
  const stored = page.waitForResponse((response) => response.url().includes('auth.setTheme'));
  await page.getByTestId('theme-switch').getByRole('radio', { name: label }).check();
  expect((await stored).ok()).toBe(true);
}

async function storedTheme(page: Page): Promise<string> {
  const response = await page.request.get('/api/v1/auth/me');
  expect(response.ok()).toBe(true);
  const me = (await response.json()) as { username: string };
  // /auth/me is the principal; the user (with its preferences) is what a sign-in returns.
  expect(me.username).toBe(ADMIN_USERNAME);
  const login = await page.request.post('/api/v1/auth/login', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  return ((await login.json()) as { theme: string }).theme;
}

let lightBackground = '';
let darkBackground = '';

describe('the colour theme', { timeout: 120_000 }, () => {
  it('follows the system while the choice is "system", live, from the first paint', async () => {
    const page = await admin.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await probeFirstPaint(page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await theme(page)).toBe('dark');
    darkBackground = await rootBackground(page);
    const first = await probes(page);
    expect(first.map((probe) => probe.at).sort()).toEqual(['DOMContentLoaded', 'first frame']);
    for (const probe of first) expect(probe).toMatchObject({ theme: 'dark', background: darkBackground });

    // The system turns light: the page follows without a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    lightBackground = await rootBackground(page);
    expect(lightBackground).not.toBe(darkBackground);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  });

  it('keeps a choice from the account menu in the account and the cookie, and applies it before first paint', async () => {
    const page = await admin.signedInPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await chooseTheme(page, 'Dark');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await rootBackground(page)).toBe(darkBackground);
    expect(await storedTheme(page)).toBe('dark');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'shelfmark_theme')?.value).toBe('dark');

    // Reload under a light system: dark from the first frame, no flash of the light theme.
    await probeFirstPaint(page);
    await page.reload();
    await waitForShell(page);
    const seen = await probes(page);
    expect(seen).toHaveLength(2);
    for (const probe of seen) expect(probe).toMatchObject({ theme: 'dark', background: darkBackground });
    // The radio group says what is chosen.
    await openUserMenu(page);
    expect(await page.getByTestId('theme-switch').getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

    // "System" follows the system again, live.
    await chooseTheme(page, 'System');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await storedTheme(page)).toBe('system');

    await chooseTheme(page, 'Light');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await rootBackground(page)).toBe(lightBackground);
    expect(await storedTheme(page)).toBe('light');
  });

  it("applies the account's theme after signing in from a new browser", async () => {
    // Store "dark" on the account, then sign in from a browser with no cookie under a light system.
    const setter = await admin.signedInPage();
    await chooseTheme(setter, 'Dark');
    expect(await storedTheme(setter)).toBe('dark');

    const page = await admin.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await theme(page)).toBe('light');
    await admin.signIn(page);
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'shelfmark_theme')?.value).toBe('dark');
    // Back to system for the screenshots below.
    await chooseTheme(page, 'System');
    expect(await storedTheme(page)).toBe('system');
  });

  it('draws sign-in and the pages in both themes at 1366 px and 360 px (screenshots)', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [size, width, height] of [
        ['1366', 1366, 800],
        ['360', 360, 740],
      ] as const) {
        const page = await admin.newPage();
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme });
        await page.goto('/');
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect(await theme(page)).toBe(colorScheme);
        await admin.screenshot(page, `theme-sign-in-${colorScheme}-${size}`);
        await admin.signIn(page);
        for (const [name, path] of [
          ['dashboard', '/'],
          ['series', '/series'],
          ['settings', '/settings'],
        ] as const) {
          await page.goto(path);
          await waitForShell(page);
          await page.locator('main h1').first().waitFor();
          await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
          await admin.screenshot(page, `theme-${name}-${colorScheme}-${size}`);
        }
        if (size === '1366') {
          await openUserMenu(page);
          await admin.screenshot(page, `theme-menu-${colorScheme}-${size}`);
        }
      }
    }
    // Sixteen pages and four sign-ins: 21 s alone, past a minute beside three other browser files on 2 cores.
  }, 120_000);
});

describe('favicon, app icons and web app manifest', () => {
  it('are served with their content types, and the manifest makes the admin installable under any path', async () => {
    const page = await admin.newPage();
    await page.goto('/');
    const links = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLLinkElement>(
          'link[rel~="icon"], link[rel="manifest"], link[rel="apple-touch-icon"]',
        ),
      ].map((link) => ({ rel: link.rel, href: link.getAttribute('href') ?? '' })),
    );
    expect(links.map((link) => link.rel).sort()).toEqual(['apple-touch-icon', 'icon', 'icon', 'manifest']);
    // Relative addresses: they hold behind a proxy that serves the admin under a sub-path.
    for (const link of links) expect(link.href).not.toMatch(/^\//);

    const get = async (file: string) => {
      const response = await fetch(new URL(file, admin.site.url));
      return { status: response.status, type: response.headers.get('content-type') ?? '', body: response };
    };
    expect(await get('/favicon.svg')).toMatchObject({ status: 200, type: expect.stringMatching(/^image\/svg\+xml/) });
    for (const png of ['/favicon-32.png', '/apple-touch-icon.png', '/icons/icon-192.png', '/icons/icon-512.png']) {
      expect(await get(png), png).toMatchObject({ status: 200, type: 'image/png' });
    }
    const manifest = await get('/manifest.webmanifest');
    expect(manifest).toMatchObject({ status: 200, type: expect.stringMatching(/^application\/manifest\+json/) });
    const body = (await manifest.body.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      scope: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(body).toMatchObject({ name: 'Shelfmark', short_name: 'Shelfmark', display: 'standalone' });
    expect(body.start_url).not.toMatch(/^\//);
    expect(body.scope).not.toMatch(/^\//);
    expect(body.theme_color).toBeTruthy();
    expect(body.background_color).toBeTruthy();
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of body.icons) {
      expect(icon.src).not.toMatch(/^\//);
      const file = await get(new URL(icon.src, new URL('/manifest.webmanifest', admin.site.url)).pathname);
      expect(file.status, icon.src).toBe(200);
    }
  });
});
