import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectFacetRowsInStep } from './support/facet-rows.js';
import { expectProblem } from './support/problems.js';
import type { AppRouter } from '../src/trpc/router.js';
import { FACET_VALUE_LIMIT } from '../src/domain/catalog-filters.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * The metadata filters of GET /books and GET /series (issue: repeatable filters and facets): each alone, repeated
 * values (any), parameters together (all), and the facets counted under the other filters and only over what the
 * caller may see. The values come from the files' ComicInfo through a real scan, so the facet rows the triggers
 * write are what is read.
 */
const admin: string = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let readerA = '';
const ids = { libA: '', libB: '' };

const BOOKS: Record<string, Record<string, string | number>> = {
  'a/Alpha/Alpha T01.cbz': {
    Genre: 'Action, Aventure',
    Tags: 'war',
    Publisher: 'Dargaud',
    Writer: 'Goscinny',
    Penciller: 'Uderzo',
    AgeRating: 'Everyone',
    LanguageISO: 'fr',
    Year: 1961,
    Format: 'Album',
    StoryArc: 'Gaul',
  },
  'a/Alpha/Alpha T02.cbz': {
    Genre: 'Action',
    Tags: 'spy',
    Writer: 'Uderzo',
    AgeRating: 'Teen',
    LanguageISO: 'fr',
    Year: 1975,
    Format: 'Album',
  },
  'a/Bravo/Bravo T01.cbz': {
    Genre: 'Science-Fiction',
    Publisher: 'Dupuis',
    Writer: 'Goscinny',
    LanguageISO: 'en',
    Year: 2001,
    Format: 'Trade Paperback',
    StoryArc: 'Civil War',
  },
  'b/Charlie/Charlie T01.cbz': {
    Genre: 'Action',
    Tags: 'war',
    AgeRating: 'Adults Only 18+',
    LanguageISO: 'ja',
    Year: 2010,
  },
};

async function list(kind: 'books' | 'series', query: string, token = admin): Promise<string[]> {
  const result = await call(`/${kind}?${query}&limit=500`, { token });
  expect(result.status, result.text).toBe(200);
  return result.body.items.map((item: any) => (kind === 'books' ? `${item.series} ${item.title}` : item.name)).sort();
}
const books = (query: string, token?: string) => list('books', query, token);
const series = (query: string, token?: string) => list('series', query, token);

async function facets(kind: 'books' | 'series', query: string, token = admin): Promise<Record<string, any[]>> {
  const result = await call(`/${kind}/facets?${query}`, { token });
  expect(result.status, result.text).toBe(200);
  return result.body;
}
const counts = (values: { value: unknown; count: number }[] | undefined) =>
  Object.fromEntries((values ?? []).map((entry) => [String(entry.value), entry.count]));

