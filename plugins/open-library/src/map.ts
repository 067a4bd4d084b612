import { seriesNameFromVolumeTitle, volumeNumberFromTitle } from '@shelfmark/plugin-sdk';
import type { SeriesRecord, VolumeRecord } from '@shelfmark/plugin-sdk';
import { pickIsbn } from './isbn.js';
import { isoFromMarc } from './language.js';
import type { SearchDoc, Work } from './parse.js';

/** The public site, for links shown to people (the base_url setting may point at a proxy or a fake). */
export const PUBLIC_SITE = 'https://openlibrary.org';
const COVERS_SITE = 'https://covers.openlibrary.org';

export const MAX_SERIES = 20;
// Work records carry every edition's publishers (often dozens, in every language); the first few are the useful ones.
const PUBLISHERS_PER_DOC = 3;

export function workUrl(key: string): string {
  return `${PUBLIC_SITE}${key}`;
}

/** `-L` rather than the reference's `-M`: the server stores it as the series or book cover. */
export function coverUrl(coverId: number | null): string | null {
  return coverId === null ? null : `${COVERS_SITE}/b/id/${coverId}-L.jpg`;
}

/** Case-, accent- and punctuation-insensitive, so "Astérix" and "Asterix" land in one series. */
export function seriesKey(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded === '' ? name.trim().toLowerCase() : folded;
}

export function seriesNameOf(title: string): string {
  return seriesNameFromVolumeTitle(title);
}

/**
 * Explicit markers first (the SDK helper). Open Library titles such as "Maus 2" or "寄生獣 3" have none, but once the
 * title is known to belong to the series, a bare number right after the series name is the volume number.
 */
export function volumeNumberFor(title: string, seriesName: string): number | null {
  const explicit = volumeNumberFromTitle(title);
  if (explicit !== null) return explicit;
  const ownName = seriesNameOf(title);
  if (seriesKey(ownName) !== seriesKey(seriesName) || !title.startsWith(ownName)) return null;
  const rest = title.slice(ownName.length);
  const match = /^\s*[,.\-–—]?\s*(?:\((\d{1,4})\)|(\d{1,4}))\s*(?:[:.\-–—].*)?$/u.exec(rest);
  const digits = match?.[1] ?? match?.[2];
  return digits === undefined ? null : Number(digits);
}

function unionInOrder(lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of lists.flat()) {
    const identity = value.toLowerCase();
    if (seen.has(identity)) continue;
    seen.add(identity);
    result.push(value);
  }
  return result;
}

function minYear(years: readonly (number | null)[]): number | null {
  const known = years.filter((year): year is number => year !== null);
  return known.length === 0 ? null : Math.min(...known);
}

/**
 * A series' language when the service makes it clear: every edition of every work is in one language, or the search
 * was filtered on the preferred language and every work has an edition in it.
 */
export function seriesLanguage(docs: readonly SearchDoc[], preferredMarc: string | null): string | null {
  const stated = docs.filter((doc) => doc.languages.length > 0);
  if (stated.length === 0) return null;
  const all = new Set(stated.flatMap((doc) => doc.languages));
  if (all.size === 1) return isoFromMarc([...all][0]);
  if (preferredMarc !== null && stated.every((doc) => doc.languages.includes(preferredMarc))) {
    return isoFromMarc(preferredMarc);
  }
  return null;
}

/** The preferred language when the work has an edition in it, else the first language with an ISO 639-1 code. */
export function volumeLanguage(doc: SearchDoc, preferredMarc: string | null): string | null {
  if (preferredMarc !== null && doc.languages.includes(preferredMarc)) return isoFromMarc(preferredMarc);
  for (const code of doc.languages) {
    const iso = isoFromMarc(code);
    if (iso !== null) return iso;
  }
  return null;
}

interface SeriesGroup {
  name: string;
  docs: SearchDoc[];
}

/** Groups works into series by their title without the volume marker, in the order the service ranked them. */
export function groupBySeries(docs: readonly SearchDoc[]): SeriesGroup[] {
  const groups = new Map<string, SeriesGroup>();
  for (const doc of docs) {
    const name = seriesNameOf(doc.title);
    const key = seriesKey(name);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { name, docs: [doc] });
    else if (!group.docs.some((known) => known.key === doc.key)) group.docs.push(doc);
  }
  return [...groups.values()];
}

function seriesFromGroup(group: SeriesGroup, preferredMarc: string | null): SeriesRecord {
  const [first] = group.docs;
  const key = first?.key ?? '';
  const spellings = unionInOrder(group.docs.map((doc) => [seriesNameOf(doc.title)]));
  return {
    externalId: key,
    title: group.name,
    alternativeTitles: spellings.filter((spelling) => spelling !== group.name),
    authors: unionInOrder(group.docs.map((doc) => doc.authorNames)),
    // The search index has no descriptions; getSeries reads the work's.
    description: null,
    publishers: unionInOrder(group.docs.map((doc) => doc.publishers.slice(0, PUBLISHERS_PER_DOC))),
    startYear: minYear(group.docs.map((doc) => doc.firstPublishYear)),
    // Open Library has no notion of a series length; the number of hits is not one (the reference used it).
    totalVolumes: null,
    totalChapters: null,
    rawStatus: null,
    genres: [],
    language: seriesLanguage(group.docs, preferredMarc),
    coverUrl: coverUrl(group.docs.find((doc) => doc.coverId !== null)?.coverId ?? null),
    externalUrl: workUrl(key),
  };
}

