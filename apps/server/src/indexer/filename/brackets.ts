/** Stage 2: bracketed groups, read for what they say (a year, a volume) and then taken out of the name. */
import { BRACKET_YEAR } from './dates.js';
import { KIND_RULES } from './kinds.js';
import { BRACKET_MARKER, BRACKET_V_VOLUME } from './markers.js';
import { collapse } from './normalise.js';

export interface Brackets {
  text: string;
  /** Every bracketed date's year, in name order. */
  years: number[];
  /** Contents of groups that carry a marker, read when the name itself gives no volume. */
  kept: string[];
  /** N of `(N of M)`. */
  ofNumber: number | null;
  /** The number of a group holding nothing else (`X-Men, 2021-08-04 (02)`), the first of them. */
  alone: number | null;
  /** The other groups that end in a number (`[Wheel of Time 01]`), read only when they name the folder's series. */
  numbered: string[];
}

const BRACKET_GROUP = /\(([^()[\]{}]*)\)|\[([^()[\]{}]*)\]|\{([^()[\]{}]*)\}/gu;
const BRACKET_ALONE = /^\d{1,4}(?:\.\d{1,2})?$/u;
const BRACKET_OF = /^(\d{1,4})\s+(?:of|sur|de)\s+\d{1,4}$/iu;

export function extractBrackets(input: string): Brackets {
  const result: Brackets = { text: input, years: [], kept: [], ofNumber: null, alone: null, numbered: [] };
  if (!/[([{]/.test(input)) return result;
  let text = input;
  // Innermost groups first; the bound stops pathological nesting from looping long.
  for (let depth = 0; depth < 8; depth++) {
    let changed = false;
    text = text.replace(BRACKET_GROUP, (_whole, a?: string, b?: string, c?: string) => {
      changed = true;
      classifyBracket((a ?? b ?? c ?? '').trim(), a !== undefined, result);
      return ' ';
    });
    if (!changed) break;
  }
  result.text = collapse(text);
  return result;
}

/** The name without its bracketed groups, for the folder name (`Batman (2016)` is the series `Batman`). */
export function withoutBrackets(text: string): string {
  return text.replace(BRACKET_GROUP, ' ');
}

function classifyBracket(content: string, parenthesised: boolean, result: Brackets): void {
  const year = BRACKET_YEAR.exec(content)?.[1];
  if (year !== undefined) {
    result.years.push(Number(year));
    return;
  }
  if (BRACKET_ALONE.test(content)) {
    result.alone ??= Number(content);
    return;
  }
  const of = BRACKET_OF.exec(content)?.[1];
  if (of !== undefined) {
    result.ofNumber ??= Number(of);
    return;
  }
  // `(v02)` after a chapter is the volume it belongs to; a bare `[v2]` is the release's version.
  const v = BRACKET_V_VOLUME.exec(content)?.[1];
  if (v !== undefined && (parenthesised || v.startsWith('0'))) {
    result.kept.push(content);
    return;
  }
  if (BRACKET_MARKER.test(content) || KIND_RULES.some(([, re]) => hasMatch(re, content))) result.kept.push(content);
  else if (/\p{L}.*\d$/u.test(content)) result.numbered.push(content);
}

function hasMatch(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  const found = re.test(text);
  re.lastIndex = 0;
  return found;
}
