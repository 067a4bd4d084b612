import { fold } from './search-text.js';

/**
 * The volumes a release title covers (PROVIDERS.md §5.1, rewritten): `T01-T05`, `Tome 01 à 05`, `v01-03`, `#1-12`,
 * `[T001.T104]` and lists such as `Vol. 7, 8 & 9` expand to every volume; single markers (`T03`, `Tome 3`, `Vol.2`,
 * `v02`, `#004`, `第3巻`) give one. Pure: no I/O, never throws.
 *
 * What is deliberately not a volume:
 *  - years (`(2019)`, `Batman v2016`), resolutions (`1080p`), groups (`[Team]`) and version tags (`[v2]`);
 *  - the number of an omnibus or a hors-série itself (`Intégrale Tome 2`, `3-in-1 Edition Vol. 1`, `HS T02`): it is
 *    not the volume of the main run, though a range inside it (`Intégrale T01 à T06`) is;
 *  - the run of a US comic in `v3 #001` (the issue, #001, is the volume);
 *  - a range wider than MAX_RANGE_SPAN (`T1-T9999` is a typo or two unrelated numbers): only its first volume counts.
 * Bare numbers count only as a last resort: right after the series name (`Saga 001-054`) or after a spaced dash
 * (`Naruto - 05`), and only when the title has no marker at all.
 */
export const MAX_RANGE_SPAN = 500;

/** Marker words, longest first so `volumes` is not read as `volume` + `s`. */
const WORD_MARKERS = 'volumes|volume|vols|vol|tomes|tome|tomo|books|book|issues|issue';
/** Not glued to a word, and not after an apostrophe (`can't 3`, `l't`). */
const WORD_START = String.raw`(?<![\p{L}\p{N}'’])`;
/** Up to 4 digits (issue #1000 exists) and an optional one-digit fraction (`12.5`), never part of a longer number. */
const NUMBER = String.raw`(\d{1,4}(?:\.\d(?!\d))?)(?!\d)`;
/** `Tome 3`, `Vol.03`, `Vol. #3`; `T 3` takes one space at most and `v` none (`Batman v Superman 2`). */
const MARKER = String.raw`(?:(${WORD_MARKERS})\.?[\s_:#]{0,3}|(t)\.?\s?|(v)\.?|(#)\s?)`;
const MARKED_NUMBER = new RegExp(String.raw`${WORD_START}${MARKER}${NUMBER}`, 'gu');

/** A second marker after a separator (`-T05`, ` à Tome 05`, `.T15`): any marker word, no word-start rule needed. */
const TAIL_MARKER = String.raw`(?:(?:${WORD_MARKERS}|t|v)\.?[\s_#]{0,2}|#\s?)`;
/**
 * The end of a range, read right after the first number. A bare end number needs a glued dash or a word (`v01-03`,
 * `Tome 1 à 5`): after a spaced dash (`Tome 3 - 12 histoires`) or a dot (`v107.2024`) it is something else.
 */
const RANGE_TAIL = new RegExp(
  String.raw`(?:[-–—~]|\s+(?:a|au|to|through|thru)\s+)(${TAIL_MARKER})?${NUMBER}|` +
    String.raw`(?:\s*[-–—~]\s*|\.)(${TAIL_MARKER})${NUMBER}`,
  'yu',
);
/** One more item of a list: `, 8`, ` & 9`, ` + T02`, ` et 2`, ` and 3`. */
const LIST_TAIL = new RegExp(String.raw`(?:\s*[,&+]\s*|\s+(?:et|and)\s+)(${TAIL_MARKER})?${NUMBER}`, 'yu');

/** Japanese and Chinese counters: `第3巻`, `第01-34巻`, `1-3巻`, and `全34巻` (all 34 volumes). */
const CJK_VOLUMES = /(全|第)?\s?(\d{1,4})(?:\s?[-~〜]\s?(\d{1,4}))?\s?[巻卷冊册]/gu;

/** What precedes the number of an omnibus or hors-série (folded text). */
const NOT_RUN_CONTEXT =
  /(?:hors[\s-]?series?|(?<![\p{L}\p{N}])hs|integrales?|omnibus|\d[\s-]?in[\s-]?1(?:\s+edition)?|coffret|box\s?set)[\s.:_\-–—#]*$/u;

/** The last resort: a number after a spaced dash, optionally a glued or `à` range, then no letter or digit. */
const DASH_NUMBER = new RegExp(
  String.raw`(?<=^|\s)[-–—]\s+(\d{1,4}(?:\.\d)?)(?:(?:-|\s+a\s+)(\d{1,4}))?(?![\p{L}\p{N}]|\.\d)`,
  'gu',
);
/** After the series name: separators, then a bare number or range (`Saga 001-054`, `One Piece 05`). */
const AFTER_NAME = new RegExp(
  String.raw`^[\s.\-–—:,]*(\d{1,4}(?:\.\d)?)(?:(?:-|\s+a\s+)(\d{1,4}))?(?![\p{L}\p{N}]|\.\d)`,
  'u',
);

/**
 * The sorted, distinct volumes `title` covers. `seriesName`, when known, keeps the name's own digits (`#1 Crush`,
 * `Mob Psycho 100`) from being read as volumes, and lets a bare number right after it count.
 */
export function releaseVolumes(title: string, seriesName?: string): number[] {
  // Underscores stand for spaces; folding also turns `à` into `a` and full-width digits into ASCII.
  const folded = fold(title.replace(/_/g, ' '));
  const name = seriesName === undefined ? null : findName(folded, seriesName);
  const text =
    name === null ? folded : folded.slice(0, name.start) + ' '.repeat(name.end - name.start) + folded.slice(name.end);
  const found: number[] = [];
  readMarkers(text, found);
  readCjk(text, found);
  if (found.length === 0 && name?.start === 0) readAfterName(text.slice(name.end), found);
  if (found.length === 0) readDashNumbers(text, found);
  return [...new Set(found)].sort((a, b) => a - b);
}

/** Whether the release's title names the series (its words in order, as scene titles separate them). */
export function titleNamesSeries(title: string, seriesName: string): boolean {
  return findName(fold(title.replace(/_/g, ' ')), seriesName) !== null;
}

/** Where the series name is in the folded title, its words separated by spaces, dots or dashes as scene titles do. */
function findName(text: string, seriesName: string): { start: number; end: number } | null {
  const words = fold(seriesName.replace(/_/g, ' '))
    .split(/[\s.]+/u)
    .filter((word) => word !== '')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return null;
  const match = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s._-]+')}(?![\\p{L}\\p{N}])`, 'u').exec(text);
  return match === null ? null : { start: match.index, end: match.index + match[0].length };
}

