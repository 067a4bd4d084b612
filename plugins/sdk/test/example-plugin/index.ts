// A real plugin imports these from '@shelfmark/plugin-sdk'; the example lives inside the SDK and uses its source.
import { NotConfiguredError, NotFoundError, SDK_API_VERSION, definePlugin } from '../../src/index.js';
import type { PluginContext } from '../../src/index.js';
import { mapSeries, mapVolume } from './map.js';
import type { ApiSeries, ApiVolume } from './map.js';

const DISPLAY_NAME = 'Example Books';

function apiBase(context: PluginContext): { base: string; key: string } {
  const key = context.settings.api_key;
  if (typeof key !== 'string' || key.trim() === '') {
    throw new NotConfiguredError(`${DISPLAY_NAME} needs an API key: set api_key in the plugin settings`);
  }
  const base = String(context.settings.base_url).replace(/\/+$/, '');
  return { base, key };
}

export default definePlugin({
  kind: 'metadata',
  manifest: {
    id: 'example_books',
    displayName: DISPLAY_NAME,
    version: '1.0.0',
    apiVersion: SDK_API_VERSION,
    settings: [
      {
        key: 'base_url',
        type: 'url',
        label: 'Service URL',
        help: 'Change only to use a mirror.',
        default: 'https://api.example-books.test',
      },
      {
        key: 'api_key',
        type: 'string',
        label: 'API key',
        help: 'Create one on your Example Books account page.',
        secret: true,
        required: true,
      },
    ],
    // The service's published limit: 5 requests per second per key.
    rateLimit: { requests: 5, perMilliseconds: 1000 },
  },
  capabilities: {
    series: [
      'alternativeTitles',
      'authors',
      'description',
      'publishers',
      'startYear',
      'totalVolumes',
      'rawStatus',
      'genres',
      'language',
      'coverUrl',
      'externalUrl',
    ],
    volumes: [
      'volumeNumber',
      'title',
      'authors',
      'isbn',
      'summary',
      'coverUrl',
      'pageCount',
      'language',
      'publishDate',
    ],
    hasVolumes: true,
    honoursLanguage: true,
  },

  async searchSeries(query, context) {
    const { base, key } = apiBase(context);
    const answer = await context.http.getJson<{ results?: ApiSeries[] }>(`${base}/api/series`, {
      query: { q: query.name, lang: query.language ?? context.language, year: query.year, key },
    });
    const results = answer.results ?? [];
    context.log.debug('series search answered', { query: query.name, hits: results.length });
    return results.slice(0, 20).map(mapSeries);
  },

  async getSeries(externalId, context) {
    const { base, key } = apiBase(context);
    const response = await context.http.request(`${base}/api/series/${encodeURIComponent(externalId)}`, {
      query: { key },
      acceptStatus: [404],
    });
    if (response.status === 404) throw new NotFoundError(`${DISPLAY_NAME} does not know series ${externalId}`);
    return mapSeries(response.json<{ series: ApiSeries }>().series);
  },

  async getVolumes(externalId, context) {
    const { base, key } = apiBase(context);
    const answer = await context.http.getJson<{ volumes?: ApiVolume[] }>(
      `${base}/api/series/${encodeURIComponent(externalId)}/volumes`,
      { query: { key } },
    );
    return (answer.volumes ?? []).map(mapVolume);
  },
});
