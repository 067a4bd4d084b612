import { BadResponseError } from '@shelfmark/plugin-sdk';

/** One `docs[]` entry of `/search.json` (a work), reduced to what the plugin reads. */
export interface SearchDoc {
  /** e.g. `/works/OL9001W`. */
  key: string;
  title: string;
  authorNames: string[];
  publishers: string[];
  firstPublishYear: number | null;
  coverId: number | null;
  isbns: string[];
  pagesMedian: number | null;
  /** MARC codes of the languages the work's editions are in, e.g. `['eng', 'fre']`. */
  languages: string[];
}

export interface SearchPage {
  numFound: number;
  docs: SearchDoc[];
}

/** `/works/<id>.json`, reduced to what the plugin reads. */
export interface Work {
  key: string;
  title: string | null;
  description: string | null;
  coverId: number | null;
  firstPublishYear: number | null;
  /** Set when the work was merged into another one (`type: /type/redirect`). */
  redirectTo: string | null;
  /** Set when the work was deleted (`type: /type/delete`). */
  deleted: boolean;
}

const WORK_KEY = /^\/works\/OL\d+W$/;

export function isWorkKey(value: string): boolean {
  return WORK_KEY.test(value);
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Solr multi-valued fields are arrays, but hand-edited records sometimes hold a lone string. */
function texts(value: unknown): string[] {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.map(text).filter((item): item is string => item !== null);
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

// Typos such as 0, 19 or 9999 are common in catalogue data; a year outside this range is treated as unknown.
const MIN_YEAR = 1000;
const MAX_YEAR = 2100;

export function plausibleYear(value: unknown): number | null {
  const year = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value;
  return typeof year === 'number' && Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR ? year : null;
}

/** `first_publish_date` is free text ("1986", "October 1, 1986", "Dec. 1986"): the first plausible 4-digit year. */
export function yearFromFreeText(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  for (const match of value.matchAll(/(?<!\d)(\d{4})(?!\d)/g)) {
    const year = plausibleYear(Number(match[1]));
    if (year !== null) return year;
  }
  return null;
}

function parseDoc(raw: unknown): SearchDoc | null {
  if (!isObject(raw)) return null;
  const key = text(raw.key);
  const title = text(raw.title);
  if (key === null || title === null) return null;
  return {
    key,
    title,
    authorNames: texts(raw.author_name),
    publishers: texts(raw.publisher),
    firstPublishYear: plausibleYear(raw.first_publish_year),
    coverId: positiveInteger(raw.cover_i),
    isbns: texts(raw.isbn),
    pagesMedian: positiveInteger(raw.number_of_pages_median),
    languages: texts(raw.language).map((code) => code.toLowerCase()),
  };
}

/** Docs without a key or a title cannot be linked or shown, so they are dropped rather than failing the search. */
export function parseSearchResponse(body: unknown): SearchPage {
  if (!isObject(body)) throw new BadResponseError('Open Library returned a search answer that is not a JSON object');
  if (body.docs === undefined || body.docs === null) return { numFound: 0, docs: [] };
  if (!Array.isArray(body.docs))
    throw new BadResponseError('Open Library returned a search answer whose docs is not a list');
  const docs = (body.docs as unknown[]).map(parseDoc).filter((doc): doc is SearchDoc => doc !== null);
  const numFound =
    typeof body.numFound === 'number'
      ? body.numFound
      : typeof body.num_found === 'number'
        ? body.num_found
        : docs.length;
  return { numFound, docs };
}

/** A description is either a plain string or `{ type: '/type/text', value }`. */
function description(value: unknown): string | null {
  const raw = isObject(value) ? value.value : value;
  const content = text(raw);
  if (content === null) return null;
  // Imported descriptions end with a `----------` rule followed by Markdown link references to their source.
  const withoutSourceNotes = content.split(/\r?\n\s*-{3,}\s*(?:\r?\n|$)/)[0] ?? content;
  return text(withoutSourceNotes);
}

function typeKey(body: JsonObject): string | null {
  return isObject(body.type) ? text(body.type.key) : null;
}

export function parseWork(body: unknown, requestedKey: string): Work {
  if (!isObject(body)) throw new BadResponseError('Open Library returned a work that is not a JSON object');
  const type = typeKey(body);
  const location = text(body.location);
  const covers = Array.isArray(body.covers) ? (body.covers as unknown[]) : [];
  return {
    key: text(body.key) ?? requestedKey,
    title: text(body.title),
    description: description(body.description),
    // Deleted cover images stay in the list as -1.
    coverId: covers.map(positiveInteger).find((id) => id !== null) ?? null,
    firstPublishYear: yearFromFreeText(body.first_publish_date),
    redirectTo: type === '/type/redirect' && location !== null && isWorkKey(location) ? location : null,
    deleted: type === '/type/delete',
  };
}
