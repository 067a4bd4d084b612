/**
 * A library's naming template: where an imported book goes, relative to the library's root. Pure: no I/O.
 *
 * Grammar. Literal text, `/` between folders, and fields in braces: `{series}`, `{volume}`, `{chapter}`, `{title}`,
 * `{year}`, `{ext}`; `{volume:02}` pads the number's whole part to two digits. Text inside the braces around the
 * field is kept only when the field has a value: `{ - title}` adds ` - Title` for a book with a title and nothing
 * for one without (that text holds no lowercase ASCII letter, so the field name is never ambiguous).
 *
 * The number part. The `{volume}` field together with the marker written just before it (`T`, `Tome `, `v`) names
 * the book's number the way the filename parser reads it back, whatever the book's kind: `T01` for a volume,
 * `T01-T05` for a range, `Ch.012` for a chapter without a volume (and `T02 Ch.012` with one, unless the template has
 * its own `{chapter}`), `HS01` for a hors-série, `Intégrale 02`, `One-shot`. So one template holds the chapter and
 * hors-série forms, and a name it makes parses back to the same numbers (naming-template.test.ts).
 *
 * The series' folder. A series that already has a folder keeps it: the folders up to the first one naming
 * `{series}` become that folder, so new volumes land beside the old ones.
 *
 * Safe names. Field values come from files and providers: hostile. Separators, `:` and the characters Windows
 * refuses are replaced, control and bidi-override characters dropped; every folder and the file name lose leading
 * dots, trailing dots and spaces, never equal `.`/`..` or a reserved Windows device name (CON, NUL, COM1…), and are
 * at most 255 bytes of UTF-8, cut between characters (the title shortens first, so the number survives).
 */

export const NAMING_FIELDS = ['series', 'volume', 'chapter', 'title', 'year', 'ext'] as const;
export type NamingField = (typeof NAMING_FIELDS)[number];

export const DEFAULT_NAMING_TEMPLATE = '{series}/{series} - T{volume:02}{ - title}.{ext}';
export const NAMING_TEMPLATE_MAX_LENGTH = 500;
/** The most bytes a file or folder name may take on the common file systems (ext4, NTFS in UTF-16 units aside). */
export const MAX_SEGMENT_BYTES = 255;

export type NamingKind = 'regular' | 'hors_serie' | 'integrale' | 'one_shot' | 'chapter';

export interface NamingBook {
  series: string;
  volume: number | null;
  volumeEnd?: number | null;
  chapter: number | null;
  chapterEnd?: number | null;
  kind: NamingKind;
  title: string | null;
  year: number | null;
  /** The file's extension, without the dot (`cbz`). */
  ext: string;
}

interface FieldToken {
  type: 'field';
  field: NamingField;
  pad: number;
  prefix: string;
  suffix: string;
}
type Token = { type: 'text'; text: string } | FieldToken;
/** A template checked once: folders then the file name, each a list of tokens. */
export interface NamingTemplate {
  segments: Token[][];
}

/** Why a template is refused: `reason` is stable (the admin translates it), `detail` is English for the API. */
export class NamingTemplateError extends Error {
  constructor(
    readonly reason:
      | 'empty'
      | 'tooLong'
      | 'unbalancedBraces'
      | 'unknownField'
      | 'badFormat'
      | 'badLiteral'
      | 'missingVolume'
      | 'missingExtension',
    detail: string,
  ) {
    super(detail);
    this.name = 'NamingTemplateError';
  }
}

