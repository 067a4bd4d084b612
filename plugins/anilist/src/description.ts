/**
 * AniList descriptions come as text sprinkled with a few HTML tags (`<br>`, `<i>`, `<b>`, sometimes `<p>` or `<a>`),
 * HTML entities and `~!spoiler!~` markers, even with `asHtml: false`. We need plain text only, so this is not an HTML
 * parser: it walks the string once, drops every tag (keeping a line break where the tag meant one), decodes entities
 * and cuts spoilers. Nothing of the input's markup survives, so no sanitising of attributes or nesting is needed, and
 * a stray `<` that does not open a tag (`a < b`) is kept as text.
 */

const LINE_BREAK_TAGS = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

export function descriptionToPlainText(raw: string | null): string | null {
  if (raw === null) return null;
  const text = tidyWhitespace(decodeEntities(stripTags(cutSpoilers(raw.replace(/\r\n?/g, '\n')))));
  return text === '' ? null : text;
}

function cutSpoilers(text: string): string {
  let out = '';
  let index = 0;
  for (;;) {
    const start = text.indexOf('~!', index);
    if (start === -1) return out + text.slice(index);
    const end = text.indexOf('!~', start + 2);
    // An unclosed marker is more likely a typo than a spoiler covering the rest of the text.
    if (end === -1) return out + text.slice(index);
    out += text.slice(index, start);
    index = end + 2;
  }
}

function stripTags(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '<' && opensTag(text, index)) {
      const close = text.indexOf('>', index);
      if (close === -1) break; // A tag cut off by the end of the text: drop the fragment.
      if (LINE_BREAK_TAGS.has(tagName(text.slice(index + 1, close)))) out += '\n';
      index = close + 1;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

function opensTag(text: string, index: number): boolean {
  const next = text[index + 1];
  if (next === undefined) return false;
  return next === '/' || next === '!' || isAsciiLetter(next);
}

function tagName(inside: string): string {
  let name = '';
  for (const char of inside.startsWith('/') ? inside.slice(1) : inside) {
    if (!isAsciiLetter(char) && !(name !== '' && char >= '0' && char <= '9')) break;
    name += char;
  }
  return name.toLowerCase();
}

function isAsciiLetter(char: string): boolean {
  const lower = char.toLowerCase();
  return lower >= 'a' && lower <= 'z' && lower.length === 1;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

function tidyWhitespace(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
