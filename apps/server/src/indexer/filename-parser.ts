/**
 * What a comic or ebook file name says about its book: volume (or range), kind, year, and a title to show when
 * embedded metadata has none. Pure: no I/O, never throws.
 *
 * Pipeline and precedence (each stage feeds the next; within stage 5 the first rule that yields a volume wins):
 *  1. Normalise: NFC (macOS stores names decomposed), strip a known extension, `_` → space, and in names with no
 *     spaces (scene style) dots → spaces except between digits (`v04.5`).
 *  2. Bracketed groups: a date sets `year`; `(N of M)` is kept as a last resort; groups holding a volume, kind or
 *     chapter marker (`[T001.T104]`, `(Intégrale)`) are set aside as commentary; the rest (team, scanner, language,
 *     `(of 6)`, `[V2]` which is a release version) is dropped. Scene names also lose trailing release words, and a
 *     bare year right after their number (`Dead.193.2019.FRENCH`) is taken as the year.
 *  3. Series prefix: when the name starts with the folder name followed by a separator, number or marker, the prefix
 *     is cut from the title and masked, so its digits (`Mob Psycho 100`) are never the volume. Elsewhere in the name
 *     the folder name is only masked.
 *  4. Kind keywords, intégrale > hors-série > one-shot; a number attached to one (`HS01`, `INT 2`) is the volume.
 *  5. Volume:
 *     a. volume markers Tome/T/Vol/Volume/v, first in the name (`v2016`-style run years skipped);
 *     b. chapter markers (Ch./Chapter/c045): kind `chapter`, volume null; nothing below is tried, as bare numbers
 *        in such names are the chapter again;
 *     c. issue markers #, Issue;
 *     d. bare number right after the series prefix (`Gantz 37`, `Mob Psycho 100 - 05` in their folders);
 *     e. bare number between dashes (` - 07 - `, ` - 07` at the end): `XIII - 01 - …`;
 *     f. weak markers No./n°, Book, Part, Livre, Partie — after e, as `Kaiju No. 8 - 02` is volume 2;
 *     g. leading number followed by `-`/`.`/`)`, zero-padded, or alone (`01 - Titre`, `06. yatho`, `700`);
 *     h. comics only: number followed by ` - ` (`Naruto 12 - Titre`);
 *     i. zero-padded number mid-name (`Blacksad 05 Amarillo`), any 2+ digit one in underscore names;
 *     j. trailing number (`Saga 018`); in ebooks only zero-padded, as `Fahrenheit 451` is a title;
 *     k. markers inside the set-aside brackets, then `(N of M)`.
 *     Bare numbers (d–j) have at most 4 digits and are never a year (1900–2099). Marker ranges (`T01-T05`,
 *     `Tomes 1 à 3`, `v01-03`) keep the first volume and report the last in `volumeEnd`.
 *  6. Title: the name once the prefix, kind and chapter markers and the volume are cut, the remaining pieces joined
 *     with ` - `; the cleaned stem (stage 2 output) when nothing with a letter or digit is left.
 */

export type VolumeKind = 'regular' | 'hors_serie' | 'integrale' | 'one_shot' | 'chapter';

export interface ParsedFileName {
  /**
   * The title to show when embedded metadata has none: the name without extension, release tags ([Team], (2019),
   * (Digital), scan group), volume markers and the series name prefix when it repeats the folder. Never empty: fall
   * back to the cleaned stem.
   */
  title: string;
  /**
   * First volume number (ranges keep the first: T01-T05 → 1); fractional allowed (12.5); null when the name gives
   * none.
   */
  volume: number | null;
  /** Last volume of a range (T01-T05 → 5), else null. */
  volumeEnd: number | null;
  kind: VolumeKind;
  /** Year in parentheses or brackets, e.g. (2019), when present. */
  year: number | null;
  /** First chapter (`c001-008` → 1; `v01 c010` → 10); fractional allowed (10.5); null when the name gives none. */
  chapter: number | null;
  /** Last chapter of a range (`c001-008` → 8), else null. */
  chapterEnd: number | null;
}

interface Span {
  start: number;
  end: number;
}

interface VolumeHit extends Span {
  volume: number;
  volumeEnd: number | null;
}

