import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filtersFromUrl, filtersToUrl, listQuery, withFilter } from './book-filters.js';

describe('the books list filters', () => {
  it('round-trip through the URL, keeping only what differs from the defaults', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      q: 'légendaires',
      series: 'Astérix & Obélix',
      reading_status: 'reading' as const,
      format: 'cbz' as const,
      parse_status: 'error' as const,
      sort: 'title' as const,
      view: 'grid' as const,
      page: 3,
    };
    const url = filtersToUrl(filters);
    expect(filtersFromUrl(new URLSearchParams(url))).toEqual(filters);
    expect(filtersToUrl(DEFAULT_FILTERS)).toBe('');
  });

  it('read a hand-edited URL without failing: unknown values mean no filter', () => {
    const filters = filtersFromUrl(
      new URLSearchParams('format=mobi&reading_status=done&sort=random&page=-2&library_id=nope&view=shelf'),
    );
    expect(filters).toEqual(DEFAULT_FILTERS);
  });

  it('start again at page 1 when a filter changes', () => {
    expect(withFilter({ ...DEFAULT_FILTERS, page: 4 }, { format: 'pdf' })).toMatchObject({ format: 'pdf', page: 1 });
  });

  it('become the list query, empty filters left out', () => {
    expect(listQuery({ ...DEFAULT_FILTERS, format: 'epub' })).toEqual({
      q: undefined,
      library_id: undefined,
      series: undefined,
      reading_status: undefined,
      format: 'epub',
      parse_status: undefined,
      sort: 'series',
      page: 1,
      limit: 50,
    });
  });
});
