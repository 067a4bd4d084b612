import { isNoRating } from '../../domain/age-ratings.js';
import { parseIsbn } from '../../domain/isbn.js';
import { COMIC_INFO_ROLE_ELEMENTS, uniqueAuthors, type Author } from '../../domain/people.js';

import { dateFromParts } from './dates.js';
import { MAX_AUTHORS, MAX_LIST_VALUES, MAX_SUMMARY_LENGTH } from './limits.js';
import { cleanLine, htmlToText, splitList, uniqueNames, webLinks } from './text.js';
import type { EmbeddedMetadata, StoryArc } from './types.js';
import { asList, asNode, attributeOf, childIgnoringCase, parseXml, textOf, type XmlNode } from './xml.js';

export interface ComicInfo {
  metadata: EmbeddedMetadata;
  /** 0-based index into the pages in reading order of the page ComicInfo marks as the front cover, if any. */
  frontCoverIndex: number | null;
}

/** Issue numbers such as `1`, `007` or `12.5`. Others (`1a`, `½`, `-1`) say something a number cannot. */
function parseNumber(text: string | undefined): number | undefined {
  const trimmed = text?.trim().replace(',', '.');
  if (trimmed === undefined || !/^\d{1,6}(\.\d{1,4})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** No series reaches volume 1800; four digits there are the year a western comic's run began. */
const isYear = (value: number): boolean => Number.isInteger(value) && value >= 1800 && value <= 2199;

function parseLanguage(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed !== undefined && /^[a-z]{2,3}([-_][a-z0-9]{1,8})*$/i.test(trimmed) ? trimmed : undefined;
}

/** ComicInfo's `Count`: -1 (the schema's default) and 0 mean the total is unknown. */
function parseCount(text: string | undefined): number | undefined {
  const trimmed = text?.trim();
  if (trimmed === undefined || !/^\d{1,6}$/.test(trimmed)) return undefined;
  const count = Number(trimmed);
  return count > 0 ? count : undefined;
}

/** Every role element, in any case, each split on `,` and `;`: writers first, as covers credit them. */
function readAuthors(field: (name: string) => string | undefined): Author[] {
  const authors = COMIC_INFO_ROLE_ELEMENTS.flatMap(([element, role]) =>
    uniqueNames(splitList(field(element))).map((name) => ({ name, role })),
  );
  return uniqueAuthors(authors).slice(0, MAX_AUTHORS);
}

/**
 * `StoryArc` and `StoryArcNumber` are parallel lists (the v2.1 draft): the nth number belongs to the nth arc, counted
 * before empty values are dropped, so `A,,B` with `1,2,3` gives B the number 3. An arc without a number, or with one
 * that is not a plain number, has none. Each arc once, the first spelling with its number.
 */
function readStoryArcs(names: string | undefined, numbers: string | undefined): StoryArc[] {
  const positions = splitList(numbers);
  const seen = new Set<string>();
  const arcs: StoryArc[] = [];
  splitList(names).forEach((raw, index) => {
    const name = cleanLine(raw);
    if (name === undefined || seen.has(name.toLowerCase()) || arcs.length === MAX_LIST_VALUES) return;
    seen.add(name.toLowerCase());
    arcs.push({ name, number: parseNumber(positions[index]) ?? null });
  });
  return arcs;
}

/** `Yes` and `No` as the schema spells them (any case); `Unknown` and anything else say nothing. */
function parseYesNo(text: string | undefined): boolean | undefined {
  const value = text?.trim().toLowerCase();
  return value === 'yes' ? true : value === 'no' ? false : undefined;
}

/** Everything a catalogue shows beside the title and the people: lists, ratings, links, arcs, format. */
function readCatalogueFields({ one: field, all }: Fields): EmbeddedMetadata {
  const metadata: EmbeddedMetadata = {};
  const list = (name: string): string[] => uniqueNames(splitList(all(name)), MAX_LIST_VALUES);
  const count = parseCount(field('Count'));
  if (count !== undefined) metadata.count = count;
  // One publisher per file, never split: "Dark Horse Comics, Inc." is one company.
  const publisher = cleanLine(field('Publisher'));
  if (publisher !== undefined) metadata.publishers = [publisher];
  const imprint = cleanLine(field('Imprint'));
  if (imprint !== undefined) metadata.imprint = imprint;
  const genres = list('Genre');
  if (genres.length > 0) metadata.genres = genres;
  const tags = list('Tags');
  if (tags.length > 0) metadata.tags = tags;
  const ageRating = cleanLine(field('AgeRating'));
  if (ageRating !== undefined && !isNoRating(ageRating)) metadata.ageRating = ageRating;
  const links = webLinks(all('Web')?.split(/[\s,]+/) ?? []);
  if (links.length > 0) metadata.webLinks = links;
  const storyArcs = readStoryArcs(field('StoryArc'), field('StoryArcNumber'));
  if (storyArcs.length > 0) metadata.storyArcs = storyArcs;
  const seriesGroup = cleanLine(field('SeriesGroup'));
  if (seriesGroup !== undefined) metadata.seriesGroup = seriesGroup;
  const characters = list('Characters');
  if (characters.length > 0) metadata.characters = characters;
  const teams = list('Teams');
  if (teams.length > 0) metadata.teams = teams;
  const locations = list('Locations');
  if (locations.length > 0) metadata.locations = locations;
  const comicFormat = cleanLine(field('Format'));
  if (comicFormat !== undefined) metadata.comicFormat = comicFormat;
  const blackAndWhite = parseYesNo(field('BlackAndWhite'));
  if (blackAndWhite !== undefined) metadata.blackAndWhite = blackAndWhite;
  return metadata;
}

function frontCover(pages: unknown): number | null {
  for (const page of asList(childIgnoringCase(asNode(pages), 'Page'))) {
    if (attributeOf(page, 'Type')?.toLowerCase() !== 'frontcover') continue;
    const image = attributeOf(page, 'Image');
    if (image !== undefined && /^\d{1,6}$/.test(image.trim())) return Number(image);
  }
  return null;
}

/**
 * Whether ComicInfo text can mark a front cover, without parsing it: most ComicInfo files do not, and parsing one
 * costs more than reading the cover's bytes. A character reference can spell the word (`&#70;rontCover`), so text
 * holding one is parsed: the cover must be the page inspectComic fingerprinted.
 */
export function mayMarkFrontCover(text: string): boolean {
  return /frontcover/i.test(text) || text.includes('&#');
}

/** A field's text by element name (any case): the first element's, or every one's joined as a list. */
interface Fields {
  one: (name: string) => string | undefined;
  /** Sloppy taggers repeat list elements (two `<Writer>`); each counts, as if separated by commas. */
  all: (name: string) => string | undefined;
}

/**
 * Looks elements up without regard to case (taggers write `<writer>` or `<WRITER>`), from one map of the root's
 * children built once: about forty lookups per file would each scan every child otherwise. An element written in two
 * cases counts under both spellings, in document order of first appearance.
 */
function fieldsOf(root: XmlNode): Fields {
  const children = new Map<string, string[]>();
  for (const key of Object.keys(root)) {
    if (key.startsWith('@_')) continue; // the root's attributes (namespace declarations)
    const lower = key.toLowerCase();
    let texts = children.get(lower);
    if (texts === undefined) children.set(lower, (texts = []));
    const value = root[key];
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      const text = textOf(item);
      if (text !== undefined) texts.push(text);
    }
  }
  return {
    one: (name) => children.get(name.toLowerCase())?.[0],
    all: (name) => children.get(name.toLowerCase())?.join(','),
  };
}

/**
 * Reads ComicInfo.xml (the ComicRack schema, v1 to v2.1). PageCount is ignored on purpose: the archive's real image
 * count is what readers page through. Throws if the XML cannot be parsed at all; the caller decides what that means.
 */
export function parseComicInfo(xml: string): ComicInfo {
  const document = parseXml(xml, new Set(['Page', 'page']));
  const root = asNode(childIgnoringCase(document, 'ComicInfo'));
  if (!root) return { metadata: {}, frontCoverIndex: null };
  const fields = fieldsOf(root);
  const field = fields.one;

  const metadata: EmbeddedMetadata = {};
  const title = cleanLine(field('Title'));
  if (title !== undefined) metadata.title = title;
  const series = cleanLine(field('Series'));
  if (series !== undefined) metadata.series = series;
  const number = parseNumber(field('Number'));
  if (number !== undefined) metadata.number = number;
  const volume = parseNumber(field('Volume'));
  // ComicVine-style tagging puts the run's start year in `Volume` (Batman, Volume 2016): a year, not volume 2016.
  if (volume !== undefined && isYear(volume)) metadata.runYear = volume;
  else if (volume !== undefined) metadata.volume = volume;
  const summary = htmlToText(field('Summary'), MAX_SUMMARY_LENGTH);
  if (summary !== undefined) metadata.summary = summary;
  const authors = readAuthors(fields.all);
  if (authors.length > 0) metadata.authors = authors;
  const language = parseLanguage(field('LanguageISO'));
  if (language !== undefined) metadata.language = language;
  const publishDate = dateFromParts(field('Year'), field('Month'), field('Day'));
  if (publishDate !== undefined) metadata.publishDate = publishDate;
  const isbn = parseIsbn(field('GTIN')) ?? parseIsbn(field('ISBN'));
  if (isbn !== null) metadata.isbn = isbn;
  // `Yes` is a manga already mirrored for left-to-right reading; only `YesAndRightToLeft` asks for right to left.
  if (field('Manga')?.trim().toLowerCase() === 'yesandrighttoleft') metadata.readingDirection = 'rtl';
  Object.assign(metadata, readCatalogueFields(fields));

  return { metadata, frontCoverIndex: frontCover(childIgnoringCase(root, 'Pages')) };
}
