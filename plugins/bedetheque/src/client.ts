/** Bédéthèque over `context.http`: the headers it expects, its refusals, and where a series page lives. */
import { BlockedError, NotFoundError } from '@shelfmark/plugin-sdk';
import type { PluginContext, QueryValue } from '@shelfmark/plugin-sdk';
import { seriesPathsForId } from './links.js';
import { pageParsers } from './parsers.js';
import type { BedethequeSettings } from './settings.js';
import { siteUrl } from './settings.js';

export interface Page {
  /** Where the page was finally served from (after redirects), to resolve its relative links. */
  url: string;
  html: string;
}

const NOT_FOUND = 404;
/** Bédéthèque needs no credentials, so a 403 is its protection refusing this address, not a bad key. */
const FORBIDDEN = 403;

export async function fetchPage(
  context: PluginContext,
  settings: BedethequeSettings,
  path: string,
  query?: Readonly<Record<string, QueryValue>>,
): Promise<Page | null> {
  const response = await context.http.request(siteUrl(settings.baseUrl, path), {
    query,
    headers: headersFor(settings),
    acceptStatus: [NOT_FOUND, FORBIDDEN],
  });
  if (response.status === FORBIDDEN) {
    throw new BlockedError('Bédéthèque refused the request (403): its anti-bot protection is blocking this server');
  }
  const { isAntiBotPage } = await pageParsers();
  if (isAntiBotPage(response.text)) {
    throw new BlockedError(
      'Bédéthèque answered with its anti-bot page instead of content: too many requests from this server, retry later',
    );
  }
  if (response.status === NOT_FOUND) return null;
  return { url: response.url, html: response.text };
}

/** The page that lists every album of a series; NotFoundError when the site knows no such series. */
export async function fetchSeriesPage(
  context: PluginContext,
  settings: BedethequeSettings,
  externalId: string,
): Promise<Page> {
  if (!/^\d+$/.test(externalId)) {
    throw new NotFoundError(`Bédéthèque series ids are numbers; "${externalId}" cannot be one`);
  }
  for (const path of seriesPathsForId(externalId)) {
    const page = await fetchPage(context, settings, path);
    if (page !== null) return page;
  }
  throw new NotFoundError(`Bédéthèque has no series ${externalId}`);
}

function headersFor(settings: BedethequeSettings): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    // What a French reader's browser sends; the catalogue is in French whatever the admin's language.
    'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5',
    referer: `${settings.baseUrl}/`,
  };
  if (settings.userAgent !== null) headers['user-agent'] = settings.userAgent;
  return headers;
}
