import { SDK_API_VERSION, definePlugin } from '@shelfmark/plugin-sdk';
import type { PluginContext, SeriesQuery } from '@shelfmark/plugin-sdk';
import {
  DEFAULT_BASE_URL,
  SEARCH_LIMIT,
  VOLUMES_MAX_PAGES,
  baseUrl,
  fetchWork,
  findSeriesDocs,
  searchWorks,
} from './api.js';
import { marcFromIso } from './language.js';
import { seriesFromSearch, seriesFromWork, seriesNameOf, volumesOfSeries, withLinkedWork } from './map.js';

function preferredMarc(context: PluginContext, query?: SeriesQuery): string | null {
  return marcFromIso(query?.language ?? context.language);
}

export default definePlugin({
  kind: 'metadata',
  manifest: {
    id: 'open_library',
    displayName: 'Open Library',
    version: '0.1.0',
    apiVersion: SDK_API_VERSION,
    settings: [
      {
        key: 'base_url',
        type: 'url',
        label: { en: 'Base URL', fr: 'URL de base' },
        help: {
          en: 'Open Library itself, or a mirror or caching proxy that answers the same API.',
          fr: 'Open Library elle-même, ou un miroir ou un proxy de cache qui sert la même API.',
        },
        default: DEFAULT_BASE_URL,
      },
    ],
    // https://openlibrary.org/developers/api: 1 request/second for anonymous clients, 3/s for clients whose
    // User-Agent names the application and a contact. The server's User-Agent names the application but whether it
    // carries a contact depends on the deployment, so the plugin keeps to the anonymous rate.
    rateLimit: { requests: 1, perMilliseconds: 1_000 },
  },
  capabilities: {
    series: [
      'alternativeTitles',
      'authors',
      'description',
      'publishers',
      'startYear',
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
    const base = baseUrl(context);
    const title = query.name.trim();
    if (title === '') return [];
    const language = preferredMarc(context, query);
    const page = await searchWorks(context, base, { title, language, limit: SEARCH_LIMIT });
    return seriesFromSearch(page.docs, language);
  },

  async getSeries(externalId, context) {
    const base = baseUrl(context);
    const work = await fetchWork(context, base, externalId);
    const siblings = await findSeriesDocs(context, base, seriesNameOf(work.title), 1);
    return seriesFromWork(work, siblings, preferredMarc(context));
  },

  async getVolumes(externalId, context) {
    const base = baseUrl(context);
    const work = await fetchWork(context, base, externalId);
    const seriesName = seriesNameOf(work.title);
    const docs = await findSeriesDocs(context, base, seriesName, VOLUMES_MAX_PAGES);
    return withLinkedWork(volumesOfSeries(docs, seriesName, preferredMarc(context)), work, seriesName);
  },
});
