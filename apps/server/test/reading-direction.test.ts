import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Reading directions end to end: ComicInfo's Manga flag read by the scan, AniList (its own fake) through match,
 * preview and approve, locks honoured by both, the library's default, and each reader's own settings per series.
 */

const token = BOOTSTRAP_TOKEN;
const PASSWORD = 'reader password 1';
let server: TestServer;
let call: ApiClient;
let anilist: FakeService;
let libraryId = '';
const series = new Map<string, string>();
const readers = { ann: '', bob: '' };
const userIds = { ann: '', bob: '' };

// The fake is a TypeScript file of another workspace, loaded by a computed path (outside this package's rootDir).
async function startAniList(): Promise<FakeService> {
  const file = path.resolve(import.meta.dirname, '../../../plugins/anilist/test/fake-service.ts');
  const module = (await import(pathToFileURL(file).href)) as { startAniListFake: () => Promise<FakeService> };
  return module.startAniListFake();
}

async function scan(): Promise<void> {
  const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
  expect(started.status, started.text).toBe(202);
  expect((await waitForJob(call, token, started.body.id, 90_000)).status).toBe('succeeded');
}

const seriesOf = async (name: string) => (await call(`/series/${series.get(name)}`, { token })).body;
const settingsOf = (name: string, as: string) => call(`/series/${series.get(name)}/reader-settings`, { token: as });
const setSettings = (name: string, as: string, body: unknown) =>
  call(`/series/${series.get(name)}/reader-settings`, { method: 'PUT', token: as, body });

async function readerNamed(username: string): Promise<{ token: string; id: string }> {
  const created = await call('/users', {
    method: 'POST',
    token,
    body: { username, password: PASSWORD, role: 'reader', library_ids: [libraryId] },
  });
  expect(created.status, created.text).toBe(201);
  const login = await call('/auth/login', { method: 'POST', body: { username, password: PASSWORD } });
  const cookie = sessionCookie(login.headers);
  const minted = await call('/tokens', { method: 'POST', cookie, body: { name: 'app', scope: 'read' } });
  expect(minted.status).toBe(201);
  return { token: minted.body.token, id: created.body.id };
}

beforeAll(async () => {
  anilist = await startAniList();
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  const settings = await call('/settings', {
    method: 'PATCH',
    token,
    body: { plugins: { anilist: { base_url: anilist.url } } },
  });
  expect(settings.status, settings.text).toBe(200);
  const root = path.join(server.librariesRoot, 'manga');
  const rightToLeft = { comicInfo: { Manga: 'YesAndRightToLeft' } };
  await writeComic(root, 'Attack on Titan/Attack on Titan T01.cbz');
  await writeComic(root, 'Solo Leveling/Solo Leveling T01.cbz');
  await writeComic(root, 'Berserk/Berserk T01.cbz', rightToLeft);
  await writeComic(root, 'Blame/Blame T01.cbz');
  await writeComic(root, 'Tintin/Tintin T01.cbz', { comicInfo: { Manga: 'No' } });
  const created = await call('/libraries', { method: 'POST', token, body: { name: 'Manga', root_path: 'manga' } });
  expect(created.status, created.text).toBe(201);
  expect(created.body.default_reading_direction).toBe('ltr');
  libraryId = created.body.id;
  expect((await waitForJob(call, token, created.body.scan_job.id, 90_000)).status).toBe('succeeded');
  const listed = await call(`/libraries/${libraryId}/series`, { token });
  for (const item of listed.body.items as { id: string; name: string }[]) series.set(item.name, item.id);
  const ann = await readerNamed('ann');
  const bob = await readerNamed('bob');
  readers.ann = ann.token;
  readers.bob = bob.token;
  userIds.ann = ann.id;
  userIds.bob = bob.id;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await anilist?.close();
});
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('a series’ reading direction', () => {
  it('is right to left when ComicInfo says Manga = YesAndRightToLeft; Manga = No leaves it to the library', async () => {
    expect((await seriesOf('Berserk')).reading_direction).toBe('rtl');
    expect((await seriesOf('Tintin')).reading_direction).toBeNull();
    expect((await seriesOf('Blame')).reading_direction).toBeNull();
  });

  it('is not set by the scan when locked, and is set on a rescan when not', async () => {
    const locked = await call(`/series/${series.get('Blame')}`, {
      method: 'PATCH',
      token,
      body: { locked_fields: ['reading_direction'] },
    });
    expect(locked.status, locked.text).toBe(200);
    const root = path.join(server.librariesRoot, 'manga');
    await writeComic(root, 'Blame/Blame T02.cbz', { comicInfo: { Manga: 'YesAndRightToLeft' } });
    await writeComic(root, 'Tintin/Tintin T02.cbz', { comicInfo: { Manga: 'YesAndRightToLeft' } });
    await scan();
    expect((await seriesOf('Blame')).reading_direction).toBeNull();
    expect((await seriesOf('Tintin')).reading_direction).toBe('rtl');
    // The admin's choice: back to the library's default, and locked against later scans.
    const reset = await call(`/series/${series.get('Tintin')}`, {
      method: 'PATCH',
      token,
      body: { reading_direction: null, locked_fields: ['reading_direction'] },
    });
    expect(reset.body).toMatchObject({ reading_direction: null, locked_fields: ['reading_direction'] });
  });

  it('comes from AniList for manga: Japanese right to left, Korean as a webtoon, and a lock keeps the series’ own', async () => {
    const search = await call('/metadata/search', {
      method: 'POST',
      token,
      body: { library_id: libraryId, series_name: 'Attack on Titan', provider: 'anilist' },
    });
    expect(search.status, search.text).toBe(200);
    expect(search.body.items[0]).toMatchObject({ external_id: '53390', reading_direction: 'rtl' });
    const match = (name: string, externalId: string) =>
      call('/metadata/match', {
        method: 'POST',
        token,
        body: { library_id: libraryId, series_name: name, provider: 'anilist', external_id: externalId },
      });
    const titan = await match('Attack on Titan', '53390');
    expect(titan.status, titan.text).toBe(201);
    const approved = await call(`/metadata/approve/${titan.body.id}`, { method: 'POST', token });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.report.series.updated).toContainEqual({ field: 'reading_direction', old: null, new: 'rtl' });
    expect((await seriesOf('Attack on Titan')).reading_direction).toBe('rtl');

    await call(`/series/${series.get('Solo Leveling')}`, {
      method: 'PATCH',
      token,
      body: { reading_direction: 'vertical', locked_fields: ['reading_direction'] },
    });
    const solo = await match('Solo Leveling', '105398');
    const preview = await call(`/metadata/links/${solo.body.id}/preview`, { token });
    expect(preview.body.fields).toContainEqual({
      field: 'reading_direction',
      current: 'vertical',
      provider: 'webtoon',
      locked: true,
      changes: false,
    });
    const kept = await call(`/metadata/approve/${solo.body.id}`, { method: 'POST', token });
    expect(kept.body.report.series.skipped).toContain('reading_direction');
    expect((await seriesOf('Solo Leveling')).reading_direction).toBe('vertical');
  });
});

