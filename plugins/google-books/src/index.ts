import { definePlugin, SDK_API_VERSION } from '@shelfmark/plugin-sdk';
import type { PluginContext, SeriesQuery, SeriesRecord, VolumeRecord } from '@shelfmark/plugin-sdk';
import { languageCode } from './fields.js';
import { fetchVolume, MAX_RESULTS_PER_PAGE, searchByTitle } from './google-api.js';
import type { GoogleVolume } from './google-json.js';
import { seriesFromSearch, seriesKey, seriesName, seriesRecord, volumesOfSeries } from './map.js';
import { DEFAULT_BASE_URL, readSettings } from './settings.js';

const SEARCH_RESULTS = 20;
/** Long series (One Piece has 100+ volumes) need several pages; the cap bounds the quota one refresh can spend. */
const MAX_VOLUME_PAGES = 5;

async function searchSeries(query: SeriesQuery, context: PluginContext): Promise<SeriesRecord[]> {
  const title = query.name.trim();
  if (title === '') return [];
  const settings = readSettings(context.settings);
  const { volumes } = await searchByTitle(context, settings, {
    title,
    language: languageCode(query.language ?? context.language),
    maxResults: SEARCH_RESULTS,
  });
  const series = seriesFromSearch(volumes).slice(0, SEARCH_RESULTS);
  context.log.debug('Google Books search', { hits: volumes.length, series: series.length });
  return series;
}

async function getSeries(externalId: string, context: PluginContext): Promise<SeriesRecord> {
  const volume = await fetchVolume(context, readSettings(context.settings), externalId);
  return seriesRecord([volume]);
}

/**
 * The linked volume names the series; a title search then finds its other volumes. Paging stops at the first page
 * that holds no volume of the series: Google ranks by relevance, so later pages hold even fewer.
 */
async function getVolumes(externalId: string, context: PluginContext): Promise<VolumeRecord[]> {
  const settings = readSettings(context.settings);
  const anchor = await fetchVolume(context, settings, externalId);
  const name = seriesName(anchor);
  const key = seriesKey(name);
  const language = languageCode(context.language);
  const hits: GoogleVolume[] = [];
  for (let page = 0; page < MAX_VOLUME_PAGES; page += 1) {
    const startIndex = page * MAX_RESULTS_PER_PAGE;
    const { volumes, totalItems } = await searchByTitle(context, settings, {
      title: name,
      language,
      maxResults: MAX_RESULTS_PER_PAGE,
      startIndex,
    });
    hits.push(...volumes);
    const pageHasSeries = volumes.some((volume) => seriesKey(seriesName(volume)) === key);
    if (!pageHasSeries || startIndex + MAX_RESULTS_PER_PAGE >= totalItems) break;
  }
  const records = volumesOfSeries(anchor, hits);
  context.log.debug('Google Books volumes', { hits: hits.length, volumes: records.length });
  return records;
}

export default definePlugin({
  kind: 'metadata',
  manifest: {
    id: 'google_books',
    displayName: 'Google Books',
    version: '0.1.0',
    apiVersion: SDK_API_VERSION,
    settings: [
      {
        key: 'base_url',
        type: 'url',
        label: { en: 'Base URL', fr: 'URL de base' },
        help: {
          en: 'The Books API root; change it only to go through a proxy.',
          fr: 'La racine de l’API Books ; à changer seulement pour passer par un proxy.',
        },
        default: DEFAULT_BASE_URL,
      },
      {
        key: 'api_key',
        type: 'string',
        label: { en: 'API key', fr: 'Clé d’API' },
        help: {
          en: 'Optional. Without one, requests count against the anonymous quota shared by everyone on your IP.',
          fr: 'Facultative. Sans clé, les requêtes comptent dans le quota anonyme partagé par tous ceux de votre adresse IP.',
        },
        secret: true,
      },
    ],
    // Source: the Books API quotas shown in the Google Cloud console (1,000 queries/day per project without billing,
    // and the per-user default of 100 queries per 100 seconds that Google documents for its APIs, e.g.
    // developers.google.com/analytics/devguides/limits-and-quotas). Assumption: the per-user cap is the binding one
    // for one server. We keep its average (one query a second) but as 10 per 10 s, so bursts stay small; the daily
    // quota is not enforced here, Google's 429 for it becomes a RateLimitedError.
    rateLimit: { requests: 10, perMilliseconds: 10_000 },
  },
  capabilities: {
    series: ['authors', 'description', 'publishers', 'startYear', 'genres', 'language', 'coverUrl', 'externalUrl'],
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
  searchSeries,
  getSeries,
  getVolumes,
});
