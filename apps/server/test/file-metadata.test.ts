import { createTRPCClient, httpBatchLink } from '@trpc/client';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../src/config.js';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { SCRIPTED_PLUGINS, ScriptedProvider, seriesRecord, volumeRecord } from './support/scripted-provider.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

// Issue 31: what the files say reaches REST and tRPC, with where each value came from; a rescan refreshes the
// files' values only; a series takes what its books say where no one else set it.
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let provider: ScriptedProvider;
let trpc: ReturnType<typeof createTRPCClient<AppRouter>>;
let shelfId: string;
let shelf: string;

const thorgal = (n: number) => `Thorgal/Thorgal T0${n}.cbz`;

/** A full scan rereads every file: a file rewritten in place leaves its folder's mtime as it was. */
async function scan(mode: 'incremental' | 'full' = 'incremental') {
  const job = await call(`/libraries/${shelfId}/scan`, { method: 'POST', token, body: { mode } });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
}

async function bookByVolume(volume: number) {
  const page = await call('/books', { token, query: { library_id: shelfId, series: 'Thorgal' } });
  const summary = page.body.items.find((book: { volume: number }) => book.volume === volume);
  const details = await call(`/books/${summary.id}`, { token });
  expect(details.status, details.text).toBe(200);
  return details.body;
}

const seriesPath = () => `/libraries/${shelfId}/series/Thorgal/metadata`;

