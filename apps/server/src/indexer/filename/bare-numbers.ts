/** Stage 5d–j: a number with no marker, and the rules, in order, that let it be the volume. */
import { isYearLike } from './dates.js';
import type { Span } from './series.js';

export interface NumberHit extends Span {
  volume: number;
  volumeEnd: number | null;
}

export interface BareContext {
  /** The name after stage 2: no extension, no brackets, single spaces. */
  text: string;
  /** Where the text after the series prefix starts (0 when the name does not repeat the folder). */
  bodyStart: number;
  /** Spans whose digits must not be read as a volume. */
  masks: Span[];
  ebook: boolean;
  underscored: boolean;
  /** Where each occurrence of the folder's series name ends, wherever it lies in the name. */
  seriesEnds: readonly number[];
}

interface BareNumber extends NumberHit {
  digits: string;
  before: string;
  after: string;
}

type BareRule = (n: BareNumber, ctx: BareContext) => boolean;

/** A standalone number: not glued to letters, not part of a longer number or of `#12`. */
const BARE_NUMBER = /(?<![\p{L}\p{N}.,#'’])(\d{1,4}(?:\.\d{1,2})?)(?![\p{L}\p{N}]|[.,]\d)/gu;
const GLUED_RANGE = /^[-–](\d{1,4})(?![\p{L}\p{N}]|[.,]\d)/u;
/** The reference implementation's bound: a wider span is two unrelated numbers, not a range. */
export const MAX_RANGE_WIDTH = 500;

/** Words only, no digit or separator: the series as the name opens with it. */
const LEADING_WORDS = /^(?:\p{L}[\p{L}'’.&!-]*\s)+$/u;
const ARTICLE_BEFORE =
  /(?:^|\s)(?:les|le|la|l['’]|the|a|an|des|du|de|un|une|die|der|das|el|los|las|il|lo|gli|het|een|of|and|et|en)\s$/iu;

const isZeroPadded = (n: BareNumber): boolean => /^0\d/.test(n.digits);
const spaceBefore = (n: BareNumber): boolean => /\S\s$/u.test(n.before);

/** Rules d–e, tried before the weak markers. */
const EARLY_RULES: readonly BareRule[] = [
  // d. Right after the series prefix: `Gantz 37`, `Mob Psycho 100 - 05` in their folders, `hellboy-045`.
  (n, ctx) => ctx.bodyStart > 0 && /^[\s\-–—:,.#]*$/u.test(n.before),
  // d'. Right after the series named mid-name, then a dash or the end: ebooks put the author first
  // (`J.K. Rowling - Harry Potter 1 - Harry Potter and the Philosopher's Stone`).
  (n, ctx) =>
    ctx.seriesEnds.some((end) => end > ctx.bodyStart && /^\s#?$/u.test(ctx.text.slice(end, n.start))) &&
    /^\s*(?:[-–—]\s|$)/u.test(n.after),
  // e. Between dashes, or after a dash at the end: `XIII - 01 - Le Jour…`, `Invincible - 05`.
  (n) => /(?:^|\s)[-–—]\s*$/u.test(n.before) && /^\s*(?:[-–—](?:\s|$)|$)/u.test(n.after),
];

/** Rules g–k, tried after the weak markers. */
const LATE_RULES: readonly BareRule[] = [
  // g. Leading album number followed by `-`, `.`, `)`, zero-padded, or alone: `01 - Titre`, `06. yatho`, `700`.
  (n, ctx) =>
    ctx.bodyStart === 0 &&
    n.before.trim() === '' &&
    (/^\s*[-–—.)]/u.test(n.after) || n.after.trim() === '' || (isZeroPadded(n) && /^\s/.test(n.after))),
  // h. Comics: a number before ` - ` and a title: `Naruto 12 - Titre`.
  (n, ctx) => !ctx.ebook && spaceBefore(n) && /^\s+[-–—]\s/u.test(n.after),
  // i. A zero-padded number mid-name (`Blacksad 05 Amarillo`), any 2+ digit one in underscore names.
  (n, ctx) =>
    spaceBefore(n) && /^\s\S/u.test(n.after) && (isZeroPadded(n) || (ctx.underscored && n.digits.length >= 2)),
  // j. Trailing number (`Saga 018`); in ebooks only zero-padded, as `Fahrenheit 451` is a title.
  (n, ctx) => spaceBefore(n) && n.after.trim() === '' && (!ctx.ebook || isZeroPadded(n)),
  // k. Comics glued with a dash at the end, zero-padded or three digits: `hellboy-045`, `Sandman-075`.
  (n, ctx) =>
    !ctx.ebook && /\p{L}[-–]$/u.test(n.before) && n.after.trim() === '' && (isZeroPadded(n) || n.digits.length >= 3),
  // l. Comics: the first number after words alone, then title words (`Michel Vaillant 5 Nr. 13 aan de start`,
  // `batman 3 title`); after an article it belongs to the title (`Les 4 Fantastiques et…`, `The 100 Greatest…`).
  (n, ctx) =>
    !ctx.ebook &&
    ctx.bodyStart === 0 &&
    n.digits.length <= 3 &&
    LEADING_WORDS.test(n.before) &&
    !ARTICLE_BEFORE.test(n.before) &&
    /^\s\p{L}/u.test(n.after),
];

export function bareVolume(ctx: BareContext, weak: () => NumberHit | undefined): NumberHit | undefined {
  const numbers = bareNumbers(ctx);
  if (numbers.length === 0) return weak();
  const byRules = (rules: readonly BareRule[]): BareNumber | undefined => {
    for (const rule of rules) {
      const hit = numbers.find((n) => rule(n, ctx));
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  const hit = byRules(EARLY_RULES) ?? weak() ?? byRules(LATE_RULES);
  return hit === undefined
    ? undefined
    : { start: hit.start, end: hit.end, volume: hit.volume, volumeEnd: hit.volumeEnd };
}

function bareNumbers(ctx: BareContext): BareNumber[] {
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

export function overlaps(span: Span, masks: readonly Span[]): boolean {
  for (const m of masks) if (m.end > m.start && span.start < m.end && span.end > m.start) return true;
  return false;
}
