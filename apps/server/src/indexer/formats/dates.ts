/** Dates outside this window are placeholders (calibre writes 0101-01-01 for "unknown") or typos. */
const MIN_YEAR = 1000;
const MAX_YEARS_AHEAD = 5;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * YYYY-MM-DD from parts, or undefined when the year is missing or not sane. An invalid or missing month gives
 * YYYY-01-01 and an invalid or missing day gives YYYY-MM-01, which is how the API spells "only the year/month known".
 */
export function buildDate(
  year: number | undefined,
  month?: number,
  day?: number,
  minYear = MIN_YEAR,
  now = new Date(),
): string | undefined {
  if (year === undefined || !Number.isInteger(year)) return undefined;
  if (year < minYear || year > now.getUTCFullYear() + MAX_YEARS_AHEAD) return undefined;
  if (month === undefined || !Number.isInteger(month) || month < 1 || month > 12) return `${pad(year, 4)}-01-01`;
  const validDay = day !== undefined && Number.isInteger(day) && day >= 1 && day <= daysInMonth(year, month);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(validDay ? day : 1, 2)}`;
}

function toInt(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d{1,4}\s*$/.test(text)) return undefined;
  return Number(text);
}

/** From ComicInfo's separate Year/Month/Day elements. */
export function dateFromParts(year?: string, month?: string, day?: string): string | undefined {
  return buildDate(toInt(year), toInt(month), toInt(day));
}

/**
 * From W3C-DTF as OPF uses it (`2021`, `2021-06`, `2021-06-20`, `2021-06-20T16:00:00+00:00`). The calendar date as
 * written is kept; converting the time zone would move calibre's "T16:00:00+00:00"-style dates to another day.
 */
export function dateFromIso(text: string | undefined): string | undefined {
  const match = /^\s*(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:[T\s]|$)/.exec(text ?? '');
  if (!match) return undefined;
  return buildDate(toInt(match[1]), toInt(match[2]), toInt(match[3]));
}

/** The first year PDF files existed; earlier creation dates (often 1970 from a zeroed clock) are wrong. */
const FIRST_PDF_YEAR = 1993;

/** From a PDF date string (`D:20220105095617+01'00'`). Creation dates in the future or before PDF existed are dropped. */
export function dateFromPdf(text: string | undefined, now = new Date()): string | undefined {
  const match = /^\s*(?:D:)?(\d{4})(\d{2})?(\d{2})?/.exec(text ?? '');
  if (!match) return undefined;
  const date = buildDate(toInt(match[1]), toInt(match[2]), toInt(match[3]), FIRST_PDF_YEAR, now);
  if (date === undefined || date > now.toISOString().slice(0, 10)) return undefined;
  return date;
}
