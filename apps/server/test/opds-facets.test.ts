import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { atomParser, basic, type AtomEntry, type AtomFeed, type AtomLink } from './support/opds-client.js';
import { validateAtom, validateOpds2 } from './support/opds-validators.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Facets of the OPDS feeds of series (issue 35): genre, publisher and read state with their counts (OPDS 1.2 facet
 * links with thr:count, OPDS 2.0 `facets`), the filters their links write, and an author's feed reached from every
 * book's credits. The metadata comes from the files' ComicInfo through a real scan; a second, small library is
 * there only to be hidden from a one-library reader.
 */
const admin: string = BOOTSTRAP_TOKEN;
const FACET = 'http://opds-spec.org/facet';
/** Quotes, markup, a path climbing out, a query's own characters and two scripts (no `,` or `;`: ComicInfo splits on them). */
const HOSTILE_AUTHOR = `O'Brien "Q" <script>alert(1)</script> ../../../api/v1/users?x=1&y=2#frag + 100% 山田太郎 🎭`;
const HOSTILE_PUBLISHER = `Éditions "Ça" & <Fils> ../../etc/passwd`;

const BOOKS: Record<string, Record<string, string>> = {
  'shelf/Asterix/Asterix T01.cbz': {
    Genre: 'Humour, Aventure',
    Publisher: 'Dargaud',
    Writer: 'René Goscinny',
    Penciller: 'Albert Uderzo',
  },
  'shelf/Asterix/Asterix T02.cbz': { Genre: 'Humour, Aventure', Publisher: 'Dargaud', Writer: 'René Goscinny' },
  'shelf/Blake/Blake T01.cbz': { Genre: 'Aventure', Publisher: HOSTILE_PUBLISHER, Writer: 'Edgar P. Jacobs' },
  'shelf/Lucky Luke/Lucky Luke T01.cbz': { Genre: 'Western, Humour', Publisher: 'Dupuis', Writer: 'René Goscinny' },
  'shelf/Ombres/Ombres T01.cbz': { Genre: 'Horreur', Publisher: 'Glénat', Writer: HOSTILE_AUTHOR },
  'hidden/Secret/Secret T01.cbz': { Genre: 'Aventure, Espionnage', Publisher: 'Dargaud', Writer: 'René Goscinny' },
};

let server: TestServer;
let call: ApiClient;
let readerToken = '';
const ids = { shelf: '', hidden: '', asterix: '', ombres: '' };
const atomDocuments = new Map<string, string>();
const opds2Documents = new Map<string, unknown>();

function get(pathname: string, token = admin, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(pathname, server.url), { headers: { authorization: basic(token), ...headers } });
}

async function atom(pathname: string, token = admin): Promise<{ feed: AtomFeed; xml: string }> {
  const response = await get(pathname, token);
  const xml = await response.text();
  expect(response.status, `${pathname}: ${xml}`).toBe(200);
  atomDocuments.set(`${pathname} ${token === admin ? 'admin' : 'reader'}`, xml);
  return { feed: atomParser.parse(xml).feed as AtomFeed, xml };
}

async function opds2(pathname: string, token = admin): Promise<any> {
  const response = await get(pathname, token);
  expect(response.status, pathname).toBe(200);
  const document = await response.json();
  opds2Documents.set(`${pathname} ${token === admin ? 'admin' : 'reader'}`, document);
  return document;
}

const titles = (feed: AtomFeed) => (feed.entry ?? []).map((entry) => entry.title).sort();
const facetLinks = (feed: AtomFeed) => feed.link.filter((link) => link.rel === FACET);

/** Each facet group's facets as `title: count`, the active ones starred. */
function groups(feed: AtomFeed): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const link of facetLinks(feed)) {
    const count = link['thr:count'] === undefined ? '' : `: ${link['thr:count']}`;
    const active = link['opds:activeFacet'] === 'true' ? '*' : '';
    (result[link['opds:facetGroup']!] ??= []).push(`${active}${link.title}${count}`);
  }
  return result;
}

function facet(feed: AtomFeed, group: string, title: string): AtomLink {
  const found = facetLinks(feed).find((link) => link['opds:facetGroup'] === group && link.title === title);
  expect(found, `${group} ${title}`).toBeDefined();
  return found!;
}

