import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationRef } from '../src/http/openapi-document.js';
import { requiredScope } from '../src/http/authorize.js';
import { partialMd5 } from '../src/indexer/partial-hash.js';
import { MetadataRepository } from '../src/repositories/metadata.repository.js';
import type { Viewer } from '../src/domain/viewer.js';
import { runAsSystem, runAsViewer } from '../src/services/viewer-context.js';
import type { AppRouter } from '../src/trpc/router.js';
import { epubWithOpf } from './support/metadata-fixtures.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { koreaderClient } from './support/koreader-client.js';
import { comicBuffer, writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Reader restrictions (issue 39) in every transport and list beyond the catalog's own (reader-restrictions.test.ts): a
 * reader limited to 12 against a series rated Mature 17+ gets 404 for it and its books through each REST operation
 * a read credential may use, tRPC, OPDS (feeds, search, shelves, covers), KOReader sync and /epub, and never finds it
 * counted in on-deck, the wanted list, metadata links, statuses, authors, collections, reading lists or want to read.
 */

const admin = BOOTSTRAP_TOKEN;
const PASSWORD = 'reader password 1';
let server: TestServer;
let call: ApiClient;
let scratch = '';
const ids = {
  library: '',
  kids: '',
  mature: '',
  half: '',
  novel: '',
  fable: '',
  kidsBook: '',
  kidsSecond: '',
  matureBook: '',
  halfRated: '',
  halfUnrated: '',
  novelBook: '',
  fableBook: '',
  link: '',
  mixedCollection: '',
  matureCollection: '',
  sharedList: '',
};
/** The reader limited to 12 (unrated books allowed), the one limited to rated books, and one with no restriction. */
const readers = {
  age12: { id: '', token: '', cookie: '' },
  rated: { id: '', token: '', cookie: '' },
  free: { id: '', token: '', cookie: '' },
};

const basic = (token: string) => `Basic ${Buffer.from(`app:${token}`).toString('base64')}`;
const opds = (pathname: string, token: string) =>
  fetch(`${server.url}/opds${pathname}`, { headers: { authorization: basic(token) } });
const asAge12 = (route: string, options: Parameters<ApiClient>[1] = {}) =>
  call(route, { token: readers.age12.token, ...options });
const setAgeMax = async (userId: string, ageMax: number) =>
  expect((await call(`/users/${userId}`, { method: 'PATCH', token: admin, body: { age_max: ageMax } })).status).toBe(
    200,
  );

/** What the age-12 reader must never be shown: the Mature series, its books, its link, its author and status. */
const SECRETS = () => [ids.mature, ids.matureBook, ids.novel, ids.novelBook, ids.link, 'Grim Writer', 'grim-only'];
/** `echoed`: what the request itself named, which an answer may say back (a feed's title). */
const withoutMature = (body: unknown, where: string, echoed: string[] = []) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  for (const secret of SECRETS().filter((secret) => !echoed.includes(secret)))
    expect(text, `${where} shows ${secret}`).not.toContain(secret);
};

async function readerWith(username: string, restrictions: Record<string, unknown>) {
  const created = await call('/users', {
    method: 'POST',
    token: admin,
    body: { username, password: PASSWORD, role: 'reader', library_ids: [ids.library], ...restrictions },
  });
  expect(created.status, created.text).toBe(201);
  const login = await call('/auth/login', { method: 'POST', body: { username, password: PASSWORD } });
  const cookie = sessionCookie(login.headers);
  const token = await call('/tokens', { method: 'POST', cookie, body: { name: 'app', scope: 'read' } });
  expect(token.status).toBe(201);
  return { id: created.body.id as string, token: token.body.token as string, cookie };
}

function epub(title: string): Buffer {
  return epubWithOpf(`<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">${title}</dc:identifier>
    <dc:title>${title}</dc:title><dc:language>en</dc:language></metadata>
  <manifest><item id="c1" href="text.xhtml" media-type="application/xhtml+xml"/></manifest>
  <spine><itemref idref="c1"/></spine>
</package>`);
}

