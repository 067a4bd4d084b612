/**
 * Open Library records languages with MARC 21 codes (`eng`, `fre`, `ger`…), not ISO 639-1. The table covers the
 * languages a comics/ebook library meets in practice; a language outside it is not filtered on rather than silently
 * replaced by English (the reference mapped every unknown language to `eng`).
 */
const MARC_BY_ISO: Readonly<Record<string, string>> = {
  ar: 'ara',
  ca: 'cat',
  cs: 'cze',
  da: 'dan',
  de: 'ger',
  el: 'gre',
  en: 'eng',
  es: 'spa',
  eu: 'baq',
  fi: 'fin',
  fr: 'fre',
  he: 'heb',
  hu: 'hun',
  id: 'ind',
  it: 'ita',
  ja: 'jpn',
  ko: 'kor',
  la: 'lat',
  nl: 'dut',
  no: 'nor',
  pl: 'pol',
  pt: 'por',
  ro: 'rum',
  ru: 'rus',
  sv: 'swe',
  th: 'tha',
  tr: 'tur',
  uk: 'ukr',
  vi: 'vie',
  zh: 'chi',
};

// ISO 639-2/T spellings that occasionally appear in imported records next to the MARC (639-2/B) ones.
const TERMINOLOGY_ALIASES: Readonly<Record<string, string>> = {
  ces: 'cs',
  deu: 'de',
  ell: 'el',
  eus: 'eu',
  fra: 'fr',
  nld: 'nl',
  ron: 'ro',
  zho: 'zh',
};

const ISO_BY_MARC: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(MARC_BY_ISO).map(([iso, marc]) => [marc, iso])),
  ...TERMINOLOGY_ALIASES,
};

/** `fr` → `fre`; null when Open Library's code for the language is not known (then no filter is applied). */
export function marcFromIso(language: string | null | undefined): string | null {
  if (!language) return null;
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return MARC_BY_ISO[primary] ?? null;
}

/** `fre` → `fr`; null for codes outside the table (`mul`, `und`, rare languages). */
export function isoFromMarc(code: string | null | undefined): string | null {
  if (!code) return null;
  return ISO_BY_MARC[code.trim().toLowerCase()] ?? null;
}