describe('reader settings per series', () => {
  it('fall back to the series’ direction, then to the library’s default', async () => {
    const library = await call(`/libraries/${libraryId}`, {
      method: 'PATCH',
      token,
      body: { default_reading_direction: 'vertical' },
    });
    expect(library.body.default_reading_direction).toBe('vertical');
    expect((await settingsOf('Tintin', readers.ann)).body).toEqual({
      reading_direction: 'vertical',
      direction_source: 'library',
      series_reading_direction: null,
      layout: null,
      fit: null,
      scroll_fit: null,
      max_width: null,
      background: null,
    });
    expect((await settingsOf('Berserk', readers.ann)).body).toMatchObject({
      reading_direction: 'rtl',
      direction_source: 'series',
      series_reading_direction: 'rtl',
    });
  });

  it('are each reader’s own: one reader’s choice changes nothing for another', async () => {
    const set = await setSettings('Berserk', readers.ann, {
      reading_direction: 'ltr',
      layout: 'double-cover',
      fit: 'screen',
      scroll_fit: 'width',
      max_width: 720,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({
      reading_direction: 'ltr',
      direction_source: 'reader',
      series_reading_direction: 'rtl',
      layout: 'double-cover',
      fit: 'screen',
      scroll_fit: 'width',
      max_width: 720,
      background: null,
    });
    expect((await settingsOf('Berserk', readers.ann)).body).toEqual(set.body);
    expect((await settingsOf('Berserk', readers.bob)).body).toMatchObject({
      reading_direction: 'rtl',
      direction_source: 'series',
      layout: null,
      fit: null,
    });
    // null clears one choice and keeps the others.
    const cleared = await setSettings('Berserk', readers.ann, { reading_direction: null, background: 'grey' });
    expect(cleared.body).toMatchObject({
      reading_direction: 'rtl',
      direction_source: 'series',
      layout: 'double-cover',
      background: 'grey',
    });
  });

  it('keep both of two first choices sent at once (two tabs): each change only what it gives', async () => {
    const both = await Promise.all([
      setSettings('Tintin', readers.bob, { layout: 'double' }),
      setSettings('Tintin', readers.bob, { fit: 'width' }),
    ]);
    for (const answer of both) expect(answer.status, answer.text).toBe(200);
    expect((await settingsOf('Tintin', readers.bob)).body).toMatchObject({ layout: 'double', fit: 'width' });
  });

  it('follow the series when an administrator saves its direction for everyone', async () => {
    await call(`/series/${series.get('Berserk')}`, { method: 'PATCH', token, body: { reading_direction: 'webtoon' } });
    expect((await settingsOf('Berserk', readers.bob)).body).toMatchObject({
      reading_direction: 'webtoon',
      direction_source: 'series',
    });
  });

  it('refuse values outside the contract and an empty change', async () => {
    expectProblem(await setSettings('Berserk', readers.bob, { layout: 'triple' }), 400);
    expectProblem(await setSettings('Berserk', readers.bob, { fit: 'stretch' }), 400);
    expectProblem(await setSettings('Berserk', readers.bob, { scroll_fit: 'stretch' }), 400);
    expectProblem(await setSettings('Berserk', readers.bob, { max_width: 10 }), 400);
    expectProblem(await setSettings('Berserk', readers.bob, {}), 400);
    expectProblem(await setSettings('Berserk', readers.bob, { reading_direction: 'rtl', colour: 'red' }), 400);
  });

  it('go with their user and with their series', async () => {
    await setSettings('Tintin', readers.bob, { layout: 'single' });
    const rows = async () =>
      (
        await server.container.orm.em
          .fork()
          .getConnection()
          .execute<{ user_id: string }[]>('select user_id from series_reader_settings order by user_id')
      ).map((row) => row.user_id);
    expect(new Set(await rows())).toEqual(new Set([userIds.ann, userIds.bob]));
    expect((await call(`/users/${userIds.ann}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await rows()).toEqual([userIds.bob]);
    expect((await call(`/libraries/${libraryId}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await rows()).toEqual([]);
  });
});