async function scan(libraryId: string) {
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token: admin, body: {} });
  expect((await waitForJob(call, admin, job.body.id, 60_000)).status).toBe('succeeded');
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  for (const [file, comicInfo] of Object.entries(BOOKS))
    await writeComic(server.librariesRoot, file, {
      pages: 1,
      comicInfo: { Series: file.split('/')[1]!, ...comicInfo },
    });
  for (const [key, folder] of [
    ['libA', 'a'],
    ['libB', 'b'],
  ] as const) {
    const created = await call('/libraries', {
      method: 'POST',
      token: admin,
      body: { name: folder, root_path: folder },
    });
    expect(created.status).toBe(201);
    ids[key] = created.body.id;
    expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  }
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
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const token = await call('/tokens', { method: 'POST', cookie, body: { name: 'app', scope: 'read' } });
  expect(token.status).toBe(201);
  readerA = token.body.token;
}, 180_000);
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('GET /books filters', () => {
  it('filters on each parameter alone', async () => {
    expect(await books('genre=Action')).toEqual(['Alpha Alpha T01', 'Alpha Alpha T02', 'Charlie Charlie T01']);
    expect(await books('publisher=Dargaud')).toEqual(['Alpha Alpha T01']);
    expect(await books('tag=war')).toEqual(['Alpha Alpha T01', 'Charlie Charlie T01']);
    expect(await books('author=Uderzo')).toEqual(['Alpha Alpha T01', 'Alpha Alpha T02']);
    expect(await books('language=en')).toEqual(['Bravo Bravo T01']);
    expect(await books('comic_format=Album')).toEqual(['Alpha Alpha T01', 'Alpha Alpha T02']);
    expect(await books('story_arc=Civil+War')).toEqual(['Bravo Bravo T01']);
    expect(await books('year_from=2001')).toEqual(['Bravo Bravo T01', 'Charlie Charlie T01']);
    expect(await books('year_to=1961')).toEqual(['Alpha Alpha T01']);
    expect(await books('genre=Nothing')).toEqual([]);
  });

  it('matches any of a repeated parameter, and all of different parameters', async () => {
    expect(await books('genre=Science-Fiction&genre=Aventure')).toEqual(['Alpha Alpha T01', 'Bravo Bravo T01']);
    expect(await books('language=fr&language=ja')).toHaveLength(3);
    expect(await books('genre=Action&language=fr')).toEqual(['Alpha Alpha T01', 'Alpha Alpha T02']);
    expect(await books('genre=Action&tag=war&language=fr')).toEqual(['Alpha Alpha T01']);
    expect(await books('year_from=1970&year_to=2005')).toEqual(['Alpha Alpha T02', 'Bravo Bravo T01']);
    expect(await books('year_from=2005&year_to=1970')).toEqual([]);
  });

  it('applies author_role to every author given', async () => {
    expect(await books('author=Uderzo&author_role=writer')).toEqual(['Alpha Alpha T02']);
    // Goscinny writes T01 and Bravo, Uderzo pencils T01: as pencillers, only T01.
    expect(await books('author=Goscinny&author=Uderzo&author_role=penciller')).toEqual(['Alpha Alpha T01']);
    expect(await books('author=Goscinny&author=Uderzo&author_role=writer')).toEqual([
      'Alpha Alpha T01',
      'Alpha Alpha T02',
      'Bravo Bravo T01',
    ]);
    expect(await books('author_role=penciller')).toEqual(['Alpha Alpha T01']);
  });

  it('keeps ages up to age_max, with or without the unrated', async () => {
    // Everyone 0, Teen 13, Bravo unrated, Adults Only 18.
    expect(await books('age_max=13')).toEqual(['Alpha Alpha T01', 'Alpha Alpha T02', 'Bravo Bravo T01']);
    expect(await books('age_max=13&unrated=exclude')).toEqual(['Alpha Alpha T01', 'Alpha Alpha T02']);
    expect(await books('age_max=12&unrated=include')).toEqual(['Alpha Alpha T01', 'Bravo Bravo T01']);
    expect(await books('unrated=exclude')).toEqual(['Alpha Alpha T01', 'Alpha Alpha T02', 'Charlie Charlie T01']);
  });

  it('shows a reader only the libraries they may see', async () => {
    expect(await books('genre=Action', readerA)).toEqual(['Alpha Alpha T01', 'Alpha Alpha T02']);
  });

  it('refuses bad values with a problem naming each', async () => {
    for (const query of [
      'author_role=boss',
      'age_max=19',
      'age_max=-1',
      'unrated=maybe',
      'year_from=abc',
      'year_to=10000',
      `genre=${'x'.repeat(201)}`,
      'genre=',
    ]) {
      const result = await call(`/books?${query}`, { token: admin });
      expectProblem(result, 400);
      const facet = await call(`/books/facets?${query}`, { token: admin });
      expectProblem(facet, 400);
    }
    expectProblem(await call('/series/facets?facet=colour', { token: admin }), 400);
    const many = Array.from({ length: 21 }, (_, i) => `tag=t${i}`).join('&');
    expectProblem(await call(`/series?${many}`, { token: admin }), 400);
  });
});

describe('GET /series filters', () => {
  it('match the series own metadata, and its books for arcs and formats', async () => {
    expect(await series('genre=Action')).toEqual(['Alpha', 'Charlie']);
    expect(await series('genre=Action&genre=Science-Fiction')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await series('genre=Action&language=fr')).toEqual(['Alpha']);
    expect(await series('author=Goscinny&author_role=writer')).toEqual(['Alpha', 'Bravo']);
    expect(await series('story_arc=Gaul')).toEqual(['Alpha']);
    expect(await series('comic_format=Trade+Paperback&comic_format=Album')).toEqual(['Alpha', 'Bravo']);
    expect(await series('tag=war', readerA)).toEqual(['Alpha']);
  });
});

describe('tRPC', () => {
  it('runs the same filters and facets as REST, and refuses what REST refuses', async () => {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const trpc = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })],
    });
    const listed = await trpc.books.list.query({ genre: ['Action'], language: ['fr'], limit: 500 });
    expect(listed.total).toBe(2);
    expect((await trpc.series.list.query({ story_arc: ['Gaul'] })).items.map((item) => item.name)).toEqual(['Alpha']);
    const viaTrpc = await trpc.series.facets.query({ genre: ['Action'], facet: ['tag', 'genre'] });
    expect(viaTrpc).toEqual(await facets('series', 'genre=Action&facet=tag&facet=genre'));
    expect(await trpc.books.facets.query({ author_role: ['writer'] })).toEqual(
      await facets('books', 'author_role=writer'),
    );
    const refused = await trpc.books.facets
      .query({ author_role: ['boss' as 'writer'] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<AppRouter>).data?.httpStatus).toBe(400);
  });
});

