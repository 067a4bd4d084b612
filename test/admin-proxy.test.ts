import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_TOKEN, SAMPLE_LIBRARY, useAdminBrowser } from './support/admin-browser.js';
import { addLibrary, type FakeService } from './support/plugin-fakes.js';
import {
  CADDY_BINARY,
  NGINX_BINARY,
  PROXY_PREFIX,
  readmeProxySnippets,
  startCaddy,
  startNginx,
  type RunningProxy,
} from './support/reverse-proxy.js';
import { REPO_ROOT } from './support/server-process.js';

/**
 * The admin behind a real reverse proxy, configured with the README's own snippets ("Behind a reverse proxy"): nginx
 * and Caddy from the system's packages, in front of the built server with TRUST_PROXY=loopback. Through each, at
 * `/shelfmark/`, Chromium signs in, opens pages by their links, sees covers load, follows a metadata batch live over
 * its event stream (SSE through the proxy), reloads a deep link; every request the page made stayed under the prefix.
 * The root-of-host blocks are driven the same way, and the OPDS links through the sub-path carry the prefix.
 *
 * nginx and Caddy are never downloaded: .ci/run installs them (apt-get install -y nginx caddy) when missing. Without
 * them the file's tests are skipped, saying so, except in CI, where a missing proxy fails.
 */
const admin = useAdminBrowser({ env: { TRUST_PROXY: 'loopback' } });

/** Series the Open Library fake does not know: a batch looks each up (slowly) and ends with no results. */
const SLOW_SERIES = ['Unknown Tale 1', 'Unknown Tale 2', 'Unknown Tale 3', 'Unknown Tale 4'];
/** Each answer of the fake waits this long, so that the batch's progress arrives as separate events. */
const SLOW_MS = 400;

let slowOpenLibrary: FakeService | undefined;
const proxies: Record<'nginx' | 'caddy', RunningProxy | undefined> = { nginx: undefined, caddy: undefined };

beforeAll(async () => {
  const module = (await import(
    pathToFileURL(path.join(REPO_ROOT, 'plugins', 'open-library', 'test', 'fake-service.ts')).href
  )) as { startOpenLibraryFake: (options: { latencyMs?: number }) => Promise<FakeService> };
  slowOpenLibrary = await module.startOpenLibraryFake({ latencyMs: SLOW_MS });
  await admin.site.api('PATCH', '/settings', { plugins: { open_library: { base_url: slowOpenLibrary.url } } });
  await addLibrary(admin.site, {
    name: 'Slow',
    rootPath: 'slow',
    series: SLOW_SERIES.map((name) => ({ name, volumes: 1 })),
    metadataProvider: 'open_library',
  });
  const snippets = await readmeProxySnippets();
  const upstream = admin.site.server.port;
  if (NGINX_BINARY) proxies.nginx = await startNginx(snippets, upstream);
  if (CADDY_BINARY) proxies.caddy = await startCaddy(snippets, upstream);
}, 90_000);

afterAll(async () => {
  await Promise.all([proxies.nginx?.stop(), proxies.caddy?.stop(), slowOpenLibrary?.close()]);
});

/** Every URL the page's context asked for (documents, scripts, images, tRPC calls, event streams). */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Waits for an <img> whose src starts with `prefix` to have loaded (decoded, with a width). */
async function coverLoaded(page: Page, prefix: string): Promise<string> {
  const handle = await page.waitForFunction(
    (start) =>
      [...document.images].find(
        (image) => image.getAttribute('src')?.startsWith(start) && image.complete && image.naturalWidth > 0,
      )?.src,
    prefix,
  );
  return (await handle.jsonValue()) as string;
}

const installed = { nginx: NGINX_BINARY, caddy: CADDY_BINARY };

