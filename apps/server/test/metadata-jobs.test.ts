import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../src/config.js';
import { withContext } from '../src/database/request-context.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { SCRIPTED_PLUGINS, ScriptedProvider, seriesRecord, volumeRecord } from './support/scripted-provider.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let primary: ScriptedProvider;
let fallback: ScriptedProvider;
let libraryId: string;
let batchJobId: string;

const post = (route: string, body?: unknown) => call(route, { method: 'POST', token, body });

/** Each series of the batch library, named after the case of the batch rule it exercises. */
const SERIES = [
  'Exact One',
  'Near Match',
  'Twin Name',
  'Nowhere',
  'Gone Fishing',
  'Broken',
  'Broken Twice',
  'Already Linked',
];

beforeAll(async () => {
  primary = await new ScriptedProvider().start();
  fallback = await new ScriptedProvider().start();
  server = await startTestServer({
    thumbnails: false,
    env: { SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, ...SCRIPTED_PLUGINS].join(',') },
  });
  call = apiClient(server.url);
  await call('/settings', {
    method: 'PATCH',
    token,
    body: { plugins: { scripted_primary: { base_url: primary.url }, scripted_fallback: { base_url: fallback.url } } },
  });
  const root = path.join(server.librariesRoot, 'batch');
  for (const name of SERIES) {
    for (const n of [1, 2]) await writeComic(root, `${name}/${name} T0${n}.cbz`);
  }
  const library = await post('/libraries', {
    name: 'Batch',
    root_path: 'batch',
    metadata_provider: 'scripted_primary',
    fallback_metadata_provider: 'scripted_fallback',
  });
  libraryId = library.body.id;
  const scan = await post(`/libraries/${libraryId}/scan`, {});
  expect((await waitForJob(call, token, scan.body.id)).status).toBe('succeeded');

  // exactly one candidate at 100 (plus a weaker one) → applied
  primary.add(
    seriesRecord('exact', 'Exact One', { description: 'The one.', publishers: ['Dargaud'] }),
    [volumeRecord('exact-1', 1, { summary: 'First.' })],
    'Exact One',
  );
  primary.add(seriesRecord('exact-side', 'Exact One: Side Story'), [], 'Exact One');
  // one candidate at 99 (alternative title only) → not applied
  primary.add(seriesRecord('near', 'Something Else', { alternativeTitles: ['Near Match'] }), [], 'Near Match');
  // two candidates at 100 → not applied
  primary.add(seriesRecord('twin-1', 'Twin Name'), [], 'Twin Name');
  primary.add(seriesRecord('twin-2', 'Twin-Name'), [], 'Twin Name');
  // nothing on the primary → the fallback's exact candidate is applied
  fallback.add(seriesRecord('fb-nowhere', 'Nowhere'), [volumeRecord('fb-nowhere-1', 1)], 'Nowhere');
  // the primary fails → the fallback answers
  primary.failing.add('Broken');
  fallback.add(seriesRecord('fb-broken', 'Broken'), [], 'Broken');
  // both fail → error, and the batch goes on
  primary.failing.add('Broken Twice');
  fallback.failing.add('Broken Twice');
  // already linked before the batch → skipped
  primary.add(seriesRecord('linked', 'Already Linked'), [], undefined);
  const link = await post('/metadata/match', {
    library_id: libraryId,
    series_name: 'Already Linked',
    provider: 'scripted_primary',
    external_id: 'linked',
  });
  expect((await post(`/metadata/approve/${link.body.id}`)).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server.close();
  await primary.close();
  await fallback.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('POST /metadata/batch', () => {
  it('applies a match only for exactly one candidate at 100, records the reason otherwise, and goes on after errors', async () => {
    const started = await post('/metadata/batch', { library_id: libraryId });
    expect(started.status, started.text).toBe(202);
    batchJobId = started.body.id;
    expect(started.body).toMatchObject({ type: 'metadata_batch', library_id: libraryId });
    const job = await waitForJob(call, token, batchJobId, 60_000);
    // One series failed on both providers: the batch ran to its end, with errors.
    expect(job.status).toBe('completed_with_errors');
    expect(job.item_errors.map((error: any) => error.item)).toEqual(['Broken Twice']);
    // The last provider's failure, as a code a client translates, beside the words the batch's results also give.
    expect(job.item_errors[0]).toMatchObject({
      code: 'provider_failure',
      params: { provider: 'scripted_fallback', failure: 'unavailable' },
    });

    const results = await call(`/metadata/batch/${batchJobId}/results`, { token, query: { limit: '50' } });
    expect(results.status, results.text).toBe(200);
    const byName = Object.fromEntries((results.body.items as any[]).map((row) => [row.series_name, row]));
    expect(results.body.total).toBe(SERIES.length);
    expect(byName['Exact One']).toMatchObject({
      outcome: 'auto_matched',
      provider: 'scripted_primary',
      fallback_used: false,
      candidate_count: 2,
      best_confidence: 100,
      best_candidate: { provider: 'scripted_primary', external_id: 'exact', title: 'Exact One' },
    });
    expect(byName['Exact One'].link_id).not.toBeNull();
    expect(byName['Near Match']).toMatchObject({ outcome: 'low_confidence', best_confidence: 99, link_id: null });
    expect(byName['Twin Name']).toMatchObject({
      outcome: 'too_many_results',
      candidate_count: 2,
      best_confidence: 100,
    });
    expect(byName.Nowhere).toMatchObject({
      outcome: 'auto_matched',
      provider: 'scripted_fallback',
      fallback_used: true,
    });
    expect(byName['Gone Fishing']).toMatchObject({ outcome: 'no_results', fallback_used: true, candidate_count: 0 });
    expect(byName.Broken).toMatchObject({
      outcome: 'auto_matched',
      provider: 'scripted_fallback',
      fallback_used: true,
    });
    expect(byName['Broken Twice'].outcome).toBe('error');
    // Each provider's failure on its own, never glued into one message.
    expect(byName['Broken Twice'].errors).toEqual([
      {
        provider: 'scripted_primary',
        message: expect.stringMatching(/^Provider scripted_primary failed/),
        failure: 'unavailable',
      },
      {
        provider: 'scripted_fallback',
        message: expect.stringMatching(/^Provider scripted_fallback failed/),
        failure: 'unavailable',
      },
    ]);
    expect(byName['Broken Twice'].error).toBe(byName['Broken Twice'].errors[1].message);
    expect(byName.Broken.errors).toEqual([
      { provider: 'scripted_primary', message: expect.any(String), failure: 'unavailable' },
    ]);
    expect(byName['Already Linked']).toMatchObject({ outcome: 'already_linked' });
    expect(byName['Already Linked'].link_id).not.toBeNull();

    // The auto-matched series were synced like an approval.
    const exact = await call(`/libraries/${libraryId}/series/Exact%20One/metadata`, { token });
    expect(exact.body).toMatchObject({ description: 'The one.', publishers: ['Dargaud'] });
    const links = await call('/metadata/links', { token, query: { library_id: libraryId, series_name: 'Near Match' } });
    expect(links.body.items).toEqual([]);
  }, 90_000);

  it('reports counts per outcome, totals and duration', async () => {
    const report = await call(`/metadata/batch/${batchJobId}/report`, { token });
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({
      job_id: batchJobId,
      status: 'completed_with_errors',
      total_series: SERIES.length,
      processed: SERIES.length,
      counts: {
        auto_matched: 3,
        already_linked: 1,
        no_results: 1,
        too_many_results: 1,
        low_confidence: 1,
        error: 1,
        skipped: 0,
      },
    });
    expect(report.body.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('filters and pages the results, in the documented order', async () => {
    const auto = await call(`/metadata/batch/${batchJobId}/results`, { token, query: { status: 'auto_matched' } });
    expect(auto.body.items.map((row: any) => row.series_name)).toEqual(['Broken', 'Exact One', 'Nowhere']);
    const page = await call(`/metadata/batch/${batchJobId}/results`, { token, query: { limit: '3', page: '2' } });
    expect(page.body).toMatchObject({ total: SERIES.length, page: 2, limit: 3 });
    expect(page.body.items.map((row: any) => row.outcome)).toEqual([
      'low_confidence',
      'too_many_results',
      'no_results',
    ]);
    expectProblem(await call(`/metadata/batch/${batchJobId}/results`, { token, query: { status: 'great' } }), 400);
  });

  it('refuses a library without a provider, and unknown or wrong jobs', async () => {
    await writeComic(path.join(server.librariesRoot, 'plain'), 'A/A 01.cbz');
    const plain = await post('/libraries', { name: 'Plain', root_path: 'plain' });
    const refused = await post('/metadata/batch', { library_id: plain.body.id });
    expectProblem(refused, 400);
    expect(refused.body.detail).toMatch(/no metadata provider/);
    // Said by its code, which a client translates (the admin does).
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ path: '/body/library_id', code: 'noMetadataProvider' }),
    ]);
    expectProblem(await post('/metadata/batch', { library_id: '0b5b7c4e-1111-4222-8333-944445555666' }), 404);
    expectProblem(await call('/metadata/batch/0b5b7c4e-1111-4222-8333-944445555666/report', { token }), 404);
    const scanJob = (await call('/jobs', { token, query: { type: 'scan' } })).body.items[0];
    expectProblem(await call(`/metadata/batch/${scanJob.id}/report`, { token }), 404);
    expectProblem(await call(`/metadata/refresh/${scanJob.id}/report`, { token }), 404);
  });
});

describe('POST /metadata/batch with series_ids (a selection)', () => {
  it('asks only for the selected series of the library, and refuses ids of another library without starting', async () => {
    const listed = await call('/series', { token, query: { library_id: libraryId, limit: '50' } });
    const idOf = (name: string) => listed.body.items.find((item: any) => item.name === name).id as string;
    const searched = () =>
      primary.requests
        .filter((request) => request.path.startsWith('/search?'))
        .map((request) => new URL(request.path, 'http://fake').searchParams.get('q'));
    const asked = searched().length;
    const started = await post('/metadata/batch', {
      library_id: libraryId,
      series_ids: [idOf('Twin Name'), idOf('Near Match')],
    });
    expect(started.status, started.text).toBe(202);
    const job = await waitForJob(call, token, started.body.id, 60_000);
    expect(job.status).toBe('succeeded');
    const results = await call(`/metadata/batch/${started.body.id}/results`, { token, query: { limit: '50' } });
    expect(results.body.items.map((item: any) => [item.series_name, item.outcome]).sort()).toEqual([
      ['Near Match', 'low_confidence'],
      ['Twin Name', 'too_many_results'],
    ]);
    expect(searched().slice(asked).sort()).toEqual(['Near Match', 'Twin Name']);

    // A series of the Plain library (the test above created it; its first scan starts by itself).
    const strangerOf = async () =>
      (await call('/series', { token, query: { limit: '50' } })).body.items.find(
        (item: any) => item.library_id !== libraryId,
      )?.id as string | undefined;
    await expect.poll(strangerOf, { timeout: 20_000 }).toBeDefined();
    const stranger = (await strangerOf())!;
    const before = (await call('/jobs', { token, query: { type: 'metadata_batch' } })).body.total;
    for (const series_ids of [[stranger], [idOf('Broken'), '0b5b7c4e-1111-4222-8333-944445555666']]) {
      const refused = await post('/metadata/batch', { library_id: libraryId, series_ids });
      expectProblem(refused, 400);
      expect(refused.body.errors[0].path).toBe('/body/series_ids');
    }
    for (const series_ids of [[], [idOf('Broken'), idOf('Broken')], ['not-a-uuid']]) {
      expectProblem(await post('/metadata/batch', { library_id: libraryId, series_ids }), 400);
    }
    expect((await call('/jobs', { token, query: { type: 'metadata_batch' } })).body.total).toBe(before);
  });
});

describe('POST /metadata/refresh', () => {
  it('re-reads approved links, applies the sync rules and reports what changed per series', async () => {
    await call(`/libraries/${libraryId}/series/Exact%20One`, {
      method: 'PATCH',
      token,
      body: { locked_fields: ['publishers'] },
    });
    primary.series.set('exact', {
      ...primary.series.get('exact')!,
      description: 'The one, revised.',
      publishers: ['Dupuis'],
      totalVolumes: 3,
    });
    primary.volumes.set('exact', [
      volumeRecord('exact-1', 1, { summary: 'First, revised.' }),
      volumeRecord('exact-2', 2),
    ]);
    const started = await post('/metadata/refresh', { library_id: libraryId });
    expect(started.status, started.text).toBe(202);
    expect((await waitForJob(call, token, started.body.id, 60_000)).status).toBe('succeeded');

    const report = await call(`/metadata/refresh/${started.body.id}/report`, { token });
    expect(report.status, report.text).toBe(200);
    expect(report.body.status).toBe('succeeded');
    const entries = Object.fromEntries((report.body.series as any[]).map((entry) => [entry.series_name, entry]));
    expect(Object.keys(entries).sort()).toEqual(['Already Linked', 'Broken', 'Exact One', 'Nowhere']);
    const exact = entries['Exact One'];
    expect(exact.error).toBeNull();
    expect(exact.report.series.updated).toEqual(
      expect.arrayContaining([
        { field: 'description', old: 'The one.', new: 'The one, revised.' },
        { field: 'total_volumes', old: null, new: 3 },
      ]),
    );
    expect(exact.report.series.skipped).toEqual(['publishers']);
    expect(exact.report.books_matched).toBe(2);
    expect(entries.Nowhere.report.series.updated).toEqual([]);
    const series = await call(`/libraries/${libraryId}/series/Exact%20One/metadata`, { token });
    expect(series.body).toMatchObject({ description: 'The one, revised.', publishers: ['Dargaud'], total_volumes: 3 });
  }, 90_000);

  it('records a provider failure for the series and goes on', async () => {
    primary.failing.add('*');
    try {
      const started = await post('/metadata/refresh', { library_id: libraryId });
      const job = await waitForJob(call, token, started.body.id, 60_000);
      // Ran to its end, with the series it could not read again recorded as item errors.
      expect(job.status).toBe('completed_with_errors');
      const report = await call(`/metadata/refresh/${started.body.id}/report`, { token });
      const entries = Object.fromEntries((report.body.series as any[]).map((entry) => [entry.series_name, entry]));
      expect(entries['Exact One'].report).toBeNull();
      expect(entries['Exact One'].error).toMatch(/scripted_primary/);
      expect(entries['Exact One'].failure).toBe('unavailable');
      expect(entries.Nowhere.error).toBeNull();
      expect(entries.Nowhere.failure).toBeNull();
      const details = await call(`/jobs/${started.body.id}`, { token });
      const exactError = details.body.item_errors.find((error: any) => error.item === 'Exact One');
      expect(exactError).toMatchObject({
        message: entries['Exact One'].error,
        code: 'provider_failure',
        params: { provider: 'scripted_primary', failure: 'unavailable', detail: entries['Exact One'].error },
      });
    } finally {
      primary.failing.delete('*');
    }
  }, 90_000);

  it('is a 400 for a library without approved links', async () => {
    const plain = (await call('/libraries', { token })).body.items.find((item: any) => item.name === 'Plain');
    expectProblem(await post('/metadata/refresh', { library_id: plain.id }), 400);
  });
});

describe('scheduled refresh', () => {
  const schedule = (id: string) =>
    withContext(server.container.orm, () => server.container.services.metadataRefresh.schedule(id));

  it('follows metadata_refresh_mode: one recurring job per library, rescheduled, removed', async () => {
    expect(await schedule(libraryId)).toBeNull();
    const patch = (mode: string) =>
      call(`/libraries/${libraryId}`, { method: 'PATCH', token, body: { metadata_refresh_mode: mode } });
    expect((await patch('hourly')).status).toBe(200);
    const hourly = await schedule(libraryId);
    expect(hourly?.interval).toBe('1 hour');
    expect(hourly?.nextRunAt?.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await patch('daily');
    expect((await schedule(libraryId))?.interval).toBe('1 day');
    await patch('weekly');
    expect((await schedule(libraryId))?.interval).toBe('1 week');
    await patch('manual');
    expect(await schedule(libraryId)).toBeNull();

    await writeComic(path.join(server.librariesRoot, 'daily'), 'A/A 01.cbz');
    const daily = await post('/libraries', {
      name: 'Daily',
      root_path: 'daily',
      metadata_provider: 'scripted_primary',
      metadata_refresh_mode: 'daily',
    });
    expect((await schedule(daily.body.id))?.interval).toBe('1 day');
    expect((await call(`/libraries/${daily.body.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await schedule(daily.body.id)).toBeNull();
  });

  it('starts a refresh job when the schedule fires', async () => {
    await withContext(server.container.orm, () => server.container.services.metadataRefresh.onTrigger({ libraryId }));
    const jobs = await call('/jobs', { token, query: { type: 'metadata_refresh', library_id: libraryId } });
    const latest = jobs.body.items[0];
    expect(latest).toBeDefined();
    expect((await waitForJob(call, token, latest.id, 60_000)).status).toBe('succeeded');
  }, 90_000);
});
