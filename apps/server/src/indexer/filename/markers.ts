/**
 * The words and counters that announce a number, one table per class. Each entry is one naming convention: a
 * pattern whose first capturing group is the number and whose optional second group is the last number of a range
 * the convention writes inside the marker (`2-4巻`); ranges written after a prefix marker (`T01-T05`, `v01-03`) are
 * read by the parser's range rule instead. A new convention is a new entry here, and its vectors in
 * test/fixtures/filename-vectors.ts.
 */

/** Digits after a marker: up to 5 (issue #10000 exists, IDs are longer), an optional `.5`, then no letter or digit. */
const NUM = String.raw`(\d{1,5}(?:\.\d{1,2})?)(?![\p{L}\p{N}])`;
/** A chapter number may carry the scan's version glued after it (`Chapter07v3`, `c045v2`), cut with it. */
const CHAPTER_NUM = String.raw`(\d{1,5}(?:\.\d{1,2})?)(?:v\d{1,2})?(?![\p{L}\p{N}])`;
/** A number before a counter (`6巻`, `5권`): not the end of a longer number or of a `.5`. */
const COUNTED = String.raw`(?<![\d.])(\d{1,5}(?:\.\d{1,2})?)`;
/** A marker word must start a word; the apostrophe keeps `can't 3` and `l't` out. */
export const WORD_START = String.raw`(?<![\p{L}\p{N}'’])`;

export interface MarkerTable {
  /** All entries as one alternation, global, for scanning a name. */
  readonly re: RegExp;
  /** The same, sticky, to test whether a marker starts at a given place. */
  readonly sticky: RegExp;
  /** For each entry, the index of its number's group and how many groups it has. */
  readonly groups: readonly (readonly [first: number, count: number])[];
  /** Marker words that may repeat before the second half of a range (`T01-T05`, `Tome 1 à Tome 3`). */
  readonly rangeWords: ReadonlySet<string>;
}

function table(entries: readonly string[], rangeWords: readonly string[]): MarkerTable {
  const groups: (readonly [number, number])[] = [];
  let next = 1;
  for (const entry of entries) {
    const count = (new RegExp(`${entry}|`, 'u').exec('')?.length ?? 1) - 1;
    groups.push([next, count]);
    next += count;
  }
  const source = entries.map((entry) => `(?:${entry})`).join('|');
  return {
    re: new RegExp(source, 'giu'),
    sticky: new RegExp(source, 'iuy'),
    groups,
    rangeWords: new Set(rangeWords),
  };
}

/** The number (and range end, if the entry writes one) of a match of a table. */
export function numbersOf(table: MarkerTable, match: RegExpExecArray): { first: number; last: number | null } {
  for (const [first, count] of table.groups) {
    const digits = match[first];
    if (digits === undefined) continue;
    const end = count > 1 ? match[first + 1] : undefined;
    return { first: Number(digits), last: end === undefined ? null : Number(end) };
  }
  return { first: Number.NaN, last: null };
}

export const VOLUME_WORDS = String.raw`(?:tomes?|tomo|volumes?|vols?)\.?\s{0,3}(?:n[°º]\s?|#\s?)?`;

/** Volume markers; the first one in the name is the volume. */
export const VOLUME_MARKERS = table(
  [
    // French BD `Tome 3`, `Tomes 1 à 3`, `Tome n°3`; Spanish and Italian `tomo 2`; English `Volume 2`, `Vol. 2`.
    String.raw`${WORD_START}${VOLUME_WORDS}${NUM}`,
    // French BD abbreviation `T03`, `T.3`, `T 3` (one space at most).
    String.raw`${WORD_START}t\.?\s?${NUM}`,
    // English and scanlation `v01`, `v.2`, glued: `Batman v Superman 2` is no volume.
    String.raw`${WORD_START}v\.?${NUM}`,
    // Russian `Том 4`, `Т.5`.
    String.raw`${WORD_START}(?:том|т\.)\s?${NUM}`,
    // Thai `เล่ม 4`, `เล่มที่ 12` (Thai writes no spaces between words, so no word start).
    String.raw`เล่ม(?:ที่)?\s?${NUM}`,
    // Japanese and Chinese counters `第4巻`, `6巻`, `2-4巻`, `第5册`.
    String.raw`(?:第\s?)?${COUNTED}(?:\s?[-~〜～]\s?(\d{1,5}))?\s?[巻卷冊册]`,
    // Chinese scanlations write the counter before the number when a chapter follows: `卷2第25话`, `卷4 第300话`.
    String.raw`[巻卷冊册]\s?(\d{1,5}(?:\.\d{1,2})?)(?=\s?第)`,
    // Korean `제5권`, `4.5권`.
    String.raw`(?:제\s?)?${COUNTED}(?:\s?[-~]\s?(\d{1,5}))?\s?권`,
  ],
  ['tome', 'tomes', 'tomo', 'volume', 'volumes', 'vol', 'vols', 't', 'v', 'том', 'т'],
);

