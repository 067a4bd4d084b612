import { createServer } from 'node:net';
import path from 'node:path';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../src/config.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { SCRIPTED_PLUGINS } from './support/scripted-provider.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

interface GoogleBooksFakeModule {
  startGoogleBooksFake: (options?: { latencyMs?: number }) => Promise<FakeService>;
}
/** Imported by URL: the file lies outside this package's tsconfig rootDir (see releases.test.ts). */
const { startGoogleBooksFake } = (await import(
  new URL('../../../plugins/google-books/test/fake-service.ts', import.meta.url).href
)) as GoogleBooksFakeModule;

const token = BOOTSTRAP_TOKEN;
const SERIES = ['Aldebaran', 'Betelgeuse', 'Canopus', 'Deneb', 'Enif', 'Fomalhaut', 'Gienah', 'Hadar'];

let server: TestServer;
let call: ApiClient;
let googleFake: FakeService;
let closedUrl: string;

const post = (route: string, body?: unknown) => call(route, { method: 'POST', token, body });

/** A local address where nothing listens: every connection is refused at once. */
async function closedPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function library(name: string, providers: { metadata_provider: string; fallback_metadata_provider: string }) {
  for (const series of SERIES) await writeComic(path.join(server.librariesRoot, name), `${series}/${series} T01.cbz`);
  const created = await post('/libraries', { name, root_path: name, ...providers });
  expect(created.status, created.text).toBe(201);
  const scan = await post(`/libraries/${created.body.id}/scan`, {});
  expect((await waitForJob(call, token, scan.body.id)).status).toBe('succeeded');
  return created.body.id as string;
}

async function batch(libraryId: string) {
  const started = performance.now();
  const job = await post('/metadata/batch', { library_id: libraryId });
  expect(job.status, job.text).toBe(202);
  const finished = await waitForJob(call, token, job.body.id, 60_000);
  const results = await call(`/metadata/batch/${job.body.id}/results`, { token, query: { limit: '50' } });
  const report = await call(`/metadata/batch/${job.body.id}/report`, { token });
  return {
    job: finished,
    results: results.body.items as any[],
    report: report.body,
    seconds: (performance.now() - started) / 1000,
  };
}

beforeAll(async () => {
  googleFake = await startGoogleBooksFake();
  closedUrl = await closedPort();
  server = await startTestServer({
    thumbnails: false,
    env: { SHELFMARK_PLUGINS: [...BUILT_IN_PLUGINS, ...SCRIPTED_PLUGINS].join(',') },
  });
  call = apiClient(server.url);
}, 60_000);
afterAll(async () => {
  await server.close();
  await googleFake.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('a metadata batch whose provider is unreachable', () => {
  it('stops asking after three refused connections, skips the rest with the reason, and says it had errors', async () => {
    await call('/settings', { method: 'PATCH', token, body: { plugins: { google_books: { base_url: closedUrl } } } });
    const libraryId = await library('refused', {
      metadata_provider: 'google_books',
      fallback_metadata_provider: 'none',
    });
    const { job, results, report, seconds } = await batch(libraryId);

    expect(job.status).toBe('completed_with_errors');
    expect(job.progress.percent).toBe(100);
    // Three series pay for the SDK's retries (about 1.5 s each); the five others are not asked at all.
    expect(seconds).toBeLessThan(20);
    expect(report.counts).toMatchObject({ error: 3, skipped: SERIES.length - 3 });
    const failed = results.filter((row) => row.outcome === 'error');
    for (const row of failed) {
      expect(row.errors).toEqual([
        { provider: 'google_books', message: expect.stringMatching(/ECONNREFUSED/), failure: 'unreachable' },
      ]);
      expect(row.error).toBe(row.errors[0].message);
      // Coded as the job's item error for the series is, so that the admin can say it in the reader's language.
      expect(row).toMatchObject({
        error_code: 'provider_failure',
        error_params: { provider: 'google_books', failure: 'unreachable', detail: row.error },
      });
    }
    for (const row of results.filter((row) => row.outcome === 'skipped')) {
      expect(row).toMatchObject({ provider: null, candidate_count: 0, errors: [] });
      expect(row.error).toMatch(
        /^Skipped: provider google_books is unreachable \(.*ECONNREFUSED.*\); the batch stopped asking it for a while\.$/,
      );
      expect(row.error_code).toBe('provider_skipped');
      expect(row.error_params).toEqual({ provider: 'google_books', detail: expect.stringMatching(/ECONNREFUSED/) });
      expect(row.error).toContain(row.error_params.detail);
    }
    const events = await fetch(`${server.url}/api/v1/jobs/${job.id}/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await events.text()).toMatch(/event: end\n(?:id: .*\n)?data: .*"status":"completed_with_errors"/);
    const listed = await call('/jobs', { token, query: { status: 'completed_with_errors' } });
    expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(job.id);
  }, 90_000);

  it('goes on with the fallback alone once the primary is known down, each provider failure kept apart', async () => {
    const scriptedDown = closedUrl;
    await call('/settings', {
      method: 'PATCH',
      token,
      body: { plugins: { scripted_primary: { base_url: scriptedDown }, google_books: { base_url: googleFake.url } } },
    });
    const libraryId = await library('fallback', {
      metadata_provider: 'scripted_primary',
      fallback_metadata_provider: 'google_books',
    });
    const asked = googleFake.requests.length;
    const { job, results } = await batch(libraryId);

    // Google Books answered every series (with nothing that matches): no series failed, the batch succeeded.
    expect(job.status).toBe('succeeded');
    expect(googleFake.requests.length - asked).toBe(SERIES.length);
    expect(results.map((row) => row.outcome)).toEqual(SERIES.map(() => 'no_results'));
    const withPrimaryFailure = results.filter((row) => row.errors.length > 0);
    expect(withPrimaryFailure).toHaveLength(3);
    for (const row of withPrimaryFailure) {
      expect(row.errors).toEqual([
        { provider: 'scripted_primary', message: expect.stringMatching(/ECONNREFUSED/), failure: 'unreachable' },
      ]);
      expect(row).toMatchObject({
        provider: 'google_books',
        fallback_used: true,
        error: null,
        error_code: null,
        error_params: null,
      });
    }
  }, 90_000);
});
