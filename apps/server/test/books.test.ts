import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Book } from '../src/entities/book.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let shelfId: string;
let secondId: string;
let readToken: string;
const byTitle = new Map<string, any>();

async function scan(libraryId: string, status = 'succeeded') {
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe(status);
}

async function list(query: Record<string, string> = {}) {
  const result = await call('/books', { token, query });
  expect(result.status, result.text).toBe(200);
  return result.body as { items: any[]; total: number; page: number; limit: number };
}
const titles = (page: { items: any[] }) => page.items.map((book) => book.title);

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  const shelf = path.join(server.librariesRoot, 'shelf');
  for (const n of [1, 2, 3]) {
    await writeComic(shelf, `Les Légendaires/Les Légendaires T0${n}.cbz`, {
      pages: 4,
      comicInfo: { Title: `Légende ${n}`, Writer: 'Patrick Sobral' },
    });
  }
  for (const n of [1, 2]) {
    await writeComic(shelf, `Saga/Saga 00${n}.cbz`, {
      pages: 3,
      comicInfo: { Title: `Saga Chapter ${n}`, Writer: 'Brian K. Vaughan', Penciller: 'Fiona Staples' },
    });
  }
  await writeComic(shelf, 'Loose One-Shot.cbz', { pages: 2, comicInfo: { Title: 'Zebra Loose' } });
  await copyFile(path.join(fixtures, 'komga.pdf'), path.join(shelf, 'Saga/Saga Artbook.pdf'));
  const second = path.join(server.librariesRoot, 'second');
  await writeComic(second, 'Saga/Saga 003.cbz', { pages: 5, comicInfo: { Title: 'Saga Chapter 3' } });

  shelfId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body.id;
  await scan(shelfId);
  secondId = (await call('/libraries', { method: 'POST', token, body: { name: 'Second', root_path: 'second' } })).body
    .id;
  await scan(secondId);
  readToken = (await call('/tokens', { method: 'POST', token, body: { name: 'reader', scope: 'read' } })).body.token;
  for (const book of (await list({ limit: '500' })).items) byTitle.set(book.title, book);
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('GET /books', () => {
  it('lists every book in series order: series name, then volume, then title; unclassified first', async () => {
    const page = await list();
    expect(page.total).toBe(8);
    expect(page).toMatchObject({ page: 1, limit: 50 });
    expect(titles(page)).toEqual([
      'Zebra Loose',
      'Légende 1',
      'Légende 2',
      'Légende 3',
      'Saga Chapter 1',
      'Saga Chapter 2',
      'Saga Chapter 3',
      'komga',
    ]);
    const first = page.items[1];
    expect(first).toMatchObject({
      library_id: shelfId,
      series: 'Les Légendaires',
      volume: 1,
      format: 'cbz',
      page_count: 4,
      authors: [{ name: 'Patrick Sobral', role: 'writer' }],
      reading_status: 'unread',
      current_page: null,
      thumbnail_url: `/api/v1/books/${first.id}/thumbnail`,
    });
    expect(first.size_bytes).toBeGreaterThan(0);
    expect(page.items[0]).toMatchObject({ series: null, series_id: null });
  });

  it('matches q without regard to case or accents, in titles, series and authors', async () => {
    expect((await list({ q: 'legendaires' })).total).toBe(3);
    expect((await list({ q: 'LÉGENDAIRES' })).total).toBe(3);
    expect((await list({ q: 'gende' })).total).toBe(3);
    expect(titles(await list({ q: 'vaughan' }))).toEqual(['Saga Chapter 1', 'Saga Chapter 2']);
    expect(titles(await list({ q: 'fiona staples' }))).toEqual(['Saga Chapter 1', 'Saga Chapter 2']);
    expect(titles(await list({ q: 'komga' }))).toEqual(['komga']);
    expect((await list({ q: 'nothing like this' })).total).toBe(0);
  });

  it('takes LIKE wildcards in q literally', async () => {
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: 'saga_chapter' })).total).toBe(0);
  });

  it('filters by library, series, format and reading status, alone and combined', async () => {
    expect((await list({ library_id: secondId })).total).toBe(1);
    expect(titles(await list({ series: 'Saga' }))).toEqual([
      'Saga Chapter 1',
      'Saga Chapter 2',
      'Saga Chapter 3',
      'komga',
    ]);
    expect((await list({ series: 'Saga', library_id: shelfId })).total).toBe(3);
    expect(titles(await list({ format: 'pdf' }))).toEqual(['komga']);
    expect((await list({ series: 'Saga', format: 'cbz', q: 'chapter 3' })).total).toBe(1);
    expect((await list({ series: 'saga' })).total).toBe(0);
    expect((await list({ library_id: '0b5b7c4e-1111-4222-8333-944445555666' })).total).toBe(0);

    const book = byTitle.get('Légende 2');
    expect(
      (await call(`/books/${book.id}/progress`, { method: 'PUT', token, body: { status: 'reading', current_page: 2 } }))
        .status,
    ).toBe(200);
    expect(titles(await list({ reading_status: 'reading' }))).toEqual(['Légende 2']);
    expect((await list({ reading_status: 'unread' })).total).toBe(7);
    expect((await list({ reading_status: 'read' })).total).toBe(0);
    expect((await list({ reading_status: 'reading', q: 'legendaires', library_id: shelfId })).total).toBe(1);
    expect((await list({ reading_status: 'reading', format: 'pdf' })).total).toBe(0);
    await call(`/books/${book.id}/progress`, { method: 'PUT', token, body: { status: 'unread' } });
  });

  it('sorts by title and by recently added, stably', async () => {
    const byTitlePage = await list({ sort: 'title' });
    expect(titles(byTitlePage)).toEqual([...titles(byTitlePage)].sort((a, b) => a.localeCompare(b)));
    const recent = await list({ sort: 'recently_added' });
    expect(recent.items[0].title).toBe('Saga Chapter 3');
    const dates = recent.items.map((book) => Date.parse(book.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(await list({ sort: 'recently_added' })).toEqual(recent);
  });

  it('pages without gaps or repeats, and answers an empty page past the end with the right total', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const result = await list({ limit: '3', page: String(page) });
      expect(result).toMatchObject({ total: 8, page, limit: 3 });
      seen.push(...result.items.map((book) => book.id));
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect(seen).toEqual((await list()).items.map((book) => book.id));
    const past = await list({ page: '4', limit: '3' });
    expect(past).toEqual({ items: [], total: 8, page: 4, limit: 3 });
  });

  it.each([
    ['page=0', { page: '0' }],
    ['a negative page', { page: '-1' }],
    ['limit above 500', { limit: '501' }],
    ['limit 0', { limit: '0' }],
    ['a non-numeric limit', { limit: 'ten' }],
    ['an unknown reading status', { reading_status: 'finished' }],
    ['an unknown format', { format: 'docx' }],
    ['an unknown sort', { sort: 'random' }],
    ['a library id that is not a UUID', { library_id: 'shelf' }],
    ['an unknown parameter', { colour: 'red' }],
    ['a q longer than 200 characters', { q: 'x'.repeat(201) }],
  ])('answers 400 for %s', async (_label, query) => {
    expectProblem(await call('/books', { token, query }), 400);
  });

  it('follows every write at once, whatever wrote it (lists are cached per catalog version)', async () => {
    expect((await list({ q: 'newcomer' })).total).toBe(0);
    await writeComic(path.join(server.librariesRoot, 'shelf'), 'Saga/Saga 009.cbz', {
      comicInfo: { Title: 'Newcomer' },
    });
    await scan(shelfId);
    const found = await list({ q: 'newcomer' });
    expect(found.total).toBe(1);
    expect((await list({ q: 'newcomer', reading_status: 'read' })).total).toBe(0);
    await call(`/books/${found.items[0].id}/progress`, { method: 'PUT', token, body: { status: 'read' } });
    expect((await list({ q: 'newcomer', reading_status: 'read' })).total).toBe(1);
    // A write that bypasses the services (another process, an admin's SQL) is seen too.
    await server.container.orm.em.fork().nativeUpdate(Book, { id: found.items[0].id }, { searchText: 'renamed' });
    expect((await list({ q: 'newcomer' })).total).toBe(0);
    await server.container.orm.em.fork().nativeDelete(Book, { id: found.items[0].id });
    expect((await list()).total).toBe(8);
  });

  it('needs a credential, and a read token is enough', async () => {
    expect((await call('/books')).status).toBe(401);
    expect((await call('/books', { token: readToken })).status).toBe(200);
  });
});

