import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakeMode, FakeService } from '@shelfmark/plugin-sdk/testing';
import { pageImage, type AdminSite } from './admin-browser.js';
import { buildZip } from './comics.js';
import { TERMINAL_JOB_STATUSES, waitUntil } from './e2e-harness.js';
import { REPO_ROOT } from './server-process.js';

/**
 * The fakes each built-in plugin ships of its service (plugins/<name>/test/fake-service.ts), started on local ports
 * for the admin's end-to-end tests, and a way to point a running site's plugins at them through its settings API.
 *
 *   const fakes = await startPluginFakes();          // in beforeAll; fakes.close() in afterAll
 *   await pointPluginsAtFakes(site, fakes);          // every plugin + the release indexer
 *   fakes.setMode('comicvine', 'rate_limited');      // a failure the fake can play (see FakeMode)
 *   await makeUnreachable(site, fakes, 'anilist');         // base_url on a closed port; pointPluginAtFake() undoes it
 *
 * The sample library's series exist in no fake: addLibrary() writes and scans one whose series do (e.g. 'Saga',
 * 'Blacksad', 'One Piece' — see each plugin's test/fake-data.ts or fake-service.ts for what its fake knows).
 */

/** Plugin ids (the manifests' `id`), which are also the keys of `settings.plugins`. */
export type FakedPluginId = 'google_books' | 'open_library' | 'comicvine' | 'anilist' | 'bedetheque' | 'prowlarr';
export const FAKED_PLUGIN_IDS: readonly FakedPluginId[] = [
  'google_books',
  'open_library',
  'comicvine',
  'anilist',
  'bedetheque',
  'prowlarr',
];
export type { FakeMode, FakeService };
/** The plugins whose service wants an API key. */
export type KeyedPluginId = 'google_books' | 'comicvine' | 'prowlarr';

export interface PluginFakes {
  /** The running fake of each plugin's service. */
  readonly services: Readonly<Record<FakedPluginId, FakeService>>;
  url(id: FakedPluginId): string;
  /** The API key each keyed fake accepts (its FAKE_API_KEY). */
  readonly keys: Readonly<Record<KeyedPluginId, string>>;
  /**
   * Makes one fake fail: 'rate_limited' (429, or ComicVine's status 107), 'unauthorized', 'server_error',
   * 'timeout' (never answers), 'blocked' (ComicVine's and Bédéthèque's anti-bot page only), … ; 'ok' restores it.
   */
  setMode(id: FakedPluginId, mode: FakeMode): void;
  /** Every fake back to 'ok'. */
  reset(): void;
  close(): Promise<void>;
}

/** Anything with the admin harness's `api` (AdminSite): a JSON call of /api/v1 with an admin token. */
export interface SiteWithApi {
  api: <T>(method: string, route: string, body?: unknown) => Promise<T>;
}

// The fakes are TypeScript files of other workspaces: loaded by computed paths, as a static import would pull them
// into this workspace's TypeScript program, whose rootDir is test/ (TS6059). Vitest compiles them like any module.
type Starter = (options?: Record<string, unknown>) => Promise<FakeService>;
async function fakeModule(plugin: string): Promise<Record<string, unknown>> {
  const file = path.join(REPO_ROOT, 'plugins', plugin, 'test', 'fake-service.ts');
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}
async function starter(plugin: string, name: string): Promise<Starter> {
  const module = await fakeModule(plugin);
  const start = module[name];
  if (typeof start !== 'function') throw new Error(`plugins/${plugin}/test/fake-service.ts has no ${name}`);
  return start as Starter;
}
async function fakeKey(plugin: string): Promise<string> {
  const key = (await fakeModule(plugin))['FAKE_API_KEY'];
  if (typeof key !== 'string') throw new Error(`plugins/${plugin}/test/fake-service.ts exports no FAKE_API_KEY`);
  return key;
}

/** Starts the six fakes, each on its own random port of 127.0.0.1. */
export async function startPluginFakes(): Promise<PluginFakes> {
  const keys: Record<KeyedPluginId, string> = {
    google_books: await fakeKey('google-books'),
    comicvine: await fakeKey('comicvine'),
    prowlarr: await fakeKey('prowlarr'),
  };
  const starts: [FakedPluginId, Promise<FakeService>][] = [
    ['google_books', starter('google-books', 'startGoogleBooksFake').then((start) => start())],
    ['open_library', starter('open-library', 'startOpenLibraryFake').then((start) => start())],
    // HTTP statuses as today's ComicVine sends them with its envelope errors (401, 420 …).
    ['comicvine', starter('comicvine', 'startComicVineFake').then((start) => start({ httpStatuses: true }))],
    ['anilist', starter('anilist', 'startAniListFake').then((start) => start())],
    ['bedetheque', starter('bedetheque', 'startFakeBedetheque').then((start) => start())],
    ['prowlarr', starter('prowlarr', 'startProwlarrFake').then((start) => start())],
  ];
  const settled = await Promise.allSettled(starts.map(([, started]) => started));
  const running = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(running.map((service) => service.close()));
    throw failure.reason;
  }
  const services = Object.fromEntries(
    starts.map(([id], index) => [id, (settled[index] as PromiseFulfilledResult<FakeService>).value]),
  ) as Record<FakedPluginId, FakeService>;
  return {
    services,
    url: (id) => services[id].url,
    keys,
    setMode: (id, mode) => services[id].setMode(mode),
    reset: () => {
      for (const service of Object.values(services)) service.setMode('ok');
    },
    close: async () => {
      await Promise.all(Object.values(services).map((service) => service.close()));
    },
  };
}

