import {
  isTokenAtKeyword,
  isTokenBadURL,
  isTokenCloseCurly,
  isTokenCloseParen,
  isTokenCloseSquare,
  isTokenFunction,
  isTokenOpenCurly,
  isTokenOpenParen,
  isTokenOpenSquare,
  isTokenSemicolon,
  isTokenString,
  isTokenURL,
  tokenize,
  type CSSToken,
} from '@csstools/css-tokenizer';

/**
 * A book's CSS (style sheets, `<style>`, `style` attributes, presentation attributes such as `fill`) with every
 * reference outside the book replaced by `none`, which fetches nothing wherever it lands (the declaration or rule
 * around it usually becomes invalid, and the browser drops it).
 *
 * Read with a tokenizer that follows CSS Syntax 3 as browsers do (@csstools/css-tokenizer), so that what is
 * checked is what the browser will see: escapes are decoded (`u\rl(`, `\75 rl(`, `@\69mport`), comments split
 * nothing, `URL(` is `url(`. Only the references are replaced; every other token is written back as it came.
 *
 * CSS references a resource in three places only: a `url()` (url-token, or the function `url(` with a string),
 * a string in a function that takes one as an address (`image-set()`, `src()`, `image()`, `cross-fade()`…), and a
 * string after `@import`. A `url()` in `@namespace` is a name, never fetched, and is kept.
 *
 * An address function keeps only what can be checked here: literal addresses. A value the browser computes later
 * (`var()`, `env()`, `attr()`, `if()`, `inherit()`… any function but a few that only give colours, numbers or types)
 * could bring any string in (`--u: "https://…"; background: image-set(var(--u))`), so the whole function goes.
 */

const ADDRESS_FUNCTIONS = new Set([
  'url',
  'src',
  'image',
  'image-set',
  '-webkit-image-set',
  'cross-fade',
  '-webkit-cross-fade',
  'element',
  '-moz-element',
]);

/** What an address function may hold besides addresses: functions that never give a string. */
const PLAIN_FUNCTIONS = new Set([
  'type',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'calc',
  'min',
  'max',
  'clamp',
]);

/** The token that closes a block opened by `token`, if it opens one. */
function closerOf(token: CSSToken): string | null {
  if (isTokenFunction(token) || isTokenOpenParen(token)) return ')';
  if (isTokenOpenSquare(token)) return ']';
  if (isTokenOpenCurly(token)) return '}';
  return null;
}

/** Which block `token` closes, if it closes one. */
function closed(token: CSSToken): string | null {
  if (isTokenCloseParen(token)) return ')';
  if (isTokenCloseSquare(token)) return ']';
  if (isTokenCloseCurly(token)) return '}';
  return null;
}

/**
 * Address functions (outermost ones) holding a function that is neither an address function nor a plain one: each
 * as its first token's index and its last's, where its closing parenthesis is (or the end, as a browser reads it).
 */
function computedAddresses(tokens: CSSToken[]): Map<number, number> {
  const found = new Map<number, number>();
  for (let start = 0; start < tokens.length; start++) {
    const first = tokens[start]!;
    if (!isTokenFunction(first) || !ADDRESS_FUNCTIONS.has(first[4].value.toLowerCase())) continue;
    const expected: string[] = [')'];
    let computed = false;
    let end = start + 1;
    for (; end < tokens.length && expected.length > 0; end++) {
      const token = tokens[end]!;
      const closer = closerOf(token);
      if (closer !== null) expected.push(closer);
      else if (closed(token) !== null && closed(token) === expected.at(-1)) expected.pop();
      if (isTokenFunction(token)) {
        const name = token[4].value.toLowerCase();
        if (!ADDRESS_FUNCTIONS.has(name) && !PLAIN_FUNCTIONS.has(name)) computed = true;
      }
    }
    if (computed) found.set(start, end - 1);
    start = end - 1;
  }
  return found;
}

const REPLACEMENT = ' none ';

/** Whether a URL may stay: the caller knows what is inside the book (book-urls.ts). */
export type KeepUrl = (url: string) => boolean;

function clean(tokens: CSSToken[], keep: KeepUrl): { css: string; changed: boolean } {
  let changed = false;
  const computed = computedAddresses(tokens);
  /** The at-rule whose prelude is being read (`import`, `namespace`…), until its `;` or `{`, and its depth. */
  let atRule: string | null = null;
  let atDepth = 0;
  /** Open blocks, innermost last: a function's lower-case name, or `(`, `[`, `{` for simple blocks. */
  const open: string[] = [];
  const out: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const end = computed.get(index);
    if (end !== undefined) {
      // The whole function, balanced: what is open around it is as it was.
      changed = true;
      out.push(REPLACEMENT);
      index = end;
      continue;
    }
    const token = tokens[index]!;
    const top = open.at(-1);
    if (isTokenAtKeyword(token)) {
      atRule = token[4].value.toLowerCase();
      atDepth = open.length;
    } else if (isTokenFunction(token)) open.push(token[4].value.toLowerCase());
    else if (isTokenOpenParen(token)) open.push('(');
    else if (isTokenOpenSquare(token)) open.push('[');
    else if (isTokenOpenCurly(token)) {
      if (open.length === atDepth) atRule = null;
      open.push('{');
    } else if (isTokenCloseParen(token) && top !== undefined && top !== '[' && top !== '{') open.pop();
    else if (isTokenCloseSquare(token) && top === '[') open.pop();
    else if (isTokenCloseCurly(token) && top === '{') {
      open.pop();
      if (open.length < atDepth) atRule = null;
    } else if (isTokenSemicolon(token) && open.length === atDepth) atRule = null;

    const prelude = atRule !== null && open.length >= atDepth ? atRule : null;
    // `type("image/png")` in image-set() names a type, not a file.
    const inAddressFunction = open.some((name) => ADDRESS_FUNCTIONS.has(name)) && open.at(-1) !== 'type';
    let address: string | null = null;
    if (isTokenURL(token) && prelude !== 'namespace') address = token[4].value;
    else if (isTokenString(token) && prelude !== 'namespace') {
      if (inAddressFunction || (prelude === 'import' && open.length === atDepth)) address = token[4].value;
    }
    if (isTokenBadURL(token) || (address !== null && !keep(address))) {
      changed = true;
      out.push(REPLACEMENT);
    } else out.push(token[1]);
  }
  return { css: out.join(''), changed };
}

/** The CSS with every reference outside the book replaced (a style sheet, a `<style>`, a `style` attribute). */
export function cleanBookCss(css: string, keep: KeepUrl): string {
  return clean(tokenize({ css }), keep).css;
}

/** Whether a value read as CSS (a presentation attribute such as `fill="url(…)"`) refers to nothing outside. */
export function staysInside(value: string, keep: KeepUrl): boolean {
  return !clean(tokenize({ css: value }), keep).changed;
}