/** Search hits → series candidates, at most MAX_SERIES, in the service's order. */
export function seriesFromSearch(docs: readonly SearchDoc[], preferredMarc: string | null): SeriesRecord[] {
  return groupBySeries(docs)
    .slice(0, MAX_SERIES)
    .map((group) => seriesFromGroup(group, preferredMarc));
}

/** The docs that belong to the series of that name (a title search also finds spin-offs and unrelated books). */
export function docsOfSeries(docs: readonly SearchDoc[], seriesName: string): SearchDoc[] {
  const wanted = seriesKey(seriesName);
  return docs.filter((doc) => seriesKey(seriesNameOf(doc.title)) === wanted);
}

/**
 * The series a linked work belongs to: the work itself gives the id, title, description and cover; its siblings in
 * the search index give what the work record only holds as keys (authors, publishers) or lacks (languages).
 */
export function seriesFromWork(
  work: Work & { title: string },
  siblings: readonly SearchDoc[],
  preferredMarc: string | null,
): SeriesRecord {
  const name = seriesNameOf(work.title);
  const docs = docsOfSeries(siblings, name);
  const group = seriesFromGroup({ name, docs }, preferredMarc);
  return {
    ...group,
    externalId: work.key,
    description: work.description,
    startYear: minYear([work.firstPublishYear, group.startYear]),
    coverUrl: coverUrl(work.coverId) ?? group.coverUrl,
    externalUrl: workUrl(work.key),
  };
}

export function volumeFromDoc(doc: SearchDoc, seriesName: string, preferredMarc: string | null): VolumeRecord {
  return {
    externalId: doc.key,
    volumeNumber: volumeNumberFor(doc.title, seriesName),
    title: doc.title,
    authors: doc.authorNames,
    isbn: pickIsbn(doc.isbns),
    // The search index has no descriptions; fetching every work for one would cost a request per volume.
    summary: null,
    coverUrl: coverUrl(doc.coverId),
    pageCount: doc.pagesMedian,
    language: volumeLanguage(doc, preferredMarc),
    // Only the year of the work's first edition is known.
    publishDate: doc.firstPublishYear === null ? null : String(doc.firstPublishYear),
  };
}

/** Used when the search index does not (yet) list the linked work: what the work record alone says. */
export function volumeFromWork(work: Work & { title: string }, seriesName: string): VolumeRecord {
  return {
    externalId: work.key,
    volumeNumber: volumeNumberFor(work.title, seriesName),
    title: work.title,
    authors: [],
    isbn: null,
    summary: work.description,
    coverUrl: coverUrl(work.coverId),
    pageCount: null,
    language: null,
    publishDate: work.firstPublishYear === null ? null : String(work.firstPublishYear),
  };
}

function byVolumeNumber(a: VolumeRecord, b: VolumeRecord): number {
  if (a.volumeNumber === b.volumeNumber) return 0;
  if (a.volumeNumber === null) return 1;
  if (b.volumeNumber === null) return -1;
  return a.volumeNumber - b.volumeNumber;
}

/**
 * The series' volumes, once per work and once per volume number, sorted by volume number (unnumbered last, in the
 * service's order). Translations are often separate works claiming the same number: the one with an edition in the
 * preferred language wins, else the one the service ranked first.
 */
export function volumesOfSeries(
  docs: readonly SearchDoc[],
  seriesName: string,
  preferredMarc: string | null,
): VolumeRecord[] {
  const byKey = new Map<string, SearchDoc>();
  for (const doc of docsOfSeries(docs, seriesName)) if (!byKey.has(doc.key)) byKey.set(doc.key, doc);
  const inPreferred = (doc: SearchDoc): boolean => preferredMarc !== null && doc.languages.includes(preferredMarc);
  const byNumber = new Map<number, { doc: SearchDoc; volume: VolumeRecord }>();
  const unnumbered: VolumeRecord[] = [];
  for (const doc of byKey.values()) {
    const volume = volumeFromDoc(doc, seriesName, preferredMarc);
    if (volume.volumeNumber === null) {
      unnumbered.push(volume);
      continue;
    }
    const kept = byNumber.get(volume.volumeNumber);
    if (kept === undefined || (inPreferred(doc) && !inPreferred(kept.doc)))
      byNumber.set(volume.volumeNumber, { doc, volume });
  }
  return [...[...byNumber.values()].map((entry) => entry.volume).sort(byVolumeNumber), ...unnumbered];
}

/**
 * The linked work belongs to its own series even when the search index does not list it (the index lags behind
 * edits), unless a translation already stands for its volume number.
 */
export function withLinkedWork(
  volumes: readonly VolumeRecord[],
  work: Work & { title: string },
  seriesName: string,
): VolumeRecord[] {
  const linked = volumeFromWork(work, seriesName);
  const present = volumes.some(
    (volume) =>
      volume.externalId === linked.externalId ||
      (linked.volumeNumber !== null && volume.volumeNumber === linked.volumeNumber),
  );
  return present ? [...volumes] : [...volumes, linked].sort(byVolumeNumber);
}