async function scan() {
  const started = await call(`/libraries/${ids.library}/scan`, { method: 'POST', token: admin, body: {} });
  expect(started.status, started.text).toBe(202);
  expect((await waitForJob(call, admin, started.body.id, 60_000)).status).toBe('succeeded');
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  scratch = await mkdtemp(path.join(tmpdir(), 'restrict-'));
  for (const [file, comicInfo] of [
    ['Kids/Kids T01.cbz', { AgeRating: 'Everyone', Writer: 'Kind Writer' }],
    ['Kids/Kids T02.cbz', { AgeRating: 'Everyone 10+', Writer: 'Kind Writer' }],
    ['Mature/Mature T01.cbz', { AgeRating: 'Mature 17+', Writer: 'Grim Writer' }],
    ['Mature/Mature T02.cbz', { AgeRating: 'Mature 17+', Writer: 'Grim Writer' }],
    ['Half/Half T01.cbz', { AgeRating: 'Everyone' }],
    ['Half/Half T02.cbz', null],
  ] as const)
    await writeComic(server.librariesRoot, `lib/${file}`, { pages: 3, ...(comicInfo ? { comicInfo } : {}) });
  for (const title of ['Novel', 'Fable']) {
    await mkdir(path.join(server.librariesRoot, `lib/${title}`), { recursive: true });
    await writeFile(path.join(server.librariesRoot, `lib/${title}/${title}.epub`), epub(title));
  }
  const created = await call('/libraries', { method: 'POST', token: admin, body: { name: 'Lib', root_path: 'lib' } });
  expect(created.status).toBe(201);
  ids.library = created.body.id;
  expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  const all = (await call('/books?sort=series&limit=100', { token: admin })).body.items as any[];
  const of = (series: string) => all.filter((book) => book.series === series);
  [ids.kidsBook, ids.kidsSecond] = of('Kids').map((book) => book.id);
  [ids.matureBook] = of('Mature').map((book) => book.id);
  [ids.halfRated, ids.halfUnrated] = of('Half').map((book) => book.id);
  [ids.novelBook] = of('Novel').map((book) => book.id);
  [ids.fableBook] = of('Fable').map((book) => book.id);
  for (const name of ['Kids', 'Mature', 'Half', 'Novel', 'Fable'] as const)
    ids[name.toLowerCase() as 'kids'] = of(name)[0].series_id;
  expect((await call(`/books/${ids.halfUnrated}`, { token: admin })).body.age_rating_age).toBeNull();
  // The EPUB's rating is the admin's: Novel is Mature, Fable for everyone.
  for (const [book, rating] of [
    [ids.novelBook, 'Mature 17+'],
    [ids.fableBook, 'Everyone'],
  ] as const)
    expect((await call(`/books/${book}`, { method: 'PATCH', token: admin, body: { age_rating: rating } })).status).toBe(
      200,
    );
  // Volumes missing of both Kids and Mature (the wanted list), and a status only Mature has.
  for (const [series, body] of [
    [ids.kids, { total_volumes: 3 }],
    [ids.mature, { total_volumes: 3, status: 'grim-only' }],
  ] as const)
    expect((await call(`/series/${series}`, { method: 'PATCH', token: admin, body })).status).toBe(200);
  const link = await runAsSystem(() =>
    new MetadataRepository(server.container.orm.em.fork(), server.database.kind).upsertLink(
      ids.mature,
      {
        provider: 'nobody',
        externalId: 'grim-1',
        externalUrl: null,
        title: 'Mature',
        confidence: null,
        candidate: { title: 'Mature' },
        totalVolumesExternal: 3,
      },
      'approved',
    ),
  );
  ids.link = link.id;

  readers.age12 = await readerWith('age-12', { age_max: 12, allow_unrated: true });
  readers.rated = await readerWith('rated-only', { age_max: 12, allow_unrated: false });
  readers.free = await readerWith('free', {});

  const collection = async (name: string, seriesIds: string[]) =>
    (await call('/collections', { method: 'POST', token: admin, body: { name, series_ids: seriesIds } })).body
      .id as string;
  ids.mixedCollection = await collection('Mixed', [ids.mature, ids.kids]);
  ids.matureCollection = await collection('Grown-ups', [ids.mature, ids.novel]);
  const list = await call('/reading-lists', {
    method: 'POST',
    token: admin,
    body: { name: 'Everything', book_ids: [ids.matureBook, ids.kidsBook, ids.novelBook] },
  });
  expect(list.status).toBe(201);
  ids.sharedList = list.body.id;
  await call(`/reading-lists/${ids.sharedList}/sharing`, { method: 'PUT', token: admin, body: { shared: true } });

  // While the reader may read Mature (17), they read its first volume, want the series and set its reader settings:
  // then they are limited to 12 again, and all of that stays theirs but out of sight.
  await setAgeMax(readers.age12.id, 17);
  for (const [route, method, body] of [
    [`/books/${ids.matureBook}/progress`, 'PUT', { status: 'read' }],
    [`/books/${ids.kidsBook}/progress`, 'PUT', { status: 'read' }],
    [`/want-to-read/${ids.mature}`, 'PUT', undefined],
    [`/want-to-read/${ids.kids}`, 'PUT', undefined],
  ] as const) {
    const done = await asAge12(route, { method, ...(body ? { body } : {}) });
    expect(done.status, `${route}: ${done.text}`).toBeLessThan(300);
  }
  expect((await asAge12('/books/on-deck')).body.total).toBe(2);
  await setAgeMax(readers.age12.id, 12);
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

type Expectation = 'hidden' | 'list';
interface Case {
  expect: Expectation;
  path: () => string;
  method?: string;
  body?: () => unknown;
  form?: () => FormData;
  check?: (body: any) => void;
}

const cblForm = (xml: string) => {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), 'list.cbl');
  return form;
};