const TOKEN_BODY = /^([^{}a-z]*?)([a-z]+)(?::(\d{1,2}))?([^{}a-z]*)$/u;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_LITERAL = /[\u0000-\u001f\u007f\\:*?"<>|]/u;

/** Reads and checks a template; throws NamingTemplateError with a message fit for the admin. */
export function parseNamingTemplate(template: string): NamingTemplate {
  if (template.trim() === '') throw new NamingTemplateError('empty', 'The naming template is empty.');
  if (template.length > NAMING_TEMPLATE_MAX_LENGTH) {
    throw new NamingTemplateError('tooLong', `The naming template is longer than ${NAMING_TEMPLATE_MAX_LENGTH}.`);
  }
  const segments = template.split('/').map(parseSegment);
  if (segments.some((segment) => segment.length === 0)) {
    throw new NamingTemplateError(
      'badLiteral',
      'The naming template has an empty folder name (`//` or a `/` at an end).',
    );
  }
  if (segments.some((segment) => segment.every((t) => t.type === 'text' && /^[\s.]*$/.test(t.text)))) {
    throw new NamingTemplateError('badLiteral', 'A folder of the naming template is `.`, `..` or blank.');
  }
  const fields = segments.flat().filter((t): t is FieldToken => t.type === 'field');
  if (!fields.some((t) => t.field === 'volume')) {
    throw new NamingTemplateError(
      'missingVolume',
      'The naming template needs `{volume}`: two books would share a name.',
    );
  }
  const fileName = segments.at(-1)!;
  if (!fileName.some((t) => t.type === 'field' && t.field === 'ext')) {
    throw new NamingTemplateError('missingExtension', 'The file name of the naming template needs `{ext}`.');
  }
  if (segments.slice(0, -1).some((segment) => segment.some((t) => t.type === 'field' && t.field === 'volume'))) {
    throw new NamingTemplateError('missingVolume', '`{volume}` belongs in the file name, not in a folder.');
  }
  return { segments };
}

function parseSegment(text: string): Token[] {
  const tokens: Token[] = [];
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '}') throw new NamingTemplateError('unbalancedBraces', 'A `}` in the naming template closes nothing.');
    if (char !== '{') {
      literal += char;
      continue;
    }
    const end = text.indexOf('}', i + 1);
    const nested = text.indexOf('{', i + 1);
    if (end === -1 || (nested !== -1 && nested < end)) {
      throw new NamingTemplateError('unbalancedBraces', 'A `{` in the naming template is never closed.');
    }
    if (literal !== '') tokens.push(literalToken(literal));
    literal = '';
    tokens.push(fieldToken(text.slice(i + 1, end)));
    i = end;
  }
  if (literal !== '') tokens.push(literalToken(literal));
  return tokens;
}

function literalToken(text: string): Token {
  if (UNSAFE_LITERAL.test(text)) {
    throw new NamingTemplateError('badLiteral', 'The naming template holds a character no file system accepts.');
  }
  return { type: 'text', text };
}

function fieldToken(body: string): FieldToken {
  const match = TOKEN_BODY.exec(body);
  const name = match?.[2];
  if (match === null || name === undefined) {
    throw new NamingTemplateError('unknownField', `\`{${body}}\` names no field (${NAMING_FIELDS.join(', ')}).`);
  }
  if (!(NAMING_FIELDS as readonly string[]).includes(name)) {
    throw new NamingTemplateError('unknownField', `\`{${name}}\` is no field; known: ${NAMING_FIELDS.join(', ')}.`);
  }
  const field = name as NamingField;
  const pad = match[3] === undefined ? 0 : Number(match[3]);
  if (pad > 0 && field !== 'volume' && field !== 'chapter') {
    throw new NamingTemplateError(
      'badFormat',
      `Only \`{volume}\` and \`{chapter}\` take a padding, not \`{${field}}\`.`,
    );
  }
  if (pad > 6) throw new NamingTemplateError('badFormat', 'A padding is at most 6 digits.');
  const prefix = match[1] ?? '';
  const suffix = match[4] ?? '';
  if (UNSAFE_LITERAL.test(prefix + suffix)) {
    throw new NamingTemplateError('badLiteral', 'The naming template holds a character no file system accepts.');
  }
  return { type: 'field', field, pad, prefix, suffix };
}

