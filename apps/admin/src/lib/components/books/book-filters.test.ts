import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filterInput,
  filtersFromUrl,
  filtersToUrl,
  isFiltered,
  listQuery,
  withFilter,
} from './book-filters.js';

describe('the books list filters', () => {
  it('round-trip through the URL, keeping only what differs from the defaults', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      q: 'légendaires',
      series: 'Astérix & Obélix',
      reading_status: 'reading' as const,
      format: 'cbz' as const,
      parse_status: 'error' as const,
      genre: ['Action', 'Aventure'],
      author: ['Ana Lune'],
      author_role: ['writer'],
      ageMax: 12,
      unrated: 'exclude' as const,
      yearFrom: 1990,
      sort: 'title' as const,
      view: 'grid' as const,
      page: 3,
    };
    const url = filtersToUrl(filters);
    expect(filtersFromUrl(new URLSearchParams(url))).toEqual(filters);
    expect(url).toBe(
      '?q=l%C3%A9gendaires&series=Ast%C3%A9rix+%26+Ob%C3%A9lix&reading_status=reading&format=cbz&parse_status=error' +
        '&genre=Action&genre=Aventure&author=Ana+Lune&author_role=writer&age_max=12&unrated=exclude&year_from=1990' +
        '&sort=title&view=grid&page=3',
    );
    expect(filtersToUrl(DEFAULT_FILTERS)).toBe('');
  });

  it('read a hand-edited URL without failing: unknown values mean no filter', () => {
    const filters = filtersFromUrl(
      new URLSearchParams(
        'format=mobi&reading_status=done&sort=random&page=-2&library_id=nope&view=shelf&author_role=boss&age_max=99&genre=',
      ),
    );
    expect(filters).toEqual(DEFAULT_FILTERS);
  });

  it('start again at page 1 when a filter changes', () => {
    expect(withFilter({ ...DEFAULT_FILTERS, page: 4 }, { format: 'pdf' })).toMatchObject({ format: 'pdf', page: 1 });
  });

  it('become the list query and the facets query, empty filters left out', () => {
    expect(listQuery({ ...DEFAULT_FILTERS, format: 'epub' })).toEqual({
      format: 'epub',
      sort: 'series',
      page: 1,
      limit: 50,
    });
    expect(filterInput({ ...DEFAULT_FILTERS, tag: ['spy', 'war'], yearTo: 2001, sort: 'title', page: 2 })).toEqual({
      tag: ['spy', 'war'],
      year_to: 2001,
    });
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'title', view: 'grid' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, story_arc: ['Dawn Siege'] })).toBe(true);
  });
});