/** Digits read after a marker: up to 5 (issue #10000 exists, IDs are longer), an optional `.5`, then no letter. */
const NUM = String.raw`(\d{1,5}(?:\.\d{1,2})?)(?![\p{L}\p{N}])`;
/** A marker word must start a word; the apostrophe keeps `can't 3` and `l't` out. */
const WORD_START = String.raw`(?<![\p{L}\p{N}'’])`;

const VOLUME_WORDS = String.raw`(?:tomes?|tomo|volumes?|vols?)\.?\s{0,3}(?:n[°º]\s?|#\s?)?`;
/** `T 3` takes one space at most; `v` takes none (`Batman v Superman 2` is no volume). */
const VOLUME_MARKER = new RegExp(String.raw`${WORD_START}(?:${VOLUME_WORDS}|t\.?\s?|v\.?)${NUM}`, 'giu');
/** `#` glued to a word is a language (`C# 10`), not an issue. */
const ISSUE_MARKER = new RegExp(String.raw`(?:(?<![\p{L}\p{N}])#\s?|${WORD_START}issues?\s{0,3}#?\s?)${NUM}`, 'giu');
const WEAK_MARKER = new RegExp(
  String.raw`${WORD_START}(?:n[°º]\s?|no\.\s?|(?:book|part|livre|partie)\s{0,3}#?\s?)${NUM}`,
  'giu',
);
const CHAPTER_MARKER = new RegExp(
  String.raw`${WORD_START}(?:(?:chapters?|chapitres?|chap|ch)\.?\s{0,3}|c)${NUM}`,
  'giu',
);
/** In brackets a lone `v2` is a release version, so only these markers make a group worth keeping. */
const BRACKET_MARKER = new RegExp(
  String.raw`${WORD_START}(?:${VOLUME_WORDS}|t\.?\s?|(?:chapters?|chapitres?|chap|ch)\.?\s{0,3}|c)${NUM}|#\s?\d`,
  'iu',
);

const RANGE_MARKER_WORDS = 'tomes?|tomo|volumes?|vols?|t|v|#|issues?|chapters?|chapitres?|chap|ch|c';
/** The second half of a range, read right after the first number. */
const RANGE_TAIL = new RegExp(
  String.raw`^(\s*)([-–—~.&]|à|au|a|to|et|and)?(\s*)((?:${RANGE_MARKER_WORDS})\.?\s?)?${NUM}`,
  'iu',
);
const RANGE_MARKERS: Record<'volume' | 'issue' | 'chapter' | 'weak', ReadonlySet<string>> = {
  volume: new Set(['tome', 'tomes', 'tomo', 'volume', 'volumes', 'vol', 'vols', 't', 'v']),
  issue: new Set(['#', 'issue', 'issues']),
  chapter: new Set(['chapter', 'chapters', 'chapitre', 'chapitres', 'chap', 'ch', 'c']),
  weak: new Set(),
};
/** The reference implementation's bound: a wider span is two unrelated numbers, not a range. */
const MAX_RANGE_WIDTH = 500;

