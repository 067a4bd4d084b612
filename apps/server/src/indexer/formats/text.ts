import { MAX_AUTHORS, MAX_TEXT_LENGTH, MAX_URL_LENGTH, MAX_WEB_LINKS } from './limits.js';

// Named references seen in OPF descriptions and ComicInfo summaries (the XML layer only decodes the five built-ins).
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  szlig: 'ß',
  oelig: 'œ',
  aelig: 'æ',
};

/** Accented letters (`&eacute;`, `&Ccedil;`…) are a letter plus a combining mark, so they need no table. */
const COMBINING_MARKS: Readonly<Record<string, string>> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  uml: '\u0308',
  tilde: '\u0303',
  cedil: '\u0327',
  ring: '\u030a',
};

function namedEntity(name: string): string | undefined {
  const accented = /^([a-z])(acute|grave|circ|uml|tilde|cedil|ring)$/i.exec(name);
  const mark = accented ? COMBINING_MARKS[accented[2] ?? ''] : undefined;
  if (accented && mark !== undefined) return `${accented[1]}${mark}`.normalize('NFC');
  return NAMED_ENTITIES[name];
}

function codePoint(value: number): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff)
    ? String.fromCodePoint(value)
    : '';
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return codePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return codePoint(parseInt(ref.slice(1), 10));
    return namedEntity(ref) ?? whole;
  });
}

/** Control characters (but not tab and newline), replacement characters and NULs that broken encoders leave in. */
// eslint-disable-next-line no-control-regex
const JUNK = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/g;

/** One-line text: junk removed, whitespace collapsed, trimmed and cut to a length. Empty → undefined. */
export function cleanLine(value: string | undefined, max = MAX_TEXT_LENGTH): string | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(JUNK, '').replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  // Cut by code points, never inside a surrogate pair; text no longer in UTF-16 units than the cap needs no cut.
  return text.length <= max ? text : [...text].slice(0, max).join('');
}

/**
 * Plain text from text that may hold HTML (OPF descriptions usually do): block ends become line breaks, other tags
 * go, entities are decoded, runs of blank lines shrink to one. Only things shaped like tags are removed, so a plain
 * "a < b" survives.
 */
export function htmlToText(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  const text = decodeEntities(
    value
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|blockquote|tr)\s*>/gi, '\n')
      .replace(/<\/?[a-z!][^>]*>/gi, ''),
  )
    .replace(JUNK, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text === '') return undefined;
  return text.length <= max ? text : [...text].slice(0, max).join('');
}

/** Cleans names, drops empties and case-insensitive duplicates (first spelling wins), keeps order, caps the count. */
export function uniqueNames(names: Iterable<string>, max = MAX_AUTHORS): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = cleanLine(raw);
    if (name === undefined || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    result.push(name);
    if (result.length === max) break;
  }
  return result;
}

/** A list written in one text field: ComicInfo's `Genre`, `Tags`, `Characters`… separate values with `,` or `;`. */
export function splitList(value: string | undefined): string[] {
  return value === undefined ? [] : value.split(/[,;]/);
}

/**
 * http(s) addresses only, as the URL parser spells them, each once. The text must start with `http://` or
 * `https://` itself: the parser would turn `http:/one-slash` or `http:example.com` into a host, and a tagger's typo
 * is not a link. Addresses carrying a user name or password are dropped (a link shown to every reader must not hand
 * out someone's credentials), as are ones too long to be real.
 */
export function webLinks(candidates: Iterable<string>): string[] {
  const links: string[] = [];
  for (const candidate of candidates) {
    const text = candidate.replace(JUNK, '').trim();
    if (text.length > MAX_URL_LENGTH || !/^https?:\/\/[^/]/i.test(text)) continue;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      continue;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') continue;
    if (url.username !== '' || url.password !== '') continue;
    if (!links.includes(url.href)) links.push(url.href);
    if (links.length === MAX_WEB_LINKS) break;
  }
  return links;
}
