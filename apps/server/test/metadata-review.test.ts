import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../src/config.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { SCRIPTED_PLUGINS, ScriptedProvider, seriesRecord } from './support/scripted-provider.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * The review queue's API: `GET /metadata/links` of a whole library filtered by status (highest confidence first),
 * and `GET /metadata/links/{id}/preview`, the field-by-field diff approval would apply, locks marked, nothing
 * written (no unknown provider status added to the mappings, the series unchanged).
 */
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let primary: ScriptedProvider;
let shelfId: string;

const post = (route: string, body?: unknown) => call(route, { method: 'POST', token, body });
const links = async (query: Record<string, string>) => call('/metadata/links', { token, query });

async function match(seriesName: string, externalId: string, confidence: number | undefined) {
  const link = await post('/metadata/match', {
    library_id: shelfId,
    series_name: seriesName,
    provider: 'scripted_primary',
    external_id: externalId,
    ...(confidence === undefined ? {} : { confidence }),
  });
  expect(link.status, link.text).toBe(201);
  return link.body as { id: string };
}

beforeAll(async () => {
  primary = await new ScriptedProvider().start();
  server = await startTestServer({
    thumbnails: false,
    env: { SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, ...SCRIPTED_PLUGINS].join(',') },
  });
  call = apiClient(server.url);
  const settings = await call('/settings', {
    method: 'PATCH',
    token,
    body: { plugins: { scripted_primary: { base_url: primary.url, api_key: 'review-test-key-0123456789' } } },
  });
  expect(settings.status, settings.text).toBe(200);
  const shelf = path.join(server.librariesRoot, 'shelf');
  await writeComic(shelf, 'Blacksad/Blacksad 01.cbz', { comicInfo: { Summary: 'Mine' } });
  await writeComic(shelf, 'Aldebaran/Aldebaran 01.cbz');
  await writeComic(shelf, 'Sillage/Sillage 01.cbz');
  const library = await post('/libraries', {
    name: 'Shelf',
    root_path: 'shelf',
    metadata_provider: 'scripted_primary',
  });
  expect(library.status, library.text).toBe(201);
  shelfId = library.body.id;
  const job = await post(`/libraries/${shelfId}/scan`, {});
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');

  primary.add(
    seriesRecord('bs-1', 'Blacksad', {
      authors: ['Juan Díaz Canales'],
      description: 'Un chat détective.',
      publishers: ['Dargaud'],
      startYear: 2000,
      rawStatus: 'Tout nouveau statut',
      genres: ['Polar'],
    }),
    [],
    'Blacksad',
  );
  primary.add(seriesRecord('al-1', 'Aldebaran', { startYear: 1994 }), [], 'Aldebaran');
  primary.add(seriesRecord('si-1', 'Sillage', { startYear: 1998 }), [], 'Sillage');
});
afterAll(async () => {
  await server?.close();
  await primary?.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('the metadata review queue', () => {
  it('lists the pending links of a library, highest confidence first, and no other status', async () => {
    const blacksad = await match('Blacksad', 'bs-1', 100);
    await match('Aldebaran', 'al-1', 62);
    const sillage = await match('Sillage', 'si-1', undefined);
    expect((await post(`/metadata/reject/${sillage.id}`)).status).toBe(200);

    const pending = await links({ library_id: shelfId, status: 'pending' });
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body.items.map((link: { series_name: string }) => link.series_name)).toEqual([
      'Blacksad',
      'Aldebaran',
    ]);
    expect(pending.body.items[0]).toMatchObject({ id: blacksad.id, confidence: 100, status: 'pending' });

    const all = await links({ library_id: shelfId });
    expect(all.body.items).toHaveLength(3);
    expect(all.body.items.at(-1)).toMatchObject({ series_name: 'Sillage', confidence: null, status: 'rejected' });
    expect((await links({ library_id: shelfId, limit: '1' })).body.items).toHaveLength(1);
    // By series name, as before; the status filter applies there too.
    const named = await links({ library_id: shelfId, series_name: 'Sillage', status: 'pending' });
    expect(named.body.items).toEqual([]);

    expectProblem(await links({ library_id: shelfId, status: 'maybe' }), 400);
    expectProblem(await links({ library_id: '0b5b7c4e-1111-4222-8333-944445555666' }), 404);
  });

  it('previews approval field by field: current, provider, locked, changes; writing nothing', async () => {
    const [link] = (await links({ library_id: shelfId, status: 'pending' })).body.items as { id: string }[];
    const locked = await call(`/libraries/${shelfId}/series/Blacksad`, {
      method: 'PATCH',
      token,
      body: { publishers: ['Mine'], locked_fields: ['publishers'] },
    });
    expect(locked.status, locked.text).toBe(200);
    const mappingsBefore = (await call('/settings/status-mappings', { token })).body.items.length;

    const preview = await call(`/metadata/links/${link!.id}/preview`, { token });
    expect(preview.status, preview.text).toBe(200);
    const fields = Object.fromEntries(
      (preview.body.fields as { field: string }[]).map((field) => [field.field, field]),
    );
    // The description its book gave it (issue 31), which the provider's replaces.
    expect(fields['description']).toEqual({
      field: 'description',
      current: 'Mine',
      provider: 'Un chat détective.',
      locked: false,
      changes: true,
    });
    expect(fields['publishers']).toEqual({
      field: 'publishers',
      current: ['Mine'],
      provider: ['Dargaud'],
      locked: true,
      changes: false,
    });
    expect(fields['start_year']).toMatchObject({ current: null, provider: 2000, changes: true });
    expect(fields['total_volumes']).toMatchObject({ provider: null, changes: false });
    expect(fields['status']).toMatchObject({ provider: 'tout nouveau statut', changes: true });

    // Nothing written: the series, the links and the status mappings are as they were.
    const series = await call(`/libraries/${shelfId}/series/Blacksad/metadata`, { token });
    expect(series.body.description).toBe('Mine');
    expect((await call('/settings/status-mappings', { token })).body.items.length).toBe(mappingsBefore);
    expect((await links({ library_id: shelfId, status: 'pending' })).body.items).toHaveLength(2);

    // Approval then writes what the preview said, the lock kept.
    expect((await post(`/metadata/approve/${link!.id}`)).status).toBe(200);
    const after = await call(`/libraries/${shelfId}/series/Blacksad/metadata`, { token });
    expect(after.body).toMatchObject({ description: 'Un chat détective.', publishers: ['Mine'], start_year: 2000 });

    expectProblem(await call('/metadata/links/0b5b7c4e-1111-4222-8333-944445555666/preview', { token }), 404);
  });
});
