import { describe, expect, it } from 'vitest';

import { cleanLine, decodeEntities, htmlToText, uniqueNames } from './text.js';

describe('text helpers', () => {
  it('decodes numeric, named and accented entities, leaving unknown ones', () => {
    expect(decodeEntities('&#233;&#x41;&eacute;&Ccedil;&hellip;&unknown;&#0;&#xD800;')).toBe('éAéÇ…&unknown;');
  });

  it('cleans one-line text', () => {
    expect(cleanLine('  komga\u0000\ufffd\ufffd ')).toBe('komga');
    expect(cleanLine('a\n\tb   c')).toBe('a b c');
    expect(cleanLine('   ')).toBeUndefined();
    expect(cleanLine('abcdef', 3)).toBe('abc');
  });

  it('turns HTML into paragraphs of plain text', () => {
    expect(htmlToText('<p>One &amp; <i>two</i></p><p>Three<br/>four</p><script>x()</script>', 1000)).toBe(
      'One & two\nThree\nfour',
    );
    expect(htmlToText('a < b and c > d', 1000)).toBe('a < b and c > d');
    expect(htmlToText('<div>\n\n\n</div>', 1000)).toBeUndefined();
  });

  it('dedupes names ignoring case, keeping the first spelling and the order', () => {
    expect(uniqueNames(['Bob', ' alice ', 'BOB', '', 'Alice', 'Carol'])).toEqual(['Bob', 'alice', 'Carol']);
  });
});
