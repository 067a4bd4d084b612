import path from 'node:path';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.js';
import { ReleaseGrab } from '../src/entities/release-grab.entity.js';
import { secret } from './support/secrets.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

interface ProwlarrFake {
  url: string;
  requests: ReadonlyArray<{ method: string; path: string; body: string }>;
  grabs: ReadonlyArray<{ guid: string; indexerId: number; title: string }>;
  setMode(mode: string): void;
  expireSearches(): void;
  close(): Promise<void>;
}
interface ProwlarrFakeModule {
  FAKE_API_KEY: string;
  startProwlarrFake: (options?: { latencyMs?: number; failingGrabIndexerIds?: number[] }) => Promise<ProwlarrFake>;
}
/** The Prowlarr plugin's own fake (imported by URL: it lies outside this package's rootDir, see releases.test.ts). */
const { FAKE_API_KEY, startProwlarrFake } = (await import(
  new URL('../../../plugins/prowlarr/test/fake-service.ts', import.meta.url).href
)) as ProwlarrFakeModule;

/**
 * Issue 36: the `release_search` job over wanted volumes, its stored candidates, and grabs through Prowlarr's own
 * call (its fake), recorded with their outcome, on both databases over HTTP.
 */

secret(FAKE_API_KEY);
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let fake: ProwlarrFake;
let seriesId: string;
let libraryId: string;
/** Every response, to check that Prowlarr's key and the opaque indexer data never leave. */
const responses: string[] = [];

async function api(route: string, options: Parameters<ApiClient>[1] = {}) {
  const result = await call(route, { token, ...options });
  responses.push(result.text);
  return result;
}

async function configure(url: string) {
  const result = await api('/settings', {
    method: 'PATCH',
    body: { release_indexer: { url, api_key: FAKE_API_KEY, categories: [7030, 7020] } },
  });
  expect(result.status, result.text).toBe(200);
}

async function searchJob(body: Record<string, unknown>) {
  const started = await api('/releases/searches', { method: 'POST', body });
  expect(started.status, started.text).toBe(202);
  expect(started.body).toMatchObject({ type: 'release_search', library_id: null });
  return started.body.id as string;
}

const candidatesOf = async (volume?: number) => {
  const result = await api(
    `/releases/candidates?series_id=${seriesId}${volume === undefined ? '' : `&volume=${volume}`}`,
  );
  expect(result.status, result.text).toBe(200);
  return result.body.items as any[];
};

