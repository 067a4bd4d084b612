import { parseIsbn } from '../../domain/isbn.js';

import { dateFromParts } from './dates.js';
import { MAX_SUMMARY_LENGTH } from './limits.js';
import { cleanLine, htmlToText, uniqueNames } from './text.js';
import type { EmbeddedMetadata } from './types.js';
import { asList, asNode, attributeOf, childIgnoringCase, parseXml, textOf } from './xml.js';

/**
 * The ComicInfo roles that make someone an author of the book: the people who wrote and drew it. Colorists,
 * letterers, cover artists, editors and translators are contributors; listing them as authors would flood author
 * search and display. Writers come first, as they do on covers.
 */
const AUTHOR_ROLES = ['Writer', 'Penciller', 'Inker'] as const;

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

/**
 * Reads ComicInfo.xml (the ComicRack schema, v1 to v2.1). PageCount is ignored on purpose: the archive's real image
 * count is what readers page through. Throws if the XML cannot be parsed at all; the caller decides what that means.
 */
export function parseComicInfo(xml: string): ComicInfo {
  const document = parseXml(xml, new Set(['Page', 'page']));
  const root = asNode(childIgnoringCase(document, 'ComicInfo'));
  if (!root) return { metadata: {}, frontCoverIndex: null };
  const field = (name: string): string | undefined => textOf(childIgnoringCase(root, name));

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
  const authors = uniqueNames(AUTHOR_ROLES.flatMap((role) => (field(role) ?? '').split(/[,;]/)));
  if (authors.length > 0) metadata.authors = authors;
  const language = parseLanguage(field('LanguageISO'));
  if (language !== undefined) metadata.language = language;
  const publishDate = dateFromParts(field('Year'), field('Month'), field('Day'));
  if (publishDate !== undefined) metadata.publishDate = publishDate;
  const isbn = parseIsbn(field('GTIN')) ?? parseIsbn(field('ISBN'));
  if (isbn !== null) metadata.isbn = isbn;
  // `Yes` is a manga already mirrored for left-to-right reading; only `YesAndRightToLeft` asks for right to left.
  if (field('Manga')?.trim().toLowerCase() === 'yesandrighttoleft') metadata.readingDirection = 'rtl';

  return { metadata, frontCoverIndex: frontCover(childIgnoringCase(root, 'Pages')) };
}
