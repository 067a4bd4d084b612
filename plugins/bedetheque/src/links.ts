/** Bédéthèque's URL scheme: series and album addresses, and the images they point to. */

export const DEFAULT_BASE_URL = 'https://www.bedetheque.com';

/** Asks the series page to list every album on one page instead of paginating them. */
const ALL_ALBUMS_SUFFIX = '__10000';

export interface SeriesLink {
  externalId: string;
  /** Path on the site (`/serie-3-BD-Blacksad.html`), so the page can be fetched through the configured base URL. */
  path: string;
}

/** `/serie-<id>-<kind>-<slug>[__<n>].html`, relative or absolute; anything else is not a series link. */
export function seriesLinkFrom(href: string): SeriesLink | null {
  const path = pathOf(href);
  if (path === null) return null;
  const match = /^\/serie-(\d+)(?:-[A-Za-z]+-[^/]*?)?(?:__\d+)?\.html$/.exec(path);
  if (!match?.[1]) return null;
  return { externalId: match[1], path };
}

/** The page that lists all albums of the series, e.g. `/serie-3-BD-Blacksad__10000.html`. */
export function allAlbumsPath(seriesPath: string): string {
  if (seriesPath.endsWith(`${ALL_ALBUMS_SUFFIX}.html`)) return seriesPath;
  return seriesPath.replace(/(?:__\d+)?\.html$/, `${ALL_ALBUMS_SUFFIX}.html`);
}

/**
 * Without the slug: the site answers these for any series id, the first with a placeholder slug, the second as
 * its fallback.
 */
export function seriesPathsForId(externalId: string): string[] {
  return [`/serie-${externalId}-BD-Serie${ALL_ALBUMS_SUFFIX}.html`, `/serie-${externalId}${ALL_ALBUMS_SUFFIX}.html`];
}

/** The address to show people: the series page, not its all-albums variant. */
export function publicSeriesUrl(pageUrl: string): string {
  return pageUrl.replace(new RegExp(`${ALL_ALBUMS_SUFFIX}\\.html$`), '.html');
}

/** Album ids are the digits that end the album's address: `…-Tome-2-Arctic-Nation-1064.html` → "1064". */
export function albumIdFrom(href: string): string | null {
  const path = pathOf(href);
  return path === null ? null : (/-(\d+)\.html$/.exec(path)?.[1] ?? null);
}

export type AlbumKind =
  { kind: 'tome'; number: number } | { kind: 'integrale' } | { kind: 'hors-serie' } | { kind: 'other' };

/**
 * The album address says what the album is: `-Tome-<n>-` for the numbered albums, `-INT-`/`-INT<n>-` for
 * omnibus editions (intégrales), `-HS-`/`-HS<n>-` for hors-séries.
 */
export function albumKindFrom(href: string, title: string | null): AlbumKind {
  const words = (pathOf(href) ?? '').split(/[-/.]+/);
  for (let index = 0; index < words.length - 1; index += 1) {
    const next = words[index + 1] ?? '';
    if (words[index]?.toLowerCase() === 'tome' && /^\d+$/.test(next)) return { kind: 'tome', number: Number(next) };
  }
  if (words.some((word) => /^(?:int\d*|integrale)$/i.test(word))) return { kind: 'integrale' };
  if (words.some((word) => /^hs\d*$/i.test(word))) return { kind: 'hors-serie' };
  const loweredTitle = (title ?? '').toLowerCase();
  if (loweredTitle.startsWith('intégrale') || loweredTitle.startsWith('integrale')) return { kind: 'integrale' };
  if (loweredTitle.startsWith('hors-série') || loweredTitle.startsWith('hors série')) return { kind: 'hors-serie' };
  return { kind: 'other' };
}

/**
 * An image or link of a page, made absolute. Bédéthèque serves everything over https, so its own http links are
 * upgraded; other hosts (a local fake, a proxy) are left as they are.
 */
export function absoluteUrl(href: string, pageUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.protocol === 'http:' && isBedethequeHost(url.hostname)) url.protocol = 'https:';
  return url.toString();
}

/** Thumbnails live under `/cache/thb_couv/`, the full-size scans under `/media/Couvertures/` with the same name. */
export function fullSizeCoverUrl(thumbnailUrl: string): string {
  return thumbnailUrl.replace('/cache/thb_couv/', '/media/Couvertures/');
}

function isBedethequeHost(hostname: string): boolean {
  return hostname === 'bedetheque.com' || hostname.endsWith('.bedetheque.com');
}

function pathOf(href: string): string | null {
  try {
    return new URL(href, DEFAULT_BASE_URL).pathname;
  } catch {
    return null;
  }
}
