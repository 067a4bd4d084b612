/** String helpers for values already extracted from Bédéthèque's HTML (never for parsing the HTML itself). */

/** "Épervier (L')" → "Epervier (L')": Bédéthèque's search matches unaccented text. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const FRENCH_ARTICLES = ['le', 'la', 'les', "l'", 'un', 'une', 'des', 'du', "d'"];

/**
 * A form of a series title in which "Légendaires (Les)" (Bédéthèque's way of filing titles) and "Les Légendaires"
 * (the way a library names them) are equal: no accents, no case, no article, no punctuation.
 */
export function comparableTitle(title: string): string {
  let text = foldAccents(title).toLowerCase().replace(/[’`]/g, "'");
  text = collapseSpaces(text);
  for (const article of FRENCH_ARTICLES) {
    const filedAfter = ` (${article})`;
    if (text.endsWith(filedAfter)) {
      text = text.slice(0, -filedAfter.length);
      break;
    }
  }
  for (const article of FRENCH_ARTICLES) {
    const prefix = article.endsWith("'") ? article : `${article} `;
    if (text.startsWith(prefix) && text.length > prefix.length) {
      text = text.slice(prefix.length);
      break;
    }
  }
  return collapseSpaces(text.replace(/[^\p{L}\p{N}]+/gu, ' '));
}

/**
 * Bédéthèque files people as "Last, First"; readers know them as "First Last". Placeholders such as "<Indéterminé>"
 * and "Collectif" name nobody and are dropped (null).
 */
export function personName(raw: string): string | null {
  const name = collapseSpaces(raw);
  if (name === '' || name.startsWith('<') || name.endsWith('>') || name.toLowerCase() === 'collectif') return null;
  const comma = name.indexOf(',');
  if (comma < 0) return name;
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  if (first === '') return last === '' ? null : last;
  if (last === '') return first;
  return `${first} ${last}`;
}

export function uniqueInOrder(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** The page prints ISBNs with dashes and sometimes a label; keeps digits (and a final X), 13 or 10 of them. */
export function isbnFrom(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[^0-9X]/g, '');
  if (/^\d{13}$/.test(compact) || /^\d{9}[\dX]$/.test(compact)) return compact;
  return null;
}

/** Prefers an ISBN-13 over an ISBN-10 whatever the order they are printed in. */
export function bestIsbn(raws: Iterable<string>): string | null {
  const isbns = [...raws].map(isbnFrom).filter((isbn): isbn is string => isbn !== null);
  return isbns.find((isbn) => isbn.length === 13) ?? isbns[0] ?? null;
}

/**
 * `datePublished` holds "YYYY-MM-DD", with zeros where the site does not know the month or day
 * ("1980-00-00"): keep only what is known.
 */
export function publishDateFrom(raw: string | undefined): string | null {
  const parts = /^\s*(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(raw ?? '');
  if (!parts) return null;
  const [, year = '', month, day] = parts;
  if (Number(year) === 0) return null;
  if (month === undefined || !isValidMonth(month)) return year;
  if (day === undefined || !isValidDay(day)) return `${year}-${month}`;
  return `${year}-${month}-${day}`;
}

function isValidMonth(month: string): boolean {
  const value = Number(month);
  return value >= 1 && value <= 12;
}

function isValidDay(day: string): boolean {
  const value = Number(day);
  return value >= 1 && value <= 31;
}

export function yearOf(date: string | null): number | null {
  return date === null ? null : Number(date.slice(0, 4));
}

export function positiveInteger(raw: string | undefined): number | null {
  const digits = collapseSpaces(raw ?? '');
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return value > 0 ? value : null;
}

/** The "Langue :" field of a series page names the language in French. */
const LANGUAGE_CODES: Record<string, string> = {
  francais: 'fr',
  anglais: 'en',
  neerlandais: 'nl',
  allemand: 'de',
  espagnol: 'es',
  italien: 'it',
  portugais: 'pt',
  japonais: 'ja',
  coreen: 'ko',
  chinois: 'zh',
  breton: 'br',
  occitan: 'oc',
  basque: 'eu',
  catalan: 'ca',
  corse: 'co',
  latin: 'la',
};

export function languageCodeFromFrenchName(name: string): string | null {
  const key = foldAccents(collapseSpaces(name)).toLowerCase();
  return LANGUAGE_CODES[key] ?? null;
}
