import { posix } from 'node:path';

import { isExplicitIsbn, parseIsbn } from '../../domain/isbn.js';

import { dateFromIso } from './dates.js';
import { MAX_SUMMARY_LENGTH } from './limits.js';
import { cleanLine, htmlToText, uniqueNames } from './text.js';
import type { EmbeddedMetadata } from './types.js';
import { asList, asNode, attributeOf, parseXml, textOf, type XmlNode } from './xml.js';

/** The path of the first OPF that container.xml names, or null. */
export function parseContainerXml(xml: string): string | null {
  const container = asNode(parseXml(xml, new Set(['rootfile'])).container);
  const rootfiles = asList(asNode(container?.rootfiles)?.rootfile);
  const opf =
    rootfiles.find((rootfile) => attributeOf(rootfile, 'media-type') === 'application/oebps-package+xml') ??
    rootfiles[0];
  const path = attributeOf(opf, 'full-path')?.trim();
  return path ? path : null;
}

export interface OpfSummary {
  metadata: EmbeddedMetadata;
  /** Manifest href of the cover image, relative to the OPF, or null. */
  coverHref: string | null;
  /** For fixed-layout books, one page per linear spine item; null for reflowable books. */
  fixedLayoutPageCount: number | null;
}

const ARRAYS = new Set([
  'title',
  'creator',
  'identifier',
  'date',
  'description',
  'language',
  'meta',
  'item',
  'itemref',
]);

/** Calibre's placeholder when it knows no author; storing it would invent an author called "Unknown". */
const PLACEHOLDER_AUTHORS = new Set(['unknown', 'unknown author', 'inconnu']);

/** Everything under <metadata>, including the OPF 2.0 <dc-metadata>/<x-metadata> wrappers old files still use. */
function metadataElements(metadata: XmlNode | undefined, name: string): unknown[] {
  if (!metadata) return [];
  return [
    ...asList(metadata[name]),
    ...asList(asNode(metadata['dc-metadata'])?.[name]),
    ...asList(asNode(metadata['x-metadata'])?.[name]),
  ];
}

/** EPUB 3 refinements: `<meta refines="#id" property="…">value</meta>`, looked up by id and property. */
function refinementsOf(metas: unknown[]): (id: string | undefined, property: string) => string | undefined {
  return (id, property) => {
    if (id === undefined) return undefined;
    const meta = metas.find(
      (candidate) => attributeOf(candidate, 'refines') === `#${id}` && attributeOf(candidate, 'property') === property,
    );
    return textOf(meta)?.trim();
  };
}

function pickTitle(titles: unknown[], refined: ReturnType<typeof refinementsOf>): string | undefined {
  const main = titles.find((title) => refined(attributeOf(title, 'id'), 'title-type') === 'main');
  return cleanLine(textOf(main ?? titles[0]));
}

function pickIsbn(identifiers: unknown[], refined: ReturnType<typeof refinementsOf>): string | undefined {
  let bare: string | undefined;
  for (const identifier of identifiers) {
    const value = textOf(identifier) ?? '';
    const isbn = parseIsbn(value);
    if (isbn === null) continue;
    const type = refined(attributeOf(identifier, 'id'), 'identifier-type');
    const explicit =
      isExplicitIsbn(value) ||
      attributeOf(identifier, 'scheme')?.toUpperCase() === 'ISBN' ||
      (type !== undefined && /^(isbn|15|02)$/i.test(type));
    if (explicit) return isbn;
    bare ??= isbn;
  }
  return bare;
}

/** The publication date: EPUB 2 may list several events; EPUB 3 dc:date is the publication date. */
function pickDate(dates: unknown[]): string | undefined {
  const ranked = (event: string | undefined): number =>
    event === undefined ? 1 : event === 'publication' ? 0 : event === 'original-publication' ? 2 : 3;
  const candidates = dates
    .map((date) => ({ date: dateFromIso(textOf(date)), rank: ranked(attributeOf(date, 'event')?.toLowerCase()) }))
    .filter((candidate) => candidate.date !== undefined && candidate.rank < 3)
    .sort((a, b) => a.rank - b.rank);
  return candidates[0]?.date;
}

