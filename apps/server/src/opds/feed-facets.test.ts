import { describe, expect, it } from 'vitest';
import { FACET_VALUES_SHOWN, facetGroups, type FacetCounts } from './feed-facets.js';
import { withQuery } from './feed-links.js';

const genres = Array.from({ length: 30 }, (_, i) => ({ value: `G${String(i).padStart(2, '0')}`, count: 60 - i }));
const counts: FacetCounts = {
  genre: genres,
  publisher: [],
  readingStatus: [
    { value: 'unread', count: 3 },
    { value: 'reading', count: 1 },
    { value: 'read', count: 0 },
  ],
};

describe('facetGroups', () => {
  it('shows the most frequent values of a group, and a chosen one beyond them', () => {
    const [genre] = facetGroups(counts, { genre: ['G27'], author: ['Ann'] });
    expect(genre!.facets.map((facet) => facet.title)).toEqual([
      'All genres',
      ...genres.slice(0, FACET_VALUES_SHOWN).map((count) => count.value),
      'G27',
    ]);
    expect(genre!.facets.filter((facet) => facet.active).map((facet) => facet.title)).toEqual(['G27']);
  });

  it('replaces the group’s choice and keeps the others; "All" clears the group only', () => {
    const [genre, status] = facetGroups(counts, { genre: ['G01', 'G02'], readingStatus: 'reading', author: ['Ann'] });
    const href = (title: string, group = genre!) =>
      withQuery('series', group.facets.find((facet) => facet.title === title)!.query);
    expect(href('G03')).toBe('series?genre=G03&reading_status=reading&author=Ann');
    expect(href('All genres')).toBe('series?reading_status=reading&author=Ann');
    expect(href('Read', status)).toBe('series?genre=G01&genre=G02&reading_status=read&author=Ann');
    expect(href('Read or not', status)).toBe('series?genre=G01&genre=G02&author=Ann');
    expect(status!.facets.map((facet) => [facet.title, facet.count, facet.active])).toEqual([
      ['Read or not', null, false],
      ['Unread', 3, false],
      ['In progress', 1, true],
      ['Read', 0, false],
    ]);
  });

  it('leaves out a group with no value', () => {
    expect(facetGroups(counts, {}).map((group) => group.title)).toEqual(['Genre', 'Read state']);
  });
});
