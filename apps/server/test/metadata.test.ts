import path from 'node:path';
import fc from 'fast-check';
import { expectFacetRowsInStep } from './support/facet-rows.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../src/config.js';
import { secret } from './support/secrets.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { SCRIPTED_PLUGINS, ScriptedProvider, seriesRecord, volumeRecord } from './support/scripted-provider.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
const PRIMARY_KEY = secret('scripted-primary-secret-5d0c8f1e2a');
let server: TestServer;
let call: ApiClient;
let primary: ScriptedProvider;
let fallback: ScriptedProvider;
let shelfId: string;

async function scan(libraryId: string) {
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
}

const post = (route: string, body?: unknown) => call(route, { method: 'POST', token, body });
const seriesMetadata = async (name: string, libraryId = shelfId) =>
  (await call(`/libraries/${libraryId}/series/${encodeURIComponent(name)}/metadata`, { token })).body;
const booksOf = async (series: string, libraryId = shelfId) =>
  (await call('/books', { token, query: { series, library_id: libraryId } })).body.items as any[];
const bookDetails = async (id: string) => (await call(`/books/${id}`, { token })).body;

async function matchAndApprove(seriesName: string, provider: string, externalId: string, libraryId = shelfId) {
  const link = await post('/metadata/match', {
    library_id: libraryId,
    series_name: seriesName,
    provider,
    external_id: externalId,
  });
  expect(link.status, link.text).toBe(201);
  const approved = await post(`/metadata/approve/${link.body.id}`);
  expect(approved.status, approved.text).toBe(200);
  return approved.body;
}

