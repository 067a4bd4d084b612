/**
 * Pure mapping of Bédéthèque's HTML pages to SDK records: no I/O, parsed with cheerio (never with regular
 * expressions over markup; regular expressions only read text already extracted from the document).
 */
import { load } from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import type { SeriesRecord } from '@shelfmark/plugin-sdk';
import { absoluteUrl, fullSizeCoverUrl, publicSeriesUrl, seriesLinkFrom } from './links.js';
import { pageLanguage, peopleIn, seriesFields, textsOf } from './page.js';
import { collapseSpaces, publishDateFrom, uniqueInOrder, yearOf } from './text.js';

export { volumesFromSeriesPage } from './albums.js';

/**
 * The anti-bot page is an empty document whose `<title>` is blank. A page with a real title, or any catalogue
 * content, is not it (a search without results still has its title and is simply empty).
 */
export function isAntiBotPage(html: string): boolean {
  const $ = load(html);
  const titles = $('head > title');
  if (titles.length === 0) return false;
  if (titles.toArray().some((title) => collapseSpaces($(title).text()) !== '')) return false;
  return !hasCatalogueContent($);
}

function hasCatalogueContent($: CheerioAPI): boolean {
  return $('a[href*="/serie-"], .album-main, [itemprop]').length > 0;
}

export interface SearchHit {
  externalId: string;
  title: string;
  /** Where the link points, absolute, for people. */
  url: string;
  /** The path of the series page on the site, to fetch it through the configured base URL. */
  path: string;
}

/** Every series link of a search page, once per series, in the page's order. */
export function searchHitsFromPage(html: string, pageUrl: string): SearchHit[] {
  const $ = load(html);
  const hits = new Map<string, SearchHit>();
  for (const anchor of $('a[href]').toArray()) {
    const href = $(anchor).attr('href') ?? '';
    const link = seriesLinkFrom(href);
    if (link === null || hits.has(link.externalId)) continue;
    const title = collapseSpaces($(anchor).text());
    const url = absoluteUrl(href, pageUrl);
    if (title === '' || url === null) continue;
    hits.set(link.externalId, { externalId: link.externalId, title, url, path: link.path });
  }
  return [...hits.values()];
}

/** What the search page tells of a series: its name and address, nothing else. */
export function seriesRecordFromHit(hit: SearchHit): SeriesRecord {
  return {
    externalId: hit.externalId,
    title: hit.title,
    alternativeTitles: [],
    authors: [],
    description: null,
    publishers: [],
    startYear: null,
    totalVolumes: null,
    totalChapters: null,
    rawStatus: null,
    genres: [],
    language: null,
    coverUrl: null,
    externalUrl: hit.url,
  };
}

/**
 * The series described by its page (`pageUrl` is where it was fetched, to resolve relative links). Null when the
 * document is not a series page (no series title anywhere).
 */
export function seriesFromPage(html: string, externalId: string, pageUrl: string): SeriesRecord | null {
  const $ = load(html);
  const metaDescription = collapseSpaces($('meta[name="description"]').attr('content') ?? '');
  const title = collapseSpaces($('h1').first().text()) || titleFromMetaDescription(metaDescription);
  if (title === '') return null;
  const fields = seriesFields($);
  const cover = $('img[itemprop="image"]').first().attr('src');
  const coverUrl = cover === undefined ? null : absoluteUrl(cover, pageUrl);
  const canonical = $('link[rel="canonical"]').attr('href');
  const years = $('[itemprop="datePublished"]')
    .toArray()
    .map((node) => yearOf(publishDateFrom($(node).attr('content'))))
    .filter((year): year is number => year !== null);
  return {
    externalId,
    title,
    alternativeTitles: [],
    authors: peopleIn($, $.root().children()),
    description: descriptionFromMeta(metaDescription, title),
    publishers: uniqueInOrder(textsOf($, $('[itemprop="publisher"]'))),
    startYear: years.length === 0 ? null : Math.min(...years),
    totalVolumes: albumCountFrom(fields.get('tomes') ?? fields.get('tome')),
    totalChapters: null,
    rawStatus: collapseSpaces($('span.parution-serie').first().text()) || null,
    genres: uniqueInOrder(
      $('span.style-serie')
        .first()
        .text()
        .split(',')
        .map(collapseSpaces)
        .filter((genre) => genre !== ''),
    ),
    language: pageLanguage(fields),
    coverUrl: coverUrl === null ? null : fullSizeCoverUrl(coverUrl),
    externalUrl: publicSeriesUrl((canonical === undefined ? null : absoluteUrl(canonical, pageUrl)) ?? pageUrl),
  };
}

const META_PREFIX = 'Tout sur la série ';

function titleFromMetaDescription(content: string): string {
  if (!content.startsWith(META_PREFIX)) return '';
  const rest = content.slice(META_PREFIX.length);
  const separator = rest.indexOf(' : ');
  return collapseSpaces(separator < 0 ? rest : rest.slice(0, separator));
}

/** "Tout sur la série Thorgal : Saga viking." → "Saga viking."; the title may itself hold " : ". */
function descriptionFromMeta(content: string, title: string): string | null {
  const withTitle = `${META_PREFIX}${title} : `;
  let description = '';
  if (content.startsWith(withTitle)) description = content.slice(withTitle.length);
  else if (content.startsWith(META_PREFIX) && content.includes(' : ')) {
    description = content.slice(content.indexOf(' : ') + 3);
  }
  // Any other description is the site's own blurb, not the series'.
  return collapseSpaces(description) || null;
}

function albumCountFrom(value: string | undefined): number | null {
  const count = /^(\d+)/.exec(value ?? '')?.[1];
  return count === undefined ? null : Number(count);
}
