import { describe, expect, it } from 'vitest';

import { creditsByRole, languageName, shownLink } from './book-about.js';

describe('the book page’s about section', () => {
  it('groups people by role in credits order, names in the file’s order', () => {
    expect(
      creditsByRole([
        { name: 'Colour', role: 'colorist' },
        { name: 'B', role: 'writer' },
        { name: 'Art', role: 'penciller' },
        { name: 'A', role: 'writer' },
      ]),
    ).toEqual([
      { role: 'writer', names: ['B', 'A'] },
      { role: 'penciller', names: ['Art'] },
      { role: 'colorist', names: ['Colour'] },
    ]);
  });

  it('links only http(s) addresses, labelled by their host', () => {
    expect(shownLink('https://example.org/a?b=1')).toEqual({ href: 'https://example.org/a?b=1', host: 'example.org' });
    for (const hostile of ['javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'not a url', ''])
      expect(shownLink(hostile)).toBeNull();
  });

  it('names a language in the page’s language, and keeps a tag it cannot name', () => {
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('fr', 'fr')).toBe('français');
    expect(languageName('!!', 'en')).toBe('!!');
  });
});