describe('GET /books/{book_id}', () => {
  it('gives the details of a book with its file', async () => {
    const id = byTitle.get('Saga Chapter 1').id;
    const result = await call(`/books/${id}`, { token });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id,
      title: 'Saga Chapter 1',
      series: 'Saga',
      volume: 1,
      authors: [
        { name: 'Brian K. Vaughan', role: 'writer' },
        { name: 'Fiona Staples', role: 'penciller' },
      ],
      summary: null,
      locked_fields: [],
      reading_status: 'unread',
      file: { path: 'Saga/Saga 001.cbz', parse_status: 'ok', parse_error: null },
    });
    expect(Date.parse(result.body.file.mtime)).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown book and 400 for an id that is not a UUID', async () => {
    expectProblem(await call('/books/0b5b7c4e-1111-4222-8333-944445555666', { token }), 404);
    expectProblem(await call('/books/not-a-uuid', { token }), 400);
  });
});

describe('PATCH /books/{book_id}', () => {
  it('edits the metadata and the locks, and the search follows the new values', async () => {
    const id = byTitle.get('Zebra Loose').id;
    const result = await call(`/books/${id}`, {
      method: 'PATCH',
      token,
      body: {
        title: 'Le Château Ambulant',
        authors: [
          { name: 'Diana Wynne Jones', role: 'author' },
          { name: ' Diana Wynne Jones ', role: 'author' },
        ],
        summary: 'A moving castle.',
        isbn: '978-2-203-00101-5',
        publish_date: '1986-04-01',
        language: 'fr',
        locked_fields: ['title', 'authors'],
      },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      title: 'Le Château Ambulant',
      authors: [{ name: 'Diana Wynne Jones', role: 'author' }],
      summary: 'A moving castle.',
      isbn: '9782203001015',
      publish_date: '1986-04-01',
      language: 'fr',
      locked_fields: ['title', 'authors'],
    });
    expect(titles(await list({ q: 'chateau ambulant' }))).toEqual(['Le Château Ambulant']);
    expect(titles(await list({ q: 'wynne' }))).toEqual(['Le Château Ambulant']);
    expect((await list({ q: 'zebra' })).total).toBe(0);

    // A lock guards against synchronisation, not against the admin.
    const again = await call(`/books/${id}`, { method: 'PATCH', token, body: { title: 'Howl', summary: null } });
    expect(again.body).toMatchObject({ title: 'Howl', summary: null, locked_fields: ['title', 'authors'] });
    const unlocked = await call(`/books/${id}`, { method: 'PATCH', token, body: { locked_fields: [] } });
    expect(unlocked.body.locked_fields).toEqual([]);
  });

  it('refuses a wrong ISBN checksum, an unknown field, a bad date or a read token, and changes nothing', async () => {
    const id = byTitle.get('Saga Chapter 2').id;
    const before = (await call(`/books/${id}`, { token })).body;
    expectProblem(await call(`/books/${id}`, { method: 'PATCH', token, body: { isbn: '978-2-203-00101-4' } }), 400);
    expectProblem(await call(`/books/${id}`, { method: 'PATCH', token, body: { title: 'X', rating: 5 } }), 400);
    expectProblem(await call(`/books/${id}`, { method: 'PATCH', token, body: { publish_date: '2020-13-45' } }), 400);
    expectProblem(await call(`/books/${id}`, { method: 'PATCH', token, body: { authors: 'Brian' } }), 400);
    expectProblem(await call(`/books/${id}`, { method: 'PATCH', token, body: { locked_fields: ['rating'] } }), 400);
    expectProblem(await call(`/books/${id}`, { method: 'PATCH', token, body: {} }), 400);
    expectProblem(await call(`/books/${id}`, { method: 'PATCH', token: readToken, body: { title: 'X' } }), 403);
    expect((await call(`/books/${id}`, { token })).body).toEqual(before);
    expectProblem(
      await call('/books/0b5b7c4e-1111-4222-8333-944445555666', { method: 'PATCH', token, body: { title: 'X' } }),
      404,
    );
  });
});