/** Chapter markers. */
export const CHAPTER_MARKERS = table(
  [
    // Scanlation `Chapter 11`, `Ch.15`, `Chap 45`, `chapter-045`; French `Chapitre 45`.
    String.raw`${WORD_START}(?:chapters?|chapitres?|chap|chp|ch)\.?[\s-]{0,3}${CHAPTER_NUM}`,
    // Scanlation `c001`, glued.
    String.raw`${WORD_START}c${CHAPTER_NUM}`,
    // Webtoon `Episode 10`, `Ep. 15`.
    String.raw`${WORD_START}(?:episodes?|ep\.?)\s{0,3}${CHAPTER_NUM}`,
    // Russian `Глава 17`, `Гл. 17`.
    String.raw`${WORD_START}(?:глава|гл\.)\s?${CHAPTER_NUM}`,
    // Russian with the number first: `2 Глава`, `7 глава` (in `Том 4 Глава 17` the number after is the chapter).
    String.raw`(?<![\p{L}\p{N}.])(\d{1,5}(?:\.\d{1,2})?)\s(?:глава)(?![\p{L}\p{N}]|\s?\d)`,
    // Thai `ตอนที่ 12`, `บทที่ 112`.
    String.raw`(?:ตอน|บท)(?:ที่)?\s?${CHAPTER_NUM}`,
    // Japanese `第12話`, Chinese `第12话`, `第12回`, `第12章`.
    String.raw`(?:第\s?)?${COUNTED}(?:\s?[-~〜～]\s?(\d{1,5}))?\s?[話话回章]`,
    // Korean `12화`, `제120화`, and the `회` and `장` counters (`13회`, `13장`).
    String.raw`(?:제\s?)?${COUNTED}(?:\s?[-~]\s?(\d{1,5}))?\s?(?:화|[회장](?![\p{L}\p{N}]))`,
  ],
  ['chapter', 'chapters', 'chapitre', 'chapitres', 'chap', 'chp', 'ch', 'c', 'глава', 'гл'],
);

/** Issue markers (western comics): the book's number. */
export const ISSUE_MARKERS = table(
  [
    // `#12`, `# 4`; glued to a word it is a language (`C# 10`), not an issue.
    String.raw`(?<![\p{L}\p{N}])#\s?${NUM}`,
    // `Issue 12`, `Issue #4`.
    String.raw`${WORD_START}issues?\s{0,3}#?\s?${NUM}`,
    // Russian `Выпуск 5`, `№ 5`.
    String.raw`(?:${WORD_START}(?:выпуск|вып\.)\s?|№\s?)${NUM}`,
  ],
  ['#', 'issue', 'issues'],
);

/** Weak markers: read after a bare number between dashes, as `Kaiju No. 8 - 02` is volume 2. */
export const WEAK_MARKERS = table(
  [
    // French `n°45`, English `No. 12`.
    String.raw`${WORD_START}(?:n[°º]\s?|no\.\s?)${NUM}`,
    // Novels and BD `Book 3`, `Part 2`, `Livre 2`, `Partie 1`.
    String.raw`${WORD_START}(?:book|part|livre|partie)\s{0,3}#?\s?${NUM}`,
  ],
  [],
);

/**
 * Webtoon seasons: `S02`, `Season 2`, `Saison 2`. A season is read as the volume (it is how webtoons are collected)
 * and the episode after it as the chapter.
 */
export const SEASON_MARKERS = table(
  [
    // `S02 031`, `S01E045`: glued, two digits at most.
    String.raw`${WORD_START}s(\d{1,2})(?=e\d|[^\p{L}\p{N}]|$)`,
    // `Season 2`, French `Saison 2`.
    String.raw`${WORD_START}(?:season|saison)\s?${NUM}`,
    // Korean webtoons collect their seasons as parts: `2부`, `제2부` (`신의 탑 2부 140화`).
    String.raw`(?:제\s?)?${COUNTED}\s?부(?![\p{L}\p{N}])`,
    // Korean `시즌3`, glued to its episode (`시즌34삽화2`).
    String.raw`시즌\s?(\d{1,3})(?!\d)`,
  ],
  [],
);
/** The episode right after a season: ` 031`, ` - 001`, `E045`, ` Ep. 15`, ` Episode 10`, Korean `삽화2`. */
export const SEASON_EPISODE =
  /^\s?(?:[-–—]\s?)?(?:e|ep\.?\s?|episode\s?|#|삽화\s?)?(\d{1,4}(?:\.\d{1,2})?)(?![\p{L}\p{N}])/iu;

/** In brackets a lone `[v2]` is a release version, so only these markers make a group worth reading. */
export const BRACKET_MARKER = new RegExp(
  String.raw`${WORD_START}(?:${VOLUME_WORDS}|t\.?\s?|(?:chapters?|chapitres?|chap|chp|ch)\.?\s{0,3}|c)${NUM}|#\s?\d`,
  'iu',
);
/** A `v` volume in brackets: in parentheses (`(v02)`, `(v2)`) or zero-padded in any bracket (`[v02]`). */
export const BRACKET_V_VOLUME = /^v\.?(\d{1,4}(?:\.\d{1,2})?)$/iu;