const KIND_RULES: readonly (readonly [VolumeKind, RegExp])[] = [
  ['integrale', /(?<![\p{L}\p{N}])(?:(?:l['’]\s?)?int[ée]grale?s?|int\.?)(?![\p{L}])/giu],
  ['hors_serie', /(?<![\p{L}\p{N}])(?:hors[\s-]*s[ée]ries?|hs)(?![\p{L}])/giu],
  ['one_shot', /(?<![\p{L}\p{N}])one[\s-]?shots?(?![\p{L}])/giu],
];
/** A number glued or dashed to a kind keyword (`HS01`, `Hors-série 2`, `INT - 3`); 3 digits keep years out. */
const KIND_NUMBER = /^[\s\-–—.:]*(?:n[°º]\s?|no\.\s?|#\s?)?(\d{1,3}(?:\.\d{1,2})?)(?![\p{L}\p{N}])/iu;

/** A standalone number: not glued to letters, not part of a longer number or of `#12`. */
const BARE_NUMBER = /(?<![\p{L}\p{N}.,#'’])(\d{1,4}(?:\.\d{1,2})?)(?![\p{L}\p{N}]|[.,]\d)/gu;

const GLUED_RANGE = /^[-–](\d{1,4})(?![\p{L}\p{N}]|[.,]\d)/u;

const BRACKET_GROUP = /\(([^()[\]{}]*)\)|\[([^()[\]{}]*)\]|\{([^()[\]{}]*)\}/gu;
const BRACKET_YEAR = /^(?:\p{L}+\.?\s+)?((?:19|20)\d\d)(?:\s*[-–/.]\s*\d{1,4}){0,2}$/u;
const BRACKET_OF = /^(\d{1,4})\s+(?:of|sur|de)\s+\d{1,4}$/iu;

const RELEASE_WORDS =
  'french|vf|vo|vostfr|fr|eng|multi|cbz|cbr|pdf|epub|ebook|e-book|digital|webrip|hq|hd|retail|repack|c2c';
/** A release word, possibly glued to the group name (`eBook-NoGrp`). */
const RELEASE_WORD = new RegExp(String.raw`^(?:${RELEASE_WORDS})(?:-[\p{L}\p{N}]+)?$`, 'iu');

const COMIC_EXTENSIONS = ['cbz', 'cbr', 'cb7', 'cbt', 'cba', 'zip', 'rar', '7z', 'tar'];
const EBOOK_EXTENSIONS = ['pdf', 'epub', 'kepub', 'mobi', 'azw', 'azw3', 'fb2', 'djvu', 'lit', 'txt'];
const KNOWN_EXTENSIONS = new Set([...COMIC_EXTENSIONS, ...EBOOK_EXTENSIONS]);
const EBOOK_SET = new Set(EBOOK_EXTENSIONS);

const ARTICLES = String.raw`les|le|la|l['’]|the|a|an|des|un|une|die|der|das|el|los|las|il|lo|gli`;
const TRAILING_ARTICLE = new RegExp(String.raw`^(.+?),?\s*\((${ARTICLES})\)$|^(.+?),\s*(${ARTICLES})$`, 'iu');
const LEADING_ARTICLE = new RegExp(String.raw`^(?:(?:${ARTICLES})\s+|l['’]\s*)(?=\S)`, 'iu');

const SEPARATOR_RUN = /[\s\-–—:,;~]/u;

interface Context {
  /** The name after stage 2: no extension, no brackets, single spaces. */
  text: string;
  /** Where the text after the series prefix starts (0 when the name does not repeat the folder). */
  bodyStart: number;
  /** Spans whose digits must not be read as a volume. */
  masks: Span[];
  ebook: boolean;
  underscored: boolean;
}

export function parseFileName(fileName: string, seriesName?: string | null): ParsedFileName {
  const { stem, extension } = splitExtension(fileName.normalize('NFC'));
  const { text: separated, underscored, scene } = normaliseSeparators(stem);
  const brackets = extractBrackets(separated);
  const text = scene ? dropReleaseTail(brackets) : brackets.text;

  const seriesSpans = findSeries(text, seriesVariants(seriesName));
  const prefix = seriesSpans.find((s) => s.start === 0 && isStructural(text.slice(s.end)));
  const bodyStart = prefix?.end ?? 0;
  const ctx: Context = {
    text,
    bodyStart,
    masks: [{ start: 0, end: bodyStart }, ...seriesSpans],
    ebook: EBOOK_SET.has(extension),
    underscored,
  };

  const kinds = detectKinds(text);
  const found = [kinds, ...brackets.kept.map(detectKinds)].flat();
  let kind = KIND_RULES.map(([k]) => k).find((k) => found.some((hit) => hit.kind === k)) ?? 'regular';
  ctx.masks.push(...kinds);

  const chapters = findAll(CHAPTER_MARKER, ctx, 'chapter');
  const kindNumber = found.find((hit) => hit.kind === kind && hit.number !== null)?.number ?? null;
  let volume: VolumeHit | null;
  if (kindNumber !== null) {
    // Its span is already cut with the kind keyword.
    volume = { start: 0, end: 0, volume: kindNumber, volumeEnd: null };
  } else {
    volume = findAll(VOLUME_MARKER, ctx, 'volume').find((hit) => !isRunYear(text, hit)) ?? null;
    if (volume === null && chapters.length > 0) {
      if (kind === 'regular') kind = 'chapter';
    } else if (volume === null) {
      volume = fallbackVolume(ctx, brackets);
      if (volume === null && kind === 'regular' && brackets.kept.some((k) => hasMatch(CHAPTER_MARKER, k))) {
        kind = 'chapter';
      }
    }
  }

  const cuts: Span[] = [{ start: 0, end: bodyStart }, ...kinds, ...chapters, ...(volume === null ? [] : [volume])];
  const title = buildTitle(text, cuts) ?? fallbackTitle(text, stem, fileName);

  return {
    title,
    volume: volume?.volume ?? null,
    volumeEnd: volume?.volumeEnd ?? null,
    kind,
    year: pickYear(brackets.years, seriesName),
    chapter: chapters[0]?.volume ?? null,
    chapterEnd: chapters[0]?.volumeEnd ?? null,
  };
}

/** `Batman (2016) 012 (2017)` in folder `Batman (2016)`: the run's year repeats the folder; the book's is the other. */
function pickYear(years: readonly number[], seriesName: string | null | undefined): number | null {
  const folderYears = new Set(seriesName ? extractBrackets(seriesName.normalize('NFC')).years : []);
  return years.find((y) => !folderYears.has(y)) ?? years[0] ?? null;
}

function splitExtension(fileName: string): { stem: string; extension: string } {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(fileName);
  const extension = match?.[1]?.toLowerCase() ?? '';
  if (match === null || !KNOWN_EXTENSIONS.has(extension)) return { stem: fileName, extension: '' };
  let stem = fileName.slice(0, match.index);
  // Kobo's `.kepub.epub` double extension.
  if (extension === 'epub' && /\.kepub$/i.test(stem)) stem = stem.slice(0, -'.kepub'.length);
  return { stem, extension };
}

function normaliseSeparators(stem: string): { text: string; underscored: boolean; scene: boolean } {
  const underscored = stem.includes('_');
  let text = stem.replace(/_+/g, ' ');
  const scene = !/\s/.test(stem) && /\./.test(stem);
  // Only a `.5`-style fraction keeps its dot: `Dead.193.2019` is two numbers.
  if (scene) text = text.replace(/(?<!\d)\.|\.(?!\d{1,2}(?!\d))/g, ' ');
  return { text: collapse(text), underscored: underscored || scene, scene };
}

interface Brackets {
  text: string;
  /** Every bracketed date, in name order. */
  years: number[];
  /** Contents of groups that carry a marker, read only when the name itself gives no volume. */
  kept: string[];
  /** N of `(N of M)`. */
  ofNumber: number | null;
}

function extractBrackets(input: string): Brackets {
  const result: Brackets = { text: input, years: [], kept: [], ofNumber: null };
  let text = input;
  // Innermost groups first; the bound stops pathological nesting from looping long.
  for (let depth = 0; depth < 8; depth++) {
    let changed = false;
    text = text.replace(BRACKET_GROUP, (_whole, a?: string, b?: string, c?: string) => {
      changed = true;
      classifyBracket((a ?? b ?? c ?? '').trim(), result);
      return ' ';
    });
    if (!changed) break;
  }
  result.text = collapse(text);
  return result;
}

function classifyBracket(content: string, result: Brackets): void {
  const year = BRACKET_YEAR.exec(content)?.[1];
  if (year !== undefined) {
    result.years.push(Number(year));
    return;
  }
  const of = BRACKET_OF.exec(content)?.[1];
  if (of !== undefined) {
    result.ofNumber ??= Number(of);
    return;
  }
  if (BRACKET_MARKER.test(content) || KIND_RULES.some(([, re]) => hasMatch(re, content))) result.kept.push(content);
}

/**
 * Scene releases end in language, format and group words that are no part of the title, and give the year bare
 * after the number (`The.Walking.Dead.193.2019.FRENCH`); after a title word it may be the title (`Spider-Man.2099`).
 */
function dropReleaseTail(brackets: Brackets): string {
  const words = brackets.text.split(' ');
  while (words.length > 1 && RELEASE_WORD.test(words.at(-1) ?? '')) words.pop();
  const last = words.at(-1) ?? '';
  if (words.length > 2 && isYearLike(last) && /\d/.test(words.at(-2) ?? '')) {
    brackets.years.push(Number(last));
    words.pop();
  }
  return words.join(' ');
}

function seriesVariants(seriesName: string | null | undefined): string[] {
  if (!seriesName) return [];
  const base = collapse(seriesName.normalize('NFC').replace(BRACKET_GROUP, ' ').replace(/_+/g, ' '));
  const variants = [base];
  const moved = TRAILING_ARTICLE.exec(collapse(seriesName.normalize('NFC').replace(/_+/g, ' ')));
  if (moved !== null) {
    const rest = moved[1] ?? moved[3] ?? '';
    const article = moved[2] ?? moved[4] ?? '';
    variants.push(`${article} ${rest}`, rest);
  }
  for (const variant of [...variants]) {
    const article = LEADING_ARTICLE.exec(variant)?.[0];
    if (article === undefined) continue;
    // Both `Walking Dead 193` and `Walking Dead, The 193` in folder `The Walking Dead`.
    const rest = variant.slice(article.length);
    variants.push(rest, `${rest} ${article}`);
  }
  const normalised = variants.map((v) => fold(v).text).filter((v) => v.length > 0);
  return [...new Set(normalised)].sort((a, b) => b.length - a.length);
}

interface Folded {
  /** Lowercase letters and digits only, accents removed. */
  text: string;
  /** For each folded character, the index just past the original character it came from. */
  ends: number[];
  /** For each original index, the folded length before it. */
  starts: number[];
}

function fold(input: string): Folded {
  const folded: Folded = { text: '', ends: [], starts: [] };
  let index = 0;
  for (const char of input) {
    folded.starts.push(folded.text.length);
    if (char.length === 2) folded.starts.push(folded.text.length);
    const plain = char
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .replace(/ß/g, 'ss')
      .replace(/[^\p{L}\p{N}]/gu, '');
    index += char.length;
    folded.text += plain;
    for (let i = 0; i < plain.length; i++) folded.ends.push(index);
  }
  folded.starts.push(folded.text.length);
  return folded;
}

/** Where the folder name occurs in the text, at word starts and ending at a word end. */
function findSeries(text: string, variants: readonly string[]): Span[] {
  if (variants.length === 0) return [];
  const folded = fold(text);
  const spans: Span[] = [];
  for (let start = 0; start < text.length; start++) {
    if (!isWordChar(text[start]) || (start > 0 && isWordChar(text[start - 1]))) continue;
    const at = folded.starts[start] ?? 0;
    for (const variant of variants) {
      if (!folded.text.startsWith(variant, at)) continue;
      const end = folded.ends[at + variant.length - 1] ?? text.length;
      if (isWordChar(text[end])) continue;
      spans.push({ start, end });
      break;
    }
  }
  return spans;
}

/** What may follow a series prefix for it to be one, rather than the start of a longer title (`Astérix le Gaulois`). */
function isStructural(rest: string): boolean {
  const trimmed = rest.trimStart();
  // A glued dash or apostrophe continues a word (`Spider-Man`, `Batman's`); other punctuation ends the name.
  if (trimmed === '' || /^(?:\d|[-–—](?:\s|\d|$)|[^\p{L}\p{N}\s'’\-–—])/u.test(trimmed)) return true;
  return [VOLUME_MARKER, ISSUE_MARKER, WEAK_MARKER, CHAPTER_MARKER, ...KIND_RULES.map(([, re]) => re)].some(
    (re) => matchAt(re, trimmed, 0) !== null,
  );
}

interface KindHit extends Span {
  kind: VolumeKind;
  number: number | null;
}

function detectKinds(text: string): KindHit[] {
  const hits: KindHit[] = [];
  for (const [kind, re] of KIND_RULES) {
    for (const match of text.matchAll(re)) {
      const end = match.index + match[0].length;
      const attached = KIND_NUMBER.exec(text.slice(end));
      const number = attached?.[1] !== undefined ? Number(attached[1]) : null;
      hits.push({ kind, number, start: match.index, end: end + (attached?.[0].length ?? 0) });
    }
  }
  return hits;
}

type MarkerClass = keyof typeof RANGE_MARKERS;

/** Marker hits after the series prefix and outside masks, in name order, each extended by its range if any. */
function findAll(re: RegExp, ctx: Context, markerClass: MarkerClass): VolumeHit[] {
  const hits: VolumeHit[] = [];
  for (const match of ctx.text.matchAll(re)) {
    const start = match.index;
    const end = start + match[0].length;
    if (start < ctx.bodyStart || overlaps({ start, end }, ctx.masks)) continue;
    hits.push(withRange(ctx.text, { start, end, volume: Number(match[1]), volumeEnd: null }, markerClass));
  }
  return hits;
}

function withRange(text: string, hit: VolumeHit, markerClass: MarkerClass): VolumeHit {
  const tail = RANGE_TAIL.exec(text.slice(hit.end));
  if (tail === null) return hit;
  const [whole, before = '', separator = '', after = '', marker, second = ''] = tail;
  const markerWord = marker?.replace(/[.\s]/g, '').toLowerCase();
  if (markerWord !== undefined && !RANGE_MARKERS[markerClass].has(markerWord)) return hit;
  const spaced = before !== '' || after !== '';
  // Scene names lose the dot of `T01.T15`: two markers of a kind side by side still make a range.
  if (separator === '' && !(spaced && markerWord !== undefined)) return hit;
  if (/^\p{L}|&/u.test(separator) && (before === '' || after === '')) return hit;
  if (separator === '.' && markerWord === undefined) return hit;
  // `Tome 3 - 12 rue des Lilas`: a spaced dash and a bare number end a range only at the end of the name.
  if (/^[-–—~]$/u.test(separator) && spaced && markerWord === undefined && text.slice(hit.end + whole.length).trim())
    return hit;
  const last = Number(second);
  if (!(last > hit.volume && last - hit.volume <= MAX_RANGE_WIDTH)) return hit;
  return { ...hit, end: hit.end + whole.length, volumeEnd: last };
}

/** `Batman v2016 012`: a `v` before a year names the run (Mylar style), not the volume. */
function isRunYear(text: string, hit: VolumeHit): boolean {
  return /^v\.?\d/i.test(text.slice(hit.start)) && isYearLike(text.slice(hit.start).match(/\d+/)?.[0] ?? '');
}

interface BareNumber extends VolumeHit {
  digits: string;
  before: string;
  after: string;
}

type BareRule = (n: BareNumber, ctx: Context) => boolean;

const isZeroPadded = (n: BareNumber): boolean => /^0\d/.test(n.digits);
const spaceBefore = (n: BareNumber): boolean => /\S\s$/u.test(n.before);

/** Rules d–j of the header, in order. */
const BARE_RULES: readonly BareRule[] = [
  (n, ctx) => ctx.bodyStart > 0 && /^[\s\-–—:,.#]*$/u.test(n.before),
  (n) => /(?:^|\s)[-–—]\s*$/u.test(n.before) && /^\s*(?:[-–—](?:\s|$)|$)/u.test(n.after),
  (n, ctx) =>
    ctx.bodyStart === 0 &&
    n.before.trim() === '' &&
    (/^\s*[-–—.)]/u.test(n.after) || n.after.trim() === '' || (isZeroPadded(n) && /^\s/.test(n.after))),
  (n, ctx) => !ctx.ebook && spaceBefore(n) && /^\s+[-–—]\s/u.test(n.after),
  (n, ctx) =>
    spaceBefore(n) && /^\s\S/u.test(n.after) && (isZeroPadded(n) || (ctx.underscored && n.digits.length >= 2)),
  (n, ctx) => spaceBefore(n) && n.after.trim() === '' && (!ctx.ebook || isZeroPadded(n)),
];

function fallbackVolume(ctx: Context, brackets: Brackets): VolumeHit | null {
  const issue = findAll(ISSUE_MARKER, ctx, 'issue')[0];
  if (issue !== undefined) return issue;
  const numbers = bareNumbers(ctx);
  const byRule = (rule: BareRule): VolumeHit | undefined => numbers.find((n) => rule(n, ctx));
  const [afterPrefix, betweenDashes, ...later] = BARE_RULES;
  const hit =
    (afterPrefix && byRule(afterPrefix)) ??
    (betweenDashes && byRule(betweenDashes)) ??
    findAll(WEAK_MARKER, ctx, 'weak')[0] ??
    later.map(byRule).find((h) => h !== undefined);
  if (hit !== undefined) return { start: hit.start, end: hit.end, volume: hit.volume, volumeEnd: hit.volumeEnd };
  for (const content of brackets.kept) {
    const inner: Context = { text: content, bodyStart: 0, masks: [], ebook: ctx.ebook, underscored: false };
    const found = [VOLUME_MARKER, ISSUE_MARKER, WEAK_MARKER]
      .map((re, i) => findAll(re, inner, (['volume', 'issue', 'weak'] as const)[i] ?? 'weak')[0])
      .find((h) => h !== undefined);
    // Its span lies in the bracket text, not in the name: nothing to cut from the title.
    if (found !== undefined) return { start: 0, end: 0, volume: found.volume, volumeEnd: found.volumeEnd };
  }
  return brackets.ofNumber === null ? null : { start: 0, end: 0, volume: brackets.ofNumber, volumeEnd: null };
}

function bareNumbers(ctx: Context): BareNumber[] {
  const numbers: BareNumber[] = [];
  let previousEnd = 0;
  for (const match of ctx.text.matchAll(BARE_NUMBER)) {
    const digits = match[1] ?? '';
    const start = match.index;
    let end = start + digits.length;
    if (start < Math.max(ctx.bodyStart, previousEnd) || overlaps({ start, end }, ctx.masks) || isYearLike(digits)) {
      continue;
    }
    const volume = Number(digits);
    let volumeEnd: number | null = null;
    // Only a glued `01-05` is a bare range; spaced dashes separate a number from a title.
    const range = GLUED_RANGE.exec(ctx.text.slice(end));
    const last = Number(range?.[1]);
    if (range !== null && last > volume && last - volume <= MAX_RANGE_WIDTH) {
      volumeEnd = last;
      end += range[0].length;
    }
    previousEnd = end;
    const before = ctx.text.slice(ctx.bodyStart, start);
    numbers.push({ start, end, volume, volumeEnd, digits, before, after: ctx.text.slice(end) });
  }
  return numbers;
}

function buildTitle(text: string, cuts: readonly Span[]): string | null {
  const sorted = cuts.filter((c) => c.end > c.start).sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let position = 0;
  for (const cut of [...sorted, { start: text.length, end: text.length }]) {
    if (cut.start > position) pieces.push(trimSeparators(text.slice(position, cut.start)));
    position = Math.max(position, cut.end);
  }
  const title = pieces.filter((p) => /[\p{L}\p{N}]/u.test(p)).join(' - ');
  return title === '' ? null : title;
}

function fallbackTitle(text: string, stem: string, fileName: string): string {
  for (const candidate of [text, stem, fileName]) {
    const trimmed = trimSeparators(collapse(candidate));
    if (/[\p{L}\p{N}]/u.test(trimmed)) return trimmed;
  }
  return collapse(fileName) || 'Untitled';
}

/** Separators left at either end of a title piece; a final `.` stays, as in `Dr.` or `etc.`. */
function trimSeparators(piece: string): string {
  let start = 0;
  let end = piece.length;
  while (start < end && (SEPARATOR_RUN.test(piece[start] ?? '') || /[.)\]}]/.test(piece[start] ?? ''))) start++;
  while (end > start && (SEPARATOR_RUN.test(piece[end - 1] ?? '') || /[#([{]/.test(piece[end - 1] ?? ''))) end--;
  return piece.slice(start, end);
}

function matchAt(re: RegExp, text: string, index: number): RegExpExecArray | null {
  const sticky = new RegExp(re.source, re.flags.replace('g', '') + 'y');
  sticky.lastIndex = index;
  return sticky.exec(text);
}

function hasMatch(re: RegExp, text: string): boolean {
  return new RegExp(re.source, re.flags.replace('g', '')).test(text);
}

function overlaps(span: Span, masks: readonly Span[]): boolean {
  return masks.some((m) => m.end > m.start && span.start < m.end && span.end > m.start);
}

function isYearLike(digits: string): boolean {
  if (!/^\d{4}$/.test(digits)) return false;
  const year = Number(digits);
  return year >= 1900 && year <= 2099;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
