import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS } from '../src/config.js';
import type { AppRouter } from '../src/trpc/router.js';
import { secret } from './support/secrets.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
const COMICVINE_KEY = secret('cv-secret-4f1d9a7be2c04d1e8b3f');
const PROWLARR_KEY = secret('prowlarr-secret-91c3e0d2aa7b4c55');

/** Plugin modules that are broken in the ways a plugin can be: the server must start anyway. */
const BROKEN = {
  'throws-at-import.mjs': `throw new Error('boom while importing');\n`,
  'not-a-plugin.mjs': `export default 42;\n`,
  'old-api.mjs': `export default {
  kind: 'metadata',
  manifest: { id: 'old_api', displayName: 'Old API', version: '0.0.1', apiVersion: 0, settings: [] },
  capabilities: { series: [], volumes: [], hasVolumes: false, honoursLanguage: false },
  searchSeries: async () => [], getSeries: async () => { throw new Error('no'); }, getVolumes: async () => [],
};\n`,
  'no-english.mjs': `export default {
  kind: 'metadata',
  manifest: { id: 'no_english', displayName: 'No English', version: '0.0.1', apiVersion: 1,
    settings: [{ key: 'api_key', type: 'string', label: { fr: 'Clé d’API' } }] },
  capabilities: { series: [], volumes: [], hasVolumes: false, honoursLanguage: false },
  searchSeries: async () => [], getSeries: async () => { throw new Error('no'); }, getVolumes: async () => [],
};\n`,
};

let server: TestServer;
let call: ApiClient;
let brokenDir: string;

