/** Reading helpers shared by the series-page and album mappers. */
import { load } from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { collapseSpaces, foldAccents, languageCodeFromFrenchName, personName, uniqueInOrder } from './text.js';

/** A selection of elements (cheerio's `Element` type lives in domhandler, which this package does not depend on). */
export type Elements = ReturnType<ReturnType<CheerioAPI['root']>['find']>;

/** Bédéthèque's catalogue is of French-language editions; a page that names no language is one of them. */
export const CATALOGUE_LANGUAGE = 'fr';

/** The language a series page declares ("Langue : Français"), else the catalogue's own; null when unknown. */
export function pageLanguage(fields: ReadonlyMap<string, string>): string | null {
  const language = fields.get('langue');
  return language === undefined ? CATALOGUE_LANGUAGE : languageCodeFromFrenchName(language);
}

/** Authors and illustrators within a scope, "First Last", placeholders dropped, once each, in the page's order. */
export function peopleIn($: CheerioAPI, scope: Elements): string[] {
  const names = scope
    .find('[itemprop="author"], [itemprop="illustrator"]')
    .toArray()
    .map((node) => personName($(node).text()));
  return uniqueInOrder(names.filter((name): name is string => name !== null));
}

export function textsOf($: CheerioAPI, nodes: Elements): string[] {
  return nodes
    .toArray()
    .map((node) => collapseSpaces($(node).text()))
    .filter((text) => text !== '');
}

/**
 * "Label : value" lines of the series' own information, keyed by lowercased, unaccented label ("tomes", "langue").
 * Album blocks are left out: their fields describe one album, not the series.
 */
export function seriesFields($: CheerioAPI): Map<string, string> {
  const info = load($.html());
  info('.album-main, script, style, noscript, head').remove();
  info('br').replaceWith('\n');
  info('li, p, div, tr, dd, dt, h1, h2, h3, h4, h5, h6, ul, ol, table').after('\n');
  const fields = new Map<string, string>();
  for (const line of info.root().text().split('\n')) {
    const match = /^\s*([\p{L}'() ]{2,30}?)\s*:\s*(.*)$/u.exec(line);
    if (!match?.[1]) continue;
    const label = foldAccents(match[1]).toLowerCase().replace('(s)', 's').trim();
    const value = collapseSpaces(match[2] ?? '');
    if (value !== '' && !fields.has(label)) fields.set(label, value);
  }
  return fields;
}
