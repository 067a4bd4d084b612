import type { VolumeKind } from '../filename-parser.js';

/**
 * Kind keywords, one entry per convention, in precedence order (intégrale > hors-série > one-shot). A number
 * attached to a keyword (`HS01`, `INT 2`, `Annual #3`) numbers the book among its kind and is its volume.
 */
export const KIND_RULES: readonly (readonly [VolumeKind, RegExp])[] = [
  // French `Intégrale`, `L'Intégrale`, `INT 2`; `Intégral` as some publishers spell it.
  ['integrale', /(?<![\p{L}\p{N}])(?:(?:l['’]\s?)?int[ée]grale?s?|int\.?)(?![\p{L}])/giu],
  // French BD `Hors-série`, `HS01`.
  ['hors_serie', /(?<![\p{L}\p{N}])(?:hors[\s-]*s[ée]ries?|hs)(?![\p{L}])/giu],
  // Manga specials `SP01`, `SP 1`, `Special`, `Spécial`, `Omake`, `Extra(s)`: outside the volume numbering
  // (a `Special Edition` is an edition of a regular book, not a special).
  ['hors_serie', /(?<![\p{L}\p{N}])(?:sp(?=\s?\d)|sp[ée]cials?(?!\s?[ée]dition)|omake|extras?)(?![\p{L}])/giu],
  // Western `Annual`: a yearly book numbered on its own (`Batman Annual 3` is no `Batman 3`).
  ['hors_serie', /(?<![\p{L}\p{N}])annuals?(?![\p{L}])/giu],
  // `One-shot`, `One Shot`, `Oneshot`.
  ['one_shot', /(?<![\p{L}\p{N}])one[\s-]?shots?(?![\p{L}])/giu],
];

/** Keywords that are ordinary words in book titles (`Annual Report`, `Extra Virgin`): comics only. */
export const COMICS_ONLY: ReadonlySet<RegExp> = new Set([KIND_RULES[2]![1], KIND_RULES[3]![1]]);

/** The kinds in precedence order. */
export const KIND_ORDER: readonly VolumeKind[] = ['integrale', 'hors_serie', 'one_shot'];

/** A number glued or dashed to a kind keyword (`HS01`, `Hors-série 2`, `INT - 3`); 3 digits keep years out. */
export const KIND_NUMBER = /^[\s\-–—.:]*(?:n[°º]\s?|no\.\s?|#\s?)?(\d{1,3}(?:\.\d{1,2})?)(?![\p{L}\p{N}])/iu;
