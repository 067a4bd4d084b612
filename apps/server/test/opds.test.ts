import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from './formats/support/zip-writer.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { fullComicInfoCbz } from './support/metadata-fixtures.js';
import { atomParser, basic, type AtomFeed, type AtomLink } from './support/opds-client.js';
import { validateAtom, validateOpds2 } from './support/opds-validators.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;
const PSE = 'http://vaemendis.net/opds-pse/stream';
const ACQUISITION = 'http://opds-spec.org/acquisition';
/** A series name with everything XML must escape, an emoji, and a control character XML 1.0 cannot carry. */
const HOSTILE_SERIES = 'Les Légendaires & <Co> "Q" \'s 😀\u0007';
const SHOWN_SERIES = 'Les Légendaires & <Co> "Q" \'s 😀';
const BIG_LIBRARY_SERIES = 1001;
const PAGE_WIDTHS = Array.from({ length: 12 }, (_, i) => 100 + 10 * (i + 1));

let server: TestServer;
let call: ApiClient;
let readToken: string;
const ids: Record<string, string> = {};
let shelfId: string;
let bigId: string;
let seriesId: string;
/** Every document fetched by the tests, validated at the end. */
const atomDocuments = new Map<string, string>();
const opds2Documents = new Map<string, unknown>();

const parser = atomParser;

