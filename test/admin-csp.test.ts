import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminBrowser } from './support/admin-browser.js';
import { buildZip } from './support/comics.js';
import { cspViolationsOf, type CspViolation } from './support/csp-violations.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './support/e2e-harness.js';
import { REPO_ROOT } from './support/server-process.js';

/**
 * The admin's Content-Security-Policy and Cross-Origin-Opener-Policy (ADR 17) in a real Chromium: every page is sent
 * with both, its inline scripts (SvelteKit's start-up, app.html's theme) are the only ones the policy lets run, a
 * `blob:` frame such as the EPUB reader's inherits the policy (an SVG document included), and what the policy
 * refuses is recorded, named, and fails the test (support/csp-violations.ts, on in every admin end-to-end test).
 * A book's file opened in a tab, or loaded as a page's script, is refused by /epub (it answers only fetches).
 */
const admin = useAdminBrowser({ library: false });

/** Another host, where nothing answers (port 9: discard). */
const ELSEWHERE = 'http://127.0.0.1:9';
const CHAPTER_TEXT = 'Words only the reader may show';

/** A small EPUB whose chapter is plain and which carries a script (the kind of file a page must never run). */
function bookWithScript(): Buffer {
  const file = (name: string, text: string) => ({ name, data: Buffer.from(text) });
  return buildZip([
    file('mimetype', 'application/epub+zip'),
    file(
      'META-INF/container.xml',
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
        '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    file(
      'OEBPS/content.opf',
      `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:shelfmark:csp</dc:identifier>
    <dc:title>Policy Book</dc:title><dc:language>en</dc:language></metadata>
  <manifest><item id="c1" href="chapter.xhtml" media-type="application/xhtml+xml"/>
    <item id="js" href="book.js" media-type="application/javascript"/></manifest>
  <spine><itemref idref="c1"/></spine>
</package>`,
    ),
    file(
      'OEBPS/chapter.xhtml',
      `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body><p>${CHAPTER_TEXT}</p></body></html>`,
    ),
    file('OEBPS/book.js', 'window.__bookScriptRan = true;'),
  ]);
}

let bookId = '';

beforeAll(async () => {
  const folder = path.join(admin.site.server.librariesRoot, 'policy', 'Policy Book');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'Policy Book v01.epub'), bookWithScript());
  const library = await admin.site.api<{ scan_job: { id: string } }>('POST', '/libraries', {
    name: 'Policy',
    root_path: 'policy',
  });
  await waitUntil(
    'the scan',
    async () => {
      const state = await admin.site.api<{ status: string }>('GET', `/jobs/${library.scan_job.id}`);
      return TERMINAL_JOB_STATUSES.includes(state.status) ? state : undefined;
    },
    30_000,
  );
  const books = await admin.site.api<{ items: { id: string }[] }>('GET', '/books?limit=5');
  bookId = books.items[0]!.id;
}, 60_000);

/** The policy's directives, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** The text of every inline `<script>` of an HTML document. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(([, , body]) => body ?? '');

const violationsOf = (page: Page): readonly CspViolation[] => cspViolationsOf(page.context())?.list ?? [];
/** What the policy refused so far, as `directive address` (`script-src` for `script-src-elem`, and so on). */
const recorded = (page: Page) =>
  violationsOf(page).map((v) => `${v.directive.replace(/-(elem|attr)$/, '')} ${v.blocked}`);

