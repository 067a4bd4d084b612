/**
 * Dates as the admin's language writes them (French 29/11/2026, English 11/29/2026: the order Intl gives the
 * locale, as everywhere else in the admin), read back into the `YYYY-MM-DD` the API takes. A native date input
 * would follow the browser's language instead of the admin's. Partial dates (a year, a month and year) stand for
 * their first day, as the server stores them.
 */

export type DatePart = 'day' | 'month' | 'year';

/** Why a text is not a date: codes of `problems.codes`, said like the server's field errors. */
export type DateProblem = 'dateFormat' | 'dateMonth' | 'dateDay';

export type ParsedDate = { ok: true; iso: string } | { ok: false; code: DateProblem };

export interface DateStyle {
  order: DatePart[];
  separator: string;
}

/** The order and separator of the locale's numeric date, from Intl (a date where day, month and year all differ). */
export function dateStyle(locale: string): DateStyle {
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2001, 10, 22)));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  return { order: order.length === 3 ? order : ['year', 'month', 'day'], separator };
}

/** What the field shows as its placeholder and hint: `letters` are the language's own (`jj`, `mm`, `aaaa`). */
export function datePattern(style: DateStyle, letters: Record<DatePart, string>, parts?: readonly DatePart[]): string {
  return style.order
    .filter((part) => !parts || parts.includes(part))
    .map((part) => letters[part])
    .join(style.separator);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An API date (`YYYY-MM-DD`) as the language writes it; anything else is shown as it is. */
export function formatDate(iso: string, style: DateStyle): string {
  const match = ISO.exec(iso);
  if (!match) return iso;
  const values: Record<DatePart, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  return style.order.map((part) => values[part]).join(style.separator);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function checked(year: string, month: string, day: string): ParsedDate {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day) || Number(year) === 0)
    return { ok: false, code: 'dateFormat' };
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (m < 1 || m > 12) return { ok: false, code: 'dateMonth' };
  if (d < 1 || d > daysIn(y, m)) return { ok: false, code: 'dateDay' };
  return { ok: true, iso: `${pad(y, 4)}-${pad(m)}-${pad(d)}` };
}

/**
 * A typed date, in the language's order (any of `/ . -` or spaces between the numbers) or as an ISO date; with
 * `partial`, a year alone or a month and year too, read as their first day. Empty is no date (`iso: ''`).
 */
export function parseDate(text: string, style: DateStyle, { partial = false } = {}): ParsedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, iso: '' };
  const iso = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/.exec(trimmed);
  if (iso && (iso[3] !== undefined || partial)) return checked(iso[1]!, iso[2]!, iso[3] ?? '1');
  const pieces = trimmed.split(/\s*[/.\-\s]\s*/);
  if (pieces.some((piece) => !/^\d+$/.test(piece))) return { ok: false, code: 'dateFormat' };
  if (pieces.length === 3) {
    const values = Object.fromEntries(style.order.map((part, index) => [part, pieces[index]!])) as Record<
      DatePart,
      string
    >;
    return checked(values.year, values.month, values.day);
  }
  if (partial && pieces.length === 2) {
    const [first, second] = style.order.filter((part) => part !== 'day');
    const values = { [first!]: pieces[0]!, [second!]: pieces[1]! } as Record<'month' | 'year', string>;
    return checked(values.year, values.month, '1');
  }
  if (partial && pieces.length === 1) return checked(pieces[0]!, '1', '1');
  return { ok: false, code: 'dateFormat' };
}
