import {
  BadResponseError,
  NotFoundError,
  RateLimitedError,
  SDK_API_VERSION,
  definePlugin,
} from '@shelfmark/plugin-sdk';
import type {
  MetadataCapabilities,
  MetadataProviderPlugin,
  PluginContext,
  PluginManifest,
  QueryValue,
  SeriesRecord,
  VolumeRecord,
} from '@shelfmark/plugin-sdk';
import { ENVELOPE_HTTP_STATUSES, readEnvelope } from './envelope.js';
import type { ComicVinePage } from './envelope.js';
import { mapIssues, mapSearchResults, mapSeries, volumeIdOf, volumeResourcePath } from './map.js';
import { ResourceBudget } from './resource-budget.js';
import { DEFAULT_BASE_URL, readSettings } from './settings.js';

/**
 * ComicVine's published limits (https://comicvine.gamespot.com/api/documentation, "Rate Limiting"): 200 requests per
 * resource per rolling hour, plus velocity detection that bans clients which go faster than about one request a
 * second (the staff's guidance on the API forum: "space out your requests so at least one second passes between
 * each"). The host spaces request starts by the manifest's window; 1.1 s rather than 1 s because the service sees
 * arrivals, and a first request's connection setup (TLS) delays its arrival more than the next one's, shrinking the
 * gap ComicVine measures. The hourly per-resource limit is counted by ResourceBudget, with a margin for the host's
 * retries, which it cannot see.
 */
const REQUEST_SPACING = { requests: 1, perMilliseconds: 1_100 };
const HOURLY_REQUESTS_PER_RESOURCE = 190;
const HOUR_MS = 3_600_000;

const SEARCH_LIMIT = 20;
/** ComicVine's largest page. */
const ISSUES_PAGE_SIZE = 100;
/** 2,000 issues: more than the longest series ComicVine holds, so this only stops a service that never stops paging. */
const MAX_ISSUE_PAGES = 20;

const SERIES_FIELDS = 'id,name,aliases,deck,description,publisher,start_year,count_of_issues,image,site_detail_url';
const ISSUE_FIELDS = 'id,name,issue_number,deck,description,image,cover_date,store_date,person_credits';

const manifest: PluginManifest = {
  id: 'comicvine',
  displayName: 'ComicVine',
  version: '0.1.0',
  apiVersion: SDK_API_VERSION,
  settings: [
    {
      key: 'api_key',
      type: 'string',
      label: { en: 'API key', fr: 'Clé d’API' },
      help: {
        en: 'Your personal ComicVine API key, from https://comicvine.gamespot.com/api/ (free with an account).',
        fr: 'Votre clé d’API ComicVine personnelle, sur https://comicvine.gamespot.com/api/ (gratuite avec un compte).',
      },
      secret: true,
      required: true,
    },
    {
      key: 'base_url',
      type: 'url',
      label: { en: 'Base URL', fr: 'URL de base' },
      help: {
        en: 'Change only to go through a proxy or a mirror of the ComicVine API.',
        fr: 'À changer seulement pour passer par un proxy ou un miroir de l’API ComicVine.',
      },
      default: DEFAULT_BASE_URL,
    },
  ],
  rateLimit: REQUEST_SPACING,
};

const capabilities: MetadataCapabilities = {
  series: ['alternativeTitles', 'description', 'publishers', 'startYear', 'totalVolumes', 'coverUrl', 'externalUrl'],
  volumes: ['volumeNumber', 'title', 'authors', 'summary', 'coverUrl', 'publishDate'],
  hasVolumes: true,
  // ComicVine is an English-language wiki with no language parameter or localised fields.
  honoursLanguage: false,
};

export interface ComicVinePluginOptions {
  /** Requests allowed per resource in `budgetWindowMs` (tests lower it). */
  hourlyRequestsPerResource?: number;
  budgetWindowMs?: number;
}

