import type { SeriesRecord, VolumeRecord } from '@shelfmark/plugin-sdk';
import { htmlToText } from './html-text.js';
import { isObject, readInteger, readText } from './read.js';

/**
 * Pure mapping from ComicVine's JSON to SDK records. ComicVine's "volume" is what Shelfmark calls a series, and its
 * "issues" are Shelfmark's volumes (the books of the series).
 */

/** ComicVine prefixes ids with a resource type in URLs (`4050-` for volumes); links store the bare number. */
const VOLUME_TYPE_PREFIX = '4050-';

/** The numeric volume id of an external id (`"18166"` or `"4050-18166"`), else null. */
export function volumeIdOf(externalId: string): string | null {
  const match = /^(?:4050-)?(\d{1,12})$/.exec(externalId.trim());
  return match?.[1] ?? null;
}

export function volumeResourcePath(volumeId: string): string {
  return `volume/${VOLUME_TYPE_PREFIX}${volumeId}/`;
}

function httpsUrl(value: unknown): string | null {
  const url = readText(value);
  if (url === null) return null;
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('http://')) return `https://${url.slice('http://'.length)}`;
  return url.startsWith('https://') ? url : null;
}

/** Sizes in order of preference: medium is a cover-sized image; the others are fallbacks when it is missing. */
const IMAGE_SIZES = ['medium_url', 'super_url', 'screen_large_url', 'original_url', 'screen_url', 'small_url'] as const;

export function coverUrlOf(image: unknown): string | null {
  if (!isObject(image)) return null;
  for (const size of IMAGE_SIZES) {
    const url = httpsUrl(image[size]);
    if (url !== null) return url;
  }
  return null;
}

/** ComicVine's `start_year` is a free string ("1994", "", "19??"); only a plausible four-digit year is kept. */
export function startYearOf(value: unknown): number | null {
  const year = readInteger(value);
  return year !== null && year >= 1800 && year <= 2200 ? year : null;
}

/** `aliases` is one string with one alias per line. */
export function aliasesOf(value: unknown, title: string): string[] {
  const text = readText(value);
  if (text === null) return [];
  const seen = new Set<string>([title.toLowerCase()]);
  const aliases: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const alias = line.trim();
    if (alias === '' || seen.has(alias.toLowerCase())) continue;
    seen.add(alias.toLowerCase());
    aliases.push(alias);
  }
  return aliases;
}

/** The long HTML description as text; the one-line `deck` when there is no description. */
export function summaryOf(description: unknown, deck: unknown): string | null {
  return htmlToText(readText(description)) ?? htmlToText(readText(deck));
}

/** A ComicVine volume (search result or direct lookup) as a series; null when it lacks an id or a name. */
export function mapSeries(raw: unknown): SeriesRecord | null {
  if (!isObject(raw)) return null;
  const id = readInteger(raw.id);
  const title = readText(raw.name);
  if (id === null || id <= 0 || title === null) return null;
  const publisher = isObject(raw.publisher) ? readText(raw.publisher.name) : null;
  const issueCount = readInteger(raw.count_of_issues);
  return {
    externalId: String(id),
    title,
    alternativeTitles: aliasesOf(raw.aliases, title),
    authors: [],
    description: summaryOf(raw.description, raw.deck),
    publishers: publisher === null ? [] : [publisher],
    startYear: startYearOf(raw.start_year),
    // ComicVine counts the issues it has catalogued; 0 means none catalogued yet, not a series of no volumes.
    totalVolumes: issueCount !== null && issueCount > 0 ? issueCount : null,
    totalChapters: null,
    rawStatus: null,
    genres: [],
    language: null,
    coverUrl: coverUrlOf(raw.image),
    externalUrl: httpsUrl(raw.site_detail_url),
  };
}

/** Search results in ComicVine's order, without unusable entries, other resource types or duplicates. */
export function mapSearchResults(results: unknown): SeriesRecord[] {
  if (!Array.isArray(results)) return [];
  const seen = new Set<string>();
  const series: SeriesRecord[] = [];
  for (const raw of results) {
    if (isObject(raw) && raw.resource_type !== undefined && raw.resource_type !== 'volume') continue;
    const record = mapSeries(raw);
    if (record === null || seen.has(record.externalId)) continue;
    seen.add(record.externalId);
    series.push(record);
  }
  return series;
}

