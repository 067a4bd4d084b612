/** The albums listed on a series page (`.album-main` blocks) as SDK volume records. */
import { load } from 'cheerio';
import { volumeNumberFromTitle } from '@shelfmark/plugin-sdk';
import type { VolumeRecord } from '@shelfmark/plugin-sdk';
import { absoluteUrl, albumIdFrom, albumKindFrom, fullSizeCoverUrl } from './links.js';
import type { AlbumKind } from './links.js';
import type { Elements } from './page.js';
import { pageLanguage, peopleIn, seriesFields, textsOf } from './page.js';
import { bestIsbn, collapseSpaces, positiveInteger, publishDateFrom } from './text.js';

/**
 * Every album of the page, numbered tomes first in tome order, then the others (intégrales, hors-séries, coffrets)
 * in the page's order.
 *
 * Only numbered tomes carry a volume number: an intégrale gathers several tomes and a hors-série has its own
 * numbering, so giving them "1", "2"… would collide with the tomes of the same number when the server matches
 * books by volume number. They are still listed, with their own titles, so a library that holds them can match
 * them by title. An album that is neither (a one-shot, a coffret) gets a number only when its title states one.
 */
export function volumesFromSeriesPage(html: string, pageUrl: string): VolumeRecord[] {
  const $ = load(html);
  const language = pageLanguage(seriesFields($));
  const blocks = $('.album-main').toArray();
  const positionalCovers = $('img[itemprop="image"]').toArray();
  const volumes = new Map<string, VolumeRecord>();
  blocks.forEach((node, index) => {
    const block = $(node);
    const link = block.find('a.titre').first();
    const href = link.attr('href');
    const externalId = href === undefined ? null : albumIdFrom(href);
    if (href === undefined || externalId === null || volumes.has(externalId)) return;
    const title = collapseSpaces(link.attr('title') ?? '') || collapseSpaces(link.text()) || null;
    const coverSource =
      coverWithin(block) ??
      (positionalCovers.length === blocks.length ? $(positionalCovers[index]).attr('src') : undefined);
    const coverUrl = coverSource === undefined ? null : absoluteUrl(coverSource, pageUrl);
    volumes.set(externalId, {
      externalId,
      volumeNumber: volumeNumberOf(albumKindFrom(href, title), title),
      title,
      authors: peopleIn($, block),
      isbn: bestIsbn(textsOf($, block.find('[itemprop="isbn"]'))),
      summary: null,
      coverUrl: coverUrl === null ? null : fullSizeCoverUrl(coverUrl),
      pageCount: positiveInteger(block.find('[itemprop="numberOfPages"]').first().text()),
      language,
      publishDate: publishDateFrom(block.find('[itemprop="datePublished"]').first().attr('content')),
    });
  });
  return [...volumes.values()].sort(byVolumeNumber);
}

function volumeNumberOf(kind: AlbumKind, title: string | null): number | null {
  switch (kind.kind) {
    case 'tome':
      return kind.number;
    case 'other':
      return title === null ? null : volumeNumberFromTitle(title);
    default:
      return null;
  }
}

/**
 * The album's own cover: inside its block, or in the block's container when that container holds this album only.
 * Pairing covers with albums by position is the fallback, used only when there is exactly one cover per album.
 */
function coverWithin(block: Elements): string | undefined {
  const inside = block.find('img[itemprop="image"]').first().attr('src');
  if (inside !== undefined) return inside;
  const container = block.parent();
  if (container.find('.album-main').length !== 1) return undefined;
  return container.find('img[itemprop="image"]').first().attr('src');
}

function byVolumeNumber(a: VolumeRecord, b: VolumeRecord): number {
  if (a.volumeNumber === null) return b.volumeNumber === null ? 0 : 1;
  if (b.volumeNumber === null) return -1;
  return a.volumeNumber - b.volumeNumber;
}
