import { BadResponseError, NotConfiguredError, NotFoundError } from '@shelfmark/plugin-sdk';
import type { PluginContext } from '@shelfmark/plugin-sdk';
import { docsOfSeries } from './map.js';
import { isWorkKey, parseSearchResponse, parseWork } from './parse.js';
import type { SearchDoc, SearchPage, Work } from './parse.js';

export const DEFAULT_BASE_URL = 'https://openlibrary.org';

/**
 * Asked for explicitly: `isbn` is not reliably in the default field list of `/search.json`, and naming the fields
 * keeps the answers small (a work's full record lists every edition's keys, ISBNs and identifiers).
 */
export const SEARCH_FIELDS = [
  'key',
  'title',
  'author_name',
  'publisher',
  'first_publish_year',
  'cover_i',
  'isbn',
  'number_of_pages_median',
  'language',
].join(',');

export const SEARCH_LIMIT = 40;
export const VOLUMES_PAGE_SIZE = 100;
// A title search also returns unrelated books; three pages (one second each at the rate limit) cover long series.
export const VOLUMES_MAX_PAGES = 3;

/** base_url without its trailing slash; absent or empty means the real service. */
export function baseUrl(context: PluginContext): string {
  const raw = context.settings.base_url;
  if (raw === undefined || raw === null || raw === '') return DEFAULT_BASE_URL;
  if (typeof raw !== 'string' || !URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    throw new NotConfiguredError('Open Library: the base_url setting is not an http(s) URL');
  }
  return raw.replace(/\/+$/, '');
}

interface SearchParams {
  title: string;
  /** MARC code, or null for no language filter. */
  language: string | null;
  limit: number;
  page?: number;
}

export async function searchWorks(context: PluginContext, base: string, params: SearchParams): Promise<SearchPage> {
  const body = await context.http.getJson(`${base}/search.json`, {
    query: {
      title: params.title,
      language: params.language,
      fields: SEARCH_FIELDS,
      limit: params.limit,
      page: params.page,
    },
  });
  return parseSearchResponse(body);
}

async function fetchWorkOnce(context: PluginContext, base: string, key: string): Promise<Work> {
  const response = await context.http.request(`${base}${key}.json`, {
    headers: { Accept: 'application/json' },
    acceptStatus: [404],
  });
  if (response.status === 404) throw new NotFoundError(`Open Library has no work ${key}`);
  return parseWork(response.json(), key);
}

/** The work, following one merge redirect; NotFoundError for unknown, malformed or deleted ids. */
export async function fetchWork(context: PluginContext, base: string, key: string): Promise<Work & { title: string }> {
  if (!isWorkKey(key)) throw new NotFoundError(`Open Library has no work ${key} (expected an id like /works/OL123W)`);
  let work = await fetchWorkOnce(context, base, key);
  if (work.redirectTo !== null) {
    context.log.debug('Open Library work was merged, following the redirect', { from: key, to: work.redirectTo });
    work = await fetchWorkOnce(context, base, work.redirectTo);
  }
  if (work.deleted || work.redirectTo !== null) throw new NotFoundError(`Open Library has no work ${key} any more`);
  const { title } = work;
  if (title === null) throw new BadResponseError(`Open Library returned work ${key} without a title`);
  return { ...work, title };
}

/**
 * The works of a series, across languages: Open Library records no language for many works, so a language filter
 * here would drop volumes and undercount the series; the preference decides between translations instead (map.ts).
 */
export async function findSeriesDocs(
  context: PluginContext,
  base: string,
  seriesName: string,
  maxPages: number,
): Promise<SearchDoc[]> {
  const found: SearchDoc[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const result = await searchWorks(context, base, {
      title: seriesName,
      language: null,
      limit: VOLUMES_PAGE_SIZE,
      page,
    });
    found.push(...docsOfSeries(result.docs, seriesName));
    if (result.docs.length < VOLUMES_PAGE_SIZE || page * VOLUMES_PAGE_SIZE >= result.numFound) break;
  }
  return found;
}