function parseSeriesIndex(text: string | undefined): number | undefined {
  const trimmed = text?.trim();
  if (trimmed === undefined || !/^\d{1,6}(\.\d{1,4})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** EPUB 3 belongs-to-collection typed "series" first, then calibre's meta, then an untyped collection. */
function pickSeries(metas: unknown[], refined: ReturnType<typeof refinementsOf>): { name?: string; index?: number } {
  const collections = metas.filter((meta) => attributeOf(meta, 'property') === 'belongs-to-collection');
  const typed = collections.find((meta) => refined(attributeOf(meta, 'id'), 'collection-type') === 'series');
  const byName = (name: string): string | undefined =>
    attributeOf(
      metas.find((meta) => attributeOf(meta, 'name') === name),
      'content',
    );
  const fromCollection = (meta: unknown): { name?: string; index?: number } => ({
    name: cleanLine(textOf(meta)),
    index: parseSeriesIndex(refined(attributeOf(meta, 'id'), 'group-position')),
  });
  if (typed) return fromCollection(typed);
  const calibre = cleanLine(byName('calibre:series'));
  if (calibre !== undefined) return { name: calibre, index: parseSeriesIndex(byName('calibre:series_index')) };
  const untyped = collections.find((meta) => refined(attributeOf(meta, 'id'), 'collection-type') === undefined);
  return untyped ? fromCollection(untyped) : {};
}

function pickCover(metas: unknown[], items: unknown[]): string | null {
  const isImage = (item: unknown): boolean => /^image\/(?!svg)/i.test(attributeOf(item, 'media-type') ?? '');
  // EPUB 3: the manifest item whose properties include cover-image.
  const epub3 = items.find((item) => (attributeOf(item, 'properties') ?? '').split(/\s+/).includes('cover-image'));
  // EPUB 2: <meta name="cover" content="item-id"/>; some writers put the href there instead of the id.
  const id = attributeOf(
    metas.find((meta) => attributeOf(meta, 'name') === 'cover'),
    'content',
  );
  const epub2 =
    id === undefined
      ? undefined
      : (items.find((item) => attributeOf(item, 'id') === id) ??
        items.find((item) => attributeOf(item, 'href') === id));
  // Last resort, for files with neither: an image item called cover.
  const named = items.find(
    (item) =>
      isImage(item) &&
      /cover/i.test(`${attributeOf(item, 'id') ?? ''} ${posix.basename(attributeOf(item, 'href') ?? '')}`),
  );
  return attributeOf(epub3 ?? epub2 ?? named, 'href') ?? null;
}

function fixedLayoutPages(metas: unknown[], spine: XmlNode | undefined): number | null {
  const prePaginated =
    metas.some(
      (meta) => attributeOf(meta, 'property') === 'rendition:layout' && textOf(meta)?.trim() === 'pre-paginated',
    ) || metas.some((meta) => attributeOf(meta, 'name') === 'fixed-layout' && attributeOf(meta, 'content') === 'true');
  if (!prePaginated) return null;
  const linear = asList(spine?.itemref).filter((itemref) => attributeOf(itemref, 'linear') !== 'no');
  return linear.length > 0 ? linear.length : null;
}

/** Reads an OPF package document (EPUB 2 or 3). Throws when the XML cannot be parsed or has no <package>. */
export function parseOpf(xml: string): OpfSummary {
  const pkg = asNode(parseXml(xml, ARRAYS)['package']);
  if (!pkg) throw new Error('the OPF has no <package> element');
  const metadata = asNode(pkg.metadata);
  const metas = metadataElements(metadata, 'meta');
  const refined = refinementsOf(metas);
  const items = asList(asNode(pkg.manifest)?.item);

  const result: EmbeddedMetadata = {};
  const title = pickTitle(metadataElements(metadata, 'title'), refined);
  if (title !== undefined) result.title = title;
  // Each dc:creator is one person; "Doe, John" is a sorted name, so creators are not split on commas.
  const authors = uniqueNames(metadataElements(metadata, 'creator').map((creator) => textOf(creator) ?? '')).filter(
    (name) => !PLACEHOLDER_AUTHORS.has(name.toLowerCase()),
  );
  if (authors.length > 0) result.authors = authors;
  const summary = htmlToText(textOf(metadataElements(metadata, 'description')[0]), MAX_SUMMARY_LENGTH);
  if (summary !== undefined) result.summary = summary;
  const language = cleanLine(textOf(metadataElements(metadata, 'language')[0]), 35);
  if (language !== undefined && !/^und$/i.test(language)) result.language = language;
  const isbn = pickIsbn(metadataElements(metadata, 'identifier'), refined);
  if (isbn !== undefined) result.isbn = isbn;
  const publishDate = pickDate(metadataElements(metadata, 'date'));
  if (publishDate !== undefined) result.publishDate = publishDate;
  const series = pickSeries(metas, refined);
  if (series.name !== undefined) {
    result.series = series.name;
    if (series.index !== undefined) result.number = series.index;
  }

  return {
    metadata: result,
    coverHref: pickCover(metas, items),
    fixedLayoutPageCount: fixedLayoutPages(metas, asNode(pkg.spine)),
  };
}