/**
 * Each operation a read credential may use that reads or writes the catalog, as the age-12 reader asks it about the
 * Mature series and its books: `hidden` is a 404, `list` a 200 without any of them.
 */
const CASES: Record<string, Case> = {
  listLibraries: {
    expect: 'list',
    path: () => '/libraries',
    check: (body) => expect(body.items[0]).toMatchObject({ book_count: 5, series_count: 3 }),
  },
  getLibrary: {
    expect: 'list',
    path: () => `/libraries/${ids.library}`,
    check: (body) => expect(body).toMatchObject({ book_count: 5, series_count: 3 }),
  },
  listLibrarySeries: {
    expect: 'list',
    path: () => `/libraries/${ids.library}/series`,
    check: (body) => expect(JSON.stringify(body)).not.toContain('"Mature"'),
  },
  getSeriesMetadata: { expect: 'hidden', path: () => `/libraries/${ids.library}/series/Mature/metadata` },
  listBooks: { expect: 'list', path: () => '/books?limit=100', check: (body) => expect(body.total).toBe(5) },
  listBookFacets: { expect: 'list', path: () => '/books/facets?facet=author&facet=age_max' },
  listOnDeckBooks: {
    expect: 'list',
    path: () => '/books/on-deck',
    check: (body) => expect(body.items.map((b: any) => b.id)).toEqual([ids.kidsSecond]),
  },
  getBook: { expect: 'hidden', path: () => `/books/${ids.matureBook}` },
  downloadBookFile: { expect: 'hidden', path: () => `/books/${ids.novelBook}/file` },
  getBookPages: { expect: 'hidden', path: () => `/books/${ids.matureBook}/pages` },
  getBookPage: { expect: 'hidden', path: () => `/books/${ids.matureBook}/pages/1` },
  getBookThumbnail: { expect: 'hidden', path: () => `/books/${ids.matureBook}/thumbnail` },
  setBookProgress: {
    expect: 'hidden',
    method: 'PUT',
    path: () => `/books/${ids.matureBook}/progress`,
    body: () => ({ status: 'read' }),
  },
  listSeries: { expect: 'list', path: () => '/series?limit=100', check: (body) => expect(body.total).toBe(3) },
  listSeriesFacets: { expect: 'list', path: () => '/series/facets?facet=author&facet=age_max' },
  listSeriesStatuses: { expect: 'list', path: () => '/series/statuses' },
  markSeriesRead: {
    expect: 'hidden',
    method: 'POST',
    path: () => '/series/mark-read',
    body: () => ({ library_id: ids.library, series_name: 'Mature', status: 'read' }),
  },
  getSeries: { expect: 'hidden', path: () => `/series/${ids.mature}` },
  listSeriesBooks: { expect: 'hidden', path: () => `/series/${ids.mature}/books` },
  listSeriesLinks: { expect: 'hidden', path: () => `/series/${ids.mature}/links` },
  getSeriesReaderSettings: { expect: 'hidden', path: () => `/series/${ids.mature}/reader-settings` },
  setSeriesReaderSettings: {
    expect: 'hidden',
    method: 'PUT',
    path: () => `/series/${ids.mature}/reader-settings`,
    body: () => ({ reading_direction: 'rtl' }),
  },
  getSeriesCoverImage: { expect: 'hidden', path: () => `/series/${ids.mature}/cover/image` },
  listMetadataLinks: {
    expect: 'list',
    path: () => `/metadata/links?library_id=${ids.library}`,
    check: (body) => expect(body.items).toEqual([]),
  },
  previewMetadataLink: { expect: 'hidden', path: () => `/metadata/links/${ids.link}/preview` },
  getMissingVolumes: { expect: 'hidden', path: () => `/metadata/missing/${ids.link}` },
  listWanted: {
    expect: 'list',
    path: () => '/wanted?limit=500',
    check: (body) => expect(new Set(body.items.map((item: any) => item.series_id))).toEqual(new Set([ids.kids])),
  },
  listCollections: {
    expect: 'list',
    path: () => '/collections',
    check: (body) => expect(body.items.map((c: any) => [c.name, c.series_count])).toEqual([['Mixed', 1]]),
  },
  getCollection: { expect: 'hidden', path: () => `/collections/${ids.matureCollection}` },
  listCollectionSeries: { expect: 'hidden', path: () => `/collections/${ids.matureCollection}/series` },
  listReadingLists: {
    expect: 'list',
    path: () => '/reading-lists',
    check: (body) => expect(body.items.map((l: any) => [l.name, l.book_count])).toEqual([['Everything', 1]]),
  },
  getReadingList: {
    expect: 'list',
    path: () => `/reading-lists/${ids.sharedList}`,
    check: (body) => expect(body).toMatchObject({ book_count: 1, book_ids: [ids.kidsBook] }),
  },
  listReadingListBooks: {
    expect: 'list',
    path: () => `/reading-lists/${ids.sharedList}/books`,
    check: (body) => expect(body).toMatchObject({ total: 1, items: [{ id: ids.kidsBook }] }),
  },
  exportReadingList: {
    expect: 'list',
    path: () => `/reading-lists/${ids.sharedList}/export`,
    check: (body) => expect(String(body)).toContain('Kids'),
  },
  createReadingList: {
    expect: 'hidden',
    method: 'POST',
    path: () => '/reading-lists',
    body: () => ({ name: 'Mine', book_ids: [ids.kidsBook, ids.matureBook] }),
  },
  importReadingList: {
    expect: 'list',
    method: 'POST',
    path: () => '/reading-lists/import',
    form: () =>
      cblForm(
        '<ReadingList><Name>Imported</Name><Books><Book Series="Kids" Number="1" /><Book Series="Mature" Number="1" /></Books></ReadingList>',
      ),
    check: (body) => expect(body).toMatchObject({ book_ids: [ids.kidsBook], import_report: { matched: 1 } }),
  },
  listWantToRead: {
    expect: 'list',
    path: () => '/want-to-read',
    check: (body) => expect(body).toMatchObject({ total: 1, items: [{ id: ids.kids }] }),
  },
  addWantToRead: { expect: 'hidden', method: 'PUT', path: () => `/want-to-read/${ids.novel}` },
  removeWantToRead: { expect: 'hidden', method: 'DELETE', path: () => `/want-to-read/${ids.mature}` },
};

