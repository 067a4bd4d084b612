import { BadResponseError, type ReadingDirection, type SeriesRecord } from '@shelfmark/plugin-sdk';
import { descriptionToPlainText } from './description.js';
import { asArray, asPositiveInt, asRecord, asText, field } from './read.js';

/**
 * Pure mapping from AniList's GraphQL answers to SDK records. No I/O: everything here is a function of the JSON and
 * the language preference, so it is unit-tested without a server.
 */

const SITE_URL = 'https://anilist.co/manga/';

/** AniList gives the country of origin, not a language; for these the original language is beyond doubt. */
const LANGUAGE_BY_COUNTRY: Readonly<Record<string, string>> = { JP: 'ja', KR: 'ko', CN: 'zh', TW: 'zh' };

/**
 * Roles (or parts of roles joined by `&` or `,`) that make someone an author of the work. Exact parts, not
 * substrings: "Touch-up Art & Lettering (English)" and "Translator (English)" are localisation staff, not authors.
 */
const AUTHOR_ROLE_PARTS = new Set([
  'story',
  'art',
  'original creator',
  'original story',
  'original work',
  'creator',
  'illustration',
]);

/** `data.Page.media[]` of the search query; `media: null` is an empty result, a missing `Page` is not AniList. */
export function mapSearchData(data: unknown, language: string): SeriesRecord[] {
  const page = asRecord(field(data, 'Page'));
  if (page === null) throw new BadResponseError('AniList answered without data.Page');
  const media = page['media'];
  if (media !== null && media !== undefined && !Array.isArray(media)) {
    throw new BadResponseError('AniList answered with data.Page.media that is not a list');
  }
  return asArray(media)
    .map((entry) => mapMedia(entry, language))
    .filter((record): record is SeriesRecord => record !== null);
}

/** One `Media`; null when it has no usable id or no title at all (nothing a library could show). */
export function mapMedia(raw: unknown, language: string): SeriesRecord | null {
  const media = asRecord(raw);
  const id = asPositiveInt(media?.['id']);
  if (media === null || id === null) return null;

  const originalLanguage = originalLanguageOf(media['countryOfOrigin']);
  const titles = chooseTitles(media['title'], media['synonyms'], language, originalLanguage);
  if (titles === null) return null;

  return {
    externalId: String(id),
    title: titles.title,
    alternativeTitles: titles.alternativeTitles,
    authors: authorsFromStaff(field(media['staff'], 'edges')),
    description: descriptionToPlainText(asText(media['description'])),
    publishers: [],
    startYear: yearOf(field(media['startDate'], 'year')),
    // Chapters never stand in for volumes: a running manga has chapters counted long before volumes are.
    totalVolumes: asPositiveInt(media['volumes']),
    totalChapters: asPositiveInt(media['chapters']),
    rawStatus: asText(media['status']),
    genres: uniqueTexts(asArray(media['genres'])),
    language: originalLanguage,
    coverUrl: coverUrlOf(media['coverImage']),
    externalUrl: httpsUrl(media['siteUrl']) ?? `${SITE_URL}${id}`,
    readingDirection: readingDirectionOf(media['format'], media['countryOfOrigin']),
  };
}

/**
 * How a work is read, from where it comes from. Japanese manga (format MANGA or ONE_SHOT) read right to left. Korean
 * ones are `webtoon`: AniList's Korean entries are nearly all digital manhwa published as long full-colour strips
 * (Solo Leveling, Tower of God), whose panels run on from one image to the next, so the reader must show them with no
 * gap (`vertical` keeps a gap between pages, meant for page-based scans). Chinese and Taiwanese manhua are left to the
 * library's default: they are printed left to right as often as they are strips. Light novels (NOVEL) have no pages.
 */
export function readingDirectionOf(format: unknown, countryOfOrigin: unknown): ReadingDirection | null {
  const kind = asText(format)?.toUpperCase();
  if (kind === 'NOVEL') return null;
  const country = asText(countryOfOrigin)?.toUpperCase();
  if (country === 'JP') return 'rtl';
  if (country === 'KR') return 'webtoon';
  return null;
}

export interface ChosenTitles {
  title: string;
  alternativeTitles: string[];
}

/**
 * AniList has no localised titles, only romaji, English and native (plus unlabelled synonyms). The native title is
 * shown first when the admin reads the work's original language (ja for manga, ko for manhwa, zh for manhua); else
 * the English title, which most editions outside Asia are sold under, then romaji.
 */
export function chooseTitles(
  title: unknown,
  synonyms: unknown,
  language: string,
  originalLanguage: string | null,
): ChosenTitles | null {
  const romaji = asText(field(title, 'romaji'));
  const english = asText(field(title, 'english'));
  const native = asText(field(title, 'native'));
  const preferNative = originalLanguage !== null && normaliseLanguage(language) === originalLanguage;
  const ordered = preferNative ? [native, romaji, english] : [english, romaji, native];
  const all = uniqueTexts([...ordered, ...asArray(synonyms)]);
  const [chosen, ...alternativeTitles] = all;
  return chosen === undefined ? null : { title: chosen, alternativeTitles };
}

/** Authors in AniList's order (most relevant first), each once. */
export function authorsFromStaff(edges: unknown): string[] {
  const names = asArray(edges)
    .filter((edge) => isAuthorRole(asText(field(edge, 'role'))))
    .map((edge) => field(field(field(edge, 'node'), 'name'), 'full'));
  return uniqueTexts(names);
}

export function isAuthorRole(role: string | null): boolean {
  if (role === null) return false;
  const open = role.indexOf('(');
  const qualifier = open === -1 ? '' : role.slice(open);
  // AniList marks localisation staff with one word, the language, in parentheses: "Art (English)" is not the artist,
  // while a qualifier such as "(ch. 1-20)" still names an original author.
  if (/^\(\s*\p{L}+\s*\)$/u.test(qualifier.trim())) return false;
  const base = (open === -1 ? role : role.slice(0, open)).toLowerCase();
  return base.split(/[&,]/).some((part) => AUTHOR_ROLE_PARTS.has(part.trim()));
}

export function originalLanguageOf(countryOfOrigin: unknown): string | null {
  const country = asText(countryOfOrigin)?.toUpperCase();
  return country === undefined ? null : (LANGUAGE_BY_COUNTRY[country] ?? null);
}

/** `fr-FR`, `FR`, `fr_FR` → `fr`; anything that is not a language code → ''. */
export function normaliseLanguage(language: string): string {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2}$/.test(primary) ? primary : '';
}

/** The largest cover AniList has; upgraded to https so the admin, served over https, can show it. */
export function coverUrlOf(coverImage: unknown): string | null {
  for (const size of ['extraLarge', 'large', 'medium']) {
    const url = httpsUrl(field(coverImage, size));
    if (url !== null) return url;
  }
  return null;
}

export function httpsUrl(value: unknown): string | null {
  const text = asText(value);
  if (text === null || !URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol === 'http:') url.protocol = 'https:';
  return url.protocol === 'https:' ? url.href : null;
}

/** AniList uses null for unknown dates; anything outside four digits is noise, not a year. */
export function yearOf(value: unknown): number | null {
  const year = asPositiveInt(value);
  return year !== null && year >= 1000 && year <= 9999 ? year : null;
}

/** Trimmed, non-empty strings, each once (case- and Unicode-form-insensitively), first spelling kept. */
function uniqueTexts(values: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const text = asText(value)?.normalize('NFC').replace(/\s+/g, ' ');
    if (text === undefined) continue;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}