describe("the admin's Content-Security-Policy", { timeout: 120_000 }, () => {
  it('comes with every page, lets only its own hashed inline scripts run, and keeps other windows away', async () => {
    const template = await readFile(path.join(REPO_ROOT, 'apps', 'admin', 'src', 'app.html'), 'utf8');
    const themeScripts = inlineScripts(template);
    expect(themeScripts.length).toBeGreaterThan(0);

    for (const at of ['/', '/series', '/metadata', `/books/${bookId}`, `/read/${bookId}`, '/no/such/page']) {
      const response = await fetch(`${admin.site.url}${at}`);
      const html = await response.text();
      expect(response.headers.get('content-type'), at).toMatch(/^text\/html/);
      expect(response.headers.get('cross-origin-opener-policy'), at).toBe('same-origin');
      expect(response.headers.get('x-frame-options'), at).toBe('DENY');
      const policy = directives(response.headers.get('content-security-policy') ?? '');

      expect(policy.get('default-src'), at).toEqual(["'self'"]);
      expect(policy.get('connect-src'), at).toEqual(["'self'"]);
      expect(policy.get('object-src'), at).toEqual(["'none'"]);
      expect(policy.get('base-uri'), at).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), at).toEqual(["'none'"]);
      // Frames only for the EPUB reader's documents, which are blob: URLs of the admin's own origin.
      expect(policy.get('frame-src'), at).toEqual(['blob:']);

      // Scripts: the admin's own files, and the inline ones by their hashes; nothing inline or evaluated otherwise.
      const scripts = policy.get('script-src') ?? [];
      expect(scripts, at).toContain("'self'");
      for (const source of scripts) expect(source, at).toMatch(/^'self'$|^'sha256-[A-Za-z0-9+/]+={0,2}'$/);
      expect(policy.has('script-src-elem') || policy.has('script-src-attr'), at).toBe(false);
      // Every inline script the page carries (SvelteKit's start-up, app.html's theme) is one of them.
      const served = inlineScripts(html);
      expect(served.length, at).toBeGreaterThanOrEqual(themeScripts.length + 1);
      for (const script of served) expect(scripts, `${at}: ${script.slice(0, 60)}`).toContain(sha256(script));
      for (const script of themeScripts) expect(scripts, at).toContain(sha256(script));

      // Images, fonts, media and styles: the admin's origin, and only the blob:/data: the readers need. One policy
      // for every page: providers' covers come through the server (GET /covers/remote), so no page names a host.
      const images = ["'self'", 'blob:', 'data:'];
      expect(policy.get('img-src'), at).toEqual(images);
      const allowed: Record<string, string[]> = {
        'img-src': images,
        'font-src': ["'self'", 'blob:', 'data:'],
        'media-src': ["'self'", 'blob:'],
        'style-src': ["'self'", 'blob:', "'unsafe-inline'"],
      };
      for (const [name, sources] of policy) {
        for (const source of sources) {
          // No host, no wildcard, no scheme but blob:/data: anywhere.
          expect(source, `${at} ${name}`).toMatch(/^'[a-z0-9+/=-]+'$|^blob:$|^data:$/i);
        }
        if (allowed[name]) for (const source of sources) expect(allowed[name], `${at} ${name}`).toContain(source);
      }
    }
  });

  it("lets app.html's theme script choose the colours before the app's code has come", async () => {
    const page = await admin.newPage();
    await page.context().addCookies([{ name: 'shelfmark_theme', value: 'dark', url: admin.site.url }]);
    await page.emulateMedia({ colorScheme: 'light' });
    // The app's code is held back (released below, nothing is timed): only the shell's inline scripts can act.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: Promise<void>[] = [];
    const hold = (route: Route) => {
      const going = gate.then(() => route.continue());
      held.push(going);
      return going;
    };
    await page.route(/\/_app\/immutable\/.*\.js$/, hold);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(violationsOf(page)).toEqual([]);
    release();
    await Promise.all(held);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it("refuses, and names, what the reader's page or a book frame may not load; a blob: frame inherits the policy", async () => {
    const page = await admin.signedInPage();
    await page.goto(`/read/${bookId}`);
    await page.locator('[data-testid="epub-reader"][data-ready="true"]').waitFor();
    const blocked = await page.evaluate(async (elsewhere) => {
      const image = Object.assign(document.createElement('img'), { src: `${elsewhere}/tracker.png` });
      document.body.append(image);
      const fetched = await fetch(`${elsewhere}/api`).then(
        () => 'answered',
        () => 'refused',
      );
      const inline = document.createElement('script');
      inline.textContent = 'window.__inlineRan = true;';
      document.body.append(inline);
      // A frame like the EPUB reader's: a blob: document of the admin's origin, sandboxed without scripts. An SVG
      // document cannot carry a policy of its own: the admin's, inherited, is its wall.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="${elsewhere}/svg.png" width="10" height="10"/></svg>`;
      const frame = Object.assign(document.createElement('iframe'), {
        src: URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })),
      });
      frame.setAttribute('sandbox', 'allow-same-origin');
      document.body.append(frame);
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      return { fetched, inlineRan: (window as { __inlineRan?: boolean }).__inlineRan === true };
    }, ELSEWHERE);
    expect(blocked).toEqual({ fetched: 'refused', inlineRan: false });
    await expect
      .poll(() => recorded(page))
      .toEqual(
        expect.arrayContaining([
          `img-src ${ELSEWHERE}/tracker.png`,
          `connect-src ${ELSEWHERE}/api`,
          'script-src inline',
          `img-src ${ELSEWHERE}/svg.png`,
        ]),
      );

    // What a link `java&#x09;script:…` became once parsed (issue 30): code to run with the admin's session, in a new
    // window or in this one. Each attempt is refused (and seen refused before its effect is looked for).
    for (const way of ['a new window', 'a link in this one'] as const) {
      cspViolationsOf(page.context())!.clear();
      await page.evaluate((inWindow) => {
        if (inWindow) {
          window.open('javascript:opener.__javascriptRan = true', '_blank');
          return;
        }
        const link = Object.assign(document.createElement('a'), { href: 'javascript:window.__javascriptRan = true' });
        document.body.append(link);
        link.click();
      }, way === 'a new window');
      await expect.poll(() => recorded(page), { message: way }).toContain('script-src javascript: URL');
      expect(await page.evaluate(() => (window as { __javascriptRan?: boolean }).__javascriptRan), way).toBeUndefined();
    }
    // Seen on purpose: the harness would otherwise fail this test for them.
    cspViolationsOf(page.context())!.clear();
  });

  it('refuses images from other hosts on every page, and opens an EPUB reached from another page in the same document', async () => {
    const page = await admin.signedInPage({ path: `/books/${bookId}` });
    /** An image from another host, then a call there, which every page refuses: once the call is seen refused, what
     * the page thought of the image has been seen too. */
    const remoteImageThenCall = async (name: string) => {
      await page.evaluate(
        async ([elsewhere, file]) => {
          document.body.append(Object.assign(document.createElement('img'), { src: `${elsewhere}/${file}.png` }));
          await fetch(`${elsewhere}/${file}`).catch(() => undefined);
        },
        [ELSEWHERE, name] as const,
      );
      await expect.poll(() => recorded(page)).toContain(`connect-src ${ELSEWHERE}/${name}`);
    };
    await remoteImageThenCall('on-the-book-page');
    // A mark of this document: a page loaded again would lose it.
    await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));

    // A client-side navigation into the EPUB reader: one policy for every page, so nothing is loaded again.
    await page.getByTestId('read-link').click();
    await page.locator('[data-testid="epub-reader"][data-ready="true"]').waitFor();
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await remoteImageThenCall('in-the-reader');
    const images = recorded(page).filter((violation) => violation.startsWith('img-src'));
    expect(images).toEqual([`img-src ${ELSEWHERE}/on-the-book-page.png`, `img-src ${ELSEWHERE}/in-the-reader.png`]);

    // Closing it still comes back to the book's page, with the focus on the Read link.
    await page.getByTestId('epub-close').click();
    await page.waitForURL(`**/books/${bookId}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('read-link');
    // Seen on purpose: the harness would otherwise fail this test for them.
    cspViolationsOf(page.context())!.clear();
  });
});

describe("a book's file outside the reader", { timeout: 120_000 }, () => {
  it('opened in a tab shows nothing of the book, even with the session', async () => {
    const page = await admin.signedInPage();
    for (const at of [`/epub/${bookId}/OEBPS/chapter.xhtml`, `/epub/${bookId}`, `/epub/${bookId}/OEBPS/book.js`]) {
      const response = await page.goto(at);
      expect(response?.status(), at).toBe(403);
      expect(await page.content(), at).not.toContain(CHAPTER_TEXT);
      expect(await page.evaluate(() => (window as { __bookScriptRan?: boolean }).__bookScriptRan), at).toBeUndefined();
    }
  });

  it("loaded as a script of an admin page (which the policy's 'self' would let through) never runs", async () => {
    const page = await admin.signedInPage();
    const outcome = await page.evaluate(async (src) => {
      const script = Object.assign(document.createElement('script'), { src });
      const ended = new Promise<string>((resolve) => {
        script.addEventListener('load', () => resolve('loaded'));
        script.addEventListener('error', () => resolve('refused'));
      });
      document.head.append(script);
      return { ended: await ended, ran: (window as { __bookScriptRan?: boolean }).__bookScriptRan === true };
    }, `/epub/${bookId}/OEBPS/book.js`);
    expect(outcome).toEqual({ ended: 'refused', ran: false });
    // The reader itself still reads the book: a fetch, with the session.
    const fetched = await page.evaluate(
      async (src) => (await fetch(src, { credentials: 'same-origin' })).text(),
      `/epub/${bookId}/OEBPS/chapter.xhtml`,
    );
    expect(fetched).toContain(CHAPTER_TEXT);
  });
});
