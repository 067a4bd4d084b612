/** Field-level clean-up of Google Books values, shared by the series and volume mappings. */

/** Google still hands out `http://` thumbnails (mixed content in the admin) with a page-curl effect baked in. */
export function coverUrl(thumbnail: string | null, smallThumbnail: string | null): string | null {
  const url = thumbnail ?? smallThumbnail;
  if (url === null) return null;
  const secure = url.startsWith('http://') ? `https://${url.slice('http://'.length)}` : url;
  return secure.replace(/&edge=curl(?=&|$)/, '');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, no more precise than what Google gives and valid: an impossible month or day is
 * dropped rather than guessed; a value with no leading year (e.g. `19??`) gives null.
 */
export function publishDate(raw: string | null): string | null {
  if (raw === null) return null;
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(raw.trim());
  if (!match) return null;
  const [, yearText = '', monthText, dayText] = match;
  const year = Number(yearText);
  if (year < 1000) return null;
  if (monthText === undefined) return yearText;
  const month = Number(monthText);
  if (month < 1 || month > 12) return yearText;
  if (dayText === undefined) return `${yearText}-${monthText}`;
  const day = Number(dayText);
  if (day < 1 || day > daysInMonth(year, month)) return `${yearText}-${monthText}`;
  return `${yearText}-${monthText}-${dayText}`;
}

export function yearOf(raw: string | null): number | null {
  const date = publishDate(raw);
  return date === null ? null : Number(date.slice(0, 4));
}

/** ISBN-13 wherever it sits in the list (Google often lists ISBN-10 first), else ISBN-10; digits and X only. */
export function isbn(identifiers: readonly { type: string; identifier: string }[]): string | null {
  const clean = (type: string, pattern: RegExp): string | null => {
    for (const entry of identifiers) {
      if (entry.type !== type) continue;
      const value = entry.identifier.replace(/[\s-]/g, '').toUpperCase();
      if (pattern.test(value)) return value;
    }
    return null;
  };
  return clean('ISBN_13', /^\d{13}$/) ?? clean('ISBN_10', /^\d{9}[\dX]$/);
}

/** ISO 639-1 or null: Google mostly says `en`, sometimes `zh-CN` or `und`. */
export function languageCode(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const primary = raw.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2}$/.test(primary) ? primary : null;
}

/** Google's BISAC-like paths ("Comics & Graphic Novels / Manga / General") become their distinct meaningful parts. */
export function genres(categories: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const category of categories) {
    for (const part of category.split('/')) {
      const name = part.trim();
      const key = name.toLowerCase();
      if (name === '' || key === 'general' || seen.has(key)) continue;
      seen.add(key);
      result.push(name);
    }
  }
  return result;
}

/** The entities Google's descriptions actually use; numeric ones cover the rest. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  eacute: '\u00e9',
  egrave: '\u00e8',
  ecirc: '\u00ea',
  agrave: '\u00e0',
  ccedil: '\u00e7',
};

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body] ?? entity;
  });
}

/**
 * The volume endpoint returns descriptions as HTML fragments (`<p>`, `<br>`, `<b>`), the search endpoint mostly as
 * plain text. Only tag-shaped text is removed, so a plain "a < b" survives.
 */
export function plainText(raw: string | null): string | null {
  if (raw === null) return null;
  const text = decodeEntities(
    raw
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6])\s*>/gi, '\n')
      .replace(/<\/?[a-z][^<>]*>/gi, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text === '' ? null : text;
}

/** Union in first-seen order, ignoring case and surrounding spaces. */
export function union(lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const list of lists) {
    for (const value of list) {
      const key = value.trim().toLowerCase();
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      result.push(value.trim());
    }
  }
  return result;
}
