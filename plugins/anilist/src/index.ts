import {
  BadResponseError,
  definePlugin,
  NotFoundError,
  SDK_API_VERSION,
  type SeriesRecord,
} from '@shelfmark/plugin-sdk';
import { DEFAULT_BASE_URL, queryAniList } from './graphql-client.js';
import { mapMedia, mapSearchData } from './map.js';
import { MEDIA_QUERY, SEARCH_PAGE_SIZE, SEARCH_QUERY } from './queries.js';

export default definePlugin({
  kind: 'metadata',
  manifest: {
    id: 'anilist',
    displayName: 'AniList',
    version: '0.1.0',
    apiVersion: SDK_API_VERSION,
    settings: [
      {
        key: 'base_url',
        type: 'url',
        label: { en: 'GraphQL endpoint', fr: 'Point d’accès GraphQL' },
        help: {
          en: 'AniList GraphQL API; change it only to go through a proxy.',
          fr: 'L’API GraphQL d’AniList ; à changer seulement pour passer par un proxy.',
        },
        default: DEFAULT_BASE_URL,
      },
    ],
    // AniList's rate-limiting guide publishes 90 requests a minute, but says the API runs "in a degraded state" at
    // 30 a minute (its X-RateLimit-Limit header answers 30), and it also limits bursts. We keep to 30 a minute,
    // evenly spaced (one request every 2 s, no burst): a 429 from AniList asks for about a minute's pause, which
    // costs far more than the spacing. Raise it when AniList lifts the degradation.
    rateLimit: { requests: 1, perMilliseconds: 2_000 },
  },
  capabilities: {
    series: [
      'alternativeTitles',
      'authors',
      'description',
      'startYear',
      'totalVolumes',
      'totalChapters',
      'rawStatus',
      'genres',
      'language',
      'coverUrl',
      'externalUrl',
      'readingDirection',
    ],
    volumes: [],
    hasVolumes: false,
    // AniList does not localise, but the preference picks which of its titles is shown (see chooseTitles).
    honoursLanguage: true,
  },

  async searchSeries(query, context): Promise<SeriesRecord[]> {
    const search = query.name.trim();
    // An empty search is not "no filter" to us, yet AniList would answer it with its most popular manga.
    if (search === '') return [];
    const data = await queryAniList(context, SEARCH_QUERY, { search, perPage: SEARCH_PAGE_SIZE });
    return mapSearchData(data, query.language || context.language).slice(0, SEARCH_PAGE_SIZE);
  },

  async getSeries(externalId, context): Promise<SeriesRecord> {
    const id = anilistId(externalId);
    const data = await queryAniList(context, MEDIA_QUERY, { id }).catch((error: unknown) => {
      throw error instanceof NotFoundError ? notFound(externalId) : error;
    });
    const media = data['Media'];
    if (media === null || media === undefined) throw notFound(externalId);
    const record = mapMedia(media, context.language);
    if (record === null) throw new BadResponseError(`AniList answered manga ${id} without an id or a title`);
    return record;
  },

  // AniList has no per-volume records; inventing "Vol. 1…N" from a count (as the reference did) would put fake
  // volumes in the library's missing list.
  getVolumes(): Promise<[]> {
    return Promise.resolve([]);
  },
});

/** AniList ids are positive integers; anything else cannot name one of its manga. */
function anilistId(externalId: string): number {
  const trimmed = externalId.trim();
  const id = /^[0-9]{1,10}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(externalId);
  return id;
}

function notFound(externalId: string): NotFoundError {
  return new NotFoundError(`AniList has no manga with id ${JSON.stringify(externalId)}`);
}