beforeAll(async () => {
  provider = await new ScriptedProvider().start();
  server = await startTestServer({
    thumbnails: false,
    env: { SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, ...SCRIPTED_PLUGINS].join(',') },
  });
  call = apiClient(server.url);
  const settings = await call('/settings', {
    method: 'PATCH',
    token,
    body: { plugins: { scripted_fallback: { base_url: provider.url } } },
  });
  expect(settings.status, settings.text).toBe(200);
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const cookie = sessionCookie(login.headers);
  trpc = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })],
  });

  shelf = path.join(server.librariesRoot, 'shelf');
  await writeComic(shelf, thorgal(1), {
    comicInfo: {
      Number: '1',
      Title: 'La Magicienne trahie',
      Summary: '<p>Thorgal, a <b>Viking</b> foundling.</p>',
      Writer: 'Jean Van Hamme',
      Penciller: 'Grzegorz Rosinski',
      LanguageISO: 'fr',
      Year: '1980',
      Month: '3',
    },
  });
  await writeComic(shelf, thorgal(2), {
    comicInfo: {
      Number: '2',
      Title: "L'Île des mers gelées",
      Summary: 'Aaricia is taken.',
      Writer: 'Jean Van Hamme',
      Penciller: 'Grzegorz Rosinski',
      Inker: 'Grzegorz Rosinski',
      LanguageISO: 'fr',
      Year: '1980',
    },
  });
  await writeComic(shelf, thorgal(3), {
    comicInfo: { Number: '3', Title: 'Les Trois Vieillards', Writer: 'Yves Sente', LanguageISO: 'en', Year: '1981' },
  });
  const library = await call('/libraries', {
    method: 'POST',
    token,
    body: { name: 'Shelf', root_path: 'shelf', metadata_provider: 'scripted_fallback' },
  });
  expect(library.status, library.text).toBe(201);
  shelfId = library.body.id;
  await scan();
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('what the files say', () => {
  it('reaches REST and tRPC alike: authors with their role, and each value marked as the file’s', async () => {
    const first = await bookByVolume(1);
    expect(first).toMatchObject({
      title: 'La Magicienne trahie',
      authors: [
        { name: 'Jean Van Hamme', role: 'writer' },
        { name: 'Grzegorz Rosinski', role: 'penciller' },
      ],
      summary: 'Thorgal, a Viking foundling.',
      language: 'fr',
      publish_date: '1980-03-01',
      genres: [],
      tags: [],
      story_arcs: [],
      age_rating: null,
      age_rating_age: null,
      black_and_white: null,
      metadata_sources: { authors: 'file', summary: 'file', language: 'file', publish_date: 'file' },
    });
    expect(await trpc.books.get.query({ book_id: first.id })).toEqual(first);
    // Search still matches author names.
    const found = await call('/books', { token, query: { q: 'rosinski' } });
    expect(found.body.items.map((book: { title: string }) => book.title).sort()).toEqual([
      "L'Île des mers gelées",
      'La Magicienne trahie',
    ]);
  });

  it('fills the series from its books: first numbered summary, authors by role and count, most common language', async () => {
    const series = (await call(seriesPath(), { token })).body;
    expect(series).toMatchObject({
      description: 'Thorgal, a Viking foundling.',
      description_from_volume: 1,
      authors: [
        { name: 'Jean Van Hamme', role: 'writer' },
        { name: 'Grzegorz Rosinski', role: 'penciller' },
        { name: 'Grzegorz Rosinski', role: 'inker' },
        { name: 'Yves Sente', role: 'writer' },
      ],
      language: 'fr',
      start_year: 1980,
      metadata_sources: { description: 'file', authors: 'file', language: 'file', start_year: 'file' },
    });
    const viaTrpc = await trpc.series.get.query({ series_id: series.id });
    expect(viaTrpc).toMatchObject({
      description: series.description,
      description_from_volume: 1,
      authors: series.authors,
      metadata_sources: series.metadata_sources,
    });
  });

  it('a rescan refreshes the files’ values and keeps the admin’s, the provider’s and the locked ones', async () => {
    const first = await bookByVolume(1);
    const second = await bookByVolume(2);
    // The admin types the first summary; the second's language is locked; a provider writes the third's summary and
    // the series' description.
    const typed = await call(`/books/${first.id}`, {
      method: 'PATCH',
      token,
      body: { summary: 'Typed by the admin.' },
    });
    expect(typed.body.metadata_sources.summary).toBe('admin');
    await call(`/books/${second.id}`, { method: 'PATCH', token, body: { locked_fields: ['language'] } });
    provider.add(seriesRecord('th-1', 'Thorgal', { description: 'The provider’s words.' }), [
      volumeRecord('th-v3', 3, { summary: 'The provider’s third.' }),
    ]);
    const link = await call('/metadata/match', {
      method: 'POST',
      token,
      body: { library_id: shelfId, series_name: 'Thorgal', provider: 'scripted_fallback', external_id: 'th-1' },
    });
    expect(link.status, link.text).toBe(201);
    const approved = await call(`/metadata/approve/${link.body.id}`, { method: 'POST', token });
    expect(approved.status, approved.text).toBe(200);
    expect((await bookByVolume(3)).metadata_sources).toMatchObject({ summary: 'provider' });

    await writeComic(shelf, thorgal(1), {
      comicInfo: { Number: '1', Summary: 'Rewritten by a tagger.', Writer: 'J. Van Hamme', LanguageISO: 'fr' },
    });
    await writeComic(shelf, thorgal(2), {
      comicInfo: { Number: '2', Summary: 'Aaricia is taken, again.', LanguageISO: 'de', Writer: 'Jean Van Hamme' },
    });
    await writeComic(shelf, thorgal(3), {
      comicInfo: { Number: '3', Summary: 'The file’s third.', Writer: 'Yves Sente', LanguageISO: 'en' },
    });
    await scan('full');

    const after1 = await bookByVolume(1);
    expect(after1.summary).toBe('Typed by the admin.');
    expect(after1.authors).toEqual([{ name: 'J. Van Hamme', role: 'writer' }]);
    expect(after1.metadata_sources).toMatchObject({ summary: 'admin', authors: 'file' });
    const after2 = await bookByVolume(2);
    expect(after2).toMatchObject({ language: 'fr', summary: 'Aaricia is taken, again.', locked_fields: ['language'] });
    const after3 = await bookByVolume(3);
    expect(after3).toMatchObject({ summary: 'The provider’s third.', metadata_sources: { summary: 'provider' } });

    const series = (await call(seriesPath(), { token })).body;
    expect(series).toMatchObject({
      description: 'The provider’s words.',
      description_from_volume: null,
      metadata_sources: { description: 'provider', authors: 'file' },
    });
    // The books' authors as they are now (each named once: in reading order), the series' still the books' own.
    expect(series.authors).toEqual([
      { name: 'J. Van Hamme', role: 'writer' },
      { name: 'Jean Van Hamme', role: 'writer' },
      { name: 'Yves Sente', role: 'writer' },
    ]);
  });

  it('an admin’s series edit is theirs: the books no longer change it', async () => {
    const edited = await call(seriesPath().replace(/\/metadata$/, ''), {
      method: 'PATCH',
      token,
      body: { authors: [{ name: 'Rosinski', role: 'penciller' }], tags: ['viking'], age_rating: 'Teen' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      authors: [{ name: 'Rosinski', role: 'penciller' }],
      tags: ['viking'],
      age_rating: 'Teen',
      age_rating_age: 13,
      metadata_sources: { authors: 'admin', tags: 'admin', age_rating: 'admin' },
    });
    await writeComic(shelf, thorgal(3), { comicInfo: { Number: '3', Writer: 'Someone Else' } });
    await scan('full');
    expect((await call(seriesPath(), { token })).body.authors).toEqual([{ name: 'Rosinski', role: 'penciller' }]);
  });

  it('refuses an author without a known role and changes nothing', async () => {
    const first = await bookByVolume(1);
    for (const authors of [[{ name: 'X', role: 'drummer' }], ['X'], [{ name: '', role: 'writer' }]]) {
      const refused = await call(`/books/${first.id}`, { method: 'PATCH', token, body: { authors } });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await bookByVolume(1)).authors).toEqual(first.authors);
  });
});