function opds(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${pathname}`, { headers: { authorization: basic(readToken), ...headers } });
}

async function atom(pathname: string, headers: Record<string, string> = {}): Promise<AtomFeed> {
  const response = await opds(pathname, headers);
  expect(response.status, pathname).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml;profile=opds-catalog;kind=/);
  const xml = await response.text();
  atomDocuments.set(`${pathname} ${JSON.stringify(headers)}`, xml);
  return parser.parse(xml).feed as AtomFeed;
}

async function opds2(pathname: string): Promise<any> {
  const response = await opds(pathname);
  expect(response.status, pathname).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/opds\+json/);
  const document = await response.json();
  opds2Documents.set(pathname, document);
  return document;
}

const linkOf = (links: AtomLink[], rel: string) => links.find((link) => link.rel === rel);

/** A CBZ whose pages differ by width and type, stored out of order: page N of the book is pageN. */
async function streamedComic(): Promise<Buffer> {
  const entries = [];
  for (const [i, width] of PAGE_WIDTHS.entries()) {
    const n = i + 1;
    const image = sharp({ create: { width, height: 150, channels: 3, background: { r: 20 * n, g: 80, b: 120 } } });
    const [data, ext] =
      n === 3
        ? [await image.webp().toBuffer(), 'webp']
        : n === 4
          ? [await image.png().toBuffer(), 'png']
          : [await image.jpeg().toBuffer(), 'jpg'];
    entries.push({ name: `page${n}.${ext}`, data });
  }
  entries.reverse();
  const info = `<?xml version="1.0"?><ComicInfo><Summary>Gardiens &amp; magie</Summary><GTIN>9780306406157</GTIN>
    <LanguageISO>fr</LanguageISO><Year>2004</Year><Month>3</Month><Day>1</Day><Writer>Patrick Sobral</Writer></ComicInfo>`;
  entries.push({ name: 'ComicInfo.xml', data: Buffer.from(info) });
  return buildZip(entries);
}

async function scan(libraryId: string) {
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id, 120_000)).status).toBe('succeeded');
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false, env: { TRUST_PROXY: 'loopback' } });
  call = apiClient(server.url);
  const shelf = path.join(server.librariesRoot, 'shelf');
  const series = path.join(shelf, HOSTILE_SERIES);
  await mkdir(series, { recursive: true });
  await writeFile(path.join(series, `${HOSTILE_SERIES} T01.cbz`), await streamedComic());
  await writeComic(series, `${HOSTILE_SERIES} T02.cbz`, { pages: 4 });
  await writeComic(series, `${HOSTILE_SERIES} T10.cbz`, { pages: 2 });
  await writeComic(series, `${HOSTILE_SERIES} HS 01.cbz`, { pages: 2 });
  await mkdir(path.join(shelf, 'Other'), { recursive: true });
  await copyFile(path.join(fixtures, 'komga.pdf'), path.join(shelf, 'Other/manual.pdf'));
  await copyFile(path.join(fixtures, 'epub3.epub'), path.join(shelf, 'Other/novel.epub'));
  await copyFile(path.join(fixtures, 'rar4.rar'), path.join(shelf, 'Other/comic.cbr'));
  await writeFile(path.join(shelf, 'Other/night-watch-03.cbz'), await fullComicInfoCbz());
  const big = path.join(server.librariesRoot, 'big');
  for (let i = 1; i <= BIG_LIBRARY_SERIES; i++) {
    await writeComic(big, `Series ${String(i).padStart(4, '0')}/v01.cbz`, { pages: 1 });
  }
  shelfId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf & <Co>', root_path: 'shelf' } }))
    .body.id;
  bigId = (await call('/libraries', { method: 'POST', token, body: { name: 'Big', root_path: 'big' } })).body.id;
  await scan(shelfId);
  await scan(bigId);
  const books = await call(`/books?library_id=${shelfId}&limit=100`, { token });
  for (const book of books.body.items) ids[book.title] = book.id;
  const t01 = books.body.items.find((b: any) => b.volume === 1 && b.series === SHOWN_SERIES + '\u0007');
  ids.t01 = t01.id;
  seriesId = t01.series_id;
  ids.pdf = books.body.items.find((b: any) => b.format === 'pdf')!.id;
  ids.cbr = books.body.items.find((b: any) => b.format === 'cbr')!.id;
  ids.epub = books.body.items.find((b: any) => b.format === 'epub')!.id;
  ids.credited = books.body.items.find((b: any) => b.title === 'The Long Night')!.id;
  readToken = (await call('/tokens', { method: 'POST', token, body: { name: 'kobo', scope: 'read' } })).body.token;
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe('entry points and authentication', () => {
  it('reaches the same root catalog however the address is typed', async () => {
    const ids = new Set<string>();
    for (const entry of ['/opds', '/opds/', '/opds/v1.2', '/opds/v1.2/', '/opds/v1.2/catalog']) {
      const feed = await atom(entry);
      ids.add(feed.id);
      expect(feed.entry!.map((e) => e.title)).toEqual([
        'Big',
        'Shelf & <Co>',
        'All series',
        'Recently added',
        'Continue reading',
        'Collections',
        'Reading lists',
        'Want to read',
      ]);
    }
    expect(ids.size).toBe(1);
    const v2 = new Set<string>();
    for (const entry of ['/opds/v2', '/opds/v2/', '/opds/v2/catalog'])
      v2.add(JSON.stringify((await opds2(entry)).navigation));
    expect(v2.size).toBe(1);
  });

  it('asks for credentials with WWW-Authenticate, and under v2 points to the authentication document', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: basic('smk_wrong_token_value') },
      { authorization: basic('nope', 'admin') },
    ]) {
      const v1 = await fetch(`${server.url}/opds/v1.2/series`, { headers });
      expect(v1.status).toBe(401);
      expect(v1.headers.get('www-authenticate')).toMatch(/^Basic realm="Shelfmark"/);
      expect(v1.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const v2 = await fetch(`${server.url}/opds/v2/series`, { headers });
      expect(v2.status).toBe(401);
      expect(v2.headers.get('www-authenticate')).toMatch(/^Basic realm="Shelfmark"/);
      expect(v2.headers.get('link')).toMatch(
        /^<http:\/\/127\.0\.0\.1:\d+\/opds\/v2\/auth>; rel="http:\/\/opds-spec\.org\/auth\/document"; type="application\/opds-authentication\+json"$/,
      );
      expect(v2.headers.get('content-type')).toMatch(/^application\/opds-authentication\+json/);
      opds2Authentication.set(`401 ${JSON.stringify(headers)}`, await v2.json());
    }
    const document = await fetch(`${server.url}/opds/v2/auth`);
    expect(document.status).toBe(200);
    const body = (await document.json()) as { authentication: { type: string }[] };
    expect(body.authentication[0]!.type).toBe('http://opds-spec.org/auth/basic');
    opds2Authentication.set('/opds/v2/auth', body);
  });

  it('accepts a read token with any user name, and the administrator password', async () => {
    expect((await opds('/opds/v1.2/series', { authorization: basic(readToken, 'anything at all') })).status).toBe(200);
    expect((await opds('/opds/v1.2/series', { authorization: basic(ADMIN_PASSWORD, 'admin') })).status).toBe(200);
    expect((await opds('/opds/v2/series', { authorization: basic(ADMIN_PASSWORD, 'admin') })).status).toBe(200);
    // The password belongs to the account: another user name with it is refused.
    expect((await opds('/opds/v1.2/series', { authorization: basic(ADMIN_PASSWORD, 'someone') })).status).toBe(401);
  });

  it('keeps the REST API closed to Basic, even with an admin token', async () => {
    const response = await fetch(`${server.url}/api/v1/libraries`, { headers: { authorization: basic(token) } });
    expect(response.status).toBe(401);
    const admin = await fetch(`${server.url}/api/v1/tokens`, {
      headers: { authorization: basic(ADMIN_PASSWORD, 'admin') },
    });
    expect(admin.status).toBe(401);
  });
});

const opds2Authentication = new Map<string, unknown>();

describe('OPDS 1.2 feeds', () => {
  it('lists a library as a navigation feed of series with covers, status and counts', async () => {
    const feed = await atom(`/opds/v1.2/libraries/${shelfId}`);
    expect(feed.title).toBe('Shelf & <Co>');
    const entry = feed.entry!.find((e) => e.title === SHOWN_SERIES)!;
    expect(entry).toBeDefined();
    expect(entry.id).toBe(`urn:uuid:${seriesId}`);
    const subsection = linkOf(entry.link, 'subsection')!;
    expect(subsection.href).toBe(`/opds/v1.2/series/${seriesId}`);
    expect(subsection.type).toBe('application/atom+xml;profile=opds-catalog;kind=acquisition');
    expect(linkOf(entry.link, 'http://opds-spec.org/image')?.type).toBe('image/jpeg');
    expect(linkOf(entry.link, 'http://opds-spec.org/image/thumbnail')?.type).toBe('image/jpeg');
    expect(String((entry.content as any)['#text'])).toMatch(/4 books/);
    for (const rel of ['self', 'start', 'up', 'search', 'first', 'last'])
      expect(linkOf(feed.link, rel), rel).toBeDefined();
    expect(feed['opensearch:totalResults']).toBe('2');
    expect(feed['opensearch:startIndex']).toBe('1');
  });

  it('lists a series in volume order, hors-séries after the numbered run, with full book entries', async () => {
    const feed = await atom(`/opds/v1.2/series/${seriesId}`);
    expect(feed.title).toBe(SHOWN_SERIES);
    expect(feed.entry!.map((e) => e.title)).toEqual([
      expect.stringMatching(/^Vol\. 1\b/),
      expect.stringMatching(/^Vol\. 2\b/),
      expect.stringMatching(/^Vol\. 10\b/),
      expect.stringMatching(/^HS 1\b/),
    ]);
    expect(linkOf(feed.link, 'up')!.href).toBe(`/opds/v1.2/libraries/${shelfId}`);
    const first = feed.entry![0]!;
    expect(first.id).toBe(`urn:uuid:${ids.t01}`);
    expect(first['dcterms:identifier']).toBe('urn:isbn:9780306406157');
    expect(first['dcterms:language']).toBe('fr');
    expect(first['dcterms:issued']).toBe('2004-03-01');
    expect(first['calibre:series']).toBe(SHOWN_SERIES);
    expect(first['calibre:series_index']).toBe('1');
    expect((first.author as { name: string }[]).map((a) => a.name)).toEqual(['Patrick Sobral']);
    expect((first.summary as any)['#text']).toBe('Gardiens & magie');
    const acquisition = linkOf(first.link, ACQUISITION)!;
    expect(acquisition.type).toBe('application/vnd.comicbook+zip');
    const file = await opds(acquisition.href);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(acquisition.length).toBe(String(bytes.length));
    expect(file.headers.get('content-type')).toBe('application/vnd.comicbook+zip');
    const stream = linkOf(first.link, PSE)!;
    expect(stream.type).toBe('image/jpeg');
    expect(stream['pse:count']).toBe('12');
    expect(stream.href).toBe(`/opds/books/${ids.t01}/pages/{pageNumber}?maxWidth={maxWidth}`);
  });

  it('gives every format its MIME type, PSE only to paged formats, and true image types', async () => {
    const shelf = await atom(`/opds/v1.2/libraries/${shelfId}`);
    const other = linkOf(shelf.entry!.find((e) => e.title === 'Other')!.link, 'subsection')!.href;
    const entries = [...(await atom(other)).entry!, ...(await atom(`/opds/v1.2/series/${seriesId}`)).entry!];
    const byId = new Map(entries.map((e) => [e.id, e]));
    const expected: [string, string, boolean][] = [
      [ids.pdf!, 'application/pdf', true],
      [ids.cbr!, 'application/vnd.comicbook-rar', true],
      [ids.epub!, 'application/epub+zip', false],
      [ids.t01!, 'application/vnd.comicbook+zip', true],
    ];
    for (const [id, type, streams] of expected) {
      const entry = byId.get(`urn:uuid:${id}`)!;
      expect(linkOf(entry.link, ACQUISITION)!.type).toBe(type);
      expect(Boolean(linkOf(entry.link, PSE))).toBe(streams);
      for (const rel of ['http://opds-spec.org/image', 'http://opds-spec.org/image/thumbnail']) {
        const image = linkOf(entry.link, rel);
        if (!image) continue;
        const response = await opds(image.href);
        expect(response.status, `${type} ${rel}`).toBe(200);
        expect(response.headers.get('content-type')).toBe(image.type);
        expect(await sniff(response)).toBe(image.type);
      }
    }
  });

  it('credits every role, files genres and tags as categories, and names the publisher (both versions)', async () => {
    const shelf = await atom(`/opds/v1.2/libraries/${shelfId}`);
    const other = linkOf(shelf.entry!.find((e) => e.title === 'Other')!.link, 'subsection')!.href;
    const entry = (await atom(other)).entry!.find((e) => e.id === `urn:uuid:${ids.credited}`)!;
    // Writers and artists are Atom authors (what every app shows); the others are contributors with their role.
    expect((entry.author as { name: string }[]).map((a) => a.name)).toEqual([
      'Ada Writer',
      'Ben Penciller',
      'Cy Inker',
    ]);
    const contributors = [entry['dcterms:contributor']].flat() as { role: string; '#text': string }[];
    expect(contributors.map((c) => [c.role, c['#text']])).toEqual([
      ['colorist', 'Di Colorist'],
      ['letterer', 'Ed Letterer'],
      ['cover', 'Fay Cover'],
      ['editor', 'Gus Editor'],
      ['translator', 'Hal Translator'],
    ]);
    expect(entry['dcterms:publisher']).toBe('Lantern Press');
    expect(entry['dcterms:issued']).toBe('2021-06-15');
    const categories = [entry.category].flat() as { term: string; scheme: string }[];
    expect(categories.map((c) => [c.scheme, c.term])).toEqual([
      ['urn:shelfmark:genre', 'Fantasy'],
      ['urn:shelfmark:genre', 'Adventure'],
      ['urn:shelfmark:tag', 'bridges'],
      ['urn:shelfmark:tag', 'night'],
    ]);

    const v2 = await opds2(other.replace('/opds/v1.2/', '/opds/v2/'));
    const publication = v2.publications.find((p: any) => p.metadata.title.includes('The Long Night'));
    const { metadata } = publication;
    // Each contributor also links to their feed (opds-facets.test.ts follows them).
    const people = (key: string) =>
      metadata[key].map(({ links, ...person }: any) => ({ ...person, to: links[0].href }));
    const feedOf = (name: string) => `/opds/v2/series?author=${encodeURIComponent(name)}`;
    expect(people('author')).toEqual([{ name: 'Ada Writer', to: feedOf('Ada Writer') }]);
    expect(people('penciler')).toEqual([{ name: 'Ben Penciller', to: feedOf('Ben Penciller') }]);
    expect(people('inker')).toEqual([{ name: 'Cy Inker', to: feedOf('Cy Inker') }]);
    expect(people('colorist')).toEqual([{ name: 'Di Colorist', to: feedOf('Di Colorist') }]);
    expect(people('letterer')).toEqual([{ name: 'Ed Letterer', to: feedOf('Ed Letterer') }]);
    expect(people('artist')).toEqual([{ name: 'Fay Cover', role: 'cover', to: feedOf('Fay Cover') }]);
    expect(people('editor')).toEqual([{ name: 'Gus Editor', to: feedOf('Gus Editor') }]);
    expect(people('translator')).toEqual([{ name: 'Hal Translator', to: feedOf('Hal Translator') }]);
    expect(metadata.publisher).toEqual(['Lantern Press']);
    expect(metadata.published).toBe('2021-06-15');
    expect(metadata.subject.map((s: any) => s.name)).toEqual(['Fantasy', 'Adventure', 'bridges', 'night']);
  });

  it('escapes names and strips characters XML 1.0 cannot hold, in every feed', async () => {
    const found = await atom('/opds/v1.2/search?q=legendaires');
    expect(found.entry!.some((e) => e.title.startsWith(`${SHOWN_SERIES}, Vol. 1 – `))).toBe(true);
    for (const doc of atomDocuments.values()) expect(doc.includes('\u0007')).toBe(false);
    const search = await atom(`/opds/v1.2/search?q=${encodeURIComponent('légendaires & <co>')}`);
    expect(search.entry!.map((e) => e.title)).toContain(SHOWN_SERIES);
  });

  it('searches series and books with the REST matching (case and accents ignored), paged', async () => {
    const feed = await atom('/opds/v1.2/search?q=LEGENDAIRES');
    expect(feed.entry![0]!.title).toBe(SHOWN_SERIES);
    expect(feed.entry!.filter((e) => linkOf(e.link, ACQUISITION)).length).toBe(4);
    expect(feed['opensearch:totalResults']).toBe('5');
    const description = await opds('/opds/v1.2/opensearch.xml');
    expect(description.headers.get('content-type')).toMatch(/^application\/opensearchdescription\+xml/);
    const osd = parser.parse(await description.text()).OpenSearchDescription;
    expect(osd.Url[0].template).toBe('/opds/v1.2/search?q={searchTerms}&page={startPage?}');
    const bad = await opds('/opds/v1.2/search?q=');
    expect(bad.status).toBe(400);
  });

  it('walks next from the first page of a 1,001-series library, visiting every series once', async () => {
    for (const version of ['v1.2', 'v2'] as const) {
      const seen: string[] = [];
      let next: string | undefined = `/opds/${version}/libraries/${bigId}`;
      let pages = 0;
      while (next) {
        pages++;
        if (version === 'v1.2') {
          const feed = await atom(next);
          seen.push(...feed.entry!.map((e) => e.id));
          expect(feed['opensearch:totalResults']).toBe(String(BIG_LIBRARY_SERIES));
          next = linkOf(feed.link, 'next')?.href;
          if (pages === 1) expect(linkOf(feed.link, 'previous')).toBeUndefined();
          else expect(linkOf(feed.link, 'previous')).toBeDefined();
        } else {
          const feed = await opds2(next);
          seen.push(...feed.navigation.map((n: { href: string }) => n.href));
          expect(feed.metadata.numberOfItems).toBe(BIG_LIBRARY_SERIES);
          next = feed.links.find((l: { rel: string }) => l.rel === 'next')?.href;
        }
      }
      expect(pages).toBe(Math.ceil(BIG_LIBRARY_SERIES / 50));
      expect(seen.length).toBe(BIG_LIBRARY_SERIES);
      expect(new Set(seen).size).toBe(BIG_LIBRARY_SERIES);
    }
    const last = await atom(`/opds/v1.2/libraries/${bigId}?page=21`);
    expect(last.entry!.length).toBe(1);
    expect(last['opensearch:startIndex']).toBe('1001');
    expect((await opds(`/opds/v1.2/libraries/${bigId}?page=0`)).status).toBe(400);
    expect((await opds(`/opds/v1.2/libraries/${bigId}?page=abc`)).status).toBe(400);
    expect((await opds('/opds/v1.2/libraries/not-a-uuid')).status).toBe(404);
    expect((await opds('/opds/v1.2/series/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

async function sniff(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(1, 4).toString() === 'PNG') return 'image/png';
  return 'unknown';
}

async function pageOf(bookId: string, pageNumber: number | string, maxWidth?: number | string) {
  const query = maxWidth === undefined ? '?maxWidth={maxWidth}' : `?maxWidth=${maxWidth}`;
  const response = await opds(`/opds/books/${bookId}/pages/${pageNumber}${query}`);
  if (response.status !== 200) return { status: response.status, type: response.headers.get('content-type') };
  const data = Buffer.from(await response.arrayBuffer());
  const meta = await sharp(data).metadata();
  return { status: 200, type: response.headers.get('content-type'), format: meta.format, width: meta.width };
}

describe('OPDS-PSE page streaming', () => {
  it('serves 0-based page n as the (n+1)-th page in natural order, always as a real JPEG', async () => {
    for (let n = 0; n < PAGE_WIDTHS.length; n++) {
      const page = await pageOf(ids.t01!, n);
      expect(page, `page ${n}`).toMatchObject({
        status: 200,
        type: 'image/jpeg',
        format: 'jpeg',
        width: PAGE_WIDTHS[n],
      });
    }
    expect((await pageOf(ids.t01!, PAGE_WIDTHS.length)).status).toBe(404);
    expect((await pageOf(ids.t01!, -1)).status).toBe(400);
    expect((await pageOf(ids.t01!, 'x')).status).toBe(400);
  });

  it('downscales to maxWidth and never upscales', async () => {
    expect(await pageOf(ids.t01!, 11, 60)).toMatchObject({ format: 'jpeg', width: 60 });
    expect(await pageOf(ids.t01!, 2, 50)).toMatchObject({ format: 'jpeg', width: 50 });
    expect(await pageOf(ids.t01!, 0, 5000)).toMatchObject({ format: 'jpeg', width: PAGE_WIDTHS[0] });
    expect((await pageOf(ids.t01!, 0, 0)).status).toBe(400);
  });

  it('streams PDF and CBR pages as JPEG too', async () => {
    for (const id of [ids.pdf!, ids.cbr!]) {
      expect(await pageOf(id, 0)).toMatchObject({ status: 200, type: 'image/jpeg', format: 'jpeg' });
      expect((await pageOf(id, 9999)).status).toBe(404);
    }
    expect((await pageOf(ids.epub!, 0)).status).toBe(400);
  });

  it('moves reading progress forward as pages are fetched and marks the book read at the last page', async () => {
    const book = (await call(`/books?library_id=${shelfId}&limit=100`, { token })).body.items.find(
      (b: any) => b.format === 'cbz' && b.page_count === 4,
    );
    await pageOf(book.id, 0);
    expect((await call(`/books/${book.id}`, { token })).body.reading_status).toBe('unread');
    await pageOf(book.id, 2);
    expect((await call(`/books/${book.id}`, { token })).body).toMatchObject({
      reading_status: 'reading',
      current_page: 3,
    });
    await pageOf(book.id, 1);
    expect((await call(`/books/${book.id}`, { token })).body.current_page).toBe(3);
    const series = await atom(`/opds/v1.2/series/${seriesId}`);
    const stream = linkOf(series.entry!.find((e) => e.id === `urn:uuid:${book.id}`)!.link, PSE)!;
    expect(stream['pse:lastRead']).toBe('3');
    expect(Date.parse(stream['pse:lastReadDate']!)).toBeGreaterThan(Date.now() - 60_000);
    const reading = await atom('/opds/v1.2/continue');
    expect(reading.entry![0]!.id).toBe(`urn:uuid:${book.id}`);
    await pageOf(book.id, 3);
    expect((await call(`/books/${book.id}`, { token })).body.reading_status).toBe('read');
  });

  it('leaves the book in progress at the last page when the setting says so', async () => {
    await call('/settings', { method: 'PATCH', token, body: { opds_pse_marks_read: false } });
    try {
      await pageOf(ids.cbr!, 0);
      const count = (await call(`/books/${ids.cbr}`, { token })).body.page_count as number;
      await pageOf(ids.cbr!, count - 1);
      expect((await call(`/books/${ids.cbr}`, { token })).body).toMatchObject({
        reading_status: 'reading',
        current_page: count,
      });
    } finally {
      await call('/settings', { method: 'PATCH', token, body: { opds_pse_marks_read: true } });
    }
  });
});

describe('conditional requests and proxies', () => {
  it('sends ETag and Last-Modified, answers 304 to a matching request, and changes them when the catalog does', async () => {
    // Right after a change within the second of a date already sent (earlier tests), the new date is the next
    // second and is sent once the clock reaches it (ADR 9): asked until it is.
    let first = await opds(`/opds/v1.2/series/${seriesId}`);
    while (first.headers.get('last-modified') === null) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      first = await opds(`/opds/v1.2/series/${seriesId}`);
    }
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    const again = await opds(`/opds/v1.2/series/${seriesId}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await opds(`/opds/v1.2/series/${seriesId}`, { 'if-modified-since': lastModified })).status).toBe(304);
    const v2 = await opds(`/opds/v2/series/${seriesId}`);
    expect((await opds(`/opds/v2/series/${seriesId}`, { 'if-none-match': v2.headers.get('etag')! })).status).toBe(304);
    await call(`/books/${ids.t01}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 5 } });
    const changed = await opds(`/opds/v1.2/series/${seriesId}`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // The date moves past the one sent, even when the change came within the same second.
    expect((await opds(`/opds/v1.2/series/${seriesId}`, { 'if-modified-since': lastModified })).status).toBe(200);
  });

  it('writes absolute links behind a trusted proxy at a sub-path, relative ones otherwise', async () => {
    const proxied = await atom('/opds/v1.2/series', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'books.example.org',
      'x-forwarded-prefix': '/shelfmark',
    });
    expect(linkOf(proxied.link, 'self')!.href).toBe('https://books.example.org/shelfmark/opds/v1.2/series');
    expect(linkOf(proxied.entry![0]!.link, 'subsection')!.href).toMatch(
      /^https:\/\/books\.example\.org\/shelfmark\/opds\/v1\.2\/series\//,
    );
    const plain = await atom('/opds/v1.2/series');
    expect(linkOf(plain.link, 'self')!.href).toBe('/opds/v1.2/series');
    const untrusting = await startTestServer({ thumbnails: false });
    try {
      const response = await fetch(`${untrusting.url}/opds/v1.2`, {
        headers: { authorization: basic(token), 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      const feed = parser.parse(await response.text()).feed as AtomFeed;
      expect(linkOf(feed.link, 'self')!.href).toBe('/opds/v1.2');
    } finally {
      await untrusting.close();
    }
  });
});

describe('OPDS 2.0', () => {
  it('serves the same catalog with groups, a templated search and pagination', async () => {
    const root = await opds2('/opds/v2');
    expect(root.navigation.map((n: { title: string }) => n.title)).toEqual([
      'Big',
      'Shelf & <Co>',
      'All series',
      'Recently added',
      'Continue reading',
      'Collections',
      'Reading lists',
      'Want to read',
    ]);
    expect(root.groups.map((g: { metadata: { title: string } }) => g.metadata.title)).toEqual([
      'Continue reading',
      'Recently added',
    ]);
    expect(root.links.find((l: any) => l.rel === 'search')).toMatchObject({
      href: '/opds/v2/search{?query}',
      templated: true,
    });
    const series = await opds2(`/opds/v2/series/${seriesId}`);
    expect(series.metadata).toMatchObject({ title: SHOWN_SERIES, numberOfItems: 4, currentPage: 1 });
    const first = series.publications[0];
    expect(first.metadata).toMatchObject({
      identifier: 'urn:isbn:9780306406157',
      language: 'fr',
      published: '2004-03-01',
      author: [{ name: 'Patrick Sobral' }],
      belongsTo: { series: [{ name: SHOWN_SERIES, position: 1 }] },
      numberOfPages: 12,
    });
    expect(first.links[0]).toMatchObject({ rel: ACQUISITION, type: 'application/vnd.comicbook+zip' });
    expect(first.images.map((i: { type: string }) => i.type)).toEqual(['image/jpeg', 'image/jpeg']);
    const search = await opds2('/opds/v2/search?query=l%C3%A9gendaires');
    expect(search.navigation[0].title).toBe(SHOWN_SERIES);
    expect(search.publications.length).toBe(4);
    await opds2('/opds/v2/recent');
    await opds2('/opds/v2/continue');
    await opds2('/opds/v2/series');
    await opds2(`/opds/v2/libraries/${shelfId}`);
    await opds2(`/opds/v2/search?query=nothing-matches-this`);
  });
});

describe('collections, reading lists and want to read', () => {
  it('are reached from the root in both versions, a list in its own order with each book’s progress', async () => {
    const collection = await call('/collections', {
      method: 'POST',
      token,
      body: { name: 'Prix & <Co>', summary: 'Fauves', series_ids: [seriesId] },
    });
    expect(collection.status).toBe(201);
    const list = await call('/reading-lists', {
      method: 'POST',
      token,
      body: { name: 'Event', book_ids: [ids.pdf!, ids.t01!, ids.epub!] },
    });
    expect(list.status).toBe(201);
    expect((await call(`/want-to-read/${seriesId}`, { method: 'PUT', token })).status).toBe(204);
    await call(`/books/${ids.t01}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 2 } });

    const root = await atom('/opds/v1.2');
    for (const title of ['Collections', 'Reading lists', 'Want to read'])
      expect(root.entry!.map((entry) => entry.title)).toContain(title);
    const collections = await atom('/opds/v1.2/collections');
    expect(collections.entry!.map((entry) => entry.title)).toEqual(['Prix & <Co>']);
    const series = await atom(`/opds/v1.2/collections/${collection.body.id}`);
    expect(series.entry!.map((entry) => entry.id)).toEqual([`urn:uuid:${seriesId}`]);
    const lists = await atom('/opds/v1.2/reading-lists');
    expect(lists.entry!.map((entry) => entry.title)).toEqual(['Event']);
    const books = await atom(`/opds/v1.2/reading-lists/${list.body.id}`);
    expect(books.entry!.map((entry) => entry.id)).toEqual([ids.pdf, ids.t01, ids.epub].map((id) => `urn:uuid:${id}`));
    const streamed = books.entry![1]!.link.find((link) => link.rel === PSE)!;
    expect(streamed['pse:lastRead']).toBe('2');
    expect((await atom('/opds/v1.2/want-to-read')).entry!.map((entry) => entry.id)).toEqual([`urn:uuid:${seriesId}`]);

    expect((await opds2('/opds/v2')).navigation.map((link: any) => link.title)).toContain('Reading lists');
    await opds2('/opds/v2/collections');
    await opds2(`/opds/v2/collections/${collection.body.id}`);
    await opds2('/opds/v2/reading-lists');
    const publications = (await opds2(`/opds/v2/reading-lists/${list.body.id}`)).publications;
    expect(publications.map((publication: any) => publication.metadata.identifier)).toEqual([
      `urn:uuid:${ids.pdf}`,
      'urn:isbn:9780306406157',
      `urn:uuid:${ids.epub}`,
    ]);
    await opds2('/opds/v2/want-to-read');
    for (const missing of [`/opds/v1.2/reading-lists/${seriesId}`, `/opds/v2/collections/${seriesId}`])
      expect((await opds(missing)).status, missing).toBe(404);
  });
});