/** Read operations about no book or series of the catalog (or only about the caller's own things, tested elsewhere). */
const NOT_ABOUT_THE_CATALOG = new Set([
  'logout',
  'getCurrentPrincipal',
  'updateCurrentUser',
  'listTokens',
  'createToken',
  'deleteToken',
  'listFolders',
  'getRemoteCover',
  'getMetadataBatchReport',
  'listMetadataBatchResults',
  'getMetadataRefreshReport',
  'listStatusMappings',
  'listJobs',
  'getJob',
  'streamJobEvents',
  'listPlugins',
  'getReadingListImportReport',
  'matchReadingListImportAgain',
  'chooseReadingListImportCandidate',
  'updateReadingList',
  'deleteReadingList',
  'listSavedFilters',
  'createSavedFilter',
  'getSavedFilter',
  'updateSavedFilter',
  'deleteSavedFilter',
]);

describe('a reader limited to 12 against a series rated Mature 17+, over REST', () => {
  const readOperations = (): OperationRef[] =>
    operations(server.app.spec.document).filter(
      (op) => requiredScope(op.operation.security, server.app.spec.document) === 'read',
    );

  it('has an expectation for every operation a read credential may use', () => {
    const missing = readOperations()
      .map((op) => op.operation.operationId)
      .filter((id) => !(id in CASES) && !NOT_ABOUT_THE_CATALOG.has(id));
    expect(missing).toEqual([]);
  });

  it('gets 404 for the series and its books, and lists and counts without them, in every operation', async () => {
    for (const op of readOperations()) {
      const id = op.operation.operationId;
      const spec = CASES[id];
      if (!spec) continue;
      const result = await asAge12(spec.path(), {
        method: spec.method ?? op.method.toUpperCase(),
        ...(spec.body ? { body: spec.body() } : {}),
        ...(spec.form ? { form: spec.form() } : {}),
      });
      const where = `${id}: ${result.status} ${result.text.slice(0, 300)}`;
      if (spec.expect === 'hidden') expectProblem(result, 404);
      else expect(result.status, where).toBeLessThan(300);
      if (spec.expect === 'list') withoutMature(result.body ?? result.text, id);
      spec.check?.(result.body ?? result.text);
    }
  }, 120_000);

  it('leaves unchanged what the 404s were about', async () => {
    const { progress } = server.container.services;
    expect(await progress.get(readers.age12.id, ids.matureBook)).toMatchObject({ status: 'read', currentPage: 3 });
    await setAgeMax(readers.age12.id, 17);
    try {
      expect((await asAge12('/want-to-read')).body.total).toBe(2);
      expect((await asAge12(`/series/${ids.mature}/reader-settings`)).body.reading_direction).not.toBe('rtl');
      expect((await asAge12(`/books/${ids.matureBook}`)).body.reading_status).toBe('read');
    } finally {
      await setAgeMax(readers.age12.id, 12);
    }
  });

  it('finds the Mature author nowhere: neither by author nor in the author facets', async () => {
    for (const route of ['/series?author=Grim%20Writer', '/books?author=Grim%20Writer']) {
      const found = await asAge12(route);
      expect(found.status, route).toBe(200);
      expect(found.body.total, route).toBe(0);
      expect((await call(route, { token: admin })).body.total, route).toBeGreaterThan(0);
    }
    const facets = await call('/books/facets?facet=author', { token: admin });
    expect(JSON.stringify(facets.body)).toContain('Grim Writer');
  });

  it('finds no metadata link of the Mature series, by library or by its name', async () => {
    const route = `/metadata/links?library_id=${ids.library}&series_name=Mature`;
    expectProblem(await asAge12(route), 404);
    expect((await call(route, { token: admin })).body.items.map((link: any) => link.id)).toEqual([ids.link]);
    const byLibrary = await call(`/metadata/links?library_id=${ids.library}`, { token: admin });
    expect(byLibrary.body.items.map((link: any) => link.id)).toEqual([ids.link]);
  });

  it('keeps on-deck to what the reader may see when filtered by library too', async () => {
    const onDeck = await asAge12(`/books/on-deck?library_id=${ids.library}`);
    expect(onDeck.status, onDeck.text).toBe(200);
    expect(onDeck.body).toMatchObject({ total: 1, items: [{ id: ids.kidsSecond }] });
  });

  it('cannot put a forbidden book into their own reading list', async () => {
    const mine = await asAge12('/reading-lists', { method: 'POST', body: { name: 'Mine', book_ids: [ids.kidsBook] } });
    expect(mine.status).toBe(201);
    for (const book of [ids.matureBook, ids.novelBook])
      expectProblem(
        await asAge12(`/reading-lists/${mine.body.id}`, { method: 'PATCH', body: { book_ids: [ids.kidsBook, book] } }),
        404,
      );
    expect((await asAge12(`/reading-lists/${mine.body.id}`)).body.book_ids).toEqual([ids.kidsBook]);
  });
});