beforeAll(async () => {
  fake = await startProwlarrFake();
  server = await startTestServer({ thumbnails: false, env: { RELEASE_SEARCH_INTERVAL_SECONDS: '0' } });
  call = apiClient(server.url);
  await writeComic(path.join(server.librariesRoot, 'shelf'), 'One Piece/One Piece T01.cbz', { pages: 1 });
  const created = await api('/libraries', { method: 'POST', body: { name: 'Shelf', root_path: 'shelf' } });
  expect(created.status, created.text).toBe(201);
  libraryId = created.body.id;
  expect((await waitForJob(call, token, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  const patched = await api(`/libraries/${libraryId}/series/${encodeURIComponent('One Piece')}`, {
    method: 'PATCH',
    body: { total_volumes: 3 },
  });
  expect(patched.status, patched.text).toBe(200);
  seriesId = patched.body.id;
  await configure(fake.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
  for (const text of responses) {
    expect(text).not.toContain(FAKE_API_KEY);
    expect(text).not.toContain('indexerId');
  }
});

describe('the release_search job', () => {
  it('searches every wanted volume and stores its best candidates, the exact volume first, with the time', async () => {
    const before = Date.now();
    const job = await waitForJob(call, token, await searchJob({}), 60_000);
    expect(job).toMatchObject({ status: 'succeeded', progress: { processed: 2, total: 2 } });
    const searches = fake.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/search');
    expect(searches.length).toBeGreaterThanOrEqual(2);
    const second = await candidatesOf(2);
    expect(second[0]).toMatchObject({
      series_id: seriesId,
      series_name: 'One Piece',
      volume: 2,
      rank: 0,
      exact: true,
      title: 'One Piece - Tome 02 [Glénat] (CBZ)',
      protocol: 'torrent',
      indexer: 'YggTorrent',
    });
    expect(Date.parse(second[0].searched_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(second.every((candidate) => candidate.volumes.includes(2))).toBe(true);
    expect((await candidatesOf()).map((candidate) => candidate.volume)).toEqual(expect.arrayContaining([2, 3]));
  });

  it('searches a selection only, and refuses a volume that is not wanted (400, nothing starts)', async () => {
    const from = fake.requests.length;
    const job = await waitForJob(
      call,
      token,
      await searchJob({ volumes: [{ series_id: seriesId, volume: 3 }] }),
      60_000,
    );
    expect(job).toMatchObject({ status: 'succeeded', progress: { processed: 1, total: 1 } });
    const queries = fake.requests
      .slice(from)
      .filter((request) => request.method === 'GET' && request.path === '/api/v1/search');
    expect(queries.length).toBe(1);
    const refused = await api('/releases/searches', {
      method: 'POST',
      body: { volumes: [{ series_id: seriesId, volume: 1 }] },
    });
    expectProblem(refused, 400);
    expectProblem(await api('/releases/searches', { method: 'POST', body: { volumes: [] } }), 400);
  });

  it('can be cancelled while it searches', async () => {
    const slow = await startProwlarrFake({ latencyMs: 3000 });
    try {
      await configure(slow.url);
      const id = await searchJob({});
      for (;;) {
        const job = await api(`/jobs/${id}`);
        if (job.body.status === 'running') break;
        expect(job.body.status).toBe('queued');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await api(`/jobs/${id}/cancel`, { method: 'POST', body: {} })).status).toBeLessThan(300);
      expect((await waitForJob(call, token, id, 60_000)).status).toBe('cancelled');
    } finally {
      await configure(fake.url);
      await slow.close();
    }
  });
});

describe('POST /releases/grab', () => {
  it("grabs a stored candidate through Prowlarr's own call and records it; the volume reads grabbed", async () => {
    const [best] = await candidatesOf(2);
    const grabbed = await api('/releases/grab', { method: 'POST', body: { candidate_id: best.id } });
    expect(grabbed.status, grabbed.text).toBe(201);
    expect(grabbed.body).toMatchObject({
      series_id: seriesId,
      series_name: 'One Piece',
      volume: 2,
      title: 'One Piece - Tome 02 [Glénat] (CBZ)',
      protocol: 'torrent',
      indexer: 'YggTorrent',
      provider: 'prowlarr',
      status: 'grabbed',
      failure: null,
      message: null,
    });
    expect(fake.grabs.at(-1)).toMatchObject({ title: 'One Piece - Tome 02 [Glénat] (CBZ)', indexerId: 2 });
    const wanted = await api(`/wanted?series_id=${seriesId}`);
    expect(wanted.body.items.map((item: any) => [item.volume, item.status])).toEqual([
      [2, 'grabbed'],
      [3, 'missing'],
    ]);
    const grabs = await api('/releases/grabs?status=grabbed');
    expect(grabs.body).toMatchObject({ total: 1, items: [{ id: grabbed.body.id, volume: 2 }] });
  });

  it("searches again when Prowlarr's cache lost the search, then grabs", async () => {
    const [best] = await candidatesOf(3);
    fake.expireSearches();
    const from = fake.requests.length;
    const grabbed = await api('/releases/grab', { method: 'POST', body: { candidate_id: best.id } });
    expect(grabbed.status, grabbed.text).toBe(201);
    expect(grabbed.body.status).toBe('grabbed');
    expect(fake.requests.slice(from).map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/v1/search',
      'GET /api/v1/search',
      'POST /api/v1/search',
    ]);
  });

  it('records a refused key as a failed grab with its failure kind, and the volume stays wanted', async () => {
    const [best] = await candidatesOf(3);
    fake.setMode('unauthorized');
    try {
      const failed = await api('/releases/grab', { method: 'POST', body: { candidate_id: best.id } });
      expect(failed.status, failed.text).toBe(201);
      expect(failed.body).toMatchObject({ status: 'failed', failure: 'refused_key', volume: 3 });
      expect(failed.body.message).toMatch(/API key/);
    } finally {
      fake.setMode('ok');
    }
    const wanted = await api(`/wanted?series_id=${seriesId}&status=missing`);
    expect(wanted.body.items).toMatchObject([{ volume: 3, last_grab: { status: 'failed' } }]);
    expect((await api('/releases/grabs?status=failed')).body.total).toBe(1);
  });

  it('searches again, with the other wanted volumes, a volume whose grab expired unnoticed', async () => {
    // Volume 2's grab (above) from before the expiry (72 h by default), not yet written as expired.
    const em = server.container.orm.em.fork();
    await em.nativeUpdate(ReleaseGrab, { volume: 2 }, { createdAt: new Date(Date.now() - 73 * 3_600_000) });
    const job = await waitForJob(call, token, await searchJob({}), 60_000);
    expect(job).toMatchObject({ status: 'succeeded', progress: { processed: 2, total: 2 } });
    const wanted = await api(`/wanted?series_id=${seriesId}`);
    expect(wanted.body.items.map((item: any) => [item.volume, item.status, item.last_grab?.status])).toEqual([
      [2, 'missing', 'expired'],
      [3, 'missing', 'failed'],
    ]);
  });

  it('names a stored candidate only: an unknown id is a 404, anything else a 400, and nothing is recorded', async () => {
    const before = (await api('/releases/grabs')).body.total;
    expectProblem(
      await api('/releases/grab', { method: 'POST', body: { candidate_id: '0b5b7c4e-1111-4222-8333-944445555666' } }),
      404,
    );
    expectProblem(await api('/releases/grab', { method: 'POST', body: { url: 'http://evil.example/x.torrent' } }), 400);
    expectProblem(
      await api('/releases/grab', {
        method: 'POST',
        body: { candidate_id: '0b5b7c4e-1111-4222-8333-944445555666', url: 'http://evil.example/x.torrent' },
      }),
      400,
    );
    expect((await api('/releases/grabs')).body.total).toBe(before);
  });

  it('has the same operations over tRPC as REST', async () => {
    const login = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
    const cookie = sessionCookie(login.headers);
    const trpc = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })],
    });
    const grabs = await trpc.wanted.grabs.query({});
    expect(grabs).toEqual((await api('/releases/grabs')).body);
    const candidates = await trpc.wanted.candidates.query({ series_id: seriesId, volume: 2 });
    expect(candidates.items).toEqual(await candidatesOf(2));
  });
});