/** The facets GET /series/facets answers for the same filter, as `value: count` (what OPDS must show). */
async function restCounts(query: string, name: 'genre' | 'publisher', token = admin): Promise<string[]> {
  const result = await call(`/series/facets?${query}${query ? '&' : ''}facet=${name}`, { token });
  expect(result.status, result.text).toBe(200);
  return (result.body[name] as { value: string; count: number }[]).map(({ value, count }) => `${value}: ${count}`);
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  for (const [file, comicInfo] of Object.entries(BOOKS))
    await writeComic(server.librariesRoot, file, {
      pages: 2,
      comicInfo: { Series: file.split('/')[1]!, ...comicInfo },
    });
  for (const key of ['shelf', 'hidden'] as const) {
    const created = await call('/libraries', { method: 'POST', token: admin, body: { name: key, root_path: key } });
    expect(created.status).toBe(201);
    ids[key] = created.body.id;
    expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  }
  const series = await call(`/series?library_id=${ids.shelf}`, { token: admin });
  for (const item of series.body.items) {
    if (item.name === 'Asterix') ids.asterix = item.id;
    if (item.name === 'Ombres') ids.ombres = item.id;
  }
  const credentials = { username: 'mia', password: 'mia reads comics 1' };
  const user = await call('/users', {
    method: 'POST',
    token: admin,
    body: { ...credentials, role: 'reader', library_ids: [ids.shelf] },
  });
  expect(user.status).toBe(201);
  const cookie = sessionCookie((await call('/auth/login', { method: 'POST', body: credentials })).headers);
  const token = await call('/tokens', { method: 'POST', cookie, body: { name: 'Thorium', scope: 'read' } });
  expect(token.status).toBe(201);
  readerToken = token.body.token;
}, 180_000);
afterAll(() => server?.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('OPDS 1.2 facet links', () => {
  it("give a library's feed genre, publisher and read state, counted by the facet service", async () => {
    const { feed, xml } = await atom(`/opds/v1.2/libraries/${ids.shelf}`);
    expect(xml).toMatch(/xmlns:opds="http:\/\/opds-spec\.org\/2010\/catalog"/);
    expect(xml).toMatch(/xmlns:thr="http:\/\/purl\.org\/syndication\/thread\/1\.0"/);
    const { Publisher: publishers, ...others } = groups(feed);
    expect(others).toEqual({
      Genre: ['*All genres', 'Aventure: 2', 'Humour: 2', 'Horreur: 1', 'Western: 1'],
      'Read state': ['*Read or not', 'Unread: 4', 'In progress: 0', 'Read: 0'],
    });
    // Ties in the databases' own text order (where É falls is theirs).
    expect(publishers!.sort()).toEqual(
      ['*All publishers', 'Dargaud: 1', 'Dupuis: 1', 'Glénat: 1', `${HOSTILE_PUBLISHER}: 1`].sort(),
    );
    // The very counts of GET /series/facets (most frequent first), facet for facet.
    const shown = (group: string) =>
      facetLinks(feed)
        .filter((link) => link['opds:facetGroup'] === group && link['thr:count'] !== undefined)
        .map((link) => `${link.title}: ${link['thr:count']}`);
    expect(shown('Genre')).toEqual(await restCounts(`library_id=${ids.shelf}`, 'genre'));
    expect(shown('Publisher')).toEqual(await restCounts(`library_id=${ids.shelf}`, 'publisher'));
    for (const link of facetLinks(feed)) {
      expect(link.href.startsWith(`/opds/v1.2/libraries/${ids.shelf}`), link.href).toBe(true);
      expect(link.type).toBe('application/atom+xml;profile=opds-catalog;kind=navigation');
    }
    // Across libraries, the admin counts both.
    const all = (await atom('/opds/v1.2/series')).feed;
    expect(groups(all).Genre).toEqual([
      '*All genres',
      'Aventure: 3',
      'Humour: 2',
      'Espionnage: 1',
      'Horreur: 1',
      'Western: 1',
    ]);
  });

  it('filter the feed when followed, keep the other chosen facets, and clear one group with its "All"', async () => {
    const start = (await atom(`/opds/v1.2/libraries/${ids.shelf}`)).feed;
    const humour = await atom(facet(start, 'Genre', 'Humour').href);
    expect(titles(humour.feed)).toEqual(['Asterix', 'Lucky Luke']);
    expect(groups(humour.feed).Genre).toEqual(['All genres', 'Aventure: 2', '*Humour: 2', 'Horreur: 1', 'Western: 1']);
    expect(groups(humour.feed).Publisher).toEqual(['*All publishers', 'Dargaud: 1', 'Dupuis: 1']);
    expect(humour.feed.link.find((link) => link.rel === 'self')!.href).toBe(
      `/opds/v1.2/libraries/${ids.shelf}?genre=Humour`,
    );
    // The active facet's link is the feed as it is.
    expect(facet(humour.feed, 'Genre', 'Humour').href).toBe(`/opds/v1.2/libraries/${ids.shelf}?genre=Humour`);

    const dupuis = await atom(facet(humour.feed, 'Publisher', 'Dupuis').href);
    expect(titles(dupuis.feed)).toEqual(['Lucky Luke']);
    expect(facet(dupuis.feed, 'Publisher', 'Dupuis')['opds:activeFacet']).toBe('true');
    expect(facet(dupuis.feed, 'Genre', 'Humour')['opds:activeFacet']).toBe('true');
    // Another genre replaces Humour and keeps Dupuis: Western under Dupuis is Lucky Luke again, Aventure nothing.
    const western = await atom(facet(dupuis.feed, 'Genre', 'Western').href);
    expect(titles(western.feed)).toEqual(['Lucky Luke']);
    expect(western.feed.link.find((link) => link.rel === 'self')!.href).toBe(
      `/opds/v1.2/libraries/${ids.shelf}?genre=Western&publisher=Dupuis`,
    );
    // Under Dupuis, only Lucky Luke's genres are left to choose.
    expect(groups(dupuis.feed).Genre).toEqual(['All genres', '*Humour: 1', 'Western: 1']);
    // "All genres" keeps the publisher only.
    const anyGenre = await atom(facet(dupuis.feed, 'Genre', 'All genres').href);
    expect(anyGenre.feed.link.find((link) => link.rel === 'self')!.href).toBe(
      `/opds/v1.2/libraries/${ids.shelf}?publisher=Dupuis`,
    );
    // A hostile publisher round-trips through its link.
    const hostile = await atom(facet(start, 'Publisher', HOSTILE_PUBLISHER).href);
    expect(titles(hostile.feed)).toEqual(['Blake']);
    expect(facet(hostile.feed, 'Publisher', HOSTILE_PUBLISHER)['opds:activeFacet']).toBe('true');
  });

  it("count only a one-library reader's series, and their own read state", async () => {
    const marked = await call('/series/mark-read', {
      method: 'POST',
      token: readerToken,
      body: { library_id: ids.shelf, series_name: 'Asterix', status: 'read' },
    });
    expect(marked.status, marked.text).toBe(200);
    const { feed } = await atom('/opds/v1.2/series', readerToken);
    expect(titles(feed)).toEqual(['Asterix', 'Blake', 'Lucky Luke', 'Ombres']);
    expect(groups(feed).Genre).toEqual(['*All genres', 'Aventure: 2', 'Humour: 2', 'Horreur: 1', 'Western: 1']);
    expect(groups(feed)['Read state']).toEqual(['*Read or not', 'Unread: 3', 'In progress: 0', 'Read: 1']);
    expect(groups(feed).Genre!.slice(1)).toEqual(await restCounts('', 'genre', readerToken));
    const read = await atom(facet(feed, 'Read state', 'Read').href, readerToken);
    expect(titles(read.feed)).toEqual(['Asterix']);
    // Within the read ones, the genres count only those.
    expect(groups(read.feed).Genre).toEqual(['*All genres', 'Aventure: 1', 'Humour: 1']);
    // The admin's read state is their own (they read nothing).
    expect(groups((await atom('/opds/v1.2/series')).feed)['Read state']).toEqual([
      '*Read or not',
      'Unread: 5',
      'In progress: 0',
      'Read: 0',
    ]);
    // A filter on what the reader may not see shows nothing of it.
    const spy = await atom('/opds/v1.2/series?genre=Espionnage', readerToken);
    expect(titles(spy.feed)).toEqual([]);
    expect(groups(spy.feed).Genre).toContain('*Espionnage: 0');
    expect((await get(`/opds/v1.2/libraries/${ids.hidden}?genre=Aventure`, readerToken)).status).toBe(404);
  });
});

describe("an author's feed", () => {
  it('is linked from every book entry (atom:uri) and lists the series credited to them', async () => {
    const { feed } = await atom(`/opds/v1.2/series/${ids.asterix}`);
    const entry = feed.entry![0] as AtomEntry & { author: { name: string; uri: string }[] };
    expect(entry.author.map((author) => author.name)).toEqual(['René Goscinny', 'Albert Uderzo']);
    const goscinny = entry.author[0]!;
    expect(goscinny.uri).toBe('/opds/v1.2/series?author=Ren%C3%A9%20Goscinny');
    const theirs = await atom(goscinny.uri);
    expect(theirs.feed.title).toBe('Series by René Goscinny');
    expect(titles(theirs.feed)).toEqual(['Asterix', 'Lucky Luke', 'Secret']);
    expect(titles((await atom(goscinny.uri, readerToken)).feed)).toEqual(['Asterix', 'Lucky Luke']);
    // Its facets keep the author: following one narrows their series.
    const western = await atom(facet(theirs.feed, 'Genre', 'Western').href);
    expect(titles(western.feed)).toEqual(['Lucky Luke']);
    expect(western.feed.title).toBe('Series by René Goscinny');
  });

  it('is linked from every contributor in OPDS 2.0 and lists the same series', async () => {
    const document = await opds2(`/opds/v2/series/${ids.asterix}`);
    const metadata = document.publications[0].metadata;
    expect(metadata.author).toEqual([
      {
        name: 'René Goscinny',
        links: [{ href: '/opds/v2/series?author=Ren%C3%A9%20Goscinny', type: 'application/opds+json' }],
      },
    ]);
    expect(metadata.penciler[0].links[0].href).toBe('/opds/v2/series?author=Albert%20Uderzo');
    const theirs = await opds2(metadata.author[0].links[0].href);
    expect(theirs.metadata.title).toBe('Series by René Goscinny');
    expect(theirs.navigation.map((link: any) => link.title).sort()).toEqual(['Asterix', 'Lucky Luke', 'Secret']);
  });

  it('carries a hostile name safely: encoded in the query, never a path, and back whole', async () => {
    const { feed, xml } = await atom(`/opds/v1.2/series/${ids.ombres}`);
    const entry = feed.entry![0] as AtomEntry & { author: { name: string; uri: string }[] };
    expect(entry.author[0]!.name).toBe(HOSTILE_AUTHOR);
    const uri = entry.author[0]!.uri;
    expect(uri).toBe(`/opds/v1.2/series?author=${encodeURIComponent(HOSTILE_AUTHOR)}`);
    expect(uri).not.toMatch(/[<>" #]|\.\.\//);
    expect(xml).not.toContain('<script>');
    // Resolved against the feed's own address, it stays the OPDS series feed.
    const resolved = new URL(uri, `${server.url}/opds/v1.2/series/${ids.ombres}`);
    expect(resolved.pathname).toBe('/opds/v1.2/series');
    expect(resolved.searchParams.getAll('author')).toEqual([HOSTILE_AUTHOR]);
    const theirs = await atom(uri);
    expect(theirs.feed.title).toBe(`Series by ${HOSTILE_AUTHOR}`);
    expect(titles(theirs.feed)).toEqual(['Ombres']);
    // Their facets and paging keep the name as it was.
    for (const link of theirs.feed.link.filter(
      (link) => link.rel !== 'search' && link.rel !== 'start' && link.rel !== 'up',
    ))
      expect(new URL(link.href, server.url).searchParams.getAll('author'), link.href).toEqual([HOSTILE_AUTHOR]);
    const v2 = await opds2(`/opds/v2/series/${ids.ombres}`);
    const href = v2.publications[0].metadata.author[0].links[0].href as string;
    expect(new URL(href, server.url).pathname).toBe('/opds/v2/series');
    const v2Theirs = await opds2(href);
    expect(v2Theirs.metadata.title).toBe(`Series by ${HOSTILE_AUTHOR}`);
    expect(v2Theirs.navigation.map((link: any) => link.title)).toEqual(['Ombres']);
    // A name that looks like a path is only a name nobody has.
    expect(titles((await atom('/opds/v1.2/series?author=..%2F..%2Fapi%2Fv1%2Fusers')).feed)).toEqual([]);
  });
});

describe('filter parameters', () => {
  it('refuse bad values with a 400 problem before any validator, in both versions', async () => {
    const current = await get('/opds/v1.2/series');
    const etag = current.headers.get('etag')!;
    for (const [query, parameter] of [
      ['reading_status=maybe', 'reading_status'],
      ['reading_status=read&reading_status=unread', 'reading_status'],
      ['genre=', 'genre'],
      [`genre=${'x'.repeat(201)}`, 'genre'],
      ['publisher=a%00b', 'publisher'],
      ['author[name]=x', 'author'],
      [Array.from({ length: 21 }, (_, i) => `genre=g${i}`).join('&'), 'genre'],
      ['page=0&genre=Humour', 'page'],
    ] as const) {
      for (const version of ['v1.2', 'v2']) {
        const response = await get(`/opds/${version}/series?${query}`, admin, { 'if-none-match': '*' });
        const text = await response.text();
        expectProblem({ status: response.status, headers: response.headers, text, body: JSON.parse(text) }, 400);
        expect(JSON.parse(text).errors[0].path, query).toBe(`/query/${parameter}`);
        // None of the feed's validators (Last-Modified is only theirs: an error's own ETag is Express's).
        expect(response.headers.get('last-modified')).toBeNull();
      }
    }
    // A good one is answered from the app's copy as before.
    expect((await get('/opds/v1.2/series', admin, { 'if-none-match': etag })).status).toBe(304);
  });

  it('give each filtered feed its own ETag, answered with 304 until the catalog changes', async () => {
    const path = '/opds/v1.2/series?reading_status=read';
    const first = await get(path, readerToken);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).not.toBe((await get('/opds/v1.2/series', readerToken)).headers.get('etag'));
    expect(etag).not.toBe((await get('/opds/v1.2/series?reading_status=unread', readerToken)).headers.get('etag'));
    expect((await get(path, readerToken, { 'if-none-match': etag })).status).toBe(304);
    const marked = await call('/series/mark-read', {
      method: 'POST',
      token: readerToken,
      body: { library_id: ids.shelf, series_name: 'Blake', status: 'read' },
    });
    expect(marked.status, marked.text).toBe(200);
    const after = await get(path, readerToken, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const xml = await after.text();
    expect(titles(atomParser.parse(xml).feed as AtomFeed)).toEqual(['Asterix', 'Blake']);
  });
});

describe('OPDS 2.0 facets', () => {
  it('are groups with a title and links counted in numberOfItems, the active one rel self', async () => {
    const document = await opds2(`/opds/v2/libraries/${ids.shelf}?genre=Humour`);
    expect(document.facets.map((group: any) => group.metadata.title)).toEqual(['Genre', 'Publisher', 'Read state']);
    const genre = document.facets[0].links;
    expect(genre.map((link: any) => [link.title, link.properties?.numberOfItems ?? null, link.rel ?? null])).toEqual([
      ['All genres', null, null],
      ['Aventure', 2, null],
      ['Humour', 2, 'self'],
      ['Horreur', 1, null],
      ['Western', 1, null],
    ]);
    expect(genre[1].href).toBe(`/opds/v2/libraries/${ids.shelf}?genre=Aventure`);
    const followed = await opds2(genre[4].href);
    expect(followed.navigation.map((link: any) => link.title)).toEqual(['Lucky Luke']);
    await opds2('/opds/v2/series');
    await opds2(`/opds/v2/series?author=${encodeURIComponent(HOSTILE_AUTHOR)}`);
    await opds2('/opds/v2/series?genre=Espionnage', readerToken);
  });
});

describe('every document', () => {
  it('of OPDS 1.2 validates with jing', async () => {
    expect(atomDocuments.size).toBeGreaterThan(5);
    expect(await validateAtom(atomDocuments)).toEqual([]);
  });

  it('of OPDS 2.0 validates against the OPDS 2.0 JSON schemas', async () => {
    expect(opds2Documents.size).toBeGreaterThan(4);
    expect(await validateOpds2(opds2Documents)).toEqual([]);
  });
});