/** A plugin instance with its own hourly budget; the default export is the one the server loads. */
export function createComicVinePlugin(options: ComicVinePluginOptions = {}): MetadataProviderPlugin {
  const budget = new ResourceBudget(
    options.hourlyRequestsPerResource ?? HOURLY_REQUESTS_PER_RESOURCE,
    options.budgetWindowMs ?? HOUR_MS,
  );

  async function call(
    context: PluginContext,
    path: string,
    query: Readonly<Record<string, QueryValue>>,
    subject: string,
  ): Promise<ComicVinePage> {
    const settings = readSettings(context.settings);
    const resource = path.split('/')[0] ?? path;
    const waitMs = budget.take(resource);
    if (waitMs > 0) {
      throw new RateLimitedError(
        `ComicVine allows 200 requests an hour to its ${resource} resource and Shelfmark has sent its share (${budget.limit}); try again in ${Math.ceil(waitMs / 60_000)} min`,
        Math.ceil(waitMs / 1000),
      );
    }
    const response = await context.http.request(`${settings.apiRoot}${path}`, {
      query: { api_key: settings.apiKey, format: 'json', ...query },
      acceptStatus: ENVELOPE_HTTP_STATUSES,
    });
    return readEnvelope(response.status, response.text, subject);
  }

  function volumeIdOrThrow(externalId: string, context: PluginContext): string {
    readSettings(context.settings);
    const volumeId = volumeIdOf(externalId);
    if (volumeId === null) throw new NotFoundError(`"${externalId}" is not a ComicVine volume id`);
    return volumeId;
  }

  return definePlugin({
    kind: 'metadata',
    manifest,
    capabilities,

    async searchSeries(query, context): Promise<SeriesRecord[]> {
      readSettings(context.settings);
      const name = query.name.trim();
      if (name === '') return [];
      const page = await call(
        context,
        'search/',
        { resources: 'volume', query: name, limit: SEARCH_LIMIT, field_list: SERIES_FIELDS },
        `the search for "${name}"`,
      );
      if (!Array.isArray(page.results)) {
        throw new BadResponseError(`ComicVine answered the search for "${name}" without a list of results`);
      }
      return mapSearchResults(page.results).slice(0, SEARCH_LIMIT);
    },

    async getSeries(externalId, context): Promise<SeriesRecord> {
      const volumeId = volumeIdOrThrow(externalId, context);
      const subject = `volume 4050-${volumeId}`;
      const page = await call(context, volumeResourcePath(volumeId), { field_list: SERIES_FIELDS }, subject);
      // An unknown id can also come back as status_code 1 with empty results.
      if (page.results === null || (Array.isArray(page.results) && page.results.length === 0)) {
        throw new NotFoundError(`ComicVine does not know ${subject}`);
      }
      const series = mapSeries(page.results);
      if (series === null) throw new BadResponseError(`ComicVine answered ${subject} without an id or a name`);
      return series;
    },

    async getVolumes(externalId, context): Promise<VolumeRecord[]> {
      const volumeId = volumeIdOrThrow(externalId, context);
      const subject = `the issues of volume 4050-${volumeId}`;
      const issues: unknown[] = [];
      for (let pageIndex = 0; pageIndex < MAX_ISSUE_PAGES; pageIndex += 1) {
        const page = await call(
          context,
          'issues/',
          { filter: `volume:${volumeId}`, field_list: ISSUE_FIELDS, limit: ISSUES_PAGE_SIZE, offset: issues.length },
          subject,
        );
        if (!Array.isArray(page.results)) {
          throw new BadResponseError(`ComicVine answered ${subject} without a list of results`);
        }
        issues.push(...(page.results as unknown[]));
        const complete = page.totalResults !== null && issues.length >= page.totalResults;
        if (page.results.length < ISSUES_PAGE_SIZE || complete) return mapIssues(issues);
      }
      context.log.warn('ComicVine issue list cut short', { volumeId, issues: issues.length, pages: MAX_ISSUE_PAGES });
      return mapIssues(issues);
    },
  });
}

export default createComicVinePlugin();
