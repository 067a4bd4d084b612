/** Stage 1: the name as plain text the rules can read, whatever script, separators and extension it came with. */

const COMIC_EXTENSIONS = ['cbz', 'cbr', 'cb7', 'cbt', 'cba', 'zip', 'rar', '7z', 'tar'];
const EBOOK_EXTENSIONS = ['pdf', 'epub', 'kepub', 'mobi', 'azw', 'azw3', 'fb2', 'djvu', 'lit', 'txt'];
const KNOWN_EXTENSIONS = new Set([...COMIC_EXTENSIONS, ...EBOOK_EXTENSIONS]);
const EBOOK_SET = new Set(EBOOK_EXTENSIONS);

export function splitExtension(fileName: string): { stem: string; extension: string; ebook: boolean } {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(fileName);
  const extension = match?.[1]?.toLowerCase() ?? '';
  if (match === null || !KNOWN_EXTENSIONS.has(extension)) return { stem: fileName, extension: '', ebook: false };
  let stem = fileName.slice(0, match.index);
  // Kobo's `.kepub.epub` double extension.
  if (extension === 'epub' && /\.kepub$/i.test(stem)) stem = stem.slice(0, -'.kepub'.length);
  return { stem, extension, ebook: EBOOK_SET.has(extension) };
}

/**
 * Characters other scripts and typists use for the same thing, and suffixes that must not hide a number. Each entry
 * is one convention; they run in order on the stem and on the folder name alike.
 */
const REWRITES: readonly (readonly [RegExp, string | ((match: string) => string)])[] = [
  // Japanese and Chinese names write full-width digits (`第３巻`) and the ideographic space.
  [/[０-９]/gu, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 0x30)],
  [/\u3000/gu, ' '],
  // US comics' half issues: `012½` is 12.5, `#½` is 0.5.
  [/(\d)½/gu, '$1.5'],
  [/#\s?½/gu, '#0.5'],
  // A `½` alone at the end (`Blue Beetle ½`, brackets aside) is issue one-half; mid-name (`Ranma ½ v05`) a title.
  [/(?<=\s)½(?=\s*(?:[([{][^()[\]{}]*[)\]}]\s*)*$)/gu, '0.5'],
  // Variant and reprint suffixes glued to an issue number keep its value: `087b`, `#14AU`, `052.ALT`, `078.BEY`.
  [/(\d)(?:\.?(?:AU|MU|NOW|ALT|INH|DC|BEY|VAR)|[a-c])(?![\p{L}\p{N}])/giu, '$1'],
];

export function rewrite(text: string): string {
  let result = text;
  for (const [re, by] of REWRITES) {
    re.lastIndex = 0;
    if (!re.test(result)) continue;
    result = typeof by === 'string' ? result.replace(re, by) : result.replace(re, by);
  }
  return result;
}

/** `_` → space; in names with no spaces (scene style) dots → spaces, except a `.5`-style fraction (`v04.5`). */
export function normaliseSeparators(stem: string): { text: string; underscored: boolean; scene: boolean } {
  const underscored = stem.includes('_');
  let text = underscored ? stem.replace(/_+/g, ' ') : stem;
  const dotted = !/\s/.test(stem) && stem.includes('.');
  // Only a `.5`-style fraction keeps its dot: `Dead.193.2019` is two numbers.
  if (dotted) text = text.replace(/(?<!\d)\.|\.(?!\d{1,2}(?!\d))/g, ' ');
  // Underscored names are scene names too when they have no spaces of their own (`Saga_054_2018`).
  const scene = dotted || (underscored && !/\s/.test(stem));
  return { text: collapse(text), underscored: underscored || dotted, scene };
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