describe('a reader of rated books only, against a series with one unrated book', () => {
  it('sees the series with its rated book alone, counted so', async () => {
    const asRated = (route: string) => call(route, { token: readers.rated.token });
    expectProblem(await asRated(`/books/${ids.halfUnrated}`), 404);
    const books = await asRated(`/series/${ids.half}/books`);
    expect(books.body).toMatchObject({ total: 1, items: [{ id: ids.halfRated }] });
    expect((await asRated(`/books?series=Half`)).body.total).toBe(1);
    const marked = await call('/series/mark-read', {
      method: 'POST',
      token: readers.rated.token,
      body: { library_id: ids.library, series_name: 'Half', status: 'read' },
    });
    expect(marked.body).toEqual({ changed: 1 });
    expect(await server.container.services.progress.get(readers.rated.id, ids.halfUnrated)).toBeNull();
  });
});

describe('a reader limited to 12, over tRPC', () => {
  const client = () =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie: readers.age12.cookie }) })],
    });

  it('answers NOT_FOUND for the Mature series and books, and lists without them', async () => {
    const trpc = client();
    const books = await trpc.books.list.query({ limit: 100 });
    expect(books.total).toBe(5);
    withoutMature(books, 'books.list');
    const series = await trpc.series.list.query({ limit: 100 });
    expect(series.total).toBe(3);
    withoutMature(series, 'series.list');
    withoutMature(await trpc.books.list.query({ q: 'mature' }), 'books.list q');
    withoutMature(await trpc.series.list.query({ q: 'mature' }), 'series.list q');
    withoutMature(await trpc.books.onDeck.query({}), 'books.onDeck');
    withoutMature(await trpc.books.facets.query({ facet: ['author'] }), 'books.facets');
    withoutMature(await trpc.wanted.list.query({}), 'wanted.list');
    withoutMature(await trpc.collections.list.query({}), 'collections.list');
    withoutMature(await trpc.readingLists.books.query({ reading_list_id: ids.sharedList }), 'readingLists.books');
    withoutMature(await trpc.wantToRead.list.query({}), 'wantToRead.list');
    withoutMature(await trpc.metadata.links.query({ library_id: ids.library }), 'metadata.links');
    for (const attempt of [
      () => trpc.books.get.query({ book_id: ids.matureBook }),
      () => trpc.books.get.query({ book_id: ids.novelBook }),
      () => trpc.books.pages.query({ book_id: ids.matureBook }),
      () => trpc.books.setProgress.mutate({ book_id: ids.matureBook, body: { status: 'read' } }),
      () => trpc.series.get.query({ series_id: ids.mature }),
      () => trpc.series.books.query({ series_id: ids.mature }),
      () => trpc.series.readerSettings.query({ series_id: ids.mature }),
      () => trpc.metadata.seriesLinks.query({ series_id: ids.mature }),
      () => trpc.metadata.preview.query({ link_id: ids.link }),
      () => trpc.metadata.missing.query({ link_id: ids.link }),
      () => trpc.collections.get.query({ collection_id: ids.matureCollection }),
      () => trpc.collections.series.query({ collection_id: ids.matureCollection }),
      () => trpc.wantToRead.add.mutate({ series_id: ids.mature }),
    ]) {
      const error = await attempt().then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(TRPCClientError);
      expect((error as TRPCClientError<AppRouter>).data?.code).toBe('NOT_FOUND');
    }
  });
});

