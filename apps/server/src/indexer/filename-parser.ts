/**
 * What a comic or ebook file name says about its book: volume (or range), chapter (or range), kind, year, and a
 * title to show when embedded metadata has none. Pure: no I/O, never throws. The patterns live in tables, one per
 * class, in ./filename/ (markers.ts, kinds.ts, dates.ts); this file is the pipeline that applies them.
 *
 * Pipeline and precedence (each stage feeds the next; within stage 5 the first rule that yields a volume wins):
 *  1. Normalise: NFC (macOS stores names decomposed), strip a known extension, full-width digits → ASCII, `½` after
 *     a digit or `#` → `.5` and alone at the end → `0.5` (`Blue Beetle ½`), variant suffixes glued to a number dropped
 *     (`087b`, `#14AU`, `052.ALT`, `078.BEY`), `_` → space,
 *     and in names with no spaces (scene style) dots → spaces except between digits (`v04.5`).
 *  2. Bracketed groups: a date sets `year`; `(N of M)` is kept as a last resort; groups holding a volume, kind or
 *     chapter marker (`[T001.T104]`, `(Intégrale)`, `(v02)`) are set aside; the rest (team, scanner, language,
 *     `(of 6)`, `[V2]` which is a release version) is dropped. Dates outside brackets (`2019-11-02`, `07-15-1998`,
 *     `Mar-Apr 1962`, a year ending the name right after a number: `Spawn 078 2020`) are cut and give the year too.
 *     A bracket holding only a number (`X-Men, 2021-08-04 (02)`) is kept as the comics' very last resort.
 *     Scene names also lose trailing release words, and a bare year
 *     right after their number (`Dead.193.2019.FRENCH`) is taken as the year.
 *  3. Series prefix: when the name starts with the folder name followed by a separator, number or marker, the prefix
 *     is cut from the title and masked, so its digits (`Mob Psycho 100`) are never the volume. Elsewhere in the name
 *     the folder name is only masked. A name that is only a number (`100.cbz`, `#100.cbz`) is that number even in
 *     a folder of the same name.
 *  4. Kind keywords, intégrale > hors-série > one-shot; a number attached to one (`HS01`, `INT 2`, `SP01`,
 *     `Annual 3`) is the volume, numbered among its kind. Specials (`SP01`, `Special`, `Omake`, `Extra`) and western
 *     `Annual`s are hors-séries: their numbering is their own, never the series' volume (comics only: in an
 *     ebook's name `Annual`, `Extra` and `Special` are title words).
 *  5. Volume and chapter:
 *     a. volume markers (Tome/T/Vol/Volume/v, Том, เล่ม, 巻/卷/冊, 권), first in the name; a `v` before a year
 *        (`Robin V1993 #12`, Mylar's `Batman v2016`, `Batman Vol.2000 #57`) names the run: the year, never the volume;
 *        a CJK counter before its number when a chapter follows (`卷2第25话`);
 *     b. webtoon seasons (`S02`, `Season 2`, Korean `시즌3`) are volumes, the episode after them (`S02 031`,
 *        `S01E045`, `시즌34삽화2`) the chapter;
 *     c. chapter markers (Ch./Chp./Chapter/c045, Episode, Глава and `2 Глава`, ตอน/บทที่, 話/话/回, 화/회/장):
 *        the first is the chapter and its
 *        range. With no volume marker the name is a chapter (kind `chapter`, volume null) unless a bracket names its
 *        volume (`c010-018 (v02)` is volume 2, chapters 10–18): nothing below is tried, as bare numbers in such names
 *        are the chapter again;
 *     d. after a volume marker and no chapter marker, an issue number is the chapter: `Batman v3 #050`,
 *        `Series-V2-031` are volume 2, issue 31 (the run's volume, then the issue within it, so two runs in one folder
 *        sort run by run);
 *     e. otherwise (no volume marker): issue markers #, Issue, №: in western comics the issue is the book's number,
 *        stored as the volume (`Batman #004` is volume 4);
 *     f. bare number right after the series prefix (`Gantz 37`, `Mob Psycho 100 - 05` in their folders);
 *        or right after the series named mid-name, then a dash or the end (`J.K. Rowling - Harry Potter 1 - …`);
 *     g. bare number between dashes (` - 07 - `, ` - 07` at the end): `XIII - 01 - …`;
 *     h. weak markers No./n°, Book, Part, Livre, Partie — after g, as `Kaiju No. 8 - 02` is volume 2; a bare number
 *        right after the weak marker's, at the end or before a dash, is the book's (`Kaiju No. 8 036`);
 *     i. leading album number followed by `-`/`.`/`)`, zero-padded, or alone (`03 - Spirou et Fantasio` is album 3:
 *        BD collectors number their files so that they sort, and the number is the album's);
 *     j. comics only: number followed by ` - ` (`Naruto 12 - Titre`);
 *     k. zero-padded number mid-name (`Blacksad 05 Amarillo`), any 2+ digit one in underscore names;
 *     l. trailing number (`Saga 018`); in ebooks only zero-padded, as `Fahrenheit 451` is a title;
 *     m. comics: a zero-padded or 3-digit number glued after a dash at the end (`hellboy-045`);
 *     m'. comics: the first number (1–3 digits) after words alone, then a title word, unless an article comes before
 *        it (`Michel Vaillant 5 Nr. 13 aan de start` is 5; `Les 4 Fantastiques et…` is a title);
 *     n. markers inside the set-aside brackets, then a bracket opening with the series and its place
 *        (`(Wheel of Time 1)`, ebooks), then `(N of M)`, then (comics) a bracket holding only a number.
 *     Bare numbers (f–m) have at most 4 digits and are never a year (1900–2099); an issue marked `#` keeps any
 *     number (`#2025`). Marker ranges (`T01-T05`, `Tomes 1 à 3`, `v01-03`, `c001-008`) keep the first number and
 *     report the last in `volumeEnd`/`chapterEnd`; `V2-031` is no range (the second half is padded differently).
 *  6. Title: the words after the book's first number (volume or chapter) when there are any, the series before it
 *     being no part of the title (`Spirou - T01 - La Corne du rhinocéros`); otherwise the name once the prefix,
 *     kind, chapter and date markers and the volume are cut, the remaining pieces joined with ` - `, except that a
 *     name opening with words other than the folder's series keeps them and its number (`Spirou T01`); the cleaned
 *     stem (stage 2 output) when nothing with a letter or digit is left.
 */
