import { mkdir, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from './formats/support/zip-writer.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * /epub/{book_id}/{path…}: an EPUB's files served from inside the archive for the admin's reader. Same sign-in as
 * pages, library access as everywhere (404 for a book of a library the caller cannot see), paths that can never
 * leave the archive, headers that keep the book's own scripts from running and its documents from being framed, and
 * a refusal for a browser that would show a file as a page or inside one.
 */

const CHAPTER =
  '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body><p>Hello</p></body></html>';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Entries whose names are not plain paths, and what the route would have to resolve each to (see the test). */
const ODD_NAMES: [string, string][] = [
  ['../../../api/v1/auth/me', 'api/v1/auth/me'],
  ['../outside.xhtml', 'outside.xhtml'],
  ['OEBPS/./dot.xhtml', 'OEBPS/dot.xhtml'],
  ['OEBPS//double.xhtml', 'OEBPS/double.xhtml'],
  ['/absolute.xhtml', 'absolute.xhtml'],
  ['OEBPS/..', 'OEBPS'],
];

function epub(title = 'Served', extra: { name: string; data: Buffer }[] = []): Buffer {
  const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>
    <dc:title>${title}</dc:title><dc:language>en</dc:language></metadata>
  <manifest><item id="c1" href="text/ch%201.xhtml" media-type="application/xhtml+xml"/></manifest>
  <spine><itemref idref="c1"/></spine>
</package>`;
  return buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), method: 0 },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
          '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    },
    { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
    { name: 'OEBPS/text/ch 1.xhtml', data: Buffer.from(CHAPTER) },
    { name: 'OEBPS/styles/book.css', data: Buffer.from('p { margin: 0 }') },
    { name: 'OEBPS/images/cover.png', data: PNG, method: 0 },
    { name: 'OEBPS/fonts/serif.woff2', data: Buffer.from('wOF2fake') },
    { name: 'OEBPS/scripts/evil.js', data: Buffer.from('fetch("/api/v1/libraries")') },
    { name: 'OEBPS/images/', data: Buffer.alloc(0) },
    ...extra,
  ]);
}

let server: TestServer;
let call: ApiClient;
const admin = BOOTSTRAP_TOKEN;
const ids = { libA: '', libB: '', epubA: '', epubB: '', comicA: '', odd: '' };
let readerA = '';
let adminCookie = '';

/** A request sent byte for byte as written: fetch (like a browser) would resolve `../` before sending it. */
function rawGet(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}/`, { path: target, headers: { authorization: `Bearer ${admin}` } });
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { headers, redirect: 'manual' });
const asAdmin = (url: string) => get(url, { authorization: `Bearer ${admin}` });
const asReaderA = (url: string) => get(url, { authorization: `Bearer ${readerA}` });

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  for (const folder of ['a/Served', 'b/Hidden'])
    await mkdir(path.join(server.librariesRoot, folder), { recursive: true });
  await writeFile(path.join(server.librariesRoot, 'a/Served/Served.epub'), epub());
  await writeFile(path.join(server.librariesRoot, 'b/Hidden/Hidden.epub'), epub());
  await mkdir(path.join(server.librariesRoot, 'a/Odd'), { recursive: true });
  const odd = ODD_NAMES.map(([name]) => ({ name, data: Buffer.from(`LEAKED ${name}`) }));
  await writeFile(path.join(server.librariesRoot, 'a/Odd/Odd.epub'), epub('Odd Names', odd));
  await writeComic(server.librariesRoot, 'a/Comic/Comic T01.cbz', { pages: 2 });
  for (const [key, folder] of [
    ['libA', 'a'],
    ['libB', 'b'],
  ] as const) {
    const created = await call('/libraries', { method: 'POST', token: admin, body: { name: key, root_path: folder } });
    expect(created.status).toBe(201);
    ids[key] = created.body.id;
    expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  }
  const books = (await call('/books?limit=100', { token: admin })).body.items as {
    id: string;
    title: string;
    format: string;
    library_id: string;
  }[];
  ids.epubA = books.find((b) => b.format === 'epub' && b.library_id === ids.libA && b.title === 'Served')!.id;
  ids.odd = books.find((b) => b.title === 'Odd Names')!.id;
  ids.epubB = books.find((b) => b.format === 'epub' && b.library_id === ids.libB)!.id;
  ids.comicA = books.find((b) => b.format === 'cbz')!.id;

  const user = await call('/users', {
    method: 'POST',
    token: admin,
    body: { username: 'reader-a', password: 'reader password 1', role: 'reader', library_ids: [ids.libA] },
  });
  expect(user.status).toBe(201);
  const login = await call('/auth/login', {
    method: 'POST',
    body: { username: 'reader-a', password: 'reader password 1' },
  });
  const token = await call('/tokens', {
    method: 'POST',
    cookie: sessionCookie(login.headers),
    body: { name: 'r', scope: 'read' },
  });
  readerA = token.body.token;
  const adminLogin = await call('/auth/login', {
    method: 'POST',
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  adminCookie = sessionCookie(adminLogin.headers);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('reading an EPUB from inside its archive', () => {
  it('lists the files with their sizes and serves each with its type, streamed as it is in the archive', async () => {
    const listing = await asAdmin(`/epub/${ids.epubA}`);
    expect(listing.status).toBe(200);
    const { entries } = (await listing.json()) as { entries: { path: string; size: number }[] };
    expect(entries).toContainEqual({ path: 'OEBPS/text/ch 1.xhtml', size: Buffer.byteLength(CHAPTER) });
    expect(entries.map((e) => e.path)).not.toContain('OEBPS/images/');

    const expected: [string, string][] = [
      ['META-INF/container.xml', 'application/xml; charset=utf-8'],
      ['OEBPS/content.opf', 'application/oebps-package+xml; charset=utf-8'],
      ['OEBPS/text/ch%201.xhtml', 'application/xhtml+xml; charset=utf-8'],
      ['OEBPS/styles/book.css', 'text/css; charset=utf-8'],
      ['OEBPS/images/cover.png', 'image/png'],
      ['OEBPS/fonts/serif.woff2', 'font/woff2'],
      ['OEBPS/scripts/evil.js', 'text/javascript; charset=utf-8'],
    ];
    for (const [file, type] of expected) {
      const res = await asAdmin(`/epub/${ids.epubA}/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe(type);
    }
    const chapter = await asAdmin(`/epub/${ids.epubA}/OEBPS/text/ch%201.xhtml`);
    expect(await chapter.text()).toBe(CHAPTER);
    expect(chapter.headers.get('content-length')).toBe(String(Buffer.byteLength(CHAPTER)));
    const image = await asAdmin(`/epub/${ids.epubA}/OEBPS/images/cover.png`);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // Names that differ only by case (EPUBs made on Windows) are found.
    expect((await asAdmin(`/epub/${ids.epubA}/oebps/Styles/BOOK.css`)).status).toBe(200);
  });

  it('answers an absent file, a folder or the archive root 404', async () => {
    for (const file of ['OEBPS/nothing.xhtml', 'OEBPS/images/', 'OEBPS/images', 'OEBPS/text/']) {
      expect((await asAdmin(`/epub/${ids.epubA}/${file}`)).status, file).toBe(404);
    }
  });

  it('never leaves the archive: every spelling of .. resolves inside the book', async () => {
    // Each names a path above the archive's root: clamped to the root, it names the book's own container.xml.
    for (const file of [
      '../../META-INF/container.xml',
      'OEBPS/../../../META-INF/container.xml',
      '%2e%2e/%2e%2e/META-INF/container.xml',
      '%2E%2E%2F%2E%2E%2FMETA-INF%2Fcontainer.xml',
      '..%2f..%2f..%2fMETA-INF/container.xml',
    ]) {
      const res = await rawGet(`/epub/${ids.epubA}/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.body, file).toContain('urn:oasis:names:tc:opendocument:xmlns:container');
    }
    // Files next to the book, the database and the system are never reachable, however they are spelt.
    for (const file of [
      '../Served.epub',
      '..%2f..%2fServed.epub',
      '%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '../../../../../../etc/passwd',
      '..%5c..%5cServed.epub',
      'OEBPS%00/content.opf',
    ]) {
      const res = await rawGet(`/epub/${ids.epubA}/${file}`);
      expect(res.status, file).toBe(404);
      expect(res.body, file).not.toMatch(/root:/);
      expect(res.body, file).not.toContain('PK\u0003\u0004');
    }
  });

  it('lists only entries named by a plain path, and serves none of the others under any other name', async () => {
    // An entry `../../../api/v1/auth/me` given to the reader would make the admin page itself ask this server for
    // /api/v1/auth/me with the reader's session: the archive may hold such names, the reader never learns of them.
    const listing = await asAdmin(`/epub/${ids.odd}`);
    expect(listing.status).toBe(200);
    const { entries } = (await listing.json()) as { entries: { path: string }[] };
    expect(entries.map((entry) => entry.path).sort()).toEqual(
      [
        'META-INF/container.xml',
        'OEBPS/content.opf',
        'OEBPS/fonts/serif.woff2',
        'OEBPS/images/cover.png',
        'OEBPS/scripts/evil.js',
        'OEBPS/styles/book.css',
        'OEBPS/text/ch 1.xhtml',
        'mimetype',
      ].sort(),
    );
    // Asked for as written (resolved inside the archive) or as what it resolves to: never that entry.
    for (const [name, resolved] of ODD_NAMES) {
      for (const target of [name, resolved, name.split('/').map(encodeURIComponent).join('%2F')]) {
        const res = await rawGet(`/epub/${ids.odd}/${target.replace(/^\//, '')}`);
        expect(res.status, `${name} as ${target}`).toBe(404);
        expect(res.body, `${name} as ${target}`).not.toContain('LEAKED');
      }
    }
  });

  it('signs in as pages do: no credential 401, a token or the session 200, a wrong token 401', async () => {
    const file = `/epub/${ids.epubA}/OEBPS/content.opf`;
    expect((await get(file)).status).toBe(401);
    expect((await get(`/epub/${ids.epubA}`)).status).toBe(401);
    expect((await get(file, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await get(file, { cookie: adminCookie })).status).toBe(200);
    expect((await asReaderA(file)).status).toBe(200);
  });

  it('answers 404 for a book of a library the reader cannot see, as for one that does not exist, and for a comic', async () => {
    for (const url of [
      `/epub/${ids.epubB}`,
      `/epub/${ids.epubB}/OEBPS/content.opf`,
      `/epub/00000000-0000-4000-8000-000000000000/OEBPS/content.opf`,
      `/epub/not-a-uuid/OEBPS/content.opf`,
    ]) {
      const res = await asReaderA(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect((await asAdmin(`/epub/${ids.epubB}/OEBPS/content.opf`)).status).toBe(200);
    expect((await asAdmin(`/epub/${ids.comicA}/ComicInfo.xml`)).status).toBe(404);
  });

  it('lets the browser keep a file and answers 304 until the book file changes on disk', async () => {
    const url = `/epub/${ids.epubA}/OEBPS/styles/book.css`;
    const first = await asAdmin(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"\d+-\d+"$/);
    const again = await get(url, { authorization: `Bearer ${admin}`, 'if-none-match': etag });
    expect(again.status).toBe(304);
    // The book written again (a later modification time): the old copy is not used.
    const file = path.join(server.librariesRoot, 'a/Served/Served.epub');
    await writeFile(file, epub());
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    const changed = await get(url, { authorization: `Bearer ${admin}`, 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toBe('p { margin: 0 }');
  });

  it('is read-only', async () => {
    const res = await fetch(`${server.url}/epub/${ids.epubA}/OEBPS/content.opf`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: 'x',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${server.url}/epub/${ids.epubA}/OEBPS/content.opf`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/oebps-package/);
  });

  it('forbids scripts and framing on every answer of the route, errors included, and keeps it same-origin', async () => {
    for (const res of [
      await asAdmin(`/epub/${ids.epubA}/OEBPS/text/ch%201.xhtml`),
      await asAdmin(`/epub/${ids.epubA}/OEBPS/scripts/evil.js`),
      await asAdmin(`/epub/${ids.epubA}/OEBPS/missing.xhtml`),
      await asAdmin(`/epub/${ids.epubA}`),
      await get(`/epub/${ids.epubA}/OEBPS/content.opf`),
      await get(`/epub/${ids.epubA}/OEBPS/content.opf`, { 'sec-fetch-dest': 'document' }),
    ]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/sandbox(?! [^;]*allow-scripts)/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('vary') ?? '').toMatch(/\bSec-Fetch-Dest\b/i);
    }
    for (const url of ['/api/v1/health', `/api/v1/books/${ids.epubA}`, '/opds/v1.2', '/trpc/health.get', '/']) {
      const res = await asAdmin(url);
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      // Another site's window that this one opened, or that opened it, gets no handle on it.
      expect(res.headers.get('cross-origin-opener-policy'), url).toBe('same-origin');
    }
  });

  it("refuses, before reading anything, a request to show a book's file as a page or inside one; fetches and clients without Fetch Metadata still read", async () => {
    const chapter = `/epub/${ids.epubA}/OEBPS/text/ch%201.xhtml`;
    const script = `/epub/${ids.epubA}/OEBPS/scripts/evil.js`;
    // A tab or a frame opened on the file, an <object> or <embed>, a page's script, style, image or font element.
    const destinations = ['document', 'iframe', 'frame', 'fencedframe', 'object', 'embed', 'script', 'style'];
    for (const destination of [...destinations, 'image', 'font', 'worker', 'sharedworker', 'serviceworker']) {
      for (const url of [chapter, script, `/epub/${ids.epubA}`]) {
        for (const credential of [
          { authorization: `Bearer ${admin}` },
          { cookie: adminCookie },
          {} as Record<string, string>,
          { authorization: `Bearer ${readerA}` },
        ]) {
          const res = await get(url, { ...credential, 'sec-fetch-dest': destination });
          const what = `${destination} ${url} ${Object.keys(credential).join()}`;
          // 403 for everyone, signed in or not, and whether or not the book exists for them: nothing was read.
          expect(res.status, what).toBe(403);
          expect(res.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
          const body = (await res.json()) as { type: string; detail: string };
          expect(body.type, what).toBe('urn:shelfmark:problem:forbidden');
          expect(body.detail, what).toMatch(/never opened as a page/);
          expect(JSON.stringify(body), what).not.toContain('Hello');
        }
      }
      const head = await fetch(`${server.url}${chapter}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${admin}`, 'sec-fetch-dest': destination },
      });
      expect(head.status, `HEAD ${destination}`).toBe(403);
    }
    // The book another library holds is refused the same way, so the answer tells nothing about it.
    expect((await get(`/epub/${ids.epubB}/OEBPS/content.opf`, { 'sec-fetch-dest': 'document' })).status).toBe(403);

    // The admin's engine: fetch(), `empty`, with the session; and a client that sends no Fetch Metadata.
    const fetched = await get(chapter, { cookie: adminCookie, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' });
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe(CHAPTER);
    expect((await get(`/epub/${ids.epubA}`, { cookie: adminCookie, 'sec-fetch-dest': 'empty' })).status).toBe(200);
    const plain = await asReaderA(chapter);
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(CHAPTER);
    expect(server.responseFailures).toEqual([]);
  });

  it("keeps a reader's place in the book as a locator and a percentage, given back with the book", async () => {
    const position = 'epubcfi(/6/2!/4/2/1:0)';
    const saved = await call(`/books/${ids.epubA}/progress`, {
      method: 'PUT',
      token: readerA,
      body: { status: 'reading', position, percentage: 0.25 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'reading', current_page: null, position, percentage: 0.25 });
    const book = await call(`/books/${ids.epubA}`, { token: readerA });
    expect(book.body).toMatchObject({
      reading_status: 'reading',
      reading_position: position,
      reading_percentage: 0.25,
    });
    // Another reader's book is theirs: the admin has no place in it.
    expect((await call(`/books/${ids.epubA}`, { token: admin })).body.reading_position).toBeNull();
    // Neither a page nor a place: refused.
    const nowhere = await call(`/books/${ids.epubA}/progress`, {
      method: 'PUT',
      token: readerA,
      body: { status: 'reading' },
    });
    expect(nowhere.status).toBe(400);
    expect(server.responseFailures).toEqual([]);
  });
});