describe('GET /books/facets and GET /series/facets', () => {
  it('count every value, each facet under the other filters only', async () => {
    const all = await facets('books', '');
    expect(Object.keys(all).sort()).toEqual(
      ['age_max', 'author', 'author_role', 'comic_format', 'genre', 'language', 'publisher', 'story_arc', 'tag'].sort(),
    );
    expect(all.genre![0]).toEqual({ value: 'Action', count: 3 });
    expect(counts(all.genre)).toEqual({ Action: 3, Aventure: 1, 'Science-Fiction': 1 });
    expect(counts(all.author)).toEqual({ Goscinny: 2, Uderzo: 2 });
    expect(counts(all.author_role)).toEqual({ writer: 3, penciller: 1 });
    expect(counts(all.age_max)).toEqual({ '0': 1, '13': 1, '18': 1, null: 1 });
    expect(counts(all.story_arc)).toEqual({ Gaul: 1, 'Civil War': 1 });

    const action = await facets('books', 'genre=Action');
    // The genre facet keeps its alternatives; the others count within Action.
    expect(counts(action.genre)).toEqual({ Action: 3, Aventure: 1, 'Science-Fiction': 1 });
    expect(counts(action.tag)).toEqual({ war: 2, spy: 1 });
    expect(counts(action.language)).toEqual({ fr: 2, ja: 1 });

    const writers = await facets('books', 'author_role=writer&facet=author&facet=author_role');
    expect(Object.keys(writers).sort()).toEqual(['author', 'author_role']);
    expect(counts(writers.author)).toEqual({ Goscinny: 2, Uderzo: 1 });
    expect(counts(writers.author_role)).toEqual({ writer: 3, penciller: 1 });
  });

  it('list a value filtered on even when nothing has it', async () => {
    const result = await facets('books', 'tag=nowhere&facet=tag');
    expect(counts(result.tag)).toEqual({ nowhere: 0, war: 2, spy: 1 });
  });

  it('count only the libraries the caller may see', async () => {
    expect(counts((await facets('books', 'facet=genre', readerA)).genre)).toEqual({
      Action: 2,
      Aventure: 1,
      'Science-Fiction': 1,
    });
    expect(counts((await facets('series', 'facet=genre', readerA)).genre)).toEqual({
      Action: 1,
      Aventure: 1,
      'Science-Fiction': 1,
    });
    expect(counts((await facets('series', 'facet=language')).language)).toEqual({ fr: 1, en: 1, ja: 1 });
    // Every facet of series, as an admin and as the reader, unfiltered and filtered.
    for (const token of [admin, readerA])
      for (const query of ['', 'genre=Action', 'age_max=13&language=fr']) {
        const all = await facets('series', query, token);
        expect(Object.keys(all)).toHaveLength(9);
      }
    expect(counts((await facets('series', '')).story_arc)).toEqual({ Gaul: 1, 'Civil War': 1 });
    expect(counts((await facets('series', 'genre=Action')).story_arc)).toEqual({ Gaul: 1 });
    expect(counts((await facets('series', 'facet=author_role')).author_role)).toEqual({ writer: 2, penciller: 1 });
    expect(counts((await facets('series', 'facet=comic_format&genre=Action')).comic_format)).toEqual({ Album: 1 });
  });

  it('follow a rescan that removes a tag', async () => {
    const file = path.join(server.librariesRoot, 'b/Charlie/Charlie T01.cbz');
    await rm(file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeComic(server.librariesRoot, 'b/Charlie/Charlie T01.cbz', {
      pages: 1,
      comicInfo: { ...BOOKS['b/Charlie/Charlie T01.cbz'], Series: 'Charlie', Tags: 'peace' },
      mtime: new Date(Date.now() + 60_000),
    });
    await scan(ids.libB);
    expect(await books('tag=war')).toEqual(['Alpha Alpha T01']);
    expect(await books('tag=peace')).toEqual(['Charlie Charlie T01']);
    expect(counts((await facets('books', 'facet=tag')).tag)).toEqual({ war: 1, spy: 1, peace: 1 });
    await expectFacetRowsInStep(server);
  });
});

describe('q finds series and books by their metadata too', () => {
  beforeAll(async () => {
    const shelf: Record<string, Record<string, string>> = {
      'c/Delta/Delta T01.cbz': { Tags: 'Bédéthèque', Genre: 'Polar' },
      'c/Zeta Bedetheque/Zeta Bedetheque T01.cbz': {},
      'c/Echo/Echo T01.cbz': { Publisher: 'Éditions Bédéthèque' },
      'c/Foxtrot/Foxtrot T01.cbz': { StoryArc: 'Bedetheque Saga' },
      'c/Golf/Golf T01.cbz': { Tags: 'nothing to see' },
    };
    for (const [file, comicInfo] of Object.entries(shelf))
      await writeComic(server.librariesRoot, file, {
        pages: 1,
        comicInfo: { Series: file.split('/')[1]!, ...comicInfo },
      });
    const created = await call('/libraries', { method: 'POST', token: admin, body: { name: 'c', root_path: 'c' } });
    expect(created.status).toBe(201);
    expect((await waitForJob(call, admin, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  }, 120_000);

  it('accent-blind, name matches first', async () => {
    for (const q of ['bedetheque', 'Bédéthèque', 'BEDETHEQUE']) {
      const found = await call(`/series?q=${encodeURIComponent(q)}`, { token: admin });
      expect(found.body.items.map((item: any) => item.name)).toEqual(['Zeta Bedetheque', 'Delta', 'Echo', 'Foxtrot']);
      const books = await call(`/books?q=${encodeURIComponent(q)}&sort=title`, { token: admin });
      expect(books.body.items.map((item: any) => item.series)).toEqual(['Zeta Bedetheque', 'Delta', 'Echo', 'Foxtrot']);
    }
    // A name match among metadata matches is still first in the descending orders.
    const desc = await call('/series?q=bedetheque&sort=name_desc', { token: admin });
    expect(desc.body.items.map((item: any) => item.name)).toEqual(['Zeta Bedetheque', 'Foxtrot', 'Echo', 'Delta']);
  });

  it('finds series by author and genre, books by genre', async () => {
    expect(await series('q=goscinny')).toEqual(['Alpha', 'Bravo']);
    expect(await series('q=polar')).toEqual(['Delta']);
    expect(await books('q=polar')).toEqual(['Delta Delta T01']);
    expect(await series('q=polar', readerA)).toEqual([]);
  });
});

describe('facet values past the most frequent', () => {
  it('count a value filtered on that the first values leave out, under the other filters', async () => {
    const found = await call('/books?limit=100', { token: admin });
    const byTitle = new Map<string, any>(found.body.items.map((item: any) => [`${item.series} ${item.title}`, item]));
    const tagOf = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `t${String(from + i).padStart(3, '0')}`);
    // More tags than a facet lists (FACET_VALUE_LIMIT): the first values are those of most items, then by name, so
    // `zz` (Alpha T02) and t199–t206 (Charlie, library b) are left out of the first ones.
    const edits: [string, string[], string[]][] = [
      ['Alpha Alpha T01', ['war', ...tagOf(0, 98)], ['war']],
      ['Alpha Alpha T02', ['spy', ...tagOf(99, 196), 'zz'], ['spy']],
      ['Bravo Bravo T01', tagOf(300, 309), []],
      ['Charlie Charlie T01', ['war', ...tagOf(198, 206)], ['war']],
    ];
    expect(FACET_VALUE_LIMIT).toBe(200);
    try {
      for (const [title, tags] of edits) {
        const edited = await call(`/books/${byTitle.get(title)!.id}`, {
          method: 'PATCH',
          token: admin,
          body: { tags },
        });
        expect(edited.status, edited.text).toBe(200);
      }
      const result = await facets('books', 'genre=Action&tag=zz&tag=t206&tag=absent&facet=tag');
      expect(result.tag).toHaveLength(FACET_VALUE_LIMIT + 3);
      expect(result.tag!.slice(0, 3)).toEqual([
        { value: 'war', count: 2 },
        { value: 'spy', count: 1 },
        { value: 't000', count: 1 },
      ]);
      expect(result.tag![FACET_VALUE_LIMIT - 1]).toEqual({ value: 't198', count: 1 });
      expect(result.tag!.slice(FACET_VALUE_LIMIT)).toEqual([
        { value: 'zz', count: 1 },
        { value: 't206', count: 1 },
        { value: 'absent', count: 0 },
      ]);
      // A reader of library a only, every dated book: Charlie's tags are not theirs, Bravo's are.
      const reader = await facets('books', 'year_from=1900&tag=zz&tag=t206&facet=tag', readerA);
      expect(reader.tag![FACET_VALUE_LIMIT - 1]).toEqual({ value: 't301', count: 1 });
      expect(reader.tag!.slice(FACET_VALUE_LIMIT)).toEqual([
        { value: 'zz', count: 1 },
        { value: 't206', count: 0 },
      ]);
    } finally {
      for (const [title, , tags] of edits)
        await call(`/books/${byTitle.get(title)!.id}`, { method: 'PATCH', token: admin, body: { tags } });
    }
  });
});