import { type BareContext, bareVolume, MAX_RANGE_WIDTH, overlaps, type NumberHit } from './filename/bare-numbers.js';
import { extractBrackets, type Brackets } from './filename/brackets.js';
import { DATE_PATTERNS, isYearLike } from './filename/dates.js';
import { COMICS_ONLY, KIND_NUMBER, KIND_ORDER, KIND_RULES } from './filename/kinds.js';
import {
  CHAPTER_MARKERS,
  ISSUE_MARKERS,
  type MarkerTable,
  numbersOf,
  SEASON_EPISODE,
  SEASON_MARKERS,
  VOLUME_MARKERS,
  WEAK_MARKERS,
} from './filename/markers.js';
import { collapse, normaliseSeparators, rewrite, splitExtension } from './filename/normalise.js';
import { findSeries, seriesVariants, type Span } from './filename/series.js';
import { buildTitle, fallbackTitle } from './filename/title.js';

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
   * none. For western single issues, the issue number.
   */
  volume: number | null;
  /** Last volume of a range (T01-T05 → 5), else null. */
  volumeEnd: number | null;
  kind: VolumeKind;
  /** The book's year: the last bracketed year that is not the folder's, else a date in the name, else a run year. */
  year: number | null;
  /** First chapter (`c001-008` → 1; `v01 c010` → 10); fractional allowed (10.5); null when the name gives none. */
  chapter: number | null;
  /** Last chapter of a range (`c001-008` → 8), else null. */
  chapterEnd: number | null;
}

type Context = BareContext;

/** A name that is nothing but a number, `#` allowed. */
const ONLY_A_NUMBER = /^#?\s?\d{1,5}(?:\.\d{1,2})?$/u;
const RELEASE_WORDS =
  'french|vf|vo|vostfr|fr|eng|multi|cbz|cbr|pdf|epub|ebook|e-book|digital|webrip|hq|hd|retail|repack|c2c';
