/**
 * Folding for search and sort: case, accents and compatibility forms are erased so that "legendaires" finds
 * "Les Légendaires" and "ŒUVRES" sorts with "oeuvres". Done in TypeScript and stored, because neither database can
 * fold accents in an index the other understands.
 */
const COMBINING_MARKS = /\p{M}+/gu;
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };
const LIGATURE_PATTERN = new RegExp(`[${Object.keys(LIGATURES).join('')}]`, 'gu');

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(LIGATURE_PATTERN, (char) => LIGATURES[char] ?? char)
    .replace(/\s+/gu, ' ')
    .trim();
}

/** What `q` on GET /books looks into: the series name, the title and the authors. */
export function bookSearchText(seriesName: string | null, title: string, authors: readonly string[]): string {
  // The separator keeps a search from matching across two fields ("legendaires le gardien").
  return [seriesName ?? '', title, ...authors].map(fold).join(' | ');
}

/** Escapes LIKE wildcards so a `q` of "100%" or "a_b" matches literally (used with `escape '\'`). */
export function likePattern(query: string): string {
  return `%${fold(query).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Volumes without a number sort after every numbered one, on both databases. */
export const UNNUMBERED_VOLUME_SORT = 1e9;
/** Hors-séries come after the whole numbered run (HS 1 after T 40, not beside T 1), in their own order. */
export const HORS_SERIE_VOLUME_SORT = 2e9;
export function volumeSort(volume: number | null, kind: string = 'regular'): number {
  if (kind === 'hors_serie') return HORS_SERIE_VOLUME_SORT + (volume ?? UNNUMBERED_VOLUME_SORT);
  return volume ?? UNNUMBERED_VOLUME_SORT;
}

/**
 * The second key of the volume order: chapters in their order within a volume, and among books without a volume
 * (a manga's loose chapters, after its bound volumes). A book without a chapter number comes after the chapters
 * beside it, as an unnumbered volume does after the numbered ones.
 */
export function chapterSort(chapter: number | null): number {
  return chapter ?? UNNUMBERED_VOLUME_SORT;
}
