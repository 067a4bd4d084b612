import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../../i18n/i18n-util.js';
import { loadAllLocales } from '../../../i18n/i18n-util.sync.js';
import {
  AUTHOR_ROLES,
  appendFacets,
  chosenFacetCount,
  facetInput,
  NO_FACETS,
  parseFacets,
  roleLabel,
} from './facets.js';

loadAllLocales();

describe('the facets both lists share', () => {
  it('round-trip through a query string, several values each, in a stable order', () => {
    const facets = {
      ...NO_FACETS,
      genre: ['Action', 'Aventure'],
      author: ['Ana Lune'],
      author_role: ['writer', 'cover'],
      story_arc: ['Low Tide'],
      ageMax: 12,
      unrated: 'exclude' as const,
      yearFrom: 1990,
      yearTo: 2001,
    };
    const params = new URLSearchParams();
    appendFacets(params, facets);
    expect(params.toString()).toBe(
      'genre=Action&genre=Aventure&author=Ana+Lune&author_role=writer&author_role=cover&story_arc=Low+Tide' +
        '&age_max=12&unrated=exclude&year_from=1990&year_to=2001',
    );
    expect(parseFacets(params)).toEqual(facets);
    expect(chosenFacetCount(facets)).toBe(10);
    expect(facetInput(facets)).toEqual({
      genre: ['Action', 'Aventure'],
      author: ['Ana Lune'],
      author_role: ['writer', 'cover'],
      story_arc: ['Low Tide'],
      age_max: 12,
      unrated: 'exclude',
      year_from: 1990,
      year_to: 2001,
    });
    expect(facetInput(NO_FACETS)).toEqual({});
  });

  it('read a hand-edited URL forgivingly: unknown roles, repeated or empty values and bad numbers are dropped', () => {
    const parsed = parseFacets(
      new URLSearchParams('author_role=boss&author_role=inker&tag=&tag=spy&tag=spy&age_max=19&year_from=x&unrated=no'),
    );
    expect(parsed).toEqual({ ...NO_FACETS, author_role: ['inker'], tag: ['spy'] });
    expect(
      parseFacets(new URLSearchParams(Array.from({ length: 30 }, (_, i) => ['genre', `g${i}`]))).genre,
    ).toHaveLength(20);
  });

  it('names each role in words, in English and French, never by its code', () => {
    const en = i18nObject('en');
    const fr = i18nObject('fr');
    expect(AUTHOR_ROLES.map((role) => roleLabel(en, 'en', role))).toEqual([
      'Writer',
      'Penciller',
      'Inker',
      'Colorist',
      'Letterer',
      'Cover artist',
      'Editor',
      'Translator',
      'Author',
    ]);
    expect(roleLabel(fr, 'fr', 'writer')).toBe('Scénariste');
    expect(roleLabel(fr, 'fr', 'cover')).toBe('Couverture');
  });
});
