import { BadResponseError, NotFoundError, SDK_API_VERSION, definePlugin } from '@shelfmark/plugin-sdk';
import type { PluginContext, SeriesQuery, SeriesRecord, VolumeRecord } from '@shelfmark/plugin-sdk';
import { fetchPage, fetchSeriesPage } from './client.js';
import { allAlbumsPath } from './links.js';
import type { SearchHit } from './map.js';
import { pageParsers } from './parsers.js';
import { SETTINGS, readSettings } from './settings.js';
import type { BedethequeSettings } from './settings.js';
import { comparableTitle, foldAccents } from './text.js';

const MAX_CANDIDATES = 20;
/** Each enrichment costs a page, and a second at the site's pace: only candidates that could be auto-matched. */
const MAX_ENRICHED = 3;

export default definePlugin({
  kind: 'metadata',
  manifest: {
    id: 'bedetheque',
    displayName: 'Bédéthèque',
    version: '0.1.0',
    apiVersion: SDK_API_VERSION,
    settings: SETTINGS,
    // Bédéthèque publishes no limit and answers bursts with an anti-bot page; we keep at least one second between
    // requests (the reference's batch pace, PROVIDERS.md §2.5). The host spaces the *starts* of requests; the extra
    // 100 ms absorbs a first request that spends longer connecting, so that they also *arrive* a second apart.
    rateLimit: { requests: 1, perMilliseconds: 1100 },
    // Series pages listing every album are large and slow to build (PROVIDERS.md §2.5: 20 s).
    timeoutMs: 20_000,
  },
  capabilities: {
    series: [
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
    volumes: ['volumeNumber', 'title', 'authors', 'isbn', 'coverUrl', 'pageCount', 'language', 'publishDate'],
    hasVolumes: true,
    honoursLanguage: false,
  },

  async searchSeries(query: SeriesQuery, context: PluginContext): Promise<SeriesRecord[]> {
    const settings = readSettings(context.settings);
    const text = foldAccents(query.name).trim();
    if (text === '') return [];
    const page = await fetchPage(context, settings, '/search/tout', { RechTexte: text, RechWhere: 0 });
    // The search page always exists; its absence means base_url points somewhere else.
    if (page === null) throw new BadResponseError('Bédéthèque has no search page at this address: check base_url');
    const { searchHitsFromPage, seriesRecordFromHit } = await pageParsers();
    const hits = searchHitsFromPage(page.html, page.url).slice(0, MAX_CANDIDATES);
    const records = hits.map(seriesRecordFromHit);
    const wanted = comparableTitle(query.name);
    const exact = hits.filter((hit) => comparableTitle(hit.title) === wanted).slice(0, MAX_ENRICHED);
    for (const hit of exact) {
      const enriched = await enrich(hit, context, settings);
      if (enriched === null) break;
      records[hits.indexOf(hit)] = enriched;
    }
    return records;
  },

  async getSeries(externalId: string, context: PluginContext): Promise<SeriesRecord> {
    const page = await fetchSeriesPage(context, readSettings(context.settings), externalId);
    const { seriesFromPage } = await pageParsers();
    const series = seriesFromPage(page.html, externalId, page.url);
    if (series === null) throw new NotFoundError(`Bédéthèque has no series ${externalId} (not a series page)`);
    return series;
  },

  async getVolumes(externalId: string, context: PluginContext): Promise<VolumeRecord[]> {
    const page = await fetchSeriesPage(context, readSettings(context.settings), externalId);
    const { seriesFromPage, volumesFromSeriesPage } = await pageParsers();
    if (seriesFromPage(page.html, externalId, page.url) === null) {
      throw new NotFoundError(`Bédéthèque has no series ${externalId} (not a series page)`);
    }
    return volumesFromSeriesPage(page.html, page.url);
  },
});

/**
 * The search page names series only; their page tells the volume count the server needs to confirm a match. A
 * failure here costs the details, not the search: null stops further enrichment (the site is refusing or failing).
 */
async function enrich(
  hit: SearchHit,
  context: PluginContext,
  settings: BedethequeSettings,
): Promise<SeriesRecord | null> {
  try {
    const page = await fetchPage(context, settings, allAlbumsPath(hit.path));
    const { seriesFromPage, seriesRecordFromHit } = await pageParsers();
    return page === null
      ? seriesRecordFromHit(hit)
      : (seriesFromPage(page.html, hit.externalId, page.url) ?? seriesRecordFromHit(hit));
  } catch (error) {
    if (context.signal.aborted) throw error;
    context.log.warn('Bédéthèque: could not read a series page to complete a search result', {
      externalId: hit.externalId,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
