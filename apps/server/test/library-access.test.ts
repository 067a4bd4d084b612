import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RequestContext } from '@mikro-orm/core';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../src/database/request-context.js';
import type { Viewer } from '../src/domain/viewer.js';
import { operations } from '../src/http/openapi-document.js';
import { MetadataRepository } from '../src/repositories/metadata.repository.js';
import { runAsSystem, runAsViewer } from '../src/services/viewer-context.js';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Library access for a reader (a user of role `reader`) granted one library of two, through every transport: each REST operation of
 * openapi.yaml, the OPDS 1.2 and 2.0 feeds, search, files, pages and thumbnails, tRPC, and the services themselves.
 * Things of the other library are 404 (never 403), lists leave them out, and no cache (list cache, OPDS ETags and
 * rendered feeds) hands one reader what was computed for another.
 */

const admin = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
const ids = {
  libA: '',
  libB: '',
  seriesA: '',
  seriesB: '',
  bookA: '',
  bookB: '',
  linkB: '',
  jobB: '',
  collectionB: '',
  listB: '',
  /** What reader A may open of them: the collection and the shared list mixing both libraries. */
  collectionMixed: '',
  listShared: '',
  /** Reader B's private saved filter (issue 35). */
  savedFilterB: '',
};
/** API tokens of readers: of library A, of B, another user of A, and of both. */
const tokens = { readerA: '', readerB: '', otherUserA: '', readerAB: '', adminRead: '' };
/** Reader A's session, for tRPC (the admin app's transport). */
let readerCookie = '';
const READER_PASSWORD = 'reader password 1';

