/**
 * ComicVine descriptions are HTML fragments written in the site's wiki editor (paragraphs, headings, lists, tables of
 * collected editions, figures with captions, links to other wiki pages). This turns one into plain text for a summary
 * field: paragraphs kept apart, markup and figures dropped, entities decoded once.
 */

const DROPPED_ELEMENTS = /<(script|style|figure|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?-->/g;
const PARAGRAPH_BREAKS = /<\/?(?:p|h[1-6]|ul|ol|table|blockquote|div|section|pre|hr)\b[^>]*>/gi;
const LINE_BREAKS = /<(?:br|\/li|\/tr|\/dd|\/dt)\b[^>]*>/gi;
const CELL_BREAKS = /<\/t[dh]\s*>/gi;
const ANY_TAG = /<\/?[a-z][^>]*>/gi;

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
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  euml: 'ë',
  agrave: 'à',
  acirc: 'â',
  auml: 'ä',
  ccedil: 'ç',
  icirc: 'î',
  iuml: 'ï',
  ocirc: 'ô',
  ouml: 'ö',
  ugrave: 'ù',
  ucirc: 'û',
  uuml: 'ü',
  Eacute: 'É',
  Egrave: 'È',
  Agrave: 'À',
  Ccedil: 'Ç',
  szlig: 'ß',
  ntilde: 'ñ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}

export function htmlToText(html: string | null): string | null {
  if (html === null) return null;
  const withBreaks = html
    .replace(COMMENTS, '')
    .replace(DROPPED_ELEMENTS, '')
    .replace(PARAGRAPH_BREAKS, '\n\n')
    .replace(LINE_BREAKS, '\n')
    .replace(CELL_BREAKS, ' ')
    .replace(ANY_TAG, '');
  const text = decodeEntities(withBreaks)
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text === '' ? null : text;
}