describe('PUT /books/{book_id}/progress', () => {
  it('records reading, read (last page) and unread, with a read token', async () => {
    const id = byTitle.get('Légende 3').id;
    const put = (body: unknown) => call(`/books/${id}/progress`, { method: 'PUT', token: readToken, body });
    const reading = await put({ status: 'reading', current_page: 3 });
    expect(reading.status).toBe(200);
    expect(reading.body).toMatchObject({ book_id: id, status: 'reading', current_page: 3 });
    expect((await call(`/books/${id}`, { token })).body).toMatchObject({ reading_status: 'reading', current_page: 3 });
    expect((await put({ status: 'read', current_page: 1 })).body).toMatchObject({ status: 'read', current_page: 4 });
    expect((await put({ status: 'unread' })).body).toMatchObject({ status: 'unread', current_page: null });
    expect((await call(`/books/${id}`, { token })).body.reading_status).toBe('unread');
  });

  it('refuses a page outside the book, a missing page and unknown statuses', async () => {
    const id = byTitle.get('Légende 1').id;
    const put = (body: unknown) => call(`/books/${id}/progress`, { method: 'PUT', token, body });
    expectProblem(await put({ status: 'reading', current_page: 5 }), 400);
    expectProblem(await put({ status: 'reading', current_page: 0 }), 400);
    expectProblem(await put({ status: 'reading' }), 400);
    expectProblem(await put({ status: 'done' }), 400);
    expect((await call(`/books/${id}`, { token })).body.reading_status).toBe('unread');
    expectProblem(
      await call('/books/0b5b7c4e-1111-4222-8333-944445555666/progress', {
        method: 'PUT',
        token,
        body: { status: 'read' },
      }),
      404,
    );
  });
});