const reader = (userId: string | null, libraryIds: string[]): Viewer => ({ userId, role: 'reader', libraryIds });
const basic = (token: string) => `Basic ${Buffer.from(`app:${token}`).toString('base64')}`;
const opds = (pathname: string, token: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/opds${pathname}`, { headers: { authorization: basic(token), ...headers } });

/** A reader granted `libraryIds`, signed in, with a read token of their own. */
async function readerWith(username: string, libraryIds: string[]): Promise<{ token: string; cookie: string }> {
  const created = await call('/users', {
    method: 'POST',
    token: admin,
    body: { username, password: READER_PASSWORD, role: 'reader', library_ids: libraryIds },
  });
  expect(created.status).toBe(201);
  const login = await call('/auth/login', { method: 'POST', body: { username, password: READER_PASSWORD } });
  expect(login.status).toBe(200);
  const cookie = sessionCookie(login.headers);
  const token = await call('/tokens', { method: 'POST', cookie, body: { name: 'app', scope: 'read' } });
  expect(token.status).toBe(201);
  return { token: token.body.token, cookie };
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  for (const name of [
    'a/Alpha/Alpha T01.cbz',
    'a/Alpha/Alpha T02.cbz',
    'b/Bravo/Bravo T01.cbz',
    'b/Bravo/Bravo T02.cbz',
  ])
    await writeComic(server.librariesRoot, name, { pages: 3 });
  await mkdir(path.join(server.librariesRoot, 'c'), { recursive: true });
  for (const [key, folder] of [
    ['libA', 'a'],
    ['libB', 'b'],
  ] as const) {
    const created = await call('/libraries', {
      method: 'POST',
      token: admin,
      body: { name: `Lib ${folder}`, root_path: folder },
    });
    expect(created.status).toBe(201);
    ids[key] = created.body.id;
    if (key === 'libB') ids.jobB = created.body.scan_job.id;
    expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  }
  for (const [lib, series, book] of [
    ['libA', 'seriesA', 'bookA'],
    ['libB', 'seriesB', 'bookB'],
  ] as const) {
    const books = await call(`/books?library_id=${ids[lib]}&sort=series`, { token: admin });
    expect(books.body.items).toHaveLength(2);
    ids[book] = books.body.items[0].id;
    ids[series] = books.body.items[0].series_id;
    // Volume 1 read, volume 2 not yet: the series is in progress, volume 2 on deck.
    await call(`/books/${ids[book]}/progress`, { method: 'PUT', token: admin, body: { status: 'read' } });
  }
  // Something of B for every kind of id a read operation takes: a status and a metadata link.
  // B's series misses volume 3: the wanted list has something of B to leave out.
  await call(`/series/${ids.seriesB}`, {
    method: 'PATCH',
    token: admin,
    body: { status: 'bravo-only', total_volumes: 3 },
  });
  // A genre only B's book has, for the facets to leave out (issue 35).
  const genre = await call(`/books/${ids.bookB}`, { method: 'PATCH', token: admin, body: { genres: ['bravo-only'] } });
  expect(genre.status).toBe(200);
  const link = await runAsSystem(() =>
    new MetadataRepository(server.container.orm.em.fork(), server.database.kind).upsertLink(ids.seriesB, {
      provider: 'nobody',
      externalId: 'x-1',
      externalUrl: null,
      title: 'Bravo',
      confidence: null,
      candidate: { title: 'Bravo' },
      totalVolumesExternal: 3,
    }),
  );
  ids.linkB = link.id;

  const readerA = await readerWith('reader-a', [ids.libA]);
  tokens.readerA = readerA.token;
  readerCookie = readerA.cookie;
  tokens.readerB = (await readerWith('reader-b', [ids.libB])).token;
  tokens.otherUserA = (await readerWith('reader-c', [ids.libA])).token;
  tokens.readerAB = (await readerWith('reader-ab', [ids.libA, ids.libB])).token;
  // Progress is each reader's own: the readers read volume 1 of what they see too, so their series are in progress.
  for (const [reader, books] of [
    [tokens.readerA, [ids.bookA]],
    [tokens.readerB, [ids.bookB]],
    [tokens.readerAB, [ids.bookA, ids.bookB]],
  ] as const) {
    for (const book of books) {
      const read = await call(`/books/${book}/progress`, { method: 'PUT', token: reader, body: { status: 'read' } });
      expect(read.status).toBe(200);
    }
  }
  // The first admin's read token: a reader of every library.
  const adminRead = await call('/tokens', {
    method: 'POST',
    token: admin,
    body: { name: 'admin read', scope: 'read' },
  });
  expect(adminRead.status).toBe(201);
  tokens.adminRead = adminRead.body.token;
  // Collections and reading lists (issue 32): one of B's series alone, one mixing both libraries, a private list of
  // reader B, and a list shared by the admin mixing both.
  const collection = async (name: string, seriesIds: string[]) =>
    (await call('/collections', { method: 'POST', token: admin, body: { name, series_ids: seriesIds, ordered: true } }))
      .body.id as string;
  ids.collectionB = await collection('Second shelf', [ids.seriesB]);
  ids.collectionMixed = await collection('Mixed shelf', [ids.seriesB, ids.seriesA]);
  // Reader B's private list is imported from a .cbl, so it has an import report for the report operations to hide.
  const privateList = await call('/reading-lists/import', {
    method: 'POST',
    token: tokens.readerB,
    form: cblForm(
      '<ReadingList><Name>Second list</Name><Books><Book Series="Bravo" Number="1" /><Book Series="Bravo" Number="9" /></Books></ReadingList>',
    ),
  });
  expect(privateList.status).toBe(201);
  expect(privateList.body).toMatchObject({ book_ids: [ids.bookB], import_report: { matched: 1, missing: 1 } });
  ids.listB = privateList.body.id;
  const sharedList = await call('/reading-lists', {
    method: 'POST',
    token: admin,
    body: { name: 'Mixed list', book_ids: [ids.bookB, ids.bookA] },
  });
  expect(sharedList.status).toBe(201);
  ids.listShared = sharedList.body.id;
  const shared = await call(`/reading-lists/${sharedList.body.id}/sharing`, {
    method: 'PUT',
    token: admin,
    body: { shared: true },
  });
  expect(shared.status).toBe(200);
  const savedFilter = await call('/saved-filters', {
    method: 'POST',
    token: tokens.readerB,
    body: { name: 'Second filter', target: 'series', filter: { genre: ['bravo-only'] } },
  });
  expect(savedFilter.status).toBe(201);
  ids.savedFilterB = savedFilter.body.id;
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

type Expectation = 'hidden' | 'forbidden' | 'list' | 'open';
interface Case {
  expect: Expectation;
  path: () => string;
  body?: () => unknown;
  /** A multipart body (an upload) instead of JSON. */
  form?: () => FormData;
  /** For lists: what must not appear in the answer (B's ids and names). */
  check?: (body: any) => void;
}

/** A `.cbl` as the admin's upload sends it: the file in a `file` part. */
const cblForm = (xml: string) => {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), 'list.cbl');
  return form;
};

const withoutB = (body: unknown) => {
  const text = JSON.stringify(body);
  for (const secret of [ids.libB, ids.seriesB, ids.bookB, ids.linkB, 'Bravo', 'bravo-only', 'Lib b'])
    expect(text).not.toContain(secret);
};

/**
 * Every operation of openapi.yaml as the reader of library A asks it about library B: `hidden` is a 404, `forbidden`
 * a 403 (an operation a read credential may not use at all), `list` a 200 without any of B's things, `open` an
 * operation about no library (answered, without B's things).
 */
const CASES: Record<string, Case> = {
  getHealth: { expect: 'open', path: () => '/health' },
  getAuthStatus: { expect: 'open', path: () => '/auth/status' },
  setupAdmin: { expect: 'open', path: () => '/auth/setup', body: () => ({ username: 'x', password: 'y'.repeat(12) }) },
  login: { expect: 'open', path: () => '/auth/login', body: () => ({ username: 'admin', password: 'wrong' }) },
  logout: { expect: 'open', path: () => '/auth/logout', body: () => ({}) },
  // Single sign-on's redirects (issue 38) are public and about no library: without a provider they lead back home.
  startOidcSignIn: { expect: 'open', path: () => '/auth/oidc/start' },
  finishOidcSignIn: { expect: 'open', path: () => '/auth/oidc/callback?code=x&state=y' },
  endOidcSession: { expect: 'open', path: () => '/auth/oidc/logout' },
  getCurrentPrincipal: { expect: 'open', path: () => '/auth/me' },
  updateCurrentUser: { expect: 'open', path: () => '/auth/me', body: () => ({ locale: 'fr' }) },
  listTokens: { expect: 'open', path: () => '/tokens' },
  createToken: { expect: 'open', path: () => '/tokens', body: () => ({ name: 'x', scope: 'read' }) },
  deleteToken: { expect: 'hidden', path: () => `/tokens/${ids.bookB}` },
  listUsers: { expect: 'forbidden', path: () => '/users' },
  createUser: {
    expect: 'forbidden',
    path: () => '/users',
    body: () => ({ username: 'x', password: READER_PASSWORD, role: 'admin' }),
  },
  getUser: { expect: 'forbidden', path: () => `/users/${ids.bookB}` },
  updateUser: { expect: 'forbidden', path: () => `/users/${ids.bookB}`, body: () => ({ library_ids: [ids.libB] }) },
  deleteUser: { expect: 'forbidden', path: () => `/users/${ids.bookB}` },
  listLibraries: { expect: 'list', path: () => '/libraries' },
  createLibrary: { expect: 'forbidden', path: () => '/libraries', body: () => ({ name: 'x', root_path: 'c' }) },
  getLibrary: { expect: 'hidden', path: () => `/libraries/${ids.libB}` },
  updateLibrary: { expect: 'forbidden', path: () => `/libraries/${ids.libB}`, body: () => ({ name: 'x' }) },
  deleteLibrary: { expect: 'forbidden', path: () => `/libraries/${ids.libB}` },
  scanLibrary: { expect: 'forbidden', path: () => `/libraries/${ids.libB}/scan`, body: () => ({}) },
  listLibrarySeries: { expect: 'hidden', path: () => `/libraries/${ids.libB}/series` },
  updateSeriesMetadata: {
    expect: 'forbidden',
    path: () => `/libraries/${ids.libB}/series/Bravo`,
    body: () => ({ status: 'x' }),
  },
  getSeriesMetadata: { expect: 'hidden', path: () => `/libraries/${ids.libB}/series/Bravo/metadata` },
  previewNamingTemplate: {
    expect: 'forbidden',
    path: () => `/naming-preview?template=${encodeURIComponent('{series} T{volume}.{ext}')}`,
  },
  listFolders: { expect: 'list', path: () => '/folders', check: (body) => expect(body).toEqual([]) },
  listBooks: { expect: 'list', path: () => '/books?limit=100' },
  listOnDeckBooks: { expect: 'list', path: () => '/books/on-deck' },
  getBook: { expect: 'hidden', path: () => `/books/${ids.bookB}` },
  updateBook: { expect: 'forbidden', path: () => `/books/${ids.bookB}`, body: () => ({ title: 'x' }) },
  downloadBookFile: { expect: 'hidden', path: () => `/books/${ids.bookB}/file` },
  getBookPages: { expect: 'hidden', path: () => `/books/${ids.bookB}/pages` },
  getBookPage: { expect: 'hidden', path: () => `/books/${ids.bookB}/pages/1` },
  getBookThumbnail: { expect: 'hidden', path: () => `/books/${ids.bookB}/thumbnail` },
  setBookProgress: { expect: 'hidden', path: () => `/books/${ids.bookB}/progress`, body: () => ({ status: 'read' }) },
  listSeries: { expect: 'list', path: () => '/series?limit=100' },
  listSeriesStatuses: { expect: 'list', path: () => '/series/statuses' },
  markSeriesRead: {
    expect: 'hidden',
    path: () => '/series/mark-read',
    body: () => ({ library_id: ids.libB, series_name: 'Bravo', status: 'read' }),
  },
  getSeries: { expect: 'hidden', path: () => `/series/${ids.seriesB}` },
  updateSeries: { expect: 'forbidden', path: () => `/series/${ids.seriesB}`, body: () => ({ status: 'x' }) },
  listSeriesBooks: { expect: 'hidden', path: () => `/series/${ids.seriesB}/books` },
  listSeriesLinks: { expect: 'hidden', path: () => `/series/${ids.seriesB}/links` },
  getSeriesReaderSettings: { expect: 'hidden', path: () => `/series/${ids.seriesB}/reader-settings` },
  chooseSeriesCover: {
    expect: 'forbidden',
    path: () => `/series/${ids.seriesB}/cover`,
    body: () => ({ source: 'first_book' }),
  },
  // Refused before the uploader reads a byte (authorization comes first, ADR 18).
  uploadSeriesCover: { expect: 'forbidden', path: () => `/series/${ids.seriesB}/cover/image` },
  // Only admins bring books in (issue 37), refused before the uploader reads a byte.
  uploadBookFile: {
    expect: 'forbidden',
    path: () => `/imports/uploads?series_id=${ids.seriesB}`,
    form: () => {
      const form = new FormData();
      form.append('file', new Blob(['PK\u0003\u0004'], { type: 'application/zip' }), 'Bravo 2.cbz');
      return form;
    },
  },
  getSeriesCoverImage: { expect: 'hidden', path: () => `/series/${ids.seriesB}/cover/image` },
  setSeriesReaderSettings: {
    expect: 'hidden',
    path: () => `/series/${ids.seriesB}/reader-settings`,
    body: () => ({ reading_direction: 'rtl' }),
  },
  searchMetadata: {
    expect: 'forbidden',
    path: () => '/metadata/search',
    body: () => ({ library_id: ids.libB, series_name: 'Bravo' }),
  },
  matchMetadata: {
    expect: 'forbidden',
    path: () => '/metadata/match',
    body: () => ({ library_id: ids.libB, series_name: 'Bravo', provider: 'x', external_id: 'y' }),
  },
  approveMetadataLink: { expect: 'forbidden', path: () => `/metadata/approve/${ids.linkB}`, body: () => ({}) },
  rejectMetadataLink: { expect: 'forbidden', path: () => `/metadata/reject/${ids.linkB}`, body: () => ({}) },
  // Any signed-in reader may load a cover the server signed; anything else is a 404, fetched from nowhere.
  getRemoteCover: {
    expect: 'hidden',
    path: () => `/covers/remote?u=${encodeURIComponent('http://127.0.0.1:9/bravo.jpg')}&s=${'0'.repeat(64)}`,
  },
  listMetadataLinks: { expect: 'hidden', path: () => `/metadata/links?library_id=${ids.libB}` },
  previewMetadataLink: { expect: 'hidden', path: () => `/metadata/links/${ids.linkB}/preview` },
  deleteMetadataLink: { expect: 'forbidden', path: () => `/metadata/links/${ids.linkB}` },
  getMissingVolumes: { expect: 'hidden', path: () => `/metadata/missing/${ids.linkB}` },
  startMetadataBatch: { expect: 'forbidden', path: () => '/metadata/batch', body: () => ({ library_id: ids.libB }) },
  getMetadataBatchReport: { expect: 'hidden', path: () => `/metadata/batch/${ids.jobB}/report` },
  listMetadataBatchResults: { expect: 'hidden', path: () => `/metadata/batch/${ids.jobB}/results` },
  startMetadataRefresh: {
    expect: 'forbidden',
    path: () => '/metadata/refresh',
    body: () => ({ library_id: ids.libB }),
  },
  getMetadataRefreshReport: { expect: 'hidden', path: () => `/metadata/refresh/${ids.jobB}/report` },
  listStatusMappings: { expect: 'open', path: () => '/settings/status-mappings' },
  upsertStatusMapping: {
    expect: 'forbidden',
    path: () => '/settings/status-mappings',
    body: () => ({ raw_status: 'x', mapped_status: 'y' }),
  },
  unmapStatusMapping: { expect: 'forbidden', path: () => `/settings/status-mappings/${ids.bookB}` },
  listWanted: { expect: 'list', path: () => '/wanted?limit=500' },
  startReleaseSearch: { expect: 'forbidden', path: () => '/releases/searches', body: () => ({}) },
  listReleaseCandidates: { expect: 'forbidden', path: () => `/releases/candidates?series_id=${ids.seriesB}` },
  grabRelease: { expect: 'forbidden', path: () => '/releases/grab', body: () => ({ candidate_id: ids.bookB }) },
  listReleaseGrabs: { expect: 'forbidden', path: () => '/releases/grabs' },
  // The import queue and history hold every library's arriving files: admins only (issue 37).
  listImports: { expect: 'forbidden', path: () => '/imports' },
  importQueuedFile: {
    expect: 'forbidden',
    path: () => `/imports/${ids.bookB}/import`,
    body: () => ({ series_id: ids.seriesB, volume: 1 }),
  },
  ignoreImport: { expect: 'forbidden', path: () => `/imports/${ids.bookB}/ignore` },
  listImportHistory: { expect: 'forbidden', path: () => '/imports/history' },
  undoImport: { expect: 'forbidden', path: () => `/imports/history/${ids.bookB}/undo` },
  searchReleases: { expect: 'forbidden', path: () => '/releases/search', body: () => ({ query: 'Bravo' }) },
  testReleaseIndexer: { expect: 'forbidden', path: () => '/releases/test', body: () => ({}) },
  getSettings: { expect: 'forbidden', path: () => '/settings' },
  updateSettings: { expect: 'forbidden', path: () => '/settings', body: () => ({}) },
  listBackups: { expect: 'forbidden', path: () => '/backups' },
  startBackup: { expect: 'forbidden', path: () => '/backups', body: () => ({}) },
  downloadBackup: { expect: 'forbidden', path: () => '/backups/shelfmark-2026-11-25T03-00-00.123Z.sqlite' },
  listJobs: { expect: 'list', path: () => '/jobs', check: (body) => expect(body.items).toEqual([]) },
  getJob: { expect: 'hidden', path: () => `/jobs/${ids.jobB}` },
  cancelJob: { expect: 'forbidden', path: () => `/jobs/${ids.jobB}/cancel`, body: () => ({}) },
  streamJobEvents: { expect: 'hidden', path: () => `/jobs/${ids.jobB}/events` },
  listPlugins: { expect: 'open', path: () => '/plugins' },
  listCollections: {
    expect: 'list',
    path: () => '/collections',
    check: (body) => expect(body.items.map((c: any) => [c.name, c.series_count])).toEqual([['Mixed shelf', 1]]),
  },
  createCollection: { expect: 'forbidden', path: () => '/collections', body: () => ({ name: 'x' }) },
  getCollection: { expect: 'hidden', path: () => `/collections/${ids.collectionB}` },
  updateCollection: { expect: 'forbidden', path: () => `/collections/${ids.collectionB}`, body: () => ({ name: 'x' }) },
  deleteCollection: { expect: 'forbidden', path: () => `/collections/${ids.collectionB}` },
  listCollectionSeries: { expect: 'hidden', path: () => `/collections/${ids.collectionB}/series` },
  listReadingLists: {
    expect: 'list',
    path: () => '/reading-lists',
    check: (body) => expect(body.items.map((l: any) => [l.name, l.book_count])).toEqual([['Mixed list', 1]]),
  },
  createReadingList: {
    expect: 'hidden',
    path: () => '/reading-lists',
    body: () => ({ name: 'x', book_ids: [ids.bookA, ids.bookB] }),
  },
  importReadingList: {
    expect: 'open',
    path: () => '/reading-lists/import',
    form: () =>
      cblForm('<ReadingList><Name>Imported</Name><Books><Book Series="Alpha" Number="1" /></Books></ReadingList>'),
  },
  getReadingListImportReport: { expect: 'hidden', path: () => `/reading-lists/${ids.listB}/import-report` },
  matchReadingListImportAgain: { expect: 'hidden', path: () => `/reading-lists/${ids.listB}/import-report/match` },
  chooseReadingListImportCandidate: {
    expect: 'hidden',
    path: () => `/reading-lists/${ids.listB}/import-report/entries/0`,
    body: () => ({ book_id: ids.bookB }),
  },
  getReadingList: { expect: 'hidden', path: () => `/reading-lists/${ids.listB}` },
  exportReadingList: { expect: 'hidden', path: () => `/reading-lists/${ids.listB}/export` },
  updateReadingList: { expect: 'hidden', path: () => `/reading-lists/${ids.listB}`, body: () => ({ name: 'x' }) },
  deleteReadingList: { expect: 'hidden', path: () => `/reading-lists/${ids.listB}` },
  shareReadingList: {
    expect: 'forbidden',
    path: () => `/reading-lists/${ids.listB}/sharing`,
    body: () => ({ shared: true }),
  },
  listReadingListBooks: { expect: 'hidden', path: () => `/reading-lists/${ids.listB}/books` },
  listWantToRead: { expect: 'list', path: () => '/want-to-read' },
  // Issue 35: the facets count only what the reader may see; another reader's saved filter is hidden.
  listSeriesFacets: { expect: 'list', path: () => '/series/facets' },
  listBookFacets: { expect: 'list', path: () => '/books/facets' },
  listSavedFilters: {
    expect: 'list',
    path: () => '/saved-filters',
    check: (body) => expect(body.items.map((f: any) => f.id)).not.toContain(ids.savedFilterB),
  },
  createSavedFilter: {
    expect: 'open',
    path: () => '/saved-filters',
    body: () => ({ name: 'Mine', target: 'series', filter: { genre: ['Action'] } }),
  },
  getSavedFilter: { expect: 'hidden', path: () => `/saved-filters/${ids.savedFilterB}` },
  updateSavedFilter: {
    expect: 'hidden',
    path: () => `/saved-filters/${ids.savedFilterB}`,
    body: () => ({ name: 'x' }),
  },
  deleteSavedFilter: { expect: 'hidden', path: () => `/saved-filters/${ids.savedFilterB}` },
  // Issue 39: labels are the admin's, whose series they are on.
  listLabels: { expect: 'forbidden', path: () => '/labels' },
  getSeriesLabels: { expect: 'forbidden', path: () => `/series/${ids.seriesB}/labels` },
  setSeriesLabels: {
    expect: 'forbidden',
    path: () => `/series/${ids.seriesB}/labels`,
    body: () => ({ labels: ['x'] }),
  },
  editSeriesLabels: {
    expect: 'forbidden',
    path: () => '/series/labels',
    body: () => ({ series_ids: [ids.seriesB], add: ['x'] }),
  },
  addWantToRead: { expect: 'hidden', path: () => `/want-to-read/${ids.seriesB}` },
  removeWantToRead: { expect: 'hidden', path: () => `/want-to-read/${ids.seriesB}` },
};

describe('a reader granted one library of two, over REST', () => {
  const all = () => operations(server.app.spec.document);

  it('has an expectation for every operation of openapi.yaml', () => {
    expect(
      all()
        .map((op) => op.operation.operationId)
        .filter((id) => !(id in CASES)),
    ).toEqual([]);
  });

  it('gets 404 for the other library’s things, lists without them, and 403 only for operations it may not use', async () => {
    for (const op of all()) {
      const id = op.operation.operationId;
      const spec = CASES[id]!;
      const method = op.method.toUpperCase();
      const result = await call(spec.path(), {
        method,
        token: tokens.readerA,
        ...(spec.body ? { body: spec.body() } : {}),
        ...(spec.form ? { form: spec.form() } : {}),
      });
      const where = `${id}: ${result.status} ${result.text.slice(0, 300)}`;
      if (spec.expect === 'hidden') expectProblem(result, 404);
      else if (spec.expect === 'forbidden') expectProblem(result, 403);
      else expect(result.status, where).toBeLessThan(500);
      if (spec.expect === 'list') expect(result.status, where).toBe(200);
      if (spec.expect === 'list' || spec.expect === 'open') withoutB(result.body);
      spec.check?.(result.body);
    }
    // One request per operation of the contract (over 250, and growing): 16 s on a quiet machine, past 120 s once when
    // CI shared the 2 cores with other work. The limit only says how late a hang is reported.
  }, 300_000);

  it("finds nothing in the wanted list when filtering on the other library's things (filters, not 404s)", async () => {
    const result = await call(`/wanted?library_id=${ids.libB}&series_id=${ids.seriesB}`, { token: tokens.readerA });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ total: 0, items: [] });
  });

  it('still sees its own library in full', async () => {
    const asA = (route: string) => call(route, { token: tokens.readerA });
    expect((await asA('/libraries')).body.items.map((l: any) => l.id)).toEqual([ids.libA]);
    // Library-wide counts stay the library's, whoever asks.
    expect((await asA(`/libraries/${ids.libA}`)).body).toMatchObject({ book_count: 2 });
    const books = (await asA('/books?sort=series')).body;
    expect(books.total).toBe(2);
    expect(books.items.every((b: any) => b.library_id === ids.libA)).toBe(true);
    expect((await asA('/books?q=alpha')).body.total).toBe(2);
    expect((await asA('/books?q=bravo')).body.total).toBe(0);
    expect((await asA(`/books?library_id=${ids.libB}`)).body.total).toBe(0);
    expect((await asA('/books/on-deck')).body.items.map((b: any) => b.series_id)).toEqual([ids.seriesA]);
    expect((await asA('/series')).body.items.map((s: any) => s.id)).toEqual([ids.seriesA]);
    for (const route of [
      `/books/${ids.bookA}`,
      `/books/${ids.bookA}/file`,
      `/books/${ids.bookA}/pages/1`,
      `/books/${ids.bookA}/pages`,
      `/series/${ids.seriesA}`,
      `/series/${ids.seriesA}/reader-settings`,
      `/series/${ids.seriesA}/books`,
      `/libraries/${ids.libA}/series`,
    ])
      expect((await asA(route)).status, route).toBe(200);
  });

  it('lets a credential of every library (an admin’s read token) see both, jobs and folders included', async () => {
    expect((await call('/books', { token: tokens.readerAB })).body.total).toBe(4);
    expect((await call('/jobs', { token: tokens.readerAB })).body.total).toBe(0);
    const asEveryLibrary = (route: string) => call(route, { token: tokens.adminRead });
    expect((await asEveryLibrary('/jobs')).body.total).toBeGreaterThan(0);
    expect((await asEveryLibrary('/folders')).status).toBe(200);
    expect((await asEveryLibrary(`/jobs/${ids.jobB}`)).status).toBe(200);
    // B's genre is there to be counted, so its absence from reader A's facets means something.
    for (const route of ['/books/facets', '/series/facets'])
      expect(JSON.stringify((await asEveryLibrary(route)).body), route).toContain('bravo-only');
    expect((await asEveryLibrary('/wanted')).body.items).toContainEqual(
      expect.objectContaining({ series_id: ids.seriesB, volume: 3, status: 'missing' }),
    );
  });
});

describe('a reader granted one library of two, over OPDS', () => {
  it('gets 404 for the other library’s feeds, files, covers and pages', async () => {
    for (const route of [
      `/v1.2/libraries/${ids.libB}`,
      `/v1.2/series/${ids.seriesB}`,
      `/v2/libraries/${ids.libB}`,
      `/v2/series/${ids.seriesB}`,
      `/books/${ids.bookB}/file`,
      `/books/${ids.bookB}/thumbnail`,
      `/books/${ids.bookB}/cover`,
      `/books/${ids.bookB}/pages/0`,
      `/v1.2/collections/${ids.collectionB}`,
      `/v2/collections/${ids.collectionB}`,
      `/v1.2/reading-lists/${ids.listB}`,
      `/v2/reading-lists/${ids.listB}`,
    ]) {
      expect((await opds(route, tokens.readerA)).status, route).toBe(404);
      expect(
        (
          await opds(
            route
              .replace(ids.libB, ids.libA)
              .replace(ids.seriesB, ids.seriesA)
              .replace(ids.bookB, ids.bookA)
              .replace(ids.collectionB, ids.collectionMixed)
              .replace(ids.listB, ids.listShared),
            tokens.readerA,
          )
        ).status,
      ).toBe(200);
    }
  });

  it('lists and searches only the granted library, in both versions', async () => {
    for (const route of [
      '/v1.2',
      '/v1.2/series',
      '/v1.2/recent',
      '/v1.2/continue',
      '/v1.2/search?q=bravo',
      '/v2',
      '/v2/series',
      '/v2/recent',
      '/v2/continue',
      '/v2/search?q=bravo',
      '/v1.2/collections',
      '/v1.2/reading-lists',
      '/v1.2/want-to-read',
      '/v2/collections',
      '/v2/reading-lists',
      '/v2/want-to-read',
    ]) {
      const response = await opds(route, tokens.readerA);
      expect(response.status, route).toBe(200);
      withoutB(await response.text());
    }
    expect(await (await opds('/v1.2/search?q=alpha', tokens.readerA)).text()).toContain(ids.bookA);
  });

  it('never answers one reader with another’s cached feed or a 304 for it', async () => {
    for (const route of ['/v1.2/recent', '/v2/recent', '/v1.2', '/v2/series']) {
      const first = await opds(route, tokens.readerA);
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      expect(await first.text()).not.toContain(ids.bookB);
      // The same reader asking again gets its 304.
      expect((await opds(route, tokens.readerA, { 'if-none-match': etag })).status).toBe(304);
      // Reader B, with A's validators: a full feed of its own library, never A's copy or a 304.
      const asB = await opds(route, tokens.readerB, { 'if-none-match': etag });
      expect(asB.status, route).toBe(200);
      expect(asB.headers.get('etag')).not.toBe(etag);
      const bodyB = await asB.text();
      expect(bodyB).not.toContain(ids.bookA);
      expect(bodyB).not.toContain(ids.libA);
      // Another user of the same library shows their own progress: another ETag as well.
      const other = await opds(route, tokens.otherUserA, { 'if-none-match': etag });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).not.toBe(etag);
    }
  });
});

describe('a reader granted another library', () => {
  it('gets a new ETag and Last-Modified at once, never a 304 or a cached list from before the grant', async () => {
    const { token } = await readerWith('reader-granted-later', [ids.libA]);
    const userId = (await call('/auth/me', { token })).body.user_id as string;
    const before = await opds('/v1.2/recent', token);
    const etag = before.headers.get('etag')!;
    const lastModified = before.headers.get('last-modified')!;
    expect(await before.text()).not.toContain(ids.bookB);
    expect((await call('/books', { token })).body.total).toBe(2);
    // Granting a library writes no book, series or progress: the catalog version does not move.
    const granted = await call(`/users/${userId}`, {
      method: 'PATCH',
      token: admin,
      body: { library_ids: [ids.libA, ids.libB] },
    });
    expect(granted.status).toBe(200);
    const after = await opds('/v1.2/recent', token, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(ids.bookB);
    // Later than the date before the grant; none at all while that date is still ahead of the clock.
    const movedTo = after.headers.get('last-modified');
    if (movedTo !== null) expect(Date.parse(movedTo)).toBeGreaterThan(Date.parse(lastModified));
    expect((await opds('/v1.2/recent', token, { 'if-modified-since': lastModified })).status).toBe(200);
    expect((await call('/books', { token })).body.total).toBe(4);
    // Taken back: the library's things are 404 again, and lists leave them out.
    await call(`/users/${userId}`, { method: 'PATCH', token: admin, body: { library_ids: [ids.libA] } });
    expect((await call(`/books/${ids.bookB}`, { token })).status).toBe(404);
    expect((await opds('/v1.2/recent', token, { 'if-none-match': etag })).status).toBe(304);
    expect((await call('/books', { token })).body.total).toBe(2);
  });
});

describe('a reader a library is taken back from', () => {
  it('gets a feed without it for every date it was sent before, and a date later than all of them', async () => {
    const { token } = await readerWith('reader-revoked-later', [ids.libA]);
    const userId = (await call('/auth/me', { token })).body.user_id as string;
    const grant = async (libraryIds: string[]) =>
      expect(
        (await call(`/users/${userId}`, { method: 'PATCH', token: admin, body: { library_ids: libraryIds } })).status,
      ).toBe(200);
    /** Every Last-Modified this reader was sent. */
    const sent: number[] = [];
    const recent = async (since?: number) => {
      const response = await opds(
        '/v1.2/recent',
        token,
        since === undefined ? {} : { 'if-modified-since': new Date(since).toUTCString() },
      );
      const lastModified = response.headers.get('last-modified');
      return {
        status: response.status,
        body: response.status === 200 ? await response.text() : '',
        lastModified: lastModified === null ? null : Date.parse(lastModified),
      };
    };
    /** A feed after a change: a date later than every one sent before, or none while that is still ahead. */
    const expectNewDate = (lastModified: number | null) => {
      if (lastModified === null) return;
      expect(lastModified).toBeGreaterThan(Math.max(...sent));
      sent.push(lastModified);
    };

    const before = await recent();
    expect(before.lastModified).not.toBeNull();
    sent.push(before.lastModified!);
    await grant([ids.libA, ids.libB]);
    const granted = await recent(before.lastModified!);
    expect(granted.status).toBe(200);
    expect(granted.body).toContain(ids.bookB);
    expectNewDate(granted.lastModified);
    // Taken back at once (within the same second, as a rule, on a quick machine): the reader's first grant again.
    await grant([ids.libA]);
    for (const since of [...sent]) {
      const revoked = await recent(since);
      expect(revoked.status, new Date(since).toUTCString()).toBe(200);
      expect(revoked.body).not.toContain(ids.bookB);
      expect(revoked.body).toContain(ids.bookA);
      if (since === sent[0]) expectNewDate(revoked.lastModified);
    }
    // And taken back from a feed already sent with the library: that date is not 304 either.
    await grant([ids.libA, ids.libB]);
    const again = await recent();
    expect(again.body).toContain(ids.bookB);
    expectNewDate(again.lastModified);
    await grant([ids.libA]);
    for (const since of sent) expect((await recent(since)).status).toBe(200);
    // Nothing changed since: the date just sent (once the clock has reached it) is a 304 again.
    const settled = await recent();
    if (settled.lastModified !== null) expect((await recent(settled.lastModified)).status).toBe(304);
  });
});

describe('a reader a library is taken back from, across two processes on one database (ADR 13)', () => {
  /** A second server on the same database: its own catalog dates in memory, as another process has. */
  let other: TestServer | undefined;
  beforeAll(async () => {
    other = await startTestServer({ database: server.database, worker: false, thumbnails: false });
  });
  afterAll(() => other?.close());

  const fetchRecent = async (url: string, authorization: string, since?: number) => {
    const response = await fetch(`${url}/opds/v1.2/recent`, {
      headers: {
        authorization,
        ...(since === undefined ? {} : { 'if-modified-since': new Date(since).toUTCString() }),
      },
    });
    const lastModified = response.headers.get('last-modified');
    return {
      status: response.status,
      body: response.status === 200 ? await response.text() : '',
      lastModified: lastModified === null ? null : Date.parse(lastModified),
    };
  };
  /** The feed once the server sends its date (none is sent while it is ahead of the clock, for under a second). */
  const dated = async (url: string, authorization: string) => {
    for (;;) {
      const feed = await fetchRecent(url, authorization);
      if (feed.lastModified !== null) return { ...feed, lastModified: feed.lastModified };
      await sleep(50);
    }
  };

  it.each(['token', 'password'] as const)(
    'gets the feed without it from a process that only saw it before the grant (OPDS Basic with a %s)',
    async (credential) => {
      const username = `reader-two-processes-${credential}`;
      const { token } = await readerWith(username, [ids.libA]);
      const authorization =
        credential === 'token'
          ? basic(token)
          : `Basic ${Buffer.from(`${username}:${READER_PASSWORD}`).toString('base64')}`;
      const userId = (await call('/auth/me', { token })).body.user_id as string;
      const grant = async (libraryIds: string[]) =>
        expect(
          (await call(`/users/${userId}`, { method: 'PATCH', token: admin, body: { library_ids: libraryIds } })).status,
        ).toBe(200);

      // The other process shows the reader their catalog before the grant, and remembers that state.
      const before = await dated(other!.url, authorization);
      expect(before.body).not.toContain(ids.bookB);
      expect((await fetchRecent(other!.url, authorization, before.lastModified)).status).toBe(304);
      // Granted, seen and dated through this process, then taken back through it.
      await grant([ids.libA, ids.libB]);
      const granted = await dated(server.url, authorization);
      expect(granted.body).toContain(ids.bookB);
      await grant([ids.libA]);
      // The other process holds the very state the reader is back to; its memory alone would answer 304.
      for (const since of [granted.lastModified, before.lastModified]) {
        const revoked = await fetchRecent(other!.url, authorization, since);
        expect(revoked.status, new Date(since).toUTCString()).toBe(200);
        expect(revoked.body).toContain(ids.bookA);
        expect(revoked.body).not.toContain(ids.bookB);
      }
      // Nothing changed since: the date it now sends is a 304 again.
      const settled = await dated(other!.url, authorization);
      expect(settled.lastModified).toBeGreaterThan(granted.lastModified);
      expect((await fetchRecent(other!.url, authorization, settled.lastModified)).status).toBe(304);
    },
  );
});

describe('the list cache, over REST', () => {
  it('never hands reader B the list or counts computed for reader A', async () => {
    for (const route of ['/books', '/series', '/books/on-deck', '/books?q=a', '/series?reading_status=reading']) {
      const asA = await call(route, { token: tokens.readerA });
      const asB = await call(route, { token: tokens.readerB });
      const both = await call(route, { token: tokens.readerAB });
      expect(JSON.stringify(asA.body), route).not.toContain(ids.libB);
      expect(JSON.stringify(asB.body), route).not.toContain(ids.libA);
      expect(asA.body.total + asB.body.total, route).toBe(both.body.total);
      expect(asB.body.total, route).toBeGreaterThan(0);
    }
  });
});

describe('a reader granted one library of two, over tRPC', () => {
  const client = () =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie: readerCookie }) })],
    });

  it('lists only the granted library and answers NOT_FOUND for the other’s things', async () => {
    const trpc = client();
    expect((await trpc.libraries.list.query({})).items.map((l) => l.id)).toEqual([ids.libA]);
    expect(new Set((await trpc.books.list.query({})).items.map((b) => b.library_id))).toEqual(new Set([ids.libA]));
    expect((await trpc.series.list.query({})).items.map((s) => s.id)).toEqual([ids.seriesA]);
    expect((await trpc.jobs.list.query({})).items).toEqual([]);
    // The facets of what reader A may see: B's genre is counted nowhere.
    for (const facets of [await trpc.series.facets.query({}), await trpc.books.facets.query({})])
      expect(JSON.stringify(facets)).not.toContain('bravo-only');
    for (const attempt of [
      () => trpc.books.get.query({ book_id: ids.bookB }),
      () => trpc.series.get.query({ series_id: ids.seriesB }),
      () => trpc.libraries.get.query({ library_id: ids.libB }),
      () => trpc.jobs.get.query({ job_id: ids.jobB }),
      () => trpc.books.pages.query({ book_id: ids.bookB }),
      () => trpc.series.readerSettings.query({ series_id: ids.seriesB }),
      () => trpc.series.setReaderSettings.mutate({ series_id: ids.seriesB, body: { layout: 'double' } }),
      // Issue 32: collections, another reader's private list and its import report.
      () => trpc.collections.get.query({ collection_id: ids.collectionB }),
      () => trpc.collections.series.query({ collection_id: ids.collectionB }),
      () => trpc.readingLists.get.query({ reading_list_id: ids.listB }),
      () => trpc.readingLists.books.query({ reading_list_id: ids.listB }),
      () => trpc.readingLists.importReport.query({ reading_list_id: ids.listB }),
      () => trpc.readingLists.matchAgain.mutate({ reading_list_id: ids.listB }),
      () =>
        trpc.readingLists.chooseCandidate.mutate({
          reading_list_id: ids.listB,
          entry_index: 0,
          body: { book_id: ids.bookB },
        }),
      () => trpc.readingLists.update.mutate({ reading_list_id: ids.listB, body: { name: 'x' } }),
      () => trpc.wantToRead.add.mutate({ series_id: ids.seriesB }),
      // Issue 35: another reader's saved filter.
      () => trpc.savedFilters.get.query({ saved_filter_id: ids.savedFilterB }),
      () => trpc.savedFilters.update.mutate({ saved_filter_id: ids.savedFilterB, body: { name: 'x' } }),
      () => trpc.savedFilters.remove.mutate({ saved_filter_id: ids.savedFilterB }),
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

describe('live job progress, as a reader', () => {
  /** Jobs no reader may follow: library B's scan, a metadata batch of B, a backup (of every library). */
  const jobs = { scanB: '', batchB: '', backup: '' };
  const cookies = { readerA: '', noLibrary: '', readerAB: '', admin: '' };

  beforeAll(async () => {
    jobs.scanB = ids.jobB;
    const { jobs: service } = server.container.services;
    await withContext(server.container.orm, async () => {
      jobs.batchB = (await service.start('metadata_batch', ids.libB, {})).job.id;
      jobs.backup = (await service.start('backup', null, {})).job.id;
    });
    for (const id of [jobs.batchB, jobs.backup]) await waitForJob(call, admin, id, 60_000);
    cookies.readerA = readerCookie;
    cookies.noLibrary = (await readerWith('reader-of-nothing', [])).cookie;
    cookies.readerAB = (await readerWith('reader-ab-live', [ids.libA, ids.libB])).cookie;
    const login = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    cookies.admin = sessionCookie(login.headers);
  });

  /** Follows a job as the admin app does (tRPC over Server-Sent Events) until its end or an error. */
  function follow(cookie: string, jobId: string): Promise<{ received: unknown[]; error: unknown }> {
    const trpc = createTRPCClient<AppRouter>({
      links: [
        httpSubscriptionLink({
          url: `${server.url}/trpc`,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, cookie } }),
          }),
        }),
      ],
    });
    return new Promise((resolve) => {
      const received: unknown[] = [];
      const subscription = trpc.jobs.events.subscribe(
        { job_id: jobId },
        {
          onData(event) {
            received.push(event.data);
            if (event.data.kind === 'end') {
              subscription.unsubscribe();
              resolve({ received, error: null });
            }
          },
          onError(error) {
            subscription.unsubscribe();
            resolve({ received, error });
          },
          onComplete: () => resolve({ received, error: null }),
        },
      );
    });
  }

  it('answers NOT_FOUND, as jobs.get does, to every reader following any job, and sends no event', async () => {
    for (const [who, cookie] of Object.entries(cookies).filter(([who]) => who !== 'admin')) {
      for (const [kind, jobId] of Object.entries(jobs)) {
        const { received, error } = await follow(cookie, jobId);
        expect(received, `${who} following ${kind}`).toEqual([]);
        expect(error, `${who} following ${kind}`).toBeInstanceOf(TRPCClientError);
        expect((error as TRPCClientError<AppRouter>).data?.code, `${who} following ${kind}`).toBe('NOT_FOUND');
      }
    }
  }, 60_000);

  it('answers 404 over REST’s event stream to a reader of no library', async () => {
    const noLibrary = await readerWith('reader-of-nothing-rest', []);
    for (const jobId of Object.values(jobs)) {
      expectProblem(await call(`/jobs/${jobId}/events`, { token: noLibrary.token }), 404);
    }
  });

  it('still streams every job to its end for a viewer of every library', async () => {
    for (const jobId of Object.values(jobs)) {
      const { received, error } = await follow(cookies.admin, jobId);
      expect(error).toBeNull();
      expect(received.at(-1)).toMatchObject({ kind: 'end', job: { id: jobId } });
    }
  }, 60_000);
});

describe('the services, for a viewer set by runAsViewer', () => {
  it('keep every query to the viewer’s libraries, and an empty grant sees nothing', async () => {
    const { books, series, libraries, bookFiles, jobs } = server.container.services;
    const as = <T>(viewer: Viewer, work: () => Promise<T>) =>
      runAsViewer(viewer, () => RequestContext.create(server.container.orm.em.fork(), work));
    await as(reader(null, [ids.libB]), async () => {
      expect(new Set((await books.page({}, 'title', 1, 50)).items.map((b) => b.libraryId))).toEqual(
        new Set([ids.libB]),
      );
      expect((await series.page({}, 1, 50)).items.map((s) => s.id)).toEqual([ids.seriesB]);
      await expect(books.get(ids.bookA)).rejects.toMatchObject({ status: 404 });
      await expect(bookFiles.locate(ids.bookA)).rejects.toMatchObject({ status: 404 });
      expect((await libraries.page(1, 50)).items.map((view) => view.library.id)).toEqual([ids.libB]);
    });
    await as(reader(null, []), async () => {
      expect((await books.page({}, 'title', 1, 50)).total).toBe(0);
      expect((await series.page({}, 1, 50)).total).toBe(0);
      expect((await libraries.page(1, 50)).total).toBe(0);
      expect((await jobs.page({}, 1, 50)).total).toBe(0);
      await expect(series.get(ids.seriesA)).rejects.toMatchObject({ status: 404 });
      await expect(series.details({ id: ids.seriesA })).rejects.toMatchObject({ status: 404 });
      await expect(series.details({ libraryId: ids.libA, name: 'Alpha' })).rejects.toMatchObject({ status: 404 });
      await expect(libraries.get(ids.libA)).rejects.toMatchObject({ status: 404 });
      await expect(bookFiles.thumbnail(ids.bookA)).rejects.toMatchObject({ status: 404 });
      await expect(server.container.services.metadata.missing(ids.linkB)).rejects.toMatchObject({ status: 404 });
      expect(await series.statuses()).not.toContain('bravo-only');
    });
    // Work that names the system (jobs, watchers, start-up) sees everything.
    expect(await withContext(server.container.orm, async () => (await books.page({}, 'title', 1, 50)).total)).toBe(4);
  });

  it('refuse to answer outside any viewer instead of seeing everything', async () => {
    const { books, series, libraries, jobs } = server.container.services;
    const outside = <T>(work: () => Promise<T>) => RequestContext.create(server.container.orm.em.fork(), work);
    for (const [name, work] of Object.entries<() => Promise<unknown>>({
      'books.page': () => books.page({}, 'title', 1, 50),
      'books.get': () => books.get(ids.bookB),
      'series.page': () => series.page({}, 1, 50),
      'libraries.page': () => libraries.page(1, 50),
      'jobs.get': () => jobs.get(ids.jobB),
      'jobs.page': () => jobs.page({}, 1, 50),
    })) {
      await expect(outside(work), name).rejects.toThrow(/without a viewer/);
    }
  });
});