/** The book's target path relative to the library root, `/`-separated; `seriesFolder` is relative to it too. */
export function renderNamingTemplate(template: NamingTemplate, book: NamingBook, seriesFolder?: string | null): string {
  const values = fieldValues(book);
  const hasChapterField = template.segments.flat().some((t) => t.type === 'field' && t.field === 'chapter');
  const folders = template.segments.slice(0, -1);
  const existing = seriesFolder ? safeExistingFolder(seriesFolder) : null;
  const seriesAt = folders.findIndex((segment) => segment.some((t) => t.type === 'field' && t.field === 'series'));
  const rendered: string[] =
    existing !== null && seriesAt !== -1
      ? [...existing, ...folders.slice(seriesAt + 1).map((segment) => renderFolder(segment, values))]
      : folders.map((segment) => renderFolder(segment, values));
  rendered.push(renderFileName(template.segments.at(-1)!, values, book, hasChapterField));
  return rendered.join('/');
}

/** Parse then render: for callers holding the template as text. */
export function targetPath(template: string, book: NamingBook, seriesFolder?: string | null): string {
  return renderNamingTemplate(parseNamingTemplate(template), book, seriesFolder);
}

/** A fixed example book, so the admin's preview shows every part of a template. */
export const EXAMPLE_BOOK: NamingBook = {
  series: 'Astérix',
  volume: 3,
  chapter: null,
  kind: 'regular',
  title: 'Astérix et les Goths',
  year: 1963,
  ext: 'cbz',
};

/** The books the library form's preview shows: a volume with a title, a chapter, a hors-série. */
export const NAMING_EXAMPLES = [
  { kind: 'volume', book: EXAMPLE_BOOK },
  { kind: 'chapter', book: { ...EXAMPLE_BOOK, volume: null, chapter: 12, kind: 'chapter', title: null } },
  { kind: 'hors_serie', book: { ...EXAMPLE_BOOK, volume: 1, kind: 'hors_serie', title: 'Le Livre d’or' } },
] as const satisfies readonly { kind: string; book: NamingBook }[];

type Values = Record<Exclude<NamingField, 'volume' | 'chapter'>, string> & {
  volume: number | null;
  chapter: number | null;
};

function fieldValues(book: NamingBook): Values {
  const ext = book.ext.replace(/^\./, '').toLowerCase();
  return {
    series: safeValue(book.series),
    title: safeValue(book.title ?? ''),
    year: book.year === null ? '' : String(book.year),
    ext: /^[a-z0-9]{1,10}$/.test(ext) ? ext : 'bin',
    volume: book.volume,
    chapter: book.chapter,
  };
}

function renderFolder(tokens: Token[], values: Values): string {
  const text = tokens.map((t) => (t.type === 'text' ? t.text : wrap(t, values))).join('');
  return safeSegment(cutBytes(text, MAX_SEGMENT_BYTES));
}

function wrap(token: FieldToken, values: Values): string {
  const value =
    token.field === 'volume' || token.field === 'chapter'
      ? number(values[token.field], token.pad)
      : values[token.field];
  return value === '' ? '' : token.prefix + value + token.suffix;
}

function renderFileName(tokens: Token[], values: Values, book: NamingBook, hasChapterField: boolean): string {
  const once = (v: Values): string => safeSegment(fileNameText(tokens, v, book, hasChapterField));
  let name = once(values);
  // Too long: the title gives way first, then the series, so the number part is kept.
  for (const field of ['title', 'series'] as const) {
    const excess = byteLength(name) - MAX_SEGMENT_BYTES;
    if (excess <= 0) return name;
    const value = values[field];
    values = { ...values, [field]: cutBytes(value, Math.max(0, byteLength(value) - excess)).trimEnd() };
    name = once(values);
  }
  if (byteLength(name) <= MAX_SEGMENT_BYTES) return name;
  const ext = `.${values.ext}`;
  return safeSegment(cutBytes(name.slice(0, -ext.length), MAX_SEGMENT_BYTES - ext.length) + ext);
}

function fileNameText(tokens: Token[], values: Values, book: NamingBook, hasChapterField: boolean): string {
  let text = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'text') {
      const next = tokens[i + 1];
      if (next?.type === 'field' && next.field === 'volume') {
        const { before, marker } = splitMarker(token.text);
        text += numberPart(before, marker, next.pad, book, values, hasChapterField);
        i++;
      } else {
        text += token.text;
      }
    } else if (token.field === 'volume') {
      text += numberPart(token.prefix, '', token.pad, book, values, hasChapterField);
    } else {
      text += wrap(token, values);
    }
  }
  return text;
}

