import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Series } from '../src/entities/series.entity.js';
import { StatusMapping } from '../src/entities/status-mapping.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { SCRIPTED_PLUGINS } from './support/scripted-provider.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let shelfId: string;
let secondId: string;

/** Folder names that are awkward in a URL path; each becomes a series. `/` cannot be in a folder name: see below. */
const AWKWARD_NAMES = [
  'Les Légendaires',
  '100% Manga',
  'What If?',
  '#1 Crush',
  'C++ Primer',
  'Rock \'n\' "Roll"',
  'Plus+Minus Space',
];

async function scan(libraryId: string) {
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
}

async function series(query: Record<string, string> = {}) {
  const result = await call('/series', { token, query });
  expect(result.status, result.text).toBe(200);
  return result.body as { items: any[]; total: number; page: number; limit: number };
}
const names = (page: { items: any[] }) => page.items.map((item) => item.name);
const seriesPath = (libraryId: string, name: string) => `/libraries/${libraryId}/series/${encodeURIComponent(name)}`;

beforeAll(async () => {
  // The scripted providers let a link be recorded without reaching any outside service.
  server = await startTestServer({ thumbnails: false, env: { SHELFMARK_PLUGINS: SCRIPTED_PLUGINS.join(',') } });
  call = apiClient(server.url);
  const shelf = path.join(server.librariesRoot, 'shelf');
  for (const name of AWKWARD_NAMES) await writeComic(shelf, `${name}/${name} T01.cbz`, { pages: 2 });
  for (const n of [2, 3]) await writeComic(shelf, `Les Légendaires/Les Légendaires T0${n}.cbz`, { pages: 2 });
  await writeComic(shelf, 'Saga/Saga 001.cbz', { pages: 2 });
  await writeComic(shelf, 'Saga/Saga 002-004.cbz', { pages: 2 });
  await writeComic(shelf, 'Saga/Saga HS.cbz', { pages: 2 });
  await writeComic(shelf, 'Unclassified.cbz', { pages: 2 });
  await writeComic(path.join(server.librariesRoot, 'second'), 'Saga/Saga 001.cbz', { pages: 2 });
  shelfId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body.id;
  secondId = (await call('/libraries', { method: 'POST', token, body: { name: 'Second', root_path: 'second' } })).body
    .id;
  await scan(shelfId);
  await scan(secondId);
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('GET /libraries/{library_id}/series', () => {
  it('lists the series of one library by name, with their counts', async () => {
    const result = await call(`/libraries/${shelfId}/series`, { token });
    expect(result.status).toBe(200);
    expect(result.body.total).toBe(AWKWARD_NAMES.length + 1);
    const saga = result.body.items.find((item: any) => item.name === 'Saga');
    expect(saga).toMatchObject({
      library_id: shelfId,
      book_count: 3,
      read_count: 0,
      reading_status: 'unread',
      status: null,
      total_volumes: null,
      owned_count: 4,
      missing_count: 0,
    });
    expect(saga.cover_url).toMatch(/^\/api\/v1\/books\/[0-9a-f-]{36}\/thumbnail$/);
    const sorted = result.body.items.map((item: any) => item.name);
    expect(sorted[0]).toBe('#1 Crush');
    expect(sorted).toContain('Les Légendaires');
  });

  it('matches q on the name, without regard to case or accents', async () => {
    const result = await call(`/libraries/${shelfId}/series`, { token, query: { q: 'LEGENDAIRES' } });
    expect(result.body.items.map((item: any) => item.name)).toEqual(['Les Légendaires']);
    const percent = await call(`/libraries/${shelfId}/series`, { token, query: { q: '100%' } });
    expect(percent.body.items.map((item: any) => item.name)).toEqual(['100% Manga']);
  });

  it('pages, and answers 404 for an unknown library and 400 for bad parameters', async () => {
    const page2 = await call(`/libraries/${shelfId}/series`, { token, query: { limit: '3', page: '2' } });
    expect(page2.body).toMatchObject({ total: AWKWARD_NAMES.length + 1, page: 2, limit: 3 });
    expect(page2.body.items).toHaveLength(3);
    const past = await call(`/libraries/${shelfId}/series`, { token, query: { page: '99' } });
    expect(past.body).toMatchObject({ items: [], total: AWKWARD_NAMES.length + 1 });
    expectProblem(await call('/libraries/0b5b7c4e-1111-4222-8333-944445555666/series', { token }), 404);
    expectProblem(await call(`/libraries/${shelfId}/series`, { token, query: { limit: '0' } }), 400);
    expectProblem(await call(`/libraries/${shelfId}/series`, { token, query: { has_missing: 'true' } }), 400);
  });
});

describe('GET /series', () => {
  it('lists series across libraries, by name then library, each with its library', async () => {
    const all = await series({ limit: '500' });
    expect(all.total).toBe(AWKWARD_NAMES.length + 2);
    const sagas = all.items.filter((item) => item.name === 'Saga');
    expect(sagas.map((item) => item.library_id).sort()).toEqual([shelfId, secondId].sort());
    expect((await series({ library_id: secondId })).items.map((item) => item.name)).toEqual(['Saga']);
    expect(names(await series({ q: 'saga' }))).toEqual(['Saga', 'Saga']);
  });

  it('filters by reading status, series status and missing volumes, alone and combined', async () => {
    const legendaires = seriesPath(shelfId, 'Les Légendaires');
    await call(legendaires, { method: 'PATCH', token, body: { status: 'ongoing', total_volumes: 5 } });
    await call(seriesPath(shelfId, 'Saga'), { method: 'PATCH', token, body: { status: 'ended', total_volumes: 4 } });

    const missing = await series({ has_missing: 'true' });
    expect(missing.items.map((item) => [item.name, item.owned_count, item.missing_count])).toEqual([
      ['Les Légendaires', 3, 2],
    ]);
    expect((await series({ has_missing: 'false' })).total).toBe(AWKWARD_NAMES.length + 1);
    expect(names(await series({ series_status: 'ended' }))).toEqual(['Saga']);
    expect(names(await series({ series_status: 'ongoing', has_missing: 'true' }))).toEqual(['Les Légendaires']);
    expect((await series({ series_status: 'ongoing', has_missing: 'false' })).total).toBe(0);

    const books = await call('/books', { token, query: { series: 'Les Légendaires' } });
    const [first, second] = books.body.items;
    await call(`/books/${first.id}/progress`, { method: 'PUT', token, body: { status: 'read' } });
    const reading = await series({ reading_status: 'reading' });
    expect(reading.items.map((item) => [item.name, item.read_count, item.reading_status])).toEqual([
      ['Les Légendaires', 1, 'reading'],
    ]);
    await call(`/books/${second.id}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 1 } });
    expect(names(await series({ reading_status: 'reading', has_missing: 'true', library_id: shelfId }))).toEqual([
      'Les Légendaires',
    ]);
    expect(names(await series({ reading_status: 'unread' }))).not.toContain('Les Légendaires');
    const done = await call('/series/mark-read', {
      method: 'POST',
      token,
      body: { library_id: shelfId, series_name: 'Les Légendaires', status: 'read' },
    });
    expect(done.body).toEqual({ changed: 2 });
    expect(names(await series({ reading_status: 'read' }))).toEqual(['Les Légendaires']);
    await call('/series/mark-read', {
      method: 'POST',
      token,
      body: { library_id: shelfId, series_name: 'Les Légendaires', status: 'unread' },
    });
    expect((await series({ reading_status: 'unread' })).total).toBe(AWKWARD_NAMES.length + 2);
  });

  it('filters by one publisher, one genre or one tag, spelt as stored, alone and with other filters', async () => {
    const legendaires = seriesPath(shelfId, 'Les Légendaires');
    const saga = seriesPath(shelfId, 'Saga');
    await call(legendaires, {
      method: 'PATCH',
      token,
      body: { publishers: ['Delcourt', 'Éditions "Spéciales"'], genres: ['Humour', 'Fantasy'] },
    });
    await call(saga, {
      method: 'PATCH',
      token,
      body: { publishers: ['Image'], genres: ['Fantasy', 'Science-fiction'], tags: ['space opera', 'war'] },
    });
    try {
      expect(names(await series({ tag: 'space opera' }))).toEqual(['Saga']);
      expect(names(await series({ tag: 'war', genre: 'Humour' }))).toEqual([]);
      expect((await series({ tag: 'space' })).total).toBe(0);
      expect(names(await series({ publisher: 'Delcourt' }))).toEqual(['Les Légendaires']);
      expect(names(await series({ publisher: 'Éditions "Spéciales"' }))).toEqual(['Les Légendaires']);
      expect(names(await series({ genre: 'Fantasy' }))).toEqual(['Les Légendaires', 'Saga']);
      expect(names(await series({ genre: 'Fantasy', publisher: 'Image' }))).toEqual(['Saga']);
      expect(names(await series({ genre: 'Fantasy', library_id: secondId }))).toEqual([]);
      // A value is one element of the list, never a part of one or of its JSON text.
      expect((await series({ genre: 'Fanta' })).total).toBe(0);
      expect((await series({ genre: '"Fantasy"' })).total).toBe(0);
      expect((await series({ publisher: 'Delcourt", "Image' })).total).toBe(0);
    } finally {
      await call(legendaires, { method: 'PATCH', token, body: { publishers: [], genres: [] } });
      await call(saga, { method: 'PATCH', token, body: { publishers: [], genres: [], tags: [] } });
    }
  });

  it.each([
    ['an empty publisher', { publisher: '' }],
    ['a genre of 201 characters', { genre: 'x'.repeat(201) }],
    ['an unknown reading status', { reading_status: 'done' }],
    ['a has_missing that is not a boolean', { has_missing: 'maybe' }],
    ['an empty series status', { series_status: '' }],
    ['a library id that is not a UUID', { library_id: '42' }],
    ['page 0', { page: '0' }],
    ['an unknown parameter', { sort: 'name' }],
  ])('answers 400 for %s', async (_label, query) => {
    expectProblem(await call('/series', { token, query }), 400);
  });
});

describe('GET /series/statuses', () => {
  it('lists statuses in use and every non-null mapped status, when some mappings are null', async () => {
    const em = server.container.orm.em.fork();
    // The start-up seed already maps 'en cours' → ongoing and 'annulée' → cancelled; add one known but unmapped.
    em.create(StatusMapping, { id: randomUUID(), providerStatus: 'on hold-ish', mappedStatus: null });
    await em.flush();
    await call(seriesPath(shelfId, 'What If?'), { method: 'PATCH', token, body: { status: 'Série Abandonnée' } });
    const result = await call('/series/statuses', { token });
    expect(result.status).toBe(200);
    expect(result.body.items).toEqual(expect.arrayContaining(['cancelled', 'ongoing', 'série abandonnée']));
    expect(result.body.items).not.toContain(null);
    expect(result.body.items).not.toContain('on hold-ish');
    expect(new Set(result.body.items).size).toBe(result.body.items.length);
  });
});

describe('series metadata by name', () => {
  it.each(AWKWARD_NAMES)('reads and edits "%s" through its URL-encoded name', async (name) => {
    const url = seriesPath(shelfId, name);
    const read = await call(`${url}/metadata`, { token });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ library_id: shelfId, name, authors: [], locked_fields: [] });
    const edited = await call(url, { method: 'PATCH', token, body: { genres: ['Humour'], start_year: 2001 } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ name, genres: ['Humour'], start_year: 2001 });
  });

  it('finds a series whose name holds a slash, sent as %2F', async () => {
    // A folder name cannot hold "/", but a series name is free text once stored; the path must still reach it.
    await server.container.orm.em
      .fork()
      .nativeUpdate(Series, { library: shelfId, name: 'C++ Primer' }, { name: 'AC/DC' });
    const read = await call(`/libraries/${shelfId}/series/AC%2FDC/metadata`, { token });
    expect(read.status, read.text).toBe(200);
    expect(read.body.name).toBe('AC/DC');
    expect((await call(`/libraries/${shelfId}/series/AC/DC/metadata`, { token })).status).toBe(404);
    await server.container.orm.em
      .fork()
      .nativeUpdate(Series, { library: shelfId, name: 'AC/DC' }, { name: 'C++ Primer' });
  });

  it('edits every field and the locks; locked fields stay editable by the admin', async () => {
    const url = seriesPath(shelfId, 'Saga');
    const edit = {
      status: 'Ongoing',
      authors: [
        { name: 'Brian K. Vaughan', role: 'writer' },
        { name: 'Fiona Staples', role: 'penciller' },
      ],
      description: 'Space opera.',
      publishers: ['Image'],
      start_year: 2012,
      total_volumes: 11,
      genres: ['Science fiction'],
      language: 'en',
      locked_fields: ['authors', 'total_volumes'],
    };
    const edited = await call(url, { method: 'PATCH', token, body: edit });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ ...edit, status: 'ongoing' });
    const again = await call(url, {
      method: 'PATCH',
      token,
      body: { authors: [{ name: 'B. K. Vaughan', role: 'writer' }], total_volumes: 6 },
    });
    expect(again.body).toMatchObject({
      authors: [{ name: 'B. K. Vaughan', role: 'writer' }],
      total_volumes: 6,
      locked_fields: edit.locked_fields,
    });
    expect((await call(`${url}/metadata`, { token })).body).toEqual(again.body);
    const listed = (await series({ q: 'saga', library_id: shelfId })).items[0];
    expect(listed).toMatchObject({ total_volumes: 6, owned_count: 4, missing_count: 2 });
    const cleared = await call(url, { method: 'PATCH', token, body: { description: null, total_volumes: null } });
    expect(cleared.body).toMatchObject({ description: null, total_volumes: null });
  });

  it('refuses bad edits and changes nothing; 404 for unknown series or library', async () => {
    const url = seriesPath(shelfId, 'Saga');
    const before = (await call(`${url}/metadata`, { token })).body;
    for (const body of [
      {},
      { rating: 5 },
      { start_year: 99 },
      { total_volumes: -1 },
      { locked_fields: ['title'] },
      { language: 'not a language' },
      { authors: [{ name: '', role: 'writer' }] },
      { authors: [{ name: 'Someone', role: 'drummer' }] },
      { authors: ['Someone'] },
    ]) {
      expectProblem(await call(url, { method: 'PATCH', token, body }), 400);
    }
    expect((await call(`${url}/metadata`, { token })).body).toEqual(before);
    expectProblem(await call(`${seriesPath(shelfId, 'Nope')}/metadata`, { token }), 404);
    expectProblem(await call(seriesPath(shelfId, 'Nope'), { method: 'PATCH', token, body: { genres: [] } }), 404);
    expectProblem(await call(`${seriesPath(secondId, 'Les Légendaires')}/metadata`, { token }), 404);
    expectProblem(await call(`${seriesPath('0b5b7c4e-1111-4222-8333-944445555666', 'Saga')}/metadata`, { token }), 404);
  });
});

describe('POST /series/mark-read', () => {
  it('marks a series of 1,000 books read and unread in one call, idempotently', async () => {
    const big = path.join(server.librariesRoot, 'big');
    for (let n = 1; n <= 1000; n++)
      await writeComic(big, `Long Run/Long Run ${String(n).padStart(4, '0')}.cbz`, { pages: 2 });
    const libraryId = (await call('/libraries', { method: 'POST', token, body: { name: 'Big', root_path: 'big' } }))
      .body.id;
    await scan(libraryId);
    const body = { library_id: libraryId, series_name: 'Long Run', status: 'read' };
    const first = await call('/series/mark-read', { method: 'POST', token, body });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ changed: 1000 });
    expect((await call('/series/mark-read', { method: 'POST', token, body })).body).toEqual({ changed: 0 });
    const listed = (await series({ library_id: libraryId })).items[0];
    expect(listed).toMatchObject({ book_count: 1000, read_count: 1000, reading_status: 'read' });
    const page = await call('/books', { token, query: { library_id: libraryId, reading_status: 'read', limit: '1' } });
    expect(page.body.total).toBe(1000);
    expect(page.body.items[0].current_page).toBe(2);
    const back = await call('/series/mark-read', { method: 'POST', token, body: { ...body, status: 'unread' } });
    expect(back.body).toEqual({ changed: 1000 });
    expect((await series({ library_id: libraryId })).items[0]).toMatchObject({
      read_count: 0,
      reading_status: 'unread',
    });
  }, 120_000);

  it('answers 404 for an unknown series and 400 for a bad body, and a read token may use it', async () => {
    const reader = (await call('/tokens', { method: 'POST', token, body: { name: 'reader', scope: 'read' } })).body
      .token;
    const ok = await call('/series/mark-read', {
      method: 'POST',
      token: reader,
      body: { library_id: shelfId, series_name: 'What If?', status: 'read' },
    });
    expect(ok.body).toEqual({ changed: 1 });
    expectProblem(
      await call('/series/mark-read', {
        method: 'POST',
        token,
        body: { library_id: shelfId, series_name: 'Nope', status: 'read' },
      }),
      404,
    );
    for (const body of [
      { library_id: shelfId, series_name: 'Saga', status: 'reading' },
      { library_id: shelfId, series_name: 'Saga' },
      { library_id: 'x', series_name: 'Saga', status: 'read' },
      { library_id: shelfId, series_name: '', status: 'read' },
      { library_id: shelfId, series_name: 'Saga', status: 'read', extra: 1 },
    ]) {
      expectProblem(await call('/series/mark-read', { method: 'POST', token, body }), 400);
    }
  });
});

describe('series by id', () => {
  async function idOf(libraryId: string, name: string): Promise<string> {
    const found = (await series({ library_id: libraryId, q: name })).items.find((item) => item.name === name);
    return found.id;
  }

  it('reads a series by the id lists give: its counts and its metadata, the same as by name', async () => {
    const id = await idOf(shelfId, 'Les Légendaires');
    const read = await call(`/series/${id}`, { token });
    expect(read.status, read.text).toBe(200);
    const listed = (await series({ library_id: shelfId, q: 'Les Légendaires' })).items[0];
    const byName = (await call(`${seriesPath(shelfId, 'Les Légendaires')}/metadata`, { token })).body;
    // And where its cover comes from (the admin's choice, issue 31), which only the series by id tells.
    expect(read.body).toEqual({ ...listed, ...byName, cover: { source: 'first_book', book_id: null } });
    expect(byName.id).toBe(id);
    // A read token may read, not edit.
    const reader = (await call('/tokens', { method: 'POST', token, body: { name: 'by-id', scope: 'read' } })).body
      .token;
    expect((await call(`/series/${id}`, { token: reader })).status).toBe(200);
    expectProblem(await call(`/series/${id}`, { method: 'PATCH', token: reader, body: { genres: [] } }), 403);
  });

  it('edits by id through the same rules as by name, and answers the series with its new counts', async () => {
    const id = await idOf(secondId, 'Saga');
    const edited = await call(`/series/${id}`, {
      method: 'PATCH',
      token,
      body: {
        status: 'Ended',
        authors: [
          { name: ' Fiona Staples ', role: 'penciller' },
          { name: 'Fiona Staples', role: 'penciller' },
        ],
        total_volumes: 3,
        locked_fields: ['status'],
      },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      id,
      library_id: secondId,
      name: 'Saga',
      status: 'ended',
      authors: [{ name: 'Fiona Staples', role: 'penciller' }],
      total_volumes: 3,
      owned_count: 1,
      missing_count: 2,
      locked_fields: ['status'],
    });
    expect((await call(`${seriesPath(secondId, 'Saga')}/metadata`, { token })).body).toMatchObject({
      id,
      status: 'ended',
      total_volumes: 3,
    });
    expect((await call(`/series/${id}`, { token })).body).toEqual(edited.body);
    // The same series in the other library is untouched.
    expect((await call(`/series/${await idOf(shelfId, 'Saga')}`, { token })).body.status).not.toBe('ended');
    for (const body of [{}, { rating: 5 }, { total_volumes: -1 }, { locked_fields: ['title'] }]) {
      expectProblem(await call(`/series/${id}`, { method: 'PATCH', token, body }), 400);
    }
  });

  it('lists its books in volume order, paged like /books', async () => {
    const id = await idOf(shelfId, 'Saga');
    const all = await call(`/series/${id}/books`, { token });
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, limit: 50 });
    expect(all.body.items.map((book: any) => [book.title, book.volume, book.series_id])).toEqual([
      ['Saga 001', 1, id],
      ['Saga 002-004', 2, id],
      ['Saga HS', null, id],
    ]);
    const second = await call(`/series/${id}/books`, { token, query: { page: '2', limit: '1' } });
    expect(second.body).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(second.body.items).toEqual([all.body.items[1]]);
    const sameAsBooks = await call('/books', { token, query: { library_id: shelfId, series: 'Saga' } });
    expect(sameAsBooks.body.items).toEqual(all.body.items);
    expectProblem(await call(`/series/${id}/books`, { token, query: { limit: '501' } }), 400);
  });

  it('lists its metadata links, the same as GET /metadata/links by name', async () => {
    const id = await idOf(shelfId, 'What If?');
    expect((await call(`/series/${id}/links`, { token })).body).toEqual({ items: [] });
    const matched = await call('/metadata/match', {
      method: 'POST',
      token,
      body: {
        library_id: shelfId,
        series_name: 'What If?',
        provider: 'scripted_primary',
        external_id: 'OL1W',
        candidate: { title: 'What If?', external_id: 'OL1W' },
      },
    });
    expect(matched.status, matched.text).toBe(201);
    const links = await call(`/series/${id}/links`, { token });
    expect(links.status, links.text).toBe(200);
    expect(links.body.items).toMatchObject([{ series_id: id, provider: 'scripted_primary', external_id: 'OL1W' }]);
    const byName = await call('/metadata/links', { token, query: { library_id: shelfId, series_name: 'What If?' } });
    expect(byName.body).toEqual(links.body);
  });

  it('answers 404 for an id that names no series, and 400 for one that is not an id', async () => {
    const nowhere = randomUUID();
    for (const route of [`/series/${nowhere}`, `/series/${nowhere}/books`, `/series/${nowhere}/links`]) {
      expectProblem(await call(route, { token }), 404);
    }
    expectProblem(await call(`/series/${nowhere}`, { method: 'PATCH', token, body: { genres: [] } }), 404);
    expectProblem(await call('/series/Saga', { token }), 400);
    // The fixed routes beside /series/{series_id} still answer.
    expect((await call('/series/statuses', { token })).status).toBe(200);
  });
});