function readMarkers(text: string, found: number[]): void {
  MARKED_NUMBER.lastIndex = 0;
  for (let match = MARKED_NUMBER.exec(text); match !== null; match = MARKED_NUMBER.exec(text)) {
    const start = match.index;
    let end = start + match[0].length;
    const first = Number(match[5]);
    const letterV = match[3] !== undefined;
    if (letterV && isVersionTag(text, start, end)) continue;
    if (letterV && /^\s*#\s?\d/u.test(text.slice(end))) continue; // `v3 #001`: the run, not a volume
    if (isYear(match[5]!)) continue;

    const range = readRange(text, end, first);
    const rangeEnd = range?.end ?? null;
    const group = rangeEnd === null ? [first] : expand(first, rangeEnd);
    let last = rangeEnd ?? first;
    if (range !== null) end = range.next;
    let listed = false;
    for (let item = readListItem(text, end, last); item !== null; item = readListItem(text, end, last)) {
      group.push(...item.volumes);
      last = item.volumes.at(-1)!;
      end = item.next;
      listed = true;
    }
    // A lone number after `Intégrale` or `HS` numbers that book, not a volume of the run.
    if (rangeEnd === null && !listed && NOT_RUN_CONTEXT.test(text.slice(0, start))) continue;
    found.push(...group);
    MARKED_NUMBER.lastIndex = end;
  }
}

/** `[v2]`, `(v2)`: a release's version, not its volume. */
function isVersionTag(text: string, start: number, end: number): boolean {
  return (text[start - 1] === '[' || text[start - 1] === '(') && (text[end] === ']' || text[end] === ')');
}

/**
 * The end of a range starting at `first`, when the text at `at` continues one. An implausible range (backwards, too
 * wide, ending on a year) still consumes its end, so `T1-T9999` does not give volume 9999 either; `end` is then null.
 */
function readRange(text: string, at: number, first: number): { end: number | null; next: number } | null {
  RANGE_TAIL.lastIndex = at;
  const tail = RANGE_TAIL.exec(text);
  if (tail === null) return null;
  const next = at + tail[0].length;
  const end = Number(tail[2] ?? tail[4]);
  return { end: isRange(first, end) ? end : null, next };
}

function readListItem(text: string, at: number, previous: number): { volumes: number[]; next: number } | null {
  LIST_TAIL.lastIndex = at;
  const item = LIST_TAIL.exec(text);
  if (item === null) return null;
  const value = Number(item[2]);
  if (isYear(item[2]!) || value <= previous || value - previous > MAX_RANGE_SPAN) return null;
  const next = at + item[0].length;
  const range = readRange(text, next, value);
  if (range === null) return { volumes: [value], next };
  return { volumes: range.end === null ? [value] : expand(value, range.end), next: range.next };
}

function readCjk(text: string, found: number[]): void {
  for (const match of text.matchAll(CJK_VOLUMES)) {
    const first = Number(match[2]);
    const end = match[3] === undefined ? null : Number(match[3]);
    if (match[1] === '全' && end === null) {
      if (isRange(1, first)) found.push(...expand(1, first));
      else if (first === 1) found.push(1);
    } else if (end !== null && isRange(first, end)) {
      found.push(...expand(first, end));
    } else if (!isYear(match[2]!)) {
      found.push(first);
    }
  }
}

function readAfterName(rest: string, found: number[]): void {
  const match = AFTER_NAME.exec(rest);
  if (match !== null) pushBare(match[1]!, match[2], found);
}

function readDashNumbers(text: string, found: number[]): void {
  for (const match of text.matchAll(DASH_NUMBER)) pushBare(match[1]!, match[2], found);
}

function pushBare(firstDigits: string, endDigits: string | undefined, found: number[]): void {
  if (isYear(firstDigits)) return;
  const first = Number(firstDigits);
  const end = endDigits === undefined || isYear(endDigits) ? null : Number(endDigits);
  found.push(...(end !== null && isRange(first, end) ? expand(first, end) : [first]));
}

/** Whole volumes, in order, at most MAX_RANGE_SPAN apart. */
function isRange(first: number, end: number): boolean {
  return Number.isInteger(first) && Number.isInteger(end) && first < end && end - first <= MAX_RANGE_SPAN;
}

function expand(first: number, end: number): number[] {
  return Array.from({ length: end - first + 1 }, (_, index) => first + index);
}

/** Four digits from 1900 to 2099: a year (`(2019)`, `v2016`), never a volume. */
function isYear(digits: string): boolean {
  return /^(?:19|20)\d\d$/.test(digits);
}
