import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  clearedFilters,
  filterInput,
  filtersToSearch,
  isFiltered,
  listInput,
  NO_FILTERS,
  pageCount,
  PAGE_SIZE,
  parseFilters,
} from './filters.js';

const LIBRARY = '5b0c7c9e-3f0a-4a53-9d0e-2f4b8c1d6e7a';
const parse = (search: string) => parseFilters(new URLSearchParams(search));

describe('series filters in the URL', () => {
  it('reads an empty URL as no filter, page 1, view left to the browser', () => {
    expect(parse('')).toEqual(NO_FILTERS);
  });

  it('round-trips every filter through the query string', () => {
    const filters = {
      ...NO_FILTERS,
      q: 'legendaires tome',
      libraryId: LIBRARY,
      readingStatus: 'reading' as const,
      seriesStatus: 'en cours de parution',
      hasMissing: true,
      publisher: ['Éditions "Dupuis" & fils'],
      genre: ['Science-fiction', 'Humour'],
      tag: ['time travel'],
      sort: 'year_desc' as const,
      page: 3,
      view: 'table' as const,
    };
    const search = filtersToSearch(filters);
    expect(parse(search)).toEqual(filters);
    expect(search).toBe(
      `?q=legendaires+tome&library_id=${LIBRARY}&reading_status=reading&series_status=en+cours+de+parution&has_missing=true&genre=Science-fiction&genre=Humour&publisher=%C3%89ditions+%22Dupuis%22+%26+fils&tag=time+travel&sort=year_desc&page=3&view=table`,
    );
  });

  it('asks for publishers, genres or tags as written, several of each, an empty one being no filter', () => {
    expect(parse('publisher=').publisher).toEqual([]);
    expect(parse('genre=Humour&genre=Action&genre=Humour').genre).toEqual(['Humour', 'Action']);
    expect(parse('tag=night').tag).toEqual(['night']);
    expect(
      listInput({ ...NO_FILTERS, publisher: ['Dargaud'], genre: ['Humour', 'Action'], tag: ['night'] }),
    ).toMatchObject({
      publisher: ['Dargaud'],
      genre: ['Humour', 'Action'],
      tag: ['night'],
    });
    expect(listInput(NO_FILTERS)).not.toHaveProperty('publisher');
    expect(changeFilters({ ...NO_FILTERS, page: 4 }, { genre: ['Humour'] }).page).toBe(1);
  });

  it('reads authors, roles, ages and years forgivingly: an unknown role or an age out of range is no filter', () => {
    const filters = parse(
      'author=Goscinny&author_role=writer&author_role=hero&age_max=12&unrated=exclude&year_from=1990&year_to=x',
    );
    expect(filters).toMatchObject({
      author: ['Goscinny'],
      author_role: ['writer'],
      ageMax: 12,
      unrated: 'exclude',
      yearFrom: 1990,
      yearTo: null,
    });
    expect(parse('age_max=19&unrated=maybe')).toMatchObject({ ageMax: null, unrated: null });
    expect(filterInput(filters)).toEqual({
      author: ['Goscinny'],
      author_role: ['writer'],
      age_max: 12,
      unrated: 'exclude',
      year_from: 1990,
    });
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, sort: 'added_desc' })).toBe(false);
    expect(isFiltered(filters)).toBe(true);
    expect(changeFilters(filters, clearedFilters())).toEqual({ ...NO_FILTERS });
  });

  it('holds the sort in the URL (the default, name_asc, left out) and asks for it; an unknown sort is the default', () => {
    expect(parse('sort=added_desc').sort).toBe('added_desc');
    expect(parse('sort=shoe_size').sort).toBe('name_asc');
    expect(filtersToSearch({ ...NO_FILTERS, sort: 'name_asc' })).toBe('');
    expect(listInput({ ...NO_FILTERS, sort: 'updated_asc' })).toMatchObject({ sort: 'updated_asc' });
    expect(listInput(NO_FILTERS)).not.toHaveProperty('sort');
  });

  it('keeps has_missing=false apart from no has_missing', () => {
    expect(parse('has_missing=false').hasMissing).toBe(false);
    expect(filtersToSearch({ ...NO_FILTERS, hasMissing: false })).toBe('?has_missing=false');
  });

  it('leaves defaults out, so the unfiltered list is the bare path', () => {
    expect(filtersToSearch(NO_FILTERS)).toBe('');
    expect(filtersToSearch({ ...NO_FILTERS, q: '   ', page: 1 })).toBe('');
  });

  it('ignores what the server would refuse instead of turning a hand-edited URL into an error', () => {
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=1000001').page).toBe(1);
    expect(parse('library_id=not-a-uuid').libraryId).toBeNull();
    expect(parse('reading_status=finished').readingStatus).toBeNull();
    expect(parse('has_missing=yes').hasMissing).toBeNull();
    expect(parse('view=list').view).toBeNull();
    expect(parse('series_status=%20%20').seriesStatus).toBeNull();
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it('keeps accents and raw provider statuses as typed', () => {
    const filters = parse(filtersToSearch({ ...NO_FILTERS, q: 'Légendaires', seriesStatus: 'terminée' }));
    expect(filters.q).toBe('Légendaires');
    expect(filters.seriesStatus).toBe('terminée');
  });
});

describe('changing filters', () => {
  const onPage4 = { ...NO_FILTERS, page: 4, view: 'grid' as const };

  it('goes back to page 1 when the results change', () => {
    expect(changeFilters(onPage4, { q: 'one' }).page).toBe(1);
    expect(changeFilters(onPage4, { readingStatus: 'read' }).page).toBe(1);
    expect(changeFilters(onPage4, { hasMissing: true }).page).toBe(1);
  });

  it('keeps the page when only the view or the page changes, or a filter is set to what it was', () => {
    expect(changeFilters(onPage4, { view: 'table' })).toEqual({ ...onPage4, view: 'table' });
    expect(changeFilters(onPage4, { page: 5 }).page).toBe(5);
    expect(changeFilters(onPage4, { q: '' }).page).toBe(4);
  });

  it('keeps the view when a filter changes', () => {
    expect(changeFilters(onPage4, { libraryId: LIBRARY }).view).toBe('grid');
  });
});

describe('the list call', () => {
  it('sends only the filters that are set, with the page size', () => {
    expect(listInput(NO_FILTERS)).toEqual({ page: 1, limit: PAGE_SIZE });
    expect(
      listInput({ ...NO_FILTERS, q: ' asterix ', hasMissing: false, seriesStatus: 'ended', view: 'table', page: 2 }),
    ).toEqual({ page: 2, limit: PAGE_SIZE, q: 'asterix', has_missing: false, series_status: 'ended' });
  });

  it('does not depend on the view, so switching views does not reload', () => {
    expect(listInput({ ...NO_FILTERS, view: 'grid' })).toEqual(listInput({ ...NO_FILTERS, view: 'table' }));
  });

  it('counts pages, an empty result being one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PAGE_SIZE)).toBe(1);
    expect(pageCount(PAGE_SIZE + 1)).toBe(2);
    expect(pageCount(100_000)).toBe(Math.ceil(100_000 / PAGE_SIZE));
  });
});