describe('every document', () => {
  it('of OPDS 1.2 validates with jing against the OPDS 1.2 RELAX NG grammar', async () => {
    for (const feed of ['/opds/v1.2/series', '/opds/v1.2/continue', '/opds/v1.2/search?q=nothing-matches-this']) {
      await atom(feed);
    }
    expect(atomDocuments.size).toBeGreaterThan(30);
    expect(await validateAtom(atomDocuments)).toEqual([]);
  }, 60_000);

  it('of OPDS 2.0 validates against the OPDS 2.0 JSON schemas, the authentication document included', async () => {
    expect(opds2Documents.size).toBeGreaterThan(20);
    expect(await validateOpds2(opds2Documents)).toEqual([]);
    expect(opds2Authentication.size).toBe(4);
    expect(await validateOpds2(opds2Authentication, 'authentication')).toEqual([]);
  });

  it('a broken document fails the validators (they can fail)', async () => {
    const broken = [...atomDocuments.values()][0]!.replace(/<id>[^<]*<\/id>/, '');
    expect((await validateAtom(new Map([['broken', broken]]))).length).toBeGreaterThan(0);
    expect((await validateOpds2(new Map([['broken', { metadata: {}, links: [] }]]))).length).toBeGreaterThan(0);
  });
});

describe('failed sign-ins', () => {
  /** Sends `authorization` until it is refused (429) or `limit` times; the 401s counted, and the refusal. */
  async function untilRefused(authorization: (attempt: number) => string, limit = 40) {
    let unauthorized = 0;
    for (let attempt = 0; attempt < limit; attempt++) {
      const response = await opds('/opds/v1.2', { authorization: authorization(attempt) });
      if (response.status !== 401) return { unauthorized, refused: response };
      unauthorized++;
    }
    return { unauthorized, refused: null };
  }

  it('never limits an app that is only fast', async () => {
    const parallel = await Promise.all(Array.from({ length: 40 }, () => opds(`/opds/v1.2/series/${seriesId}`)));
    expect(parallel.map((r) => r.status)).toEqual(Array.from({ length: 40 }, () => 200));
  });

  it('pauses a user name’s passwords from an address after 30 wrong ones, never a token sent with that name', async () => {
    const username = 'lena';
    const password = 'lena password 1';
    const created = await call('/users', {
      method: 'POST',
      token,
      body: { username, password, role: 'reader', library_ids: [shelfId] },
    });
    expect(created.status).toBe(201);
    const ownToken = await call('/tokens', {
      method: 'POST',
      cookie: sessionCookie((await call('/auth/login', { method: 'POST', body: { username, password } })).headers),
      body: { name: 'Panels', scope: 'read' },
    });
    expect(ownToken.status).toBe(201);
    const lenaToken = ownToken.body.token as string;
    expect((await opds('/opds/v1.2', { authorization: basic(password, username) })).status).toBe(200);

    const { unauthorized, refused } = await untilRefused(() => basic('wrong guess', username));
    expect(unauthorized).toBe(30);
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(800);
    // Her password is paused from here, whatever the case of her name.
    expect((await opds('/opds/v1.2', { authorization: basic(password, username) })).status).toBe(429);
    expect((await opds('/opds/v1.2', { authorization: basic(password, 'LENA') })).status).toBe(429);
    // Her token is another credential: it reads under her name, any other, and as a Bearer token.
    expect((await opds('/opds/v1.2', { authorization: basic(lenaToken, username) })).status).toBe(200);
    expect((await opds('/opds/v1.2', { authorization: basic(lenaToken, 'LENA') })).status).toBe(200);
    expect((await opds('/opds/v1.2', { authorization: `Bearer ${lenaToken}` })).status).toBe(200);
    // 33 password checks one after another, each a deliberately slow hash: 17 s on a busy machine, past 30 s on a busier one.
  }, 120_000);

  it('pauses a wrong token after 30 tries whatever name it comes with, and only that token', async () => {
    const wrongToken = `smk_revokedtoke1_${'B'.repeat(43)}`;
    const { unauthorized, refused } = await untilRefused((attempt) => basic(wrongToken, `app ${attempt}`));
    expect(unauthorized).toBe(30);
    expect(refused?.status).toBe(429);
    expect((await opds('/opds/v1.2', { authorization: `Bearer ${wrongToken}` })).status).toBe(429);
    // The good token and the administrator's password, from the same address and under the same names, still read.
    expect((await opds('/opds/v1.2', { authorization: basic(readToken, 'app 0') })).status).toBe(200);
    expect((await opds('/opds/v1.2')).status).toBe(200);
    expect((await opds('/opds/v1.2', { authorization: basic(ADMIN_PASSWORD, 'admin') })).status).toBe(200);
  });
});