beforeAll(async () => {
  brokenDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-broken-plugins-'));
  for (const [name, source] of Object.entries(BROKEN)) await writeFile(path.join(brokenDir, name), source);
  const specifiers = [...BUILT_IN_PLUGINS, ...Object.keys(BROKEN).map((name) => path.join(brokenDir, name))];
  server = await startTestServer({ env: { SHELFMARK_PLUGINS: specifiers.join(',') } });
  call = apiClient(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

const plugin = async (id: string) =>
  ((await call('/plugins', { token })).body.items as any[]).find((item) => item.id === id);

describe('GET /plugins', () => {
  it('lists the six built-in plugins with their kind, capabilities and settings schema', async () => {
    const result = await call('/plugins', { token });
    expect(result.status).toBe(200);
    const loaded = (result.body.items as any[]).filter((item) => item.status === 'loaded');
    expect(loaded.map((item) => item.id).sort()).toEqual(
      ['anilist', 'bedetheque', 'comicvine', 'google_books', 'open_library', 'prowlarr'].sort(),
    );
    const comicvine = loaded.find((item) => item.id === 'comicvine');
    expect(comicvine).toMatchObject({
      kind: 'metadata_provider',
      api_version: '1',
      configured: false,
      last_error: null,
    });
    expect(comicvine.capabilities).toContain('series.description');
    const apiKey = comicvine.settings_schema.find((field: any) => field.key === 'api_key');
    expect(apiKey).toMatchObject({ secret: true, required: true, default: null });
    expect(loaded.find((item) => item.id === 'anilist').capabilities).not.toContain('volumes');
    expect(loaded.find((item) => item.id === 'google_books')).toMatchObject({ configured: true });
    expect(loaded.find((item) => item.id === 'prowlarr')).toMatchObject({
      kind: 'release_indexer',
      configured: false,
      capabilities: ['search', 'test_connection', 'grab'],
    });
  });

  it('lists a plugin that failed to load, with why, and the server runs on', async () => {
    const failed = ((await call('/plugins', { token })).body.items as any[]).filter((item) => item.status === 'failed');
    expect(failed.map((item) => item.id).sort()).toEqual(['no_english', 'not_a_plugin', 'old_api', 'throws_at_import']);
    expect(failed.find((item) => item.id === 'no_english').last_error).toMatch(
      /manifest\.settings\[0\]\.label has no English/,
    );
    expect(failed.find((item) => item.id === 'throws_at_import').last_error).toMatch(/boom while importing/);
    expect(failed.find((item) => item.id === 'not_a_plugin').last_error).toMatch(/not a plugin/);
    expect(failed.find((item) => item.id === 'old_api').last_error).toMatch(/plugin API 0; this server supports 1/);
    expect(failed[0]).toMatchObject({ kind: null, configured: false, capabilities: [], settings_schema: [] });
    expect((await call('/health')).status).toBe(200);
    // A library cannot name a provider that is not loaded.
    expectProblem(
      await call('/libraries', {
        method: 'POST',
        token,
        body: { name: 'X', root_path: 'x', metadata_provider: 'old_api' },
      }),
      400,
    );
  });

  it("answers the settings' labels and help in the caller's language, English when it does not say", async () => {
    const words = async (headers?: Record<string, string>) => {
      const items = (await call('/plugins', { token, headers })).body.items as any[];
      const field = (id: string, key: string) =>
        items.find((item) => item.id === id).settings_schema.find((setting: any) => setting.key === key);
      return { googleKey: field('google_books', 'api_key'), prowlarrUrl: field('prowlarr', 'url') };
    };
    const french = await words({ 'accept-language': 'fr' });
    expect(french.googleKey).toMatchObject({
      label: 'Clé d’API',
      help: expect.stringMatching(/^Facultative\. Sans clé/),
    });
    expect(french.prowlarrUrl.label).toBe('URL de Prowlarr');
    expect(await words({ 'accept-language': 'fr-CA, en;q=0.5' })).toEqual(french);

    const english = await words({ 'accept-language': 'en-GB' });
    expect(english.googleKey).toMatchObject({
      label: 'API key',
      help: expect.stringMatching(/^Optional\. Without one/),
    });
    expect(english.prowlarrUrl.label).toBe('Prowlarr URL');
    // No language said, or one no plugin gives: English, the fallback.
    expect(await words()).toEqual(english);
    expect(await words({ 'accept-language': 'de' })).toEqual(english);
  });

  it('answers the tRPC twin in the language the admin sends', async () => {
    const login = await call('/auth/login', { method: 'POST', body: { username: 'admin', password: ADMIN_PASSWORD } });
    const cookie = sessionCookie(login.headers);
    const listIn = (language: string) =>
      createTRPCClient<AppRouter>({
        links: [
          httpBatchLink({
            url: `${server.url}/trpc`,
            headers: () => ({ cookie, 'accept-language': language }),
          }),
        ],
      }).plugins.list.query({});
    const labelOf = (list: Awaited<ReturnType<typeof listIn>>) =>
      list.items.find((item) => item.id === 'comicvine')!.settings_schema.find((field) => field.key === 'base_url')!
        .label;
    expect(labelOf(await listIn('fr'))).toBe('URL de base');
    expect(labelOf(await listIn('en'))).toBe('Base URL');
  });

  it('is readable with a read token', async () => {
    const reader = (await call('/tokens', { method: 'POST', token, body: { name: 'r', scope: 'read' } })).body.token;
    expect((await call('/plugins', { token: reader })).status).toBe(200);
    expect((await call('/plugins')).status).toBe(401);
  });
});

describe('GET/PATCH /settings', () => {
  it('starts from the defaults', async () => {
    const result = await call('/settings', { token });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      provider_language: 'en',
      ui_language: 'en',
      release_indexer: { url: null, api_key_set: false, categories: [7030, 7020] },
    });
    expect(result.body.plugins.comicvine).toEqual({ values: {}, secrets_set: [] });
  });

  it('stores plugin settings and secrets, and never shows a secret back', async () => {
    const patched = await call('/settings', {
      method: 'PATCH',
      token,
      body: {
        provider_language: 'fr',
        ui_language: 'fr',
        plugins: { comicvine: { api_key: COMICVINE_KEY, base_url: 'http://127.0.0.1:9/cv' } },
        release_indexer: { url: 'http://127.0.0.1:9696', api_key: PROWLARR_KEY, categories: [7030] },
      },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      provider_language: 'fr',
      ui_language: 'fr',
      release_indexer: { url: 'http://127.0.0.1:9696', api_key_set: true, categories: [7030] },
      plugins: { comicvine: { values: { base_url: 'http://127.0.0.1:9/cv' }, secrets_set: ['api_key'] } },
    });
    expect(patched.body.plugins.prowlarr.secrets_set).toEqual(['api_key']);
    expect(await plugin('comicvine')).toMatchObject({ configured: true });
    expect(await plugin('prowlarr')).toMatchObject({ configured: true });
    for (const route of ['/settings', '/plugins']) {
      const text = (await call(route, { token })).text;
      expect(text).not.toContain(COMICVINE_KEY);
      expect(text).not.toContain(PROWLARR_KEY);
    }
    expect(patched.text).not.toContain(COMICVINE_KEY);
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(COMICVINE_KEY);
    expect(logs).not.toContain(PROWLARR_KEY);

    const removed = await call('/settings', {
      method: 'PATCH',
      token,
      body: { plugins: { comicvine: { api_key: null } } },
    });
    expect(removed.body.plugins.comicvine).toEqual({ values: { base_url: 'http://127.0.0.1:9/cv' }, secrets_set: [] });
    expect(await plugin('comicvine')).toMatchObject({ configured: false });
  });

  it.each([
    ['an unknown plugin', { plugins: { nope: { x: 1 } } }],
    ['a plugin that failed to load', { plugins: { old_api: { x: 1 } } }],
    ['an unknown setting', { plugins: { comicvine: { colour: 'red' } } }],
    ['a URL setting that is not a URL', { plugins: { google_books: { base_url: 'not a url' } } }],
    ['a secret of the wrong type', { plugins: { comicvine: { api_key: 42 } } }],
    ['a list where a string is expected', { plugins: { google_books: { base_url: ['x'] } } }],
    ['a release indexer URL that is not http', { release_indexer: { url: 'ftp://example.org' } }],
    ['an unknown language', { ui_language: 'de' }],
    ['an unknown field', { theme: 'dark' }],
    ['nothing to change', {}],
  ])('refuses %s and changes nothing', async (_label, body) => {
    const before = (await call('/settings', { token })).body;
    expectProblem(await call('/settings', { method: 'PATCH', token, body }), 400);
    expect((await call('/settings', { token })).body).toEqual(before);
  });

  it('needs an admin token', async () => {
    const reader = (await call('/tokens', { method: 'POST', token, body: { name: 'r2', scope: 'read' } })).body.token;
    expectProblem(await call('/settings', { method: 'PATCH', token: reader, body: { ui_language: 'en' } }), 403);
  });
});
