/**
 * Dates: a year in brackets is the book's year; a date outside brackets is a date, never a volume. One entry per
 * convention; each pattern's first group is the year.
 */

/** English and French month names and their abbreviations; whole words only (`Marvel 1985` is a title). */
const MONTHS = String.raw`(?:jan(?:uary|vier)?|feb(?:ruary)?|f[ée]v(?:rier)?|mar(?:ch|s)?|apr(?:il)?|avr(?:il)?|may|mai|june?|juin|july?|juil(?:let)?|aug(?:ust)?|ao[uû]t|sept?(?:ember|embre)?|oct(?:ober|obre)?|nov(?:ember|embre)?|d[ée]c(?:ember|embre)?)\.?(?![\p{L}])`;
const YEAR = String.raw`((?:19|20)\d\d)`;

export const DATE_PATTERNS: readonly RegExp[] = [
  // ISO `2019-11-02`, `2019.11.02`, and year-month `1977-04` (magazines by month).
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])${YEAR}[-.](?:0[1-9]|1[0-2])(?:[-.](?:0[1-9]|[12]\d|3[01]))?(?![\p{L}\p{N}])`,
    'gu',
  ),
  // US `07-15-1998` and European `15-03-1980`.
  new RegExp(String.raw`(?<![\p{L}\p{N}])\d{1,2}[-.]\d{1,2}[-.]${YEAR}(?![\p{L}\p{N}])`, 'gu'),
  // A month or a span of months and a year: `Aug 1962`, `Mar-Apr 1962`, `Juillet 1975`.
  new RegExp(String.raw`(?<![\p{L}\p{N}])${MONTHS}(?:\s?[-/]\s?${MONTHS})?\s${YEAR}(?![\p{L}\p{N}])`, 'giu'),
  // A year ending the name right after the issue number (`Spawn 078.BEY 2020` once its variant code is dropped).
  new RegExp(String.raw`(?<=(?<![\p{L}\p{N}.])\d{1,4}\s)${YEAR}$`, 'gu'),
];

/** A bracket holding only a date: `(2019)`, `(2012-03)`, `(May 2013)`, `(2006-2012)`. */
export const BRACKET_YEAR = /^(?:\p{L}+\.?\s+)?((?:19|20)\d\d)(?:\s*[-–/.]\s*\d{1,4}){0,2}$/u;

export function isYearLike(digits: string): boolean {
  if (digits.length !== 4 || !/^\d{4}$/.test(digits)) return false;
  const year = Number(digits);
  return year >= 1900 && year <= 2099;
}