/** The marker is the word glued before `{volume}` (`T`, `Tome `, `Vol. `), the rest is literal text. */
function splitMarker(text: string): { before: string; marker: string } {
  const marker = /[\p{L}.]+\s?$/u.exec(text)?.[0] ?? '';
  return { before: text.slice(0, text.length - marker.length), marker };
}

function numberPart(
  before: string,
  marker: string,
  pad: number,
  book: NamingBook,
  values: Values,
  hasChapterField: boolean,
): string {
  const volume = values.volume;
  const chapterText = (): string => {
    if (book.chapter === null || hasChapterField) return '';
    const end = rangeEnd(book.chapter, book.chapterEnd);
    return `Ch.${number(book.chapter, 3)}${end === null ? '' : `-${number(end, 3)}`}`;
  };
  switch (book.kind) {
    case 'hors_serie':
      return `${before}HS${volume === null ? '' : number(volume, pad)}`;
    case 'integrale':
      return `${before}Intégrale${volume === null ? '' : ` ${number(volume, pad)}`}`;
    case 'one_shot':
      return `${before}One-shot`;
    default: {
      if (volume === null) {
        const chapter = chapterText();
        return chapter === '' ? trimDangling(before) : before + chapter;
      }
      const end = rangeEnd(volume, book.volumeEnd);
      const range = end === null ? '' : `-${marker.trim() === '' ? '' : marker}${number(end, pad)}`;
      const chapter = chapterText();
      return `${before}${marker || 'T'}${number(volume, pad)}${range}${chapter === '' ? '' : ` ${chapter}`}`;
    }
  }
}

function rangeEnd(first: number, end: number | null | undefined): number | null {
  return end !== null && end !== undefined && end > first ? end : null;
}

/** With no number at all, the separator that led to it goes too (`Series - ` → `Series`). */
function trimDangling(text: string): string {
  return text.replace(/[\s\-–—_.]+$/u, '');
}

/** `1.5` padded to 2 is `01.5`: the whole part is padded, the fraction kept. */
function number(value: number | null, pad: number): string {
  if (value === null || !Number.isFinite(value)) return '';
  const [whole = '0', fraction] = String(Math.abs(value)).split('.');
  return whole.padStart(pad, '0') + (fraction === undefined ? '' : `.${fraction}`);
}

const BIDI_AND_CONTROL = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A field value made fit for one file name: no separators, nothing a file system refuses. */
export function safeValue(value: string): string {
  return value
    .normalize('NFC')
    .replace(BIDI_AND_CONTROL, '')
    .replace(/\s*:\s+/g, ' - ')
    .replace(/[:/\\|]/g, '-')
    .replace(/"/g, "'")
    .replace(/[*?<>{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const RESERVED = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/iu;

/** One folder or file name: never empty, `.`/`..`, hidden, ending in a dot or space, or a Windows device name. */
export function safeSegment(name: string): string {
  let safe = name
    .replace(BIDI_AND_CONTROL, '')
    .replace(/^[\s.]+/u, '')
    .replace(/[\s.]+$/u, '');
  if (safe === '') safe = '_';
  const dot = safe.indexOf('.');
  const base = dot === -1 ? safe : safe.slice(0, dot);
  if (RESERVED.test(base.trimEnd())) safe = `${base.trimEnd()}_${dot === -1 ? '' : safe.slice(dot)}`;
  return safe;
}

/** An existing series folder, kept as it is on disk: only its safety is checked (nothing above the root). */
function safeExistingFolder(folder: string): string[] | null {
  const parts = folder.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.includes('..') || folder.startsWith('/') || /[\\\0]/.test(folder)) return null;
  return parts;
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The longest start of `text` within `max` bytes of UTF-8, cut between characters (whole emoji, accents kept). */
export function cutBytes(text: string, max: number): string {
  if (byteLength(text) <= max) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = byteLength(segment);
    if (used + size > max) break;
    out += segment;
    used += size;
  }
  return out;
}