describe('books whose file could not be read', () => {
  it('are listed with their parse status and error, filtered by parse_status, and counted on their library', async () => {
    const damaged = path.join(server.librariesRoot, 'damaged');
    await writeComic(damaged, 'Saga/Saga 001.cbz', { pages: 2 });
    await mkdir(path.join(damaged, 'Saga'), { recursive: true });
    await writeFile(path.join(damaged, 'Saga/Saga 002.cbz'), 'this is not a zip archive at all, just text');
    await writeFile(path.join(damaged, 'Saga/Saga 003.cbz'), Buffer.alloc(0));
    const libraryId = (
      await call('/libraries', { method: 'POST', token, body: { name: 'Damaged', root_path: 'damaged' } })
    ).body.id;
    // Two unreadable files: the scan ran to its end with item errors.
    await scan(libraryId, 'completed_with_errors');

    const all = await list({ library_id: libraryId });
    expect(all.items.map((book) => [book.title, book.parse_status, book.page_count])).toEqual([
      ['Saga 001', 'ok', 2],
      ['Saga 002', 'error', null],
      ['Saga 003', 'error', null],
    ]);
    expect(all.items[0].parse_error).toBeNull();
    for (const book of all.items.slice(1)) expect(book.parse_error).toEqual(expect.any(String));
    // The list shows what the details show.
    const details = (await call(`/books/${all.items[1].id}`, { token })).body;
    expect([details.parse_status, details.parse_error]).toEqual([details.file.parse_status, details.file.parse_error]);
    expect(details.parse_error).toBe(all.items[1].parse_error);

    const unreadable = await list({ library_id: libraryId, parse_status: 'error' });
    expect([unreadable.total, titles(unreadable)]).toEqual([2, ['Saga 002', 'Saga 003']]);
    expect(titles(await list({ library_id: libraryId, parse_status: 'ok' }))).toEqual(['Saga 001']);
    expect((await list({ library_id: libraryId, parse_status: 'pending' })).total).toBe(0);
    // Combined with another filter that joins, and across libraries.
    expect((await list({ parse_status: 'error', reading_status: 'unread' })).total).toBe(2);
    expectProblem(await call('/books', { token, query: { parse_status: 'broken' } }), 400);

    const library = (await call(`/libraries/${libraryId}`, { token })).body;
    expect(library).toMatchObject({ book_count: 3, unreadable_book_count: 2, series_count: 1 });
    const listed = (await call('/libraries', { token })).body.items;
    expect(listed.find((item: { id: string }) => item.id === shelfId).unreadable_book_count).toBe(0);
  });
});
