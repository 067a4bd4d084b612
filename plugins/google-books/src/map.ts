import { seriesNameFromVolumeTitle, volumeNumberFromTitle } from '@shelfmark/plugin-sdk';
import type { SeriesRecord, VolumeRecord } from '@shelfmark/plugin-sdk';
import { coverUrl, genres, isbn, languageCode, plainText, publishDate, union, yearOf } from './fields.js';
import type { GoogleVolume } from './google-json.js';

/**
 * Google Books knows books, not series. A series is reconstructed from books whose titles name the same series
 * ("Saga Vol. 1", "Saga, Vol. 2"); Google never states how many volumes a series has, so `totalVolumes` stays null.
 */

/** The public page of a volume; independent of base_url, which may point at a proxy or a fake. */
export function volumePageUrl(id: string): string {
  return `https://books.google.com/books?id=${encodeURIComponent(id)}`;
}

/** `seriesInfo.title` when Google gives one, else the book title without its volume marker. */
export function seriesName(volume: GoogleVolume): string {
  if (volume.seriesTitle !== null) return volume.seriesTitle;
  return seriesNameFromVolumeTitle(volume.title);
}

/** Two titles name the same series when they agree once case, Latin accents and punctuation are set aside. */
export function seriesKey(name: string): string {
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return key === '' ? name.trim().toLowerCase() : key;
}

/** Google's own series numbering when present, else an explicit marker in the title, then in the subtitle. */
export function volumeNumber(volume: GoogleVolume): number | null {
  if (volume.seriesNumber !== null) {
    const stated = Number(volume.seriesNumber);
    if (Number.isFinite(stated) && stated >= 0) return stated;
  }
  const fromTitle = volumeNumberFromTitle(volume.title);
  if (fromTitle !== null) return fromTitle;
  return volume.subtitle === null ? null : volumeNumberFromTitle(volume.subtitle);
}

function firstNonNull<T>(values: readonly (T | null)[]): T | null {
  for (const value of values) if (value !== null) return value;
  return null;
}

function byVolumeNumber<T>(items: readonly T[], numberOf: (item: T) => number | null): T[] {
  return items
    .map((item, index) => ({ item, index, number: numberOf(item) }))
    .sort((a, b) => (a.number ?? Infinity) - (b.number ?? Infinity) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * One series from the books that belong to it. The lowest-numbered book represents the series (id, cover,
 * description): its cover is the one readers recognise and its blurb introduces the series.
 */
export function seriesRecord(books: readonly GoogleVolume[]): SeriesRecord {
  const ordered = byVolumeNumber(books, volumeNumber);
  const representative = ordered[0];
  if (representative === undefined) throw new RangeError('a series needs at least one book');
  const years = books.map((book) => yearOf(book.publishedDate)).filter((year): year is number => year !== null);
  return {
    externalId: representative.id,
    title: seriesName(representative),
    alternativeTitles: [],
    authors: union(ordered.map((book) => book.authors)),
    description: firstNonNull(ordered.map((book) => plainText(book.description))),
    publishers: union(ordered.map((book) => (book.publisher === null ? [] : [book.publisher]))),
    startYear: years.length === 0 ? null : Math.min(...years),
    totalVolumes: null,
    totalChapters: null,
    rawStatus: null,
    genres: genres(ordered.flatMap((book) => book.categories)),
    language: firstNonNull(ordered.map((book) => languageCode(book.language))),
    coverUrl: firstNonNull(ordered.map((book) => coverUrl(book.thumbnail, book.smallThumbnail))),
    externalUrl: volumePageUrl(representative.id),
  };
}

/** Search hits grouped into series, in the order Google ranked their first book. */
export function seriesFromSearch(volumes: readonly GoogleVolume[]): SeriesRecord[] {
  const groups = new Map<string, GoogleVolume[]>();
  for (const volume of volumes) {
    const key = seriesKey(seriesName(volume));
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [volume]);
    else group.push(volume);
  }
  return [...groups.values()].map(seriesRecord);
}

export function volumeRecord(volume: GoogleVolume): VolumeRecord {
  return {
    externalId: volume.id,
    volumeNumber: volumeNumber(volume),
    title: volume.subtitle === null ? volume.title : `${volume.title}: ${volume.subtitle}`,
    authors: union([volume.authors]),
    isbn: isbn(volume.industryIdentifiers),
    summary: plainText(volume.description),
    coverUrl: coverUrl(volume.thumbnail, volume.smallThumbnail),
    pageCount: volume.pageCount,
    language: languageCode(volume.language),
    publishDate: publishDate(volume.publishedDate),
  };
}

function richness(record: VolumeRecord): number {
  return [record.isbn, record.summary, record.coverUrl, record.pageCount, record.publishDate].filter(
    (value) => value !== null,
  ).length;
}

/**
 * The volumes of the anchor's series among search hits: hits from other series are dropped, and when Google lists
 * several editions of one volume only one is kept (the anchor itself, else the most complete, else the best
 * ranked), so the volume count means volumes, not editions.
 */
export function volumesOfSeries(anchor: GoogleVolume, hits: readonly GoogleVolume[]): VolumeRecord[] {
  const key = seriesKey(seriesName(anchor));
  const seenIds = new Set<string>();
  const kept = new Map<string, VolumeRecord>();
  for (const volume of [anchor, ...hits]) {
    if (seenIds.has(volume.id) || seriesKey(seriesName(volume)) !== key) continue;
    seenIds.add(volume.id);
    const record = volumeRecord(volume);
    const slot = record.volumeNumber === null ? `title:${seriesKey(record.title ?? '')}` : `n:${record.volumeNumber}`;
    const current = kept.get(slot);
    if (current === undefined || (current.externalId !== anchor.id && richness(record) > richness(current))) {
      kept.set(slot, record);
    }
  }
  return byVolumeNumber([...kept.values()], (record) => record.volumeNumber);
}