/** A release word, possibly glued to the group name (`eBook-NoGrp`). */
const RELEASE_WORD = new RegExp(String.raw`^(?:${RELEASE_WORDS})(?:-[\p{L}\p{N}]+)?$`, 'iu');
/** The book's place after the series in an ebook's bracket: ` 1`, `, 2`. */
const SERIES_PLACE = /^[\s,]+(\d{1,3}(?:\.\d)?)$/u;
/** A release group tag, `Zone-Empire`. */
const GROUP_TAG = /^[\p{L}\p{N}]+-[\p{L}\p{N}]+$/u;
/** The second half of a range, read right after the first number. */
const RANGE_TAIL =
  /^(\s*)([-–—~.&]|à|au|a|to|et|and)?(\s*)([\p{L}#]{1,9}\.?\s?)?(\d{1,5}(?:\.\d{1,2})?)(?![\p{L}\p{N}])/iu;
/** A number opening the body and set off by a dash or a dot (`22 - `, `05. `), or between spaced dashes (` - 04 - `). */
const ALBUM_NUMBER = /(?:^[\s\-–—:]*|\s[-–—]\s)(\d{1,4}(?:\.\d{1,2})?)(\s?[-–—.]\s)/u;
/** A year right after a kind keyword. */
const KIND_YEAR = /^[\s\-–—.:]*(\d{4})(?![\p{L}\p{N}])/u;
/** A volume marker before a four-digit number, read as a run year when the number is one. */
const RUN_YEAR = /^(?:v|vol(?:ume)?)\.?\s?\d{4}(?!\d)/i;
/** A bare number after a weak marker's, at the end or before a spaced dash (`Kaiju No. 8 036`). */
const NUMBER_AFTER_WEAK = /^(\s#?)(\d{1,4}(?:\.\d{1,2})?)(?=\s*$|\s[-–—]\s)/u;
/** After a volume marker, an issue glued by a dash (`V2-031`). */
const GLUED_ISSUE = /^[-–](\d{1,5})(?![\p{L}\p{N}]|[.,]\d)/u;
/** After a `v` volume, Mylar's issue padded to three digits and set off by a space (`Batman v3 050`). */
const PADDED_ISSUE = /^\s(\d{3,4})(?![\p{L}\p{N}]|[.,]\d)/u;

export function parseFileName(fileName: string, seriesName?: string | null): ParsedFileName {
  return readName(fileName, seriesName, null);
}

/**
 * The titles earlier versions of stage 6 gave this name, different from today's: the series kept before the number
 * (`Spirou - La Corne du rhinocéros`, `Saga`), or the whole name when no number was read in it. A stored title that
 * is one of them came from the name, not from embedded metadata, so the re-parse migration may replace it.
 */
export function earlierTitles(fileName: string, seriesName?: string | null): string[] {
  const titles: string[] = [];
  const { title } = readName(fileName, seriesName, titles);
  return [...new Set(titles)].filter((earlier) => earlier !== title);
}

function readName(fileName: string, seriesName: string | null | undefined, earlier: string[] | null): ParsedFileName {
  const { stem, ebook } = splitExtension(fileName.normalize('NFC'));
  const { text: separated, underscored, scene } = normaliseSeparators(rewrite(stem));
  const brackets = extractBrackets(separated);
  const dateYears: number[] = [];
  const text = cutDates(scene ? dropReleaseTail(brackets) : brackets.text, dateYears);

  const seriesSpans = ONLY_A_NUMBER.test(text) ? [] : findSeries(text, seriesVariants(seriesName));
  const prefix = seriesSpans.find((s) => s.start === 0 && isStructural(text.slice(s.end)));
  const bodyStart = prefix?.end ?? 0;
  const ctx: Context = {
    text,
    bodyStart,
    masks: [{ start: 0, end: bodyStart }, ...seriesSpans],
    ebook,
    underscored,
    seriesEnds: seriesSpans.map((span) => span.end),
  };

  const kinds = detectKinds(text, ebook);
  const found = [kinds, ...brackets.kept.map((k) => detectKinds(k, ebook))].flat();
  let kind: VolumeKind = KIND_ORDER.find((k) => found.some((hit) => hit.kind === k)) ?? 'regular';
  ctx.masks.push(...kinds);

  const kindNumber = found.find((hit) => hit.kind === kind && hit.number !== null)?.number ?? null;
  const { volume, chapter, chapters, runYears } = readNumbers(ctx, brackets, kindNumber, seriesName);
  if (volume === null && chapter !== null && kind === 'regular') kind = 'chapter';

  const cuts: Span[] = [{ start: 0, end: bodyStart }, ...kinds, ...chapters, ...runYears];
  if (volume !== null) cuts.push(volume);
  if (chapter !== null) cuts.push(chapter);
  const numbered = [volume, chapter, ...chapters].filter((hit) => hit !== null && hit.end > hit.start);
  const first = numbered.sort((a, b) => a!.start - b!.start)[0] ?? null;
  const seriesFirst = bodyStart > 0 || seriesSpans.some((span) => span.start === 0);
  const title = bookTitle(text, cuts, first, seriesFirst) ?? fallbackTitle(text, stem, fileName);
  if (earlier !== null) {
    const unnumbered = cuts.filter((cut) => cut !== volume && cut !== chapter && !chapters.includes(cut as NumberHit));
    for (const kept of [cuts, unnumbered]) earlier.push(buildTitle(text, kept) ?? fallbackTitle(text, stem, fileName));
  }

  return {
    title,
    volume: volume?.volume ?? null,
    volumeEnd: volume?.volumeEnd ?? null,
    kind,
    year:
      pickYear(brackets.years, seriesName) ??
      dateYears[0] ??
      kinds.find((hit) => hit.year !== null)?.year ??
      runYears[0]?.volume ??
      null,
    chapter: chapter?.volume ?? null,
    chapterEnd: chapter?.volumeEnd ?? null,
  };
}

/**
 * Stage 6. Title words after the book's first number are its title: what comes before is the series (`Spirou - T01 -
 * La Corne du rhinocéros`). With none, a name that opens with words other than the folder's series keeps them and
 * its number (`Spirou T01`): the series alone would name every book of it alike.
 */
function bookTitle(text: string, cuts: Span[], first: NumberHit | null, seriesFirst: boolean): string | null {
  if (first === null || first.start === 0) return buildTitle(text, cuts);
  const after = buildTitle(text, [...cuts, { start: 0, end: first.start }]);
  if (after !== null) return after;
  return seriesFirst ? buildTitle(text, cuts) : null;
}

interface Numbers {
  volume: NumberHit | null;
  chapter: NumberHit | null;
  /** Every chapter marker in the name, cut from the title. */
  chapters: NumberHit[];
  /** `v1993`-style run years, cut from the title; the first gives the year when nothing else does. */
  runYears: NumberHit[];
}

/** Stage 5 of the header. */
function readNumbers(
  ctx: Context,
  brackets: Brackets,
  kindNumber: number | null,
  seriesName: string | null | undefined,
): Numbers {
  const chapters = findAll(CHAPTER_MARKERS, ctx);
  let chapter: NumberHit | null = chapters[0] ?? null;
  // A kind's own number: its span is already cut with the kind keyword.
  if (kindNumber !== null) {
    return { volume: { start: 0, end: 0, volume: kindNumber, volumeEnd: null }, chapter, chapters, runYears: [] };
  }
  const marked = findAll(VOLUME_MARKERS, ctx);
  const runYears = marked.filter((hit) => isRunYear(ctx.text, hit));
  ctx.masks.push(...runYears);
  let volume = marked.find((hit) => !isRunYear(ctx.text, hit)) ?? null;
  if (volume !== null) {
    volume = albumNumberBefore(ctx, volume) ?? volume;
    chapter ??= issueAfterVolume(ctx, volume);
  } else {
    // `Tower of God - S2 - 280`: the number after a season is its episode before it is the end of a season range.
    const season = findAll(SEASON_MARKERS, ctx, false)[0] ?? null;
    const episode = season === null || chapter !== null ? null : seasonEpisode(ctx.text, season);
    chapter ??= episode;
    volume = season !== null && episode === null ? withRange(ctx.text, season, SEASON_MARKERS.rangeWords) : season;
  }
  if (volume === null && chapter !== null) {
    volume = bracketVolume(brackets, ctx.ebook, [VOLUME_MARKERS]);
  } else if (volume === null) {
    volume = fallbackVolume(ctx, brackets, seriesName);
    if (volume === null) chapter = bracketVolume(brackets, ctx.ebook, [CHAPTER_MARKERS]);
  }
  return { volume, chapter, chapters, runYears };
}

/** Of several bracketed years the book's own is the last (`Saga 001 (2012) (2019)`), unless it repeats the folder's. */
function pickYear(years: readonly number[], seriesName: string | null | undefined): number | null {
  if (years.length === 0) return null;
  const folderYears = new Set(seriesName ? extractBrackets(seriesName.normalize('NFC')).years : []);
  return years.findLast((y) => !folderYears.has(y)) ?? years.at(-1) ?? null;
}

/** Dates outside brackets are cut from the name; their years are collected in name order. */
function cutDates(text: string, years: number[]): string {
  if (!/\d{4}/.test(text)) return text;
  let result = text;
  for (const re of DATE_PATTERNS) {
    result = result.replace(re, (_whole, year: string) => {
      years.push(Number(year));
      return ' ';
    });
  }
  return result === text ? text : collapse(result);
}

/**
 * Scene releases end in language, format and group words that are no part of the title, and give the year bare
 * after the number (`The.Walking.Dead.193.2019.FRENCH`); after a title word it may be the title (`Spider-Man.2099`).
 */
function dropReleaseTail(brackets: Brackets): string {
  const words = brackets.text.split(' ');
  while (words.length > 1 && RELEASE_WORD.test(words.at(-1) ?? '')) words.pop();
  // 0-day packs name the group alone after the release words (`Batman.001.2016.Digital.Zone-Empire`).
  if (words.length > 2 && GROUP_TAG.test(words.at(-1) ?? '') && RELEASE_WORD.test(words.at(-2) ?? '')) {
    words.pop();
    while (words.length > 1 && RELEASE_WORD.test(words.at(-1) ?? '')) words.pop();
  }
  const last = words.at(-1) ?? '';
  if (words.length > 2 && isYearLike(last) && /\d/.test(words.at(-2) ?? '')) {
    brackets.years.push(Number(last));
    words.pop();
  }
  return words.join(' ');
}

/** What may follow a series prefix for it to be one, rather than the start of a longer title (`Astérix le Gaulois`). */
function isStructural(rest: string): boolean {
  const trimmed = rest.trimStart();
  // A glued dash or apostrophe continues a word (`Spider-Man`, `Batman's`); other punctuation ends the name.
  if (trimmed === '' || /^(?:\d|[-–—](?:\s|\d|$)|[^\p{L}\p{N}\s'’\-–—])/u.test(trimmed)) return true;
  const tables = [VOLUME_MARKERS, ISSUE_MARKERS, WEAK_MARKERS, CHAPTER_MARKERS, SEASON_MARKERS];
  if (tables.some((t) => startsWith(t.sticky, trimmed))) return true;
  return KIND_RULES.some(([, re]) => startsWith(re, trimmed));
}

function startsWith(re: RegExp, text: string): boolean {
  const sticky = re.sticky ? re : stickyOf(re);
  sticky.lastIndex = 0;
  return sticky.test(text);
}

const stickies = new Map<RegExp, RegExp>();
function stickyOf(re: RegExp): RegExp {
  let sticky = stickies.get(re);
  if (sticky === undefined) {
    sticky = new RegExp(re.source, re.flags.replace('g', '') + 'y');
    stickies.set(re, sticky);
  }
  return sticky;
}

interface KindHit extends Span {
  kind: VolumeKind;
  number: number | null;
  year: number | null;
}

function detectKinds(text: string, ebook: boolean): KindHit[] {
  const hits: KindHit[] = [];
  for (const [kind, re] of KIND_RULES) {
    if (ebook && COMICS_ONLY.has(re)) continue;
    for (const match of text.matchAll(re)) {
      const end = match.index + match[0].length;
      const attached = KIND_NUMBER.exec(text.slice(end));
      const number = attached?.[1] !== undefined ? Number(attached[1]) : null;
      // `Batman Annual 2021`, `Hors-série 2019`: a year after the keyword dates the book, it does not number it.
      const dated = attached === null ? KIND_YEAR.exec(text.slice(end)) : null;
      const year = dated?.[1] !== undefined && isYearLike(dated[1]) ? Number(dated[1]) : null;
      const length = attached?.[0].length ?? (year === null ? 0 : (dated?.[0].length ?? 0));
      hits.push({ kind, number, year, start: match.index, end: end + length });
    }
  }
  return hits;
}

/** Marker hits after the series prefix and outside masks, in name order, each extended by its range if any. */
function findAll(table: MarkerTable, ctx: Context, ranges = true): NumberHit[] {
  const hits: NumberHit[] = [];
  for (const match of ctx.text.matchAll(table.re)) {
    const start = match.index;
    const end = start + match[0].length;
    if (start < ctx.bodyStart || overlaps({ start, end }, ctx.masks)) continue;
    const { first, last } = numbersOf(table, match);
    if (!Number.isFinite(first)) continue;
    if (last !== null) {
      const range = last > first && last - first <= MAX_RANGE_WIDTH ? last : null;
      hits.push({ start, end, volume: first, volumeEnd: range });
      continue;
    }
    const hit = { start, end, volume: first, volumeEnd: null };
    hits.push(ranges ? withRange(ctx.text, hit, table.rangeWords) : hit);
  }
  return hits;
}

function withRange(text: string, hit: NumberHit, rangeWords: ReadonlySet<string>): NumberHit {
  const tail = RANGE_TAIL.exec(text.slice(hit.end));
  if (tail === null) return hit;
  const [whole, before = '', separator = '', after = '', marker, second = ''] = tail;
  const markerWord = marker?.replace(/[.\s]/g, '').toLowerCase();
  if (markerWord !== undefined && !rangeWords.has(markerWord)) return hit;
  const spaced = before !== '' || after !== '';
  // Scene names lose the dot of `T01.T15`: two markers of a kind side by side still make a range.
  if (separator === '' && !(spaced && markerWord !== undefined)) return hit;
  if (/^\p{L}|&/u.test(separator) && (before === '' || after === '')) return hit;
  if (separator === '.' && markerWord === undefined) return hit;
  // `Tome 3 - 12 rue des Lilas`: a spaced dash and a bare number end a range only at the end of the name.
  if (/^[-–—~]$/u.test(separator) && spaced && markerWord === undefined && text.slice(hit.end + whole.length).trim())
    return hit;
  // `V2-031` is volume 2, issue 31: a bare second half padded differently from the first is no range.
  const firstDigits = /\d+(?:\.\d+)?$/.exec(text.slice(hit.start, hit.end))?.[0] ?? '';
  if (markerWord === undefined && /^0\d/.test(second) && second.length !== firstDigits.length) return hit;
  const last = Number(second);
  if (!(last > hit.volume && last - hit.volume <= MAX_RANGE_WIDTH)) return hit;
  return { ...hit, end: hit.end + whole.length, volumeEnd: last };
}

/**
 * `Les Aventures de Tintin - 22 - Vol 714 pour Sydney`, `04 - Blake et Mortimer - … T1`: an album number that opens
 * the name (or follows the series prefix) set off by a dash, or one between spaced dashes, is the book's; a marker
 * after it is part of its title.
 */
function albumNumberBefore(ctx: Context, marker: NumberHit): NumberHit | null {
  const match = ALBUM_NUMBER.exec(ctx.text.slice(ctx.bodyStart, marker.start));
  if (match?.[1] === undefined || isYearLike(match[1])) return null;
  const start = ctx.bodyStart + match.index + match[0].length - match[1].length - match[2]!.length;
  if (overlaps({ start, end: start + match[1].length }, ctx.masks)) return null;
  return { start, end: start + match[1].length, volume: Number(match[1]), volumeEnd: null };
}

/** `Robin V1993`, `Batman v2016`, `Batman Vol.2000 #57`: a `v` or `Vol` before a year names the run, not the volume. */
function isRunYear(text: string, hit: NumberHit): boolean {
  return RUN_YEAR.test(text.slice(hit.start)) && isYearLike(String(hit.volume));
}

/** The episode right after a season marker: `S02 031`, `S01E045`, `Season 2 - 031`. */
function seasonEpisode(text: string, season: NumberHit): NumberHit | null {
  const match = SEASON_EPISODE.exec(text.slice(season.end));
  if (match?.[1] === undefined) return null;
  return { start: season.end, end: season.end + match[0].length, volume: Number(match[1]), volumeEnd: null };
}

/** `Batman v3 #050`, `Series-V2-031`: after the run's volume, the issue within it. */
function issueAfterVolume(ctx: Context, volume: NumberHit): NumberHit | null {
  const rest = ctx.text.slice(volume.end);
  const glued = GLUED_ISSUE.exec(rest) ?? PADDED_ISSUE.exec(rest);
  if (glued?.[1] !== undefined && !isYearLike(glued[1]) && /v\.?\d+$/i.test(ctx.text.slice(volume.start, volume.end))) {
    return { start: volume.end, end: volume.end + glued[0].length, volume: Number(glued[1]), volumeEnd: null };
  }
  return findAll(ISSUE_MARKERS, ctx).find((hit) => hit.start >= volume.end) ?? null;
}

function innerContext(content: string, ebook: boolean): Context {
  return { text: content, bodyStart: 0, masks: [], ebook, underscored: false, seriesEnds: [] };
}

/** A marker inside a set-aside bracket; its span lies in the bracket, not in the name: nothing to cut. */
function bracketVolume(brackets: Brackets, ebook: boolean, tables: readonly MarkerTable[]): NumberHit | null {
  for (const content of brackets.kept) {
    for (const table of tables) {
      const found = findAll(table, innerContext(content, ebook))[0];
      if (found !== undefined) return { start: 0, end: 0, volume: found.volume, volumeEnd: found.volumeEnd };
    }
  }
  return null;
}

/**
 * Ebook libraries name the series and the book's place in it in a bracket (`… (Wheel of Time 1)`,
 * `Robert Jordan - [Wheel of Time 01] - …`): the number ending a group that opens with the folder's series.
 */
function seriesInBracket(brackets: Brackets, seriesName: string | null | undefined): NumberHit | null {
  const variants = seriesVariants(seriesName);
  for (const content of brackets.numbered) {
    const prefix = findSeries(content, variants).find((span) => span.start === 0);
    const number = prefix === undefined ? undefined : SERIES_PLACE.exec(content.slice(prefix.end))?.[1];
    if (number !== undefined) return { start: 0, end: 0, volume: Number(number), volumeEnd: null };
  }
  return null;
}

function fallbackVolume(ctx: Context, brackets: Brackets, seriesName: string | null | undefined): NumberHit | null {
  const issue = findAll(ISSUE_MARKERS, ctx)[0];
  if (issue !== undefined) return issue;
  const hit = bareVolume(ctx, () => weakVolume(ctx));
  if (hit !== undefined) return hit;
  const inBrackets = bracketVolume(brackets, ctx.ebook, [VOLUME_MARKERS, ISSUE_MARKERS, WEAK_MARKERS]);
  if (inBrackets !== null) return inBrackets;
  const inSeries = seriesInBracket(brackets, seriesName);
  if (inSeries !== null) return inSeries;
  const last = brackets.ofNumber ?? (ctx.ebook ? null : brackets.alone);
  return last === null ? null : { start: 0, end: 0, volume: last, volumeEnd: null };
}

/**
 * `No. 12`, `Book 3`; but a number right after the weak marker's, ending the name or before a dash, is the book's
 * and the marker ends the series' name: `Kaiju No. 8 036`, with or without its folder.
 */
function weakVolume(ctx: Context): NumberHit | undefined {
  const weak = findAll(WEAK_MARKERS, ctx)[0];
  if (weak === undefined) return undefined;
  const after = NUMBER_AFTER_WEAK.exec(ctx.text.slice(weak.end));
  if (after?.[2] === undefined || isYearLike(after[2])) return weak;
  const start = weak.end + after[1]!.length;
  return { start, end: start + after[2].length, volume: Number(after[2]), volumeEnd: null };
}
