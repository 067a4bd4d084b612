import { describe, expect, it } from 'vitest';
import { filterOfInput, isSavedFilterAt, savedFilterHref } from './saved-filters.js';

describe('a saved filter as a link', () => {
  const filter = {
    target: 'series' as const,
    filter: { genre: ['Action', 'Aventure'], has_missing: true },
    sort: 'added_desc',
  };

  it('opens the list with each value of a repeated parameter, and its sort', () => {
    expect(savedFilterHref(filter)).toBe('/series?genre=Action&genre=Aventure&has_missing=true&sort=added_desc');
    expect(savedFilterHref({ target: 'books', filter: {}, sort: null })).toBe('/books');
  });

  it('is the current page whatever the order, page or view of the URL', () => {
    const at = (search: string) => new URL(`http://host/series${search}`);
    expect(
      isSavedFilterAt(
        filter,
        at('?sort=added_desc&genre=Action&has_missing=true&genre=Aventure&page=2&view=table'),
        '/series',
      ),
    ).toBe(true);
    expect(isSavedFilterAt(filter, at('?genre=Action&has_missing=true&sort=added_desc'), '/series')).toBe(false);
    expect(isSavedFilterAt(filter, at('?genre=Action&genre=Aventure&has_missing=true&sort=added_desc'), '/books')).toBe(
      false,
    );
  });

  it('keeps a list input without its page, size and sort', () => {
    expect(filterOfInput({ page: 2, limit: 60, sort: 'name_desc', genre: ['Action'], q: 'x' })).toEqual({
      genre: ['Action'],
      q: 'x',
    });
  });
});

describe('a saved filter of the books', () => {
  it('opens the books list with its facets and sort, and is the current page there only', () => {
    const filter = {
      target: 'books' as const,
      filter: { author: ['Ana Lune'], author_role: ['writer'], story_arc: ['Low Tide'] },
      sort: 'title',
    };
    expect(savedFilterHref(filter)).toBe('/books?author=Ana+Lune&author_role=writer&story_arc=Low+Tide&sort=title');
    const at = new URL('http://host/books?sort=title&story_arc=Low+Tide&author=Ana+Lune&author_role=writer&view=grid');
    expect(isSavedFilterAt(filter, at, '/books')).toBe(true);
    expect(isSavedFilterAt(filter, at, '/series')).toBe(false);
  });
});
