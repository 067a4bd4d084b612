import { createServer } from 'node:net';
import path from 'node:path';
import type { FakeMode, FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { secret } from './support/secrets.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * A provider failure names the provider and the kind of failure as fields of its problem (`provider`, `failure`),
 * so a client never reads them out of the English detail: each kind played by the plugins' own fakes of ComicVine
 * and Prowlarr (plugins/<name>/test/fake-service.ts), through the real plugins.
 */
interface FakeModule {
  FAKE_API_KEY: string;
  startComicVineFake?: (options?: { httpStatuses?: boolean }) => Promise<FakeService>;
  startProwlarrFake?: () => Promise<FakeService>;
}
// Imported by URL: the files lie outside this package's tsconfig rootDir (TS6059); vitest loads the TypeScript.
const comicVine = (await import(
  new URL('../../../plugins/comicvine/test/fake-service.ts', import.meta.url).href
)) as FakeModule;
const prowlarr = (await import(
  new URL('../../../plugins/prowlarr/test/fake-service.ts', import.meta.url).href
)) as FakeModule;
secret(comicVine.FAKE_API_KEY);
secret(prowlarr.FAKE_API_KEY);

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let comicVineFake: FakeService;
let prowlarrFake: FakeService;
let libraryId: string;

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function settings(body: Record<string, unknown>) {
  const result = await call('/settings', { method: 'PATCH', token, body });
  expect(result.status, result.text).toBe(200);
}
const comicVineAt = (baseUrl: string, apiKey: string | null = comicVine.FAKE_API_KEY) =>
  settings({ plugins: { comicvine: { base_url: baseUrl, api_key: apiKey } } });
const search = () =>
  call('/metadata/search', {
    method: 'POST',
    token,
    body: { library_id: libraryId, series_name: 'Saga', provider: 'comicvine' },
  });
const releaseSearch = () =>
  call('/releases/search', { method: 'POST', token, body: { library_id: libraryId, series_name: 'Saga' } });

beforeAll(async () => {
  comicVineFake = await comicVine.startComicVineFake!({ httpStatuses: true });
  prowlarrFake = await prowlarr.startProwlarrFake!();
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  await writeComic(path.join(server.librariesRoot, 'shelf'), 'Saga/Saga T01.cbz', { pages: 2 });
  libraryId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body
    .id;
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
});
afterAll(async () => {
  await server.close();
  await comicVineFake.close();
  await prowlarrFake.close();
});
afterEach(() => {
  comicVineFake.setMode('ok');
  prowlarrFake.setMode('ok');
  expect(server.responseFailures).toEqual([]);
});

describe('a metadata provider failure', () => {
  it.each<[FakeMode, string]>([
    ['rate_limited', 'rate_limited'],
    ['unauthorized', 'refused_key'],
    ['blocked', 'blocked'],
    ['truncated_json', 'bad_response'],
    ['server_error', 'unavailable'],
  ])('the fake playing %s is a 502 with failure %s', async (mode, failure) => {
    await comicVineAt(comicVineFake.url);
    comicVineFake.setMode(mode);
    const result = await search();
    expectProblem(result, 502);
    expect(result.body).toMatchObject({
      type: 'urn:shelfmark:problem:provider-failure',
      provider: 'comicvine',
      failure,
    });
    expect(result.text).not.toContain(comicVine.FAKE_API_KEY);
  });

  it('an unreachable provider is a 502 with failure unreachable', async () => {
    await comicVineAt(`http://127.0.0.1:${await closedPort()}`);
    const result = await search();
    expectProblem(result, 502);
    expect(result.body).toMatchObject({ provider: 'comicvine', failure: 'unreachable' });
  });

  it('a provider missing its key is a 400 with failure not_configured', async () => {
    await comicVineAt(comicVineFake.url, null);
    const result = await search();
    expectProblem(result, 400);
    expect(result.body).toMatchObject({ provider: 'comicvine', failure: 'not_configured' });
  });

  it('a working provider answers, and other problems carry no provider fields', async () => {
    await comicVineAt(comicVineFake.url);
    const result = await search();
    expect(result.status, result.text).toBe(200);
    const missing = await call('/metadata/search', {
      method: 'POST',
      token,
      body: { library_id: libraryId, series_name: 'Nope', provider: 'comicvine' },
    });
    expectProblem(missing, 404);
    expect(missing.body).not.toHaveProperty('failure');
    expect(missing.body).not.toHaveProperty('provider');
  });
});

describe('a release indexer failure', () => {
  it('is a 400 naming the indexer when it is not configured, for search and test alike', async () => {
    for (const result of [await releaseSearch(), await call('/releases/test', { method: 'POST', token })]) {
      expectProblem(result, 400);
      expect(result.body).toMatchObject({ provider: 'prowlarr', failure: 'not_configured' });
    }
  });

  it.each<[FakeMode, string]>([
    ['unauthorized', 'refused_key'],
    ['rate_limited', 'rate_limited'],
  ])('a search against the fake playing %s is a 502 with failure %s', async (mode, failure) => {
    await settings({ release_indexer: { url: prowlarrFake.url, api_key: prowlarr.FAKE_API_KEY } });
    prowlarrFake.setMode(mode);
    const result = await releaseSearch();
    expectProblem(result, 502);
    expect(result.body).toMatchObject({ provider: 'prowlarr', failure });
  });

  it('a search of an unreachable indexer is a 502 with failure unreachable; its test says the same', async () => {
    await settings({ release_indexer: { url: `http://127.0.0.1:${await closedPort()}` } });
    const result = await releaseSearch();
    expectProblem(result, 502);
    expect(result.body).toMatchObject({ provider: 'prowlarr', failure: 'unreachable' });
    const test = await call('/releases/test', { method: 'POST', token });
    expect(test.body).toMatchObject({ ok: false, provider: 'prowlarr', failure: 'unreachable' });
  });

  it('the connection test names each kind: refused key, wrong URL, rate limited, server error, none when it works', async () => {
    await settings({ release_indexer: { url: prowlarrFake.url, api_key: prowlarr.FAKE_API_KEY } });
    const test = async () => (await call('/releases/test', { method: 'POST', token })).body;
    expect(await test()).toMatchObject({ ok: true, provider: 'prowlarr', failure: null });
    for (const [mode, failure] of [
      ['unauthorized', 'refused_key'],
      ['rate_limited', 'rate_limited'],
      ['server_error', 'unavailable'],
      ['html_instead_of_json', 'wrong_url'],
    ] as [FakeMode, string][]) {
      prowlarrFake.setMode(mode);
      expect(await test(), mode).toMatchObject({ ok: false, provider: 'prowlarr', failure });
    }
    prowlarrFake.setMode('ok');
    await settings({ release_indexer: { url: `${prowlarrFake.url}/not-prowlarr` } });
    expect(await test()).toMatchObject({ ok: false, failure: 'wrong_url' });
  });
});
