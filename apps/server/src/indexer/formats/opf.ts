import { posix } from 'node:path';

import { isExplicitIsbn, parseIsbn } from '../../domain/isbn.js';
import { listedRoleOfRelator, roleOfRelator, uniqueAuthors, type Author } from '../../domain/people.js';

import { dateFromIso } from './dates.js';
import { MAX_AUTHORS, MAX_LIST_VALUES, MAX_SUMMARY_LENGTH } from './limits.js';
import { cleanLine, htmlToText, uniqueNames, webLinks } from './text.js';
import type { EmbeddedMetadata, StoryArc } from './types.js';
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
  'contributor',
  'publisher',
  'subject',
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
/** The same for publishers, which some converters fill with "Unknown" too. */
const PLACEHOLDER_PUBLISHERS = new Set(['unknown', 'unknown publisher', 'inconnu']);

/**
 * Relator codes that name who made the file or sold it, not who made the book: calibre credits itself as `bkp`
 * (book producer, `calibre (7.2.0)`), Sigil and InDesign as `mrk` (markup editor) or producers (`prd`, `pro`); the
 * publisher (`pbl`) is a company, read from dc:publisher. Such creators and contributors are nobody's author.
 */
const FILE_MAKER_RELATORS = new Set(['bkp', 'mrk', 'prd', 'pro', 'pbl']);

/** Tools that sign the files they write, sometimes with no role at all. */
const TOOL_NAME = /^(calibre|sigil|adobe indesign|pandoc|ebooklib)\b/i;

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

/** Every value of one refinement: a creator may carry several roles (`aut` and `ill`). */
function refinementValues(metas: unknown[], id: string | undefined, property: string): string[] {
  if (id === undefined) return [];
  return metas
    .filter((meta) => attributeOf(meta, 'refines') === `#${id}` && attributeOf(meta, 'property') === property)
    .map((meta) => textOf(meta)?.trim() ?? '')
    .filter((value) => value !== '');
}

/**
 * The people of the book with their roles. OPF 2 puts the relator in `opf:role`; OPF 3 in `<meta refines="#id"
 * property="role" scheme="marc:relators">` (several allowed: one author per role). `opf:file-as` ("Doe, John") is a
 * sort key and never shown. A dc:creator with no role, or one we do not map, is an `author`; a dc:contributor is
 * kept only with a role we know, because a contributor's part is otherwise unknown (and it is often the tool that
 * wrote the file). Names are not split on commas: each element is one person, and "Doe, John" is a sorted name.
 */
function readPeople(metadata: XmlNode | undefined, metas: unknown[]): Author[] {
  const people: Author[] = [];
  const add = (element: unknown, isCreator: boolean): void => {
    const name = cleanLine(textOf(element));
    if (name === undefined || PLACEHOLDER_AUTHORS.has(name.toLowerCase()) || TOOL_NAME.test(name)) return;
    const attribute = attributeOf(element, 'role');
    const codes = [
      ...(attribute === undefined ? [] : [attribute]),
      ...refinementValues(metas, attributeOf(element, 'id'), 'role'),
    ];
    if (
      codes.some((code) =>
        FILE_MAKER_RELATORS.has(
          code
            .trim()
            .toLowerCase()
            .replace(/^marc:/, ''),
        ),
      )
    )
      return;
    const roles = isCreator
      ? codes.length === 0
        ? ['author' as const]
        : codes.map(roleOfRelator)
      : codes.map(listedRoleOfRelator).filter((role) => role !== undefined);
    for (const role of roles) people.push({ name, role });
  };
  for (const creator of metadataElements(metadata, 'creator')) add(creator, true);
  for (const contributor of metadataElements(metadata, 'contributor')) add(contributor, false);
  return uniqueAuthors(people).slice(0, MAX_AUTHORS);
}

/**
 * EPUB 3 collections typed `set` ("a finite collection of works that together constitute a single intellectual
 * unit", EPUB 3.3 §D.4.1): a trilogy, a boxed cycle, a crossover. They become story arcs rather than a series group:
 * a set orders its books (`group-position`), which an arc's number keeps and a series group (a name shared by whole
 * series) has no room for, and a book may belong to several sets as it may to several arcs.
 */
function pickSets(metas: unknown[], refined: ReturnType<typeof refinementsOf>): StoryArc[] {
  const seen = new Set<string>();
  const arcs: StoryArc[] = [];
  for (const meta of metas) {
    if (attributeOf(meta, 'property') !== 'belongs-to-collection') continue;
    const id = attributeOf(meta, 'id');
    if (refined(id, 'collection-type') !== 'set') continue;
    const name = cleanLine(textOf(meta));
    if (name === undefined || seen.has(name.toLowerCase()) || arcs.length === MAX_LIST_VALUES) continue;
    seen.add(name.toLowerCase());
    arcs.push({ name, number: parseSeriesIndex(refined(id, 'group-position')) ?? null });
  }
  return arcs;
}

/** Publishers, each dc:publisher whole (a company name may hold a comma), placeholders out. */
function readPublishers(metadata: XmlNode | undefined): string[] {
  return uniqueNames(
    metadataElements(metadata, 'publisher').map((publisher) => textOf(publisher) ?? ''),
    MAX_LIST_VALUES,
  ).filter((name) => !PLACEHOLDER_PUBLISHERS.has(name.toLowerCase()));
}

/**
 * dc:subject becomes genres, not tags: OPF has one vocabulary for what a book is about, and what files put there is
 * genre-like (BISAC headings such as "FICTION / Fantasy / Epic", "Science Fiction"; calibre exports its tags as
 * subjects, and calibre users tag by genre). Kavita reads dc:subject as genres too, so the same library shows the
 * same genres. Each subject whole: BISAC and Library of Congress headings hold commas and slashes.
 */
function readSubjects(metadata: XmlNode | undefined): string[] {
  return uniqueNames(
    metadataElements(metadata, 'subject').map((subject) => textOf(subject) ?? ''),
    MAX_LIST_VALUES,
  );
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
  const authors = readPeople(metadata, metas);
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
  const publishers = readPublishers(metadata);
  if (publishers.length > 0) result.publishers = publishers;
  const genres = readSubjects(metadata);
  if (genres.length > 0) result.genres = genres;
  const storyArcs = pickSets(metas, refined);
  if (storyArcs.length > 0) result.storyArcs = storyArcs;
  // An identifier that is a web address is the book's page (a publisher's, Gutenberg's); urn:, isbn: and uuids are not.
  const links = webLinks(metadataElements(metadata, 'identifier').map((identifier) => textOf(identifier) ?? ''));
  if (links.length > 0) result.webLinks = links;

  return {
    metadata: result,
    coverHref: pickCover(metas, items),
    fixedLayoutPageCount: fixedLayoutPages(metas, asNode(pkg.spine)),
  };
}