beforeAll(async () => {
  primary = await new ScriptedProvider().start();
  fallback = await new ScriptedProvider().start();
  server = await startTestServer({
    thumbnails: false,
    env: { SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, ...SCRIPTED_PLUGINS].join(',') },
  });
  call = apiClient(server.url);
  const settings = await call('/settings', {
    method: 'PATCH',
    token,
    body: {
      plugins: {
        scripted_primary: { base_url: primary.url, api_key: PRIMARY_KEY },
        scripted_fallback: { base_url: fallback.url },
      },
    },
  });
  expect(settings.status, settings.text).toBe(200);

  const shelf = path.join(server.librariesRoot, 'shelf');
  for (const n of [1, 2, 3]) {
    await writeComic(shelf, `Les Légendaires/Les Légendaires T0${n}.cbz`, { comicInfo: { Title: `Légende ${n}` } });
  }
  await writeComic(shelf, 'Les Légendaires/Les Légendaires - Le Gardien.cbz', { comicInfo: { Title: 'Le Gardien' } });
  for (const n of [1, 2]) await writeComic(shelf, `Blacksad/Blacksad 0${n}.cbz`, { comicInfo: { Summary: 'Mine' } });
  const library = await post('/libraries', {
    name: 'Shelf',
    root_path: 'shelf',
    metadata_provider: 'scripted_primary',
    fallback_metadata_provider: 'scripted_fallback',
  });
  expect(library.status, library.text).toBe(201);
  shelfId = library.body.id;
  await scan(shelfId);

  primary.add(
    seriesRecord('leg-1', 'Légendaires (Les)', {
      authors: ['Patrick Sobral'],
      description: 'Des héros légendaires.',
      publishers: ['Delcourt'],
      startYear: 2004,
      totalVolumes: 5,
      rawStatus: 'Série en cours',
      genres: ['Fantasy'],
      language: 'fr',
      coverUrl: 'https://covers.example/leg.jpg',
      externalUrl: 'https://provider.example/leg-1',
    }),
    [
      volumeRecord('leg-v1', 1, {
        title: 'Le Gardien',
        summary: 'Tome 1.',
        isbn: '978-2-203-00101-5',
        publishDate: '2004',
      }),
      volumeRecord('leg-v2', 2, { summary: 'Tome 2.', authors: ['Patrick Sobral'] }),
      volumeRecord('leg-v3', 3, { summary: 'Tome 3.' }),
      volumeRecord('leg-v4', 4, { title: 'Les Chevaliers', summary: 'Tome 4.' }),
      volumeRecord('leg-v5', 5, { summary: 'Tome 5.' }),
    ],
    'Les Légendaires',
  );
  primary.add(seriesRecord('leg-2', 'Les Légendaires: Origines', { totalVolumes: 2 }), [], 'Les Légendaires');
  primary.add(seriesRecord('leg-3', 'Légendes urbaines'), [], 'Les Légendaires');
});
afterAll(async () => {
  // The provider key went out with every call of the file; it must appear in no log line.
  expect(server.logs.join('\n')).not.toContain(PRIMARY_KEY);
  await server.close();
  await primary.close();
  await fallback.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('POST /metadata/search', () => {
  it('returns the provider candidates scored by the server, best first', async () => {
    const result = await post('/metadata/search', { library_id: shelfId, series_name: 'Les Légendaires' });
    expect(result.status, result.text).toBe(200);
    const items = result.body.items as any[];
    expect(items.map((item) => item.external_id)).toEqual(['leg-1', 'leg-2', 'leg-3']);
    expect(items[0]).toMatchObject({
      provider: 'scripted_primary',
      title: 'Légendaires (Les)',
      confidence: 100,
      status: 'Série en cours',
      total_volumes: 5,
    });
    expect(items[1].confidence).toBeLessThan(100);
    expect(items[1].confidence).toBeGreaterThan(items[2].confidence);
    // The plugin got its key from the settings.
    expect(primary.requests.at(-1)).toMatchObject({ path: '/search?q=Les%20L%C3%A9gendaires', apiKey: PRIMARY_KEY });
  });

  it('asks the provider named in the request instead of the library one', async () => {
    fallback.add(seriesRecord('fb-bs', 'Blacksad'), [], 'Blacksad');
    const result = await post('/metadata/search', {
      library_id: shelfId,
      series_name: 'Blacksad',
      provider: 'scripted_fallback',
    });
    expect(result.body.items).toMatchObject([{ provider: 'scripted_fallback', external_id: 'fb-bs', confidence: 100 }]);
  });

  it('answers 502 naming the provider and the failure when the provider fails, and 404/400 for bad input', async () => {
    primary.failing.add('Blacksad');
    try {
      const failed = await post('/metadata/search', { library_id: shelfId, series_name: 'Blacksad' });
      expectProblem(failed, 502);
      expect(failed.body.detail).toMatch(/scripted_primary/);
      expect(failed.body.detail).toMatch(/unavailable/);
      expect(failed.text).not.toContain(PRIMARY_KEY);
    } finally {
      primary.failing.delete('Blacksad');
    }
    expectProblem(await post('/metadata/search', { library_id: shelfId, series_name: 'Nope' }), 404);
    expectProblem(
      await post('/metadata/search', { library_id: '0b5b7c4e-1111-4222-8333-944445555666', series_name: 'Blacksad' }),
      404,
    );
    expectProblem(
      await post('/metadata/search', { library_id: shelfId, series_name: 'Blacksad', provider: 'nope' }),
      400,
    );
    expectProblem(await post('/metadata/search', { library_id: shelfId, series_name: '' }), 400);
    expectProblem(await post('/metadata/search', { library_id: shelfId }), 400);
  });

  it('says a release indexer is not a metadata provider, and names the ids to use for a guessed one', async () => {
    const indexer = await post('/metadata/search', {
      library_id: shelfId,
      series_name: 'Blacksad',
      provider: 'prowlarr',
    });
    expectProblem(indexer, 400);
    expect(indexer.body.errors).toEqual([
      expect.objectContaining({
        path: '/body/provider',
        message: 'prowlarr is a release indexer, not a metadata provider',
        code: 'notMetadataProvider',
      }),
    ]);
    const guessed = await post('/metadata/search', {
      library_id: shelfId,
      series_name: 'Blacksad',
      provider: 'open-library',
    });
    expectProblem(guessed, 400);
    expect(guessed.body.errors[0].message).toMatch(
      /^unknown or unavailable provider "open-library"; use one of .*open_library/,
    );
  });
});

describe('match, approve and the sync report', () => {
  let linkId: string;

  it('matches a series to a candidate, pending approval', async () => {
    const result = await post('/metadata/match', {
      library_id: shelfId,
      series_name: 'Les Légendaires',
      provider: 'scripted_primary',
      external_id: 'leg-1',
      confidence: 100,
      title: 'Légendaires (Les)',
    });
    expect(result.status, result.text).toBe(201);
    expect(result.body).toMatchObject({
      library_id: shelfId,
      series_name: 'Les Légendaires',
      provider: 'scripted_primary',
      external_id: 'leg-1',
      status: 'pending',
      confidence: 100,
      total_volumes_external: 5,
      approved_at: null,
      synced_at: null,
    });
    linkId = result.body.id;
    const links = await call('/metadata/links', {
      token,
      query: { library_id: shelfId, series_name: 'Les Légendaires' },
    });
    expect(links.body.items.map((link: any) => link.id)).toEqual([linkId]);
  });

  it('approves: syncs the series and its books, honours locks, and reports old → new and skipped', async () => {
    const gardien = (await booksOf('Les Légendaires')).find((book) => book.title === 'Le Gardien');
    await call(`/books/${gardien.id}`, { method: 'PATCH', token, body: { locked_fields: ['summary'] } });
    await call(`/libraries/${shelfId}/series/${encodeURIComponent('Les Légendaires')}`, {
      method: 'PATCH',
      token,
      body: { genres: ['Humour'], locked_fields: ['genres'] },
    });
    const result = await post(`/metadata/approve/${linkId}`);
    expect(result.status, result.text).toBe(200);
    const { link, report } = result.body;
    expect(link).toMatchObject({ status: 'approved' });
    expect(link.approved_at).not.toBeNull();
    expect(link.synced_at).not.toBeNull();
    expect(report.series.updated).toEqual(
      expect.arrayContaining([
        { field: 'status', old: null, new: 'ongoing' },
        { field: 'authors', old: null, new: ['Patrick Sobral'] },
        { field: 'description', old: null, new: 'Des héros légendaires.' },
        { field: 'total_volumes', old: null, new: 5 },
        { field: 'start_year', old: null, new: 2004 },
      ]),
    );
    expect(report.series.skipped).toEqual(['genres']);
    // Volumes 1-3 by number, the unnumbered "Le Gardien" by title (volume 4's title does not match it).
    expect(report.books_matched).toBe(3);
    expect(report.books_unmatched).toBe(2);
    const byVolume = new Map((report.books as any[]).map((book) => [book.volume, book]));
    expect(byVolume.get(1).updated).toEqual(
      expect.arrayContaining([
        { field: 'summary', old: null, new: 'Tome 1.' },
        { field: 'isbn', old: null, new: '9782203001015' },
        { field: 'publish_date', old: null, new: '2004-01-01' },
      ]),
    );

    const series = await seriesMetadata('Les Légendaires');
    expect(series).toMatchObject({
      status: 'ongoing',
      authors: [{ name: 'Patrick Sobral', role: 'author' }],
      publishers: ['Delcourt'],
      total_volumes: 5,
      genres: ['Humour'],
      language: 'fr',
    });
    const volume1 = (await booksOf('Les Légendaires')).find((book) => book.volume === 1);
    expect(await bookDetails(volume1.id)).toMatchObject({
      summary: 'Tome 1.',
      isbn: '9782203001015',
      title: 'Légende 1',
    });
    expect((await bookDetails(gardien.id)).summary).toBeNull();
    // The filters follow the approval's writes.
    await expectFacetRowsInStep(server);
    const byAuthor = await call('/series', { token, query: { author: 'Patrick Sobral', publisher: 'Delcourt' } });
    expect(byAuthor.body.items.map((item: any) => item.name)).toEqual(['Les Légendaires']);
    const statuses = await call('/settings/status-mappings', { token });
    expect(statuses.status).toBe(200);
  });

  it('lists the missing volumes with the expected, owned and missing counts, and the series list follows', async () => {
    const missing = await call(`/metadata/missing/${linkId}`, { token });
    expect(missing.status, missing.text).toBe(200);
    expect(missing.body).toMatchObject({ link_id: linkId, expected: 5, owned: 4, missing: 1 });
    expect(missing.body.volumes).toEqual([
      { external_book_id: 'leg-v4', volume_number: 4, title: 'Les Chevaliers' },
      { external_book_id: 'leg-v5', volume_number: 5, title: null },
    ]);
    const listed = await call('/series', { token, query: { has_missing: 'true', library_id: shelfId } });
    expect(listed.body.items.map((item: any) => [item.name, item.missing_count])).toEqual([['Les Légendaires', 1]]);
  });

  it('never clears a field: an empty provider value leaves the stored one', async () => {
    primary.series.set('leg-1', { ...primary.series.get('leg-1')!, description: '', authors: [], totalVolumes: null });
    const again = await post(`/metadata/approve/${linkId}`);
    expect(again.status).toBe(200);
    expect(again.body.report.series.updated.map((change: any) => change.field)).not.toContain('description');
    // The stored candidate (what the admin saw) is synced on approval, so nothing changed at all.
    expect(await seriesMetadata('Les Légendaires')).toMatchObject({
      description: 'Des héros légendaires.',
      total_volumes: 5,
    });
  });

  it('approving another link of the series rejects the approved one', async () => {
    fallback.add(seriesRecord('fb-leg', 'Les Légendaires'), [volumeRecord('fb-1', 1)]);
    const other = await post('/metadata/match', {
      library_id: shelfId,
      series_name: 'Les Légendaires',
      provider: 'scripted_fallback',
      external_id: 'fb-leg',
    });
    expect((await post(`/metadata/approve/${other.body.id}`)).status).toBe(200);
    const links = await call('/metadata/links', {
      token,
      query: { library_id: shelfId, series_name: 'Les Légendaires' },
    });
    const statuses = Object.fromEntries((links.body.items as any[]).map((link) => [link.provider, link.status]));
    expect(statuses).toEqual({ scripted_primary: 'rejected', scripted_fallback: 'approved' });
    // Back to the first one for the tests that follow.
    expect((await post(`/metadata/approve/${linkId}`)).status).toBe(200);
  });

  it('rejects and deletes links; unknown links are 404', async () => {
    const link = await post('/metadata/match', {
      library_id: shelfId,
      series_name: 'Blacksad',
      provider: 'scripted_fallback',
      external_id: 'fb-bs',
    });
    expect(link.status).toBe(201);
    const rejected = await post(`/metadata/reject/${link.body.id}`);
    expect(rejected.body.status).toBe('rejected');
    expect((await call(`/metadata/links/${link.body.id}`, { method: 'DELETE', token })).status).toBe(204);
    const unknown = '0b5b7c4e-1111-4222-8333-944445555666';
    expectProblem(await post(`/metadata/approve/${unknown}`), 404);
    expectProblem(await post(`/metadata/reject/${unknown}`), 404);
    expectProblem(await call(`/metadata/links/${unknown}`, { method: 'DELETE', token }), 404);
    expectProblem(await call(`/metadata/missing/${unknown}`, { token }), 404);
    expectProblem(await post('/metadata/approve/not-a-uuid'), 400);
  });

  it('a provider failure at approval is a 502 and changes nothing', async () => {
    fallback.add(seriesRecord('fb-bs2', 'Blacksad', { description: 'From the fallback' }), [volumeRecord('x', 1)]);
    const link = await post('/metadata/match', {
      library_id: shelfId,
      series_name: 'Blacksad',
      provider: 'scripted_fallback',
      external_id: 'fb-bs2',
    });
    fallback.failing.add('volumes:fb-bs2');
    try {
      expectProblem(await post(`/metadata/approve/${link.body.id}`), 502);
    } finally {
      fallback.failing.delete('volumes:fb-bs2');
    }
    // The description its books gave it stays theirs.
    expect(await seriesMetadata('Blacksad')).toMatchObject({
      description: 'Mine',
      description_from_volume: 1,
      metadata_sources: { description: 'file' },
    });
    const links = await call('/metadata/links', { token, query: { library_id: shelfId, series_name: 'Blacksad' } });
    expect(links.body.items[0]).toMatchObject({ status: 'pending' });
  });
});

describe('locks, property-based through the API', () => {
  it('a locked field never changes, whatever the provider sends', async () => {
    const FIELDS = [
      'status',
      'authors',
      'description',
      'publishers',
      'start_year',
      'total_volumes',
      'genres',
      'language',
    ];
    const fieldValue = {
      status: fc.constantFrom('Finie', 'En cours', 'hiatus'),
      authors: fc.array(fc.constantFrom('A. Author', 'B. Writer'), { minLength: 1, maxLength: 2 }),
      description: fc.string({ minLength: 1, maxLength: 20 }),
      publishers: fc.array(fc.constantFrom('Dargaud', 'Dupuis'), { minLength: 1, maxLength: 2 }),
      start_year: fc.integer({ min: 1950, max: 2025 }),
      total_volumes: fc.integer({ min: 1, max: 60 }),
      genres: fc.array(fc.constantFrom('Polar', 'Aventure'), { minLength: 1, maxLength: 2 }),
      language: fc.constantFrom('fr', 'en', 'nl'),
    };
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.subarray(FIELDS), fc.record(fieldValue, { requiredKeys: [] }), async (locks, payload) => {
        round++;
        const externalId = `prop-${round}`;
        fallback.add(
          seriesRecord(externalId, 'Blacksad', {
            rawStatus: payload.status ?? null,
            authors: payload.authors ?? [],
            description: payload.description ?? null,
            publishers: payload.publishers ?? [],
            startYear: payload.start_year ?? null,
            totalVolumes: payload.total_volumes ?? null,
            genres: payload.genres ?? [],
            language: payload.language ?? null,
          }),
        );
        const url = `/libraries/${shelfId}/series/Blacksad`;
        await call(url, { method: 'PATCH', token, body: { locked_fields: locks } });
        const before = await seriesMetadata('Blacksad');
        const approved = await matchAndApprove('Blacksad', 'scripted_fallback', externalId);
        const after = await seriesMetadata('Blacksad');
        for (const field of locks) expect(after[field], field).toEqual(before[field]);
        for (const field of approved.report.series.skipped) expect(locks).toContain(field);
        for (const field of FIELDS) {
          if (before[field] !== null && !(Array.isArray(before[field]) && before[field].length === 0)) {
            expect(after[field], `${field} cleared`).not.toBeNull();
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
