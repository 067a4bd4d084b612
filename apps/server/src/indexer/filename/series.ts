/** Stage 3: where the series folder's name occurs in the file name, so its digits are never the volume. */
import { withoutBrackets } from './brackets.js';
import { collapse, rewrite } from './normalise.js';

export interface Span {
  start: number;
  end: number;
}

const ARTICLES = String.raw`les|le|la|l['’]|the|a|an|des|un|une|die|der|das|el|los|las|il|lo|gli`;
const TRAILING_ARTICLE = new RegExp(String.raw`^(.+?),?\s*\((${ARTICLES})\)$|^(.+?),\s*(${ARTICLES})$`, 'iu');
const LEADING_ARTICLE = new RegExp(String.raw`^(?:(?:${ARTICLES})\s+|l['’]\s*)(?=\S)`, 'iu');

let cached: { name: string; variants: readonly string[] } | null = null;

/**
 * The folder name's spellings as they may appear in a file name, folded, longest first. A scan parses a folder's
 * files one after the other, so the last folder's answer is kept.
 */
export function seriesVariants(seriesName: string | null | undefined): readonly string[] {
  if (!seriesName) return [];
  if (cached?.name === seriesName) return cached.variants;
  const variants = computeVariants(seriesName);
  cached = { name: seriesName, variants };
  return variants;
}

function computeVariants(seriesName: string): string[] {
  const name = rewrite(seriesName.normalize('NFC')).replace(/_+/g, ' ');
  const variants = [collapse(withoutBrackets(name))];
  const moved = TRAILING_ARTICLE.exec(collapse(name));
  if (moved !== null) {
    const rest = moved[1] ?? moved[3] ?? '';
    const article = moved[2] ?? moved[4] ?? '';
    variants.push(`${article} ${rest}`, rest);
  }
  for (const variant of [...variants]) {
    const article = LEADING_ARTICLE.exec(variant)?.[0];
    if (article === undefined) continue;
    // Both `Walking Dead 193` and `Walking Dead, The 193` in folder `The Walking Dead`.
    const rest = variant.slice(article.length);
    variants.push(rest, `${rest} ${article}`);
  }
  const normalised = variants.map((v) => fold(v).text).filter((v) => v.length > 0);
  return [...new Set(normalised)].sort((a, b) => b.length - a.length);
}

interface Folded {
  /** Lowercase letters and digits only, accents removed. */
  text: string;
  /** For each folded character, the index just past the original character it came from. */
  ends: number[];
  /** For each original index, the folded length before it. */
  starts: number[];
}

const ASCII_WORD = /^[a-z0-9]$/;

function foldChar(char: string): string {
  const lower = char.toLowerCase();
  if (ASCII_WORD.test(lower)) return lower;
  if (char.charCodeAt(0) < 0x80) return '';
  return char
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

export function fold(input: string): Folded {
  const folded: Folded = { text: '', ends: [], starts: [] };
  let index = 0;
  for (const char of input) {
    folded.starts.push(folded.text.length);
    if (char.length === 2) folded.starts.push(folded.text.length);
    const plain = foldChar(char);
    index += char.length;
    folded.text += plain;
    for (let i = 0; i < plain.length; i++) folded.ends.push(index);
  }
  folded.starts.push(folded.text.length);
  return folded;
}

/** Where the folder name occurs in the text, at word starts and ending at a word end. */
export function findSeries(text: string, variants: readonly string[]): Span[] {
  if (variants.length === 0) return [];
  const folded = fold(text);
  const spans: Span[] = [];
  for (let start = 0; start < text.length; start++) {
    if (!isWordChar(text[start]) || (start > 0 && isWordChar(text[start - 1]))) continue;
    const at = folded.starts[start] ?? 0;
    for (const variant of variants) {
      if (!folded.text.startsWith(variant, at)) continue;
      const end = folded.ends[at + variant.length - 1] ?? text.length;
      if (isWordChar(text[end])) continue;
      spans.push({ start, end });
      break;
    }
  }
  return spans;
}

export function isWordChar(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  if (code < 0x80) return (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 122);
  return /[\p{L}\p{N}]/u.test(char);
}