describe.each(['nginx', 'caddy'] as const)('behind %s, with the README snippet', (name) => {
  const missing = installed[name] === undefined;
  if (missing) {
    if (process.env.CI) throw new Error(`${name} is not installed: .ci/run installs it (apt-get install -y ${name})`);
    console.warn(`${name} is not installed (apt-get install -y ${name}): its proxy tests are skipped`);
  }
  const proxy = () => {
    const running = proxies[name];
    if (!running) throw new Error(`${name} did not start`);
    return running;
  };
  /** Where the sub-path block listens (nginx: one server for both; Caddy: one site each). */
  const subPathOrigin = () => proxy().urls.at(-1)!;
  const rootOrigin = () => proxy().urls[0]!;

  it.skipIf(missing)(
    'at /shelfmark/: signs in, browses by links, loads covers, follows a batch live, reloads a deep link, never leaves the prefix',
    async () => {
      const page = await admin.newPage();
      const requests = recordRequests(page.context());
      const under = `${subPathOrigin()}${PROXY_PREFIX}/`;

      // The bare prefix leads to the admin's root.
      await page.goto(`${subPathOrigin()}${PROXY_PREFIX}`);
      expect(page.url()).toBe(under);
      await admin.signIn(page);

      // Pages opened by their links: the shell's navigation, a series card, a book of the series.
      await page.getByRole('link', { name: 'Series', exact: true }).click();
      await page.waitForURL(`${under}series`);
      const cover = await coverLoaded(page, `${PROXY_PREFIX}/api/v1/books/`);
      expect(cover.startsWith(`${under}api/v1/books/`), cover).toBe(true);
      await page
        .getByRole('link', { name: new RegExp(SAMPLE_LIBRARY.series[0].name) })
        .first()
        .click();
      await page.waitForURL(new RegExp(`^${under}series/[0-9a-f-]{36}$`));
      const seriesUrl = page.url();
      await page.getByRole('heading', { level: 1, name: SAMPLE_LIBRARY.series[0].name }).waitFor();

      // A deep link reloads where it was: the shell, the page and its covers come back under the prefix.
      await page.reload();
      expect(page.url()).toBe(seriesUrl);
      await page.getByRole('heading', { level: 1, name: SAMPLE_LIBRARY.series[0].name }).waitFor();
      await coverLoaded(page, `${PROXY_PREFIX}/api/v1/books/`);
      await page.locator(`a[href^="${PROXY_PREFIX}/books/"]`).first().click();
      await page.waitForURL(new RegExp(`^${under}books/[0-9a-f-]{36}$`));
      await coverLoaded(page, `${PROXY_PREFIX}/api/v1/books/`);
      await admin.screenshot(page, `proxy-${name}-book`);
      const bookUrl = page.url();

      // The reader: its pages are images of the REST API, under the prefix; closing it goes back to the book.
      await page.getByRole('link', { name: 'Read it' }).click();
      await page.waitForURL(new RegExp(`^${under}read/[0-9a-f-]{36}$`));
      await coverLoaded(page, `${PROXY_PREFIX}/api/v1/books/${bookUrl.split('/').pop()}/pages/1?width=`);
      await page.keyboard.press('Escape');
      await page.waitForURL(bookUrl);

      // The OPDS addresses the tokens page gives to copy are those of the sub-path.
      // API tokens sit in the account menu.
      await page.getByRole('button', { name: /^Account of / }).click();
      await page.getByRole('link', { name: 'API tokens', exact: true }).click();
      await page.waitForURL(`${under}tokens`);
      await expect
        .poll(() => page.getByLabel('KOReader, Panels, Chunky and most apps (OPDS 1.2)').inputValue())
        .toBe(`${under}opds`);

      // A metadata batch followed live: its progress arrives event by event over the stream, through the proxy.
      await page.getByRole('link', { name: 'Metadata', exact: true }).click();
      await page.waitForURL(`${under}metadata`);
      await page.getByRole('combobox', { name: 'Library' }).selectOption({ label: 'Slow' });
      await page.waitForURL(new RegExp(`^${under}metadata\\?library_id=`));
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressLog: string[] }).progressLog = seen;
        new MutationObserver(() => {
          const area = document.querySelector('[data-testid="job-progress"]');
          const counts = area?.querySelector('[data-testid="job-counts"]')?.textContent?.replace(/\s+/g, ' ').trim();
          const entry = area ? `${area.getAttribute('data-status')}|${counts}` : '';
          if (entry && seen.at(-1) !== entry) seen.push(entry);
        }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      await page.getByRole('button', { name: 'Start a batch' }).click();
      await page.waitForURL(new RegExp(`^${under}metadata/batch/[0-9a-f-]{36}$`));
      const progress = page.getByTestId('job-progress');
      await progress.waitFor();
      await progress.waitFor({ state: 'detached', timeout: 30_000 });
      const log = await page.evaluate(() => (window as unknown as { progressLog: string[] }).progressLog);
      // Seen while it ran, one series at a time: a count short of the total, which only the stream brings.
      const total = SLOW_SERIES.length;
      expect(
        log.some((entry) => new RegExp(`^running\\|[1-${total - 1}] of ${total}`).test(entry)),
        log.join('\n'),
      ).toBe(true);
      await admin.screenshot(page, `proxy-${name}-batch`);

      // Nothing the page asked for left the prefix: its documents, code, tRPC calls, event stream and images.
      // (The bare prefix typed at the start is the one address without the slash.)
      const typed = `${subPathOrigin()}${PROXY_PREFIX}`;
      const outside = requests.filter((url) => /^https?:/.test(url) && url !== typed && !url.startsWith(under));
      expect(outside).toEqual([]);
      expect(requests.some((url) => url.startsWith(`${under}trpc/jobs.events`))).toBe(true);
      expect(requests.some((url) => url.startsWith(`${under}_app/immutable/`))).toBe(true);
    },
    90_000,
  );

  it.skipIf(missing)('at the root of a host: the same admin, from the same build', async () => {
    const page = await admin.newPage();
    const requests = recordRequests(page.context());
    const root = `${rootOrigin()}/`;
    await page.goto(root);
    await admin.signIn(page);
    await page.getByRole('link', { name: 'Series', exact: true }).click();
    await page.waitForURL(`${root}series`);
    await coverLoaded(page, '/api/v1/books/');
    await page
      .getByRole('link', { name: new RegExp(SAMPLE_LIBRARY.series[1].name) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`^${root}series/[0-9a-f-]{36}$`));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: SAMPLE_LIBRARY.series[1].name }).waitFor();
    await coverLoaded(page, '/api/v1/books/');
    const outside = requests.filter((url) => /^https?:/.test(url) && !url.startsWith(root));
    expect(outside).toEqual([]);
    expect(requests.some((url) => url.startsWith(`${root}shelfmark`))).toBe(false);
  });

  it.skipIf(missing)('serves OPDS at /shelfmark/opds with links that carry the prefix', async () => {
    const response = await fetch(`${subPathOrigin()}${PROXY_PREFIX}/opds/v1.2/catalog`, {
      headers: { authorization: `Basic ${Buffer.from(`reader:${BOOTSTRAP_TOKEN}`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    const feed = await response.text();
    const links = [...feed.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${subPathOrigin()}${PROXY_PREFIX}/opds`), link).toBe(true);
  });

  it.skipIf(missing)(
    "lets an upload larger than a proxy's default body limit through to the series cover",
    async () => {
      const series = await admin.site.api<{ items: { id: string }[] }>('GET', '/series?limit=1');
      const seriesId = series.items[0]!.id;
      // Noise does not compress: a PNG of about 2 MB, over nginx's default client_max_body_size (1 MB).
      const noise = randomBytes(820 * 820 * 3);
      const png = await sharp(noise, { raw: { width: 820, height: 820, channels: 3 } })
        .png()
        .toBuffer();
      expect(png.length).toBeGreaterThan(1024 * 1024);
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'noise.png');
      const response = await fetch(`${subPathOrigin()}${PROXY_PREFIX}/api/v1/series/${seriesId}/cover/image`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
        body: form,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(((await response.json()) as { cover: { source: string } }).cover.source).toBe('upload');
      await admin.site.api('PUT', `/series/${seriesId}/cover`, { source: 'first_book' });
    },
  );
});