/** The settings update (PATCH /settings body) that points one plugin at `baseUrl`. */
function settingsFor(fakes: PluginFakes, id: FakedPluginId, baseUrl: string): Record<string, unknown> {
  switch (id) {
    case 'prowlarr':
      return { release_indexer: { url: baseUrl, api_key: fakes.keys.prowlarr } };
    case 'google_books':
    case 'comicvine':
      return { plugins: { [id]: { base_url: baseUrl, api_key: fakes.keys[id] } } };
    default:
      return { plugins: { [id]: { base_url: baseUrl } } };
  }
}

/** Points every plugin of the site (and its release indexer) at its fake, with the keys the fakes accept. */
export async function pointPluginsAtFakes(site: SiteWithApi, fakes: PluginFakes): Promise<void> {
  const plugins: Record<string, unknown> = {};
  let releaseIndexer: unknown;
  for (const id of FAKED_PLUGIN_IDS) {
    const update = settingsFor(fakes, id, fakes.url(id));
    if ('release_indexer' in update) releaseIndexer = update['release_indexer'];
    else Object.assign(plugins, update['plugins']);
  }
  await site.api('PATCH', '/settings', { plugins, release_indexer: releaseIndexer });
}

/** Points one plugin at its fake again (after makeUnreachable or a test's own settings). */
export async function pointPluginAtFake(site: SiteWithApi, fakes: PluginFakes, id: FakedPluginId): Promise<void> {
  await site.api('PATCH', '/settings', settingsFor(fakes, id, fakes.url(id)));
}

/** Points one plugin at a port nothing listens on: its requests are refused (the "unreachable" failure). */
export async function makeUnreachable(site: SiteWithApi, fakes: PluginFakes, id: FakedPluginId): Promise<void> {
  await site.api('PATCH', '/settings', settingsFor(fakes, id, await closedPortUrl()));
}

/** Removes a plugin's API key (ComicVine, Google Books) or the release indexer: the "not configured" failure. */
export async function removeCredentials(site: SiteWithApi, id: KeyedPluginId): Promise<void> {
  if (id === 'prowlarr') await site.api('PATCH', '/settings', { release_indexer: { url: null, api_key: null } });
  else await site.api('PATCH', '/settings', { plugins: { [id]: { api_key: null } } });
}

/** An http URL on a port that was free a moment ago (bound, then released). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export interface FakeSeriesLibrary {
  name: string;
  /** Folder under the server's libraries root. */
  rootPath: string;
  /** Series folders to write, each with volumes 1…n (or the listed volume numbers) as one-page CBZ files. */
  series: { name: string; volumes: number | number[] }[];
  metadataProvider?: string;
  fallbackMetadataProvider?: string;
}

/** Writes, creates and scans a library of series named as the fakes know them; resolves to the library's id. */
export async function addLibrary(site: AdminSite, library: FakeSeriesLibrary): Promise<string> {
  for (const series of library.series) {
    const folder = path.join(site.server.librariesRoot, library.rootPath, series.name);
    await mkdir(folder, { recursive: true });
    const numbers =
      typeof series.volumes === 'number' ? Array.from({ length: series.volumes }, (_, i) => i + 1) : series.volumes;
    for (const volume of numbers) {
      const cover = await pageImage(series.name, '#2f5d8a', volume, 1);
      const file = `${series.name} v${String(volume).padStart(2, '0')}.cbz`;
      await writeFile(path.join(folder, file), buildZip([{ name: 'page01.jpg', data: cover }]));
    }
  }
  const created = await site.api<{ id: string }>('POST', '/libraries', {
    name: library.name,
    root_path: library.rootPath,
    ...(library.metadataProvider === undefined ? {} : { metadata_provider: library.metadataProvider }),
    ...(library.fallbackMetadataProvider === undefined
      ? {}
      : { fallback_metadata_provider: library.fallbackMetadataProvider }),
  });
  const job = await site.api<{ id: string }>('POST', `/libraries/${created.id}/scan`, {});
  const done = await waitUntil(
    `the scan of ${library.name}`,
    async () => {
      const state = await site.api<{ status: string }>('GET', `/jobs/${job.id}`);
      return TERMINAL_JOB_STATUSES.includes(state.status) ? state : undefined;
    },
    30_000,
    100,
  );
  if (done.status !== 'succeeded') throw new Error(`the scan of ${library.name} ended ${JSON.stringify(done)}`);
  return created.id;
}
