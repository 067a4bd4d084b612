import { NotFoundError } from '@shelfmark/plugin-sdk';
import type { PluginContext, QueryValue } from '@shelfmark/plugin-sdk';
import { errorFromGoogle } from './google-errors.js';
import type { RequestSubject } from './google-errors.js';
import { readSingleVolume, readVolumeList } from './google-json.js';
import type { GoogleVolume, GoogleVolumeList } from './google-json.js';
import type { GoogleBooksSettings } from './settings.js';

/** Google's own ceiling for `maxResults` on `volumes.list`. */
export const MAX_RESULTS_PER_PAGE = 40;

/** Statuses whose Google error envelope says more than the status does (see errorFromGoogle). */
const READ_OURSELVES = [400, 403, 404] as const;

async function getJson(
  context: PluginContext,
  url: string,
  query: Readonly<Record<string, QueryValue>>,
  subject: RequestSubject,
): Promise<unknown> {
  const response = await context.http.request(url, { query, acceptStatus: READ_OURSELVES });
  if (response.status < 200 || response.status >= 300) {
    throw errorFromGoogle(response.status, response.text, subject);
  }
  return response.json();
}

export interface TitleSearch {
  title: string;
  /** ISO 639-1 for `langRestrict`, or null for every language. */
  language: string | null;
  maxResults: number;
  startIndex?: number;
}

export async function searchByTitle(
  context: PluginContext,
  settings: GoogleBooksSettings,
  search: TitleSearch,
): Promise<GoogleVolumeList> {
  const json = await getJson(
    context,
    `${settings.baseUrl}/books/v1/volumes`,
    {
      q: `intitle:${search.title}`,
      maxResults: search.maxResults,
      startIndex: search.startIndex === undefined || search.startIndex === 0 ? undefined : search.startIndex,
      printType: 'books',
      langRestrict: search.language,
      key: settings.apiKey,
    },
    { kind: 'search' },
  );
  return readVolumeList(json);
}

/** Google volume ids are short URL-safe tokens; anything else cannot exist (Google answers such ids with a 503). */
const VOLUME_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function fetchVolume(
  context: PluginContext,
  settings: GoogleBooksSettings,
  id: string,
): Promise<GoogleVolume> {
  if (!VOLUME_ID.test(id)) {
    throw new NotFoundError(`Google Books volume ids look like "zyTCAlFPjgYC", not "${id.slice(0, 64)}"`);
  }
  const json = await getJson(
    context,
    `${settings.baseUrl}/books/v1/volumes/${id}`,
    { key: settings.apiKey },
    { kind: 'volume', id },
  );
  return readSingleVolume(json);
}
