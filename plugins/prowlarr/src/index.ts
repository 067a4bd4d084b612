import { definePlugin, SDK_API_VERSION } from '@shelfmark/plugin-sdk';
import { grabRelease } from './grab.js';
import { searchReleases } from './search.js';
import { DEFAULT_CATEGORIES } from './settings.js';
import { testConnection } from './test-connection.js';

export default definePlugin({
  kind: 'release-indexer',
  manifest: {
    id: 'prowlarr',
    displayName: 'Prowlarr',
    version: '0.1.0',
    apiVersion: SDK_API_VERSION,
    settings: [
      {
        key: 'url',
        type: 'url',
        label: { en: 'Prowlarr URL', fr: 'URL de Prowlarr' },
        help: {
          en: 'Address of your Prowlarr server, with its URL Base if it has one, e.g. http://localhost:9696.',
          fr: 'Adresse de votre serveur Prowlarr, avec son URL Base s’il en a une, par exemple http://localhost:9696.',
        },
        required: true,
      },
      {
        key: 'api_key',
        type: 'string',
        label: { en: 'API key', fr: 'Clé d’API' },
        help: {
          en: 'Prowlarr → Settings → General → Security → API Key.',
          fr: 'Prowlarr → Settings → General → Security → API Key (les menus de Prowlarr sont en anglais).',
        },
        secret: true,
        required: true,
      },
      {
        key: 'categories',
        type: 'number-list',
        label: { en: 'Categories', fr: 'Catégories' },
        help: {
          en: 'Newznab categories to search: 7030 is Books/Comics, 7020 Books/EBook.',
          fr: 'Catégories Newznab où chercher : 7030 pour Books/Comics, 7020 pour Books/EBook.',
        },
        default: [...DEFAULT_CATEGORIES],
      },
    ],
    // Prowlarr is the admin's own server and publishes no limit. Each search fans out to every enabled indexer (and
    // trackers ban clients that hammer them), so about one request per second is our own, deliberately gentle,
    // choice. 1.1 s because the host spaces request starts and the server sees arrivals, which a busy client
    // (connection set-up, a loaded event loop) brings closer together, as for ComicVine.
    rateLimit: { requests: 1, perMilliseconds: 1100 },
    // Prowlarr answers a search only once every indexer has replied or timed out; the reference waited 30 s.
    timeoutMs: 30_000,
  },
  search: searchReleases,
  testConnection,
  grab: grabRelease,
});