describe('a reader limited to 12, over OPDS', () => {
  it('gets 404 for covers and shelves of the Mature series and finds it in no feed, OPDS 2 publications included', async () => {
    // No cover was made for the series (thumbnails are off): a 404 for everyone, the reader's among them.
    expect((await opds(`/series/${ids.mature}/cover`, readers.age12.token)).status).toBe(404);
    for (const route of [
      `/books/${ids.matureBook}/cover`,
      `/books/${ids.novelBook}/file`,
      `/v1.2/collections/${ids.matureCollection}`,
      `/v2/collections/${ids.matureCollection}`,
    ]) {
      expect((await opds(route, readers.age12.token)).status, route).toBe(404);
      expect((await opds(route, admin)).status, route).toBe(200);
    }
    for (const version of ['v1.2', 'v2'])
      for (const route of [
        '',
        '/series',
        `/libraries/${ids.library}`,
        '/recent',
        '/continue',
        '/search?q=mature',
        '/search?q=novel',
        `/series?author=${encodeURIComponent('Grim Writer')}`,
        '/collections',
        `/collections/${ids.mixedCollection}`,
        '/reading-lists',
        `/reading-lists/${ids.sharedList}`,
        '/want-to-read',
      ]) {
        const feed = await opds(`/${version}${route}`, readers.age12.token);
        expect(feed.status, `${version}${route}`).toBe(200);
        withoutMature(await feed.text(), `${version}${route}`, ['Grim Writer']);
      }
    // Where the admin finds them: so their absence above means something.
    expect(await (await opds(`/v2/reading-lists/${ids.sharedList}`, admin)).text()).toContain(ids.matureBook);
    expect(await (await opds('/v2/search?q=novel', admin)).text()).toContain(ids.novelBook);
  });
});