const FRACTIONS: Readonly<Record<string, number>> = { '½': 0.5, '1/2': 0.5, '¼': 0.25, '1/4': 0.25, '¾': 0.75 };

/**
 * `issue_number` is a string: "1", "12.5", "½", "1/2", but also "1.MU", "Annual 1" or "". Only plain numbers (and the
 * fractions Marvel and Wizard use for specials) are numbers; a letter suffix is a variant or special, not that issue.
 */
export function issueNumberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  const text = readText(value);
  if (text === null) return null;
  const fraction = FRACTIONS[text];
  if (fraction !== undefined) return fraction;
  if (!/^\d{1,6}(?:\.\d{1,3})?$/.test(text)) return null;
  return Number(text);
}

/**
 * `cover_date` is `YYYY-MM-DD`; older records hold zeros for what is unknown (`1987-00-00`), so the date is cut to
 * what is really known. A time part, when present, is dropped.
 */
export function publishDateOf(value: unknown): string | null {
  const text = readText(value);
  if (text === null) return null;
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:[ T].*)?$/.exec(text);
  if (match === null) return null;
  const [, year, month, day] = match;
  if (year === undefined || Number(year) < 1800) return null;
  if (month === undefined || month === '00') return year;
  if (Number(month) > 12) return null;
  if (day === undefined || day === '00') return `${year}-${month}`;
  const lastDay = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return Number(day) <= lastDay ? `${year}-${month}-${day}` : `${year}-${month}`;
}

/** Roles that make someone an author of a comic; colourists, letterers and editors are credited but are not. */
const AUTHOR_ROLE = /writer|artist|penciler|penciller|plotter|script/i;

/**
 * Authors from `person_credits` (`[{ name, role: "writer, penciler" }]`), in ComicVine's order. When no credit
 * carries an authoring role (or none carries a role at all) every credited name is kept rather than none.
 */
export function authorsOf(credits: unknown): string[] {
  if (!Array.isArray(credits)) return [];
  const people = credits
    .filter(isObject)
    .map((credit) => ({ name: readText(credit.name), role: readText(credit.role) }));
  const authoring = people.filter((person) => person.role !== null && AUTHOR_ROLE.test(person.role));
  const chosen = authoring.length > 0 ? authoring : people;
  const names: string[] = [];
  for (const { name } of chosen) {
    if (name !== null && !names.includes(name)) names.push(name);
  }
  return names;
}

/** A ComicVine issue as a volume; null when it lacks an id. */
export function mapVolume(raw: unknown): VolumeRecord | null {
  if (!isObject(raw)) return null;
  const id = readInteger(raw.id);
  if (id === null || id <= 0) return null;
  return {
    externalId: String(id),
    volumeNumber: issueNumberOf(raw.issue_number),
    title: readText(raw.name),
    authors: authorsOf(raw.person_credits),
    isbn: null,
    summary: summaryOf(raw.description, raw.deck),
    coverUrl: coverUrlOf(raw.image),
    pageCount: null,
    language: null,
    publishDate: publishDateOf(raw.cover_date) ?? publishDateOf(raw.store_date),
  };
}

/**
 * Issues ordered by number, issues without a number last, ties kept in ComicVine's order; duplicates (an issue seen
 * on two pages) dropped. `issue_number` is text on ComicVine's side, so its own sort cannot be trusted to be numeric.
 */
export function mapIssues(results: readonly unknown[]): VolumeRecord[] {
  const seen = new Set<string>();
  const volumes: VolumeRecord[] = [];
  for (const raw of results) {
    const volume = mapVolume(raw);
    if (volume === null || seen.has(volume.externalId)) continue;
    seen.add(volume.externalId);
    volumes.push(volume);
  }
  return volumes
    .map((volume, index) => ({ volume, index }))
    .sort((a, b) => {
      const left = a.volume.volumeNumber ?? Number.POSITIVE_INFINITY;
      const right = b.volume.volumeNumber ?? Number.POSITIVE_INFINITY;
      return left === right ? a.index - b.index : left - right;
    })
    .map(({ volume }) => volume);
}
