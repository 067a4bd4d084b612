import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { comicBuffer } from './support/comics.js';
import { useE2eHarness } from './support/e2e-harness.js';
import { REPO_ROOT, type RunningServer } from './support/server-process.js';

/**
 * docs/plugins.md tried from an empty folder outside the repository: the SDK packed as a plugin author gets it, one
 * plugin that installs it from the tarball (offline) and one that only names it as a peer dependency (the server
 * lends it its own copy), both loaded by absolute path through SHELFMARK_PLUGINS and called over HTTP.
 */

const TOKEN = `e2e-plugins-${randomBytes(16).toString('hex')}`;
const run = promisify(execFile);

const harness = useE2eHarness({ token: TOKEN, scratchPrefix: 'shelfmark-e2e-plugin-' });
const { api, databaseFor, launch, tempFolder } = harness;

interface PackResult {
  filename: string;
  files: { path: string }[];
}

interface PluginInfo {
  id: string;
  name: string;
  kind: string | null;
  api_version: string | null;
  status: string;
  configured: boolean;
  capabilities: string[];
  last_error: string | null;
}

async function npm(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: { ...process.env, NPM_CONFIG_UPDATE_NOTIFIER: 'false' },
  });
  return stdout;
}

/** A metadata provider that answers from a list (no HTTP), as docs/plugins.md writes one, in plain JavaScript. */
function pluginSource(id: string, displayName: string): string {
  return `import { NotFoundError, SDK_API_VERSION, definePlugin } from '@shelfmark/plugin-sdk';

const series = {
  externalId: 'blacksad',
  title: 'Blacksad',
  alternativeTitles: [],
  authors: ['Juan Díaz Canales', 'Juanjo Guarnido'],
  description: null,
  publishers: [],
  startYear: 2000,
  totalVolumes: null,
  totalChapters: null,
  rawStatus: null,
  genres: [],
  language: null,
  coverUrl: null,
  externalUrl: null,
};

export default definePlugin({
  kind: 'metadata',
  manifest: { id: '${id}', displayName: '${displayName}', version: '1.0.0', apiVersion: SDK_API_VERSION, settings: [] },
  capabilities: { series: ['authors', 'startYear'], volumes: [], hasVolumes: false, honoursLanguage: false },
  async searchSeries(query) {
    // A typed error from the SDK this plugin sees: the server must recognise it as its own kind of failure.
    if (query.name === 'Missing') throw new NotFoundError('${displayName} has no series called Missing');
    return query.name.toLowerCase().includes('blacksad') ? [series] : [];
  },
  async getSeries(externalId) {
    if (externalId !== series.externalId) throw new NotFoundError('${displayName} does not know ' + externalId);
    return series;
  },
  async getVolumes() {
    return [];
  },
});
`;
}

async function writePlugin(folder: string, name: string, source: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const manifest = {
    name,
    version: '1.0.0',
    type: 'module',
    exports: './index.js',
    peerDependencies: { '@shelfmark/plugin-sdk': '^1.0.0' },
  };
  await writeFile(path.join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(folder, 'index.js'), source);
}

async function search(server: RunningServer, libraryId: string, provider: string, seriesName: string) {
  const response = await fetch(`${server.url}/api/v1/metadata/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ library_id: libraryId, series_name: seriesName, provider }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a plugin written outside the repository, as docs/plugins.md says', () => {
  it('packs the SDK with its built code and types only, and loads plugins with and without their own copy', async () => {
    const outside = await tempFolder();
    expect(path.relative(REPO_ROOT, outside).startsWith('..'), `${outside} is outside ${REPO_ROOT}`).toBe(true);

    // The SDK as a plugin author receives it. --ignore-scripts: the tests run on the build `npm test` made, and its
    // prepack (a rebuild) would empty dist/ under the other test files for a moment.
    const packed = JSON.parse(
      await npm(REPO_ROOT, [
        'pack',
        '-w',
        '@shelfmark/plugin-sdk',
        '--ignore-scripts',
        '--json',
        '--pack-destination',
        outside,
      ]),
    ) as PackResult[];
    expect(packed).toHaveLength(1);
    const tarball = path.join(outside, packed[0]!.filename);
    const files = packed[0]!.files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/testing/index.js',
        'dist/testing/index.d.ts',
      ]),
    );
    expect(files.filter((file) => !/^(package\.json|README\.md|dist\/.*\.(js|d\.ts))$/.test(file))).toEqual([]);

    // One plugin brings its own copy, installed from the tarball without the network.
    const ownCopy = path.join(outside, 'shelf-own-sdk');
    await writePlugin(ownCopy, 'shelfmark-plugin-own-sdk', pluginSource('own_sdk_shelf', 'Own SDK Shelf'));
    await npm(ownCopy, ['install', tarball, '--offline']);
    expect(existsSync(path.join(ownCopy, 'node_modules', '@shelfmark', 'plugin-sdk', 'dist', 'index.d.ts'))).toBe(true);

    // The other only names the SDK as a peer: nothing installed, the server lends it its own.
    const peerOnly = path.join(outside, 'shelf-peer-sdk');
    await writePlugin(peerOnly, 'shelfmark-plugin-peer-sdk', pluginSource('peer_sdk_shelf', 'Peer SDK Shelf'));
    expect(existsSync(path.join(peerOnly, 'node_modules'))).toBe(false);

    // A folder (its package.json names the module) and a module file, both absolute.
    const server = await launch('server', await databaseFor('sqlite'), {
      env: { SHELFMARK_PLUGINS: [ownCopy, path.join(peerOnly, 'index.js')].join(',') },
    });

    const { items } = await api<{ items: PluginInfo[] }>(server, 'GET', '/plugins');
    expect(items.map((plugin) => [plugin.id, plugin.status, plugin.last_error])).toEqual([
      ['own_sdk_shelf', 'loaded', null],
      ['peer_sdk_shelf', 'loaded', null],
    ]);
    for (const plugin of items) {
      expect(plugin).toMatchObject({ kind: 'metadata_provider', configured: true, api_version: '1' });
      expect(plugin.capabilities).toEqual(expect.arrayContaining(['series.authors']));
    }

    for (const series of ['Blacksad', 'Missing']) {
      await mkdir(path.join(server.librariesRoot, 'comics', series), { recursive: true });
      await writeFile(path.join(server.librariesRoot, 'comics', series, `${series} v01.cbz`), comicBuffer(1));
    }
    const library = await api<{ id: string; scan_job: { id: string } }>(server, 'POST', '/libraries', {
      name: 'Comics',
      root_path: 'comics',
    });
    // Creating the library started its scan.
    const scan = library.scan_job;
    expect((await harness.waitForJobEnd(server, scan.id, 30_000)).status).toBe('succeeded');
    for (const provider of ['own_sdk_shelf', 'peer_sdk_shelf']) {
      const found = await search(server, library.id, provider, 'Blacksad');
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(JSON.stringify(found.body)).toContain('Juanjo Guarnido');
      // The plugin's NotFoundError, from its own copy of the SDK or the server's, is a "not found" failure, not
      // an answer the plugin could not read.
      const missing = await search(server, library.id, provider, 'Missing');
      expect(missing.status).toBe(502);
      expect(String(missing.body.detail)).toMatch(/failed: not found\./);
    }
  }, 120_000);
});