describe('a reader limited to 12, over /epub', () => {
  it('gets 404 for every file of a forbidden EPUB, where an allowed one is served', async () => {
    const get = (book: string, file = '') =>
      fetch(`${server.url}/epub/${book}${file}`, { headers: { authorization: `Bearer ${readers.age12.token}` } });
    for (const file of ['', '/OEBPS/content.opf', '/META-INF/container.xml']) {
      expect((await get(ids.novelBook, file)).status, file).toBe(404);
      expect((await get(ids.fableBook, file)).status, file).toBe(200);
    }
    const asAdmin = await fetch(`${server.url}/epub/${ids.novelBook}/OEBPS/content.opf`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(asAdmin.status).toBe(200);
  });
});

describe('a reader limited to 12, over KOReader sync', () => {
  const koreader = () => koreaderClient(server.url);
  const hashOf = async (bookId: string) => {
    const [row] = await server.container.orm.em
      .fork()
      .getConnection()
      .execute<{ partial_hash: string }[]>('select partial_hash from book_files where book_id = ?', [bookId]);
    return row!.partial_hash;
  };
  const device = { device: 'Kobo', device_id: 'K1' };

  it('answers for a forbidden book’s document as for an unknown one, and leaves its progress alone', async () => {
    const account = { username: readers.age12.token, password: 'x' };
    const mature = await hashOf(ids.matureBook);
    const unknown = 'f'.repeat(32);
    // The reader's own place in Mature (read, while they could read it) is not offered to them.
    const pulled = await koreader().getProgress(account, mature);
    const pulledUnknown = await koreader().getProgress(account, unknown);
    expect(pulled.status).toBe(200);
    expect(pulled.body).toEqual(pulledUnknown.body);
    for (const document of [mature, unknown]) {
      const pushed = await koreader().updateProgress(account, { document, progress: '1', percentage: 0.33, ...device });
      expect(pushed.status, pushed.text).toBe(200);
    }
    // The push is kept as KOReader's record, as any unknown document's; the book's progress is untouched.
    const { progress } = server.container.services;
    expect(await progress.get(readers.age12.id, ids.matureBook)).toMatchObject({ status: 'read', currentPage: 3 });
    const again = await koreader().getProgress(account, mature);
    expect(again.body).toMatchObject({ progress: '1', percentage: 0.33, device: 'Kobo' });
    // As a control: the kids' book's document is synced to the book.
    const kids = await hashOf(ids.kidsSecond);
    await koreader().updateProgress(account, { document: kids, progress: '2', percentage: 0.66, ...device });
    expect(await progress.get(readers.age12.id, ids.kidsSecond)).toMatchObject({ currentPage: 2 });
  });

  it('never attaches a waiting push to a forbidden book a later scan finds', async () => {
    const file = path.join(scratch, 'Later T01.cbz');
    await writeFile(file, await comicBuffer({ pages: 5, comicInfo: { AgeRating: 'Mature 17+' } }));
    const document = await partialMd5(file);
    for (const reader of [readers.age12, readers.free]) {
      const account = { username: reader.token, password: 'x' };
      const pushed = await koreader().updateProgress(account, { document, progress: '4', percentage: 0.8, ...device });
      expect(pushed.status).toBe(200);
    }
    await mkdir(path.join(server.librariesRoot, 'lib/Later'), { recursive: true });
    await copyFile(file, path.join(server.librariesRoot, 'lib/Later/Later T01.cbz'));
    await scan();
    const listed = await call('/books?limit=100', { token: admin });
    const later = listed.body.items.find((book: any) => book.series === 'Later');
    expect(later, JSON.stringify(listed.body.items.map((book: any) => book.series))).toBeDefined();
    expect((await call(`/books/${later.id}`, { token: admin })).body.age_rating_age).toBe(17);
    const { progress } = server.container.services;
    expect(await progress.get(readers.free.id, later.id)).toMatchObject({ currentPage: 4 });
    expect(await progress.get(readers.age12.id, later.id)).toBeNull();
  });
});

describe('the services, for a restricted viewer of every library set by runAsViewer', () => {
  it('hide a collection none of whose series the viewer may see, as for a viewer limited to libraries', async () => {
    // No credential makes this viewer today (a reader's libraries are always listed), but a library limit is not
    // what tells an empty collection from a forbidden one: the restrictions are too.
    const viewer: Viewer = {
      userId: null,
      role: 'reader',
      libraryIds: null,
      restrictions: { ageMax: 12, allowUnrated: true, labelsInclude: [], labelsExclude: [] },
    };
    const { collections } = server.container.services;
    await runAsViewer(viewer, () =>
      RequestContext.create(server.container.orm.em.fork(), async () => {
        await expect(collections.get(ids.matureCollection)).rejects.toMatchObject({ status: 404 });
        await expect(collections.seriesPage(ids.matureCollection, 1, 50)).rejects.toMatchObject({ status: 404 });
        const listed = await collections.page(undefined, 1, 50);
        expect(listed.items.map((item) => item.id)).toEqual([ids.mixedCollection]);
        expect((await collections.get(ids.mixedCollection)).seriesIds).toEqual([ids.kids]);
      }),
    );
  });
});
