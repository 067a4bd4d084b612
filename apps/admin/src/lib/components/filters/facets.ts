import type { TranslationFunctions } from '../../../i18n/i18n-types.js';
import type { components } from '../../../../../server/src/contract/openapi-types.js';

type ContractAuthorRole = components['schemas']['AuthorRole'];

/**
 * The facets GET /series and GET /books share (openapi.yaml): repeatable filters where any of a parameter's values
 * matches and different parameters must all match, an age limit and a year range. Both lists keep them in their URL
 * as in the call (`genre=Action&genre=Aventure`); parsing is forgiving (a hand-edited URL is never a 400).
 */
export const MULTI_FILTERS = [
  'genre',
  'publisher',
  'tag',
  'author',
  'author_role',
  'language',
  'comic_format',
  'story_arc',
] as const;
export type MultiFilter = (typeof MULTI_FILTERS)[number];
/** AuthorRole (openapi.yaml): the only values `author_role` takes. */
export const AUTHOR_ROLES = [
  'writer',
  'penciller',
  'inker',
  'colorist',
  'letterer',
  'cover',
  'editor',
  'translator',
  'author',
] as const;
export type AuthorRole = (typeof AUTHOR_ROLES)[number];
// The list above is needed at run time (the admin bundles no server code); the compiler holds it to the contract's,
// both ways, so a role added to or dropped from openapi.yaml fails the admin's type-check here.
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rolesFollowTheContract: SameUnion<AuthorRole, ContractAuthorRole> = true;
void rolesFollowTheContract;

/** The contract's limits: FilterNames maxItems and item maxLength, the largest age rating, FilterYear. */
const MAX_VALUES = 20;
const MAX_VALUE_LENGTH = 200;
const MAX_AGE = 18;

export type MultiFilters = { [K in MultiFilter]: string[] };

export interface FacetFilters extends MultiFilters {
  /** The largest age rating kept; `unrated` says whether items without one stay (the server's default: they do). */
  ageMax: number | null;
  unrated: 'include' | 'exclude' | null;
  yearFrom: number | null;
  yearTo: number | null;
}

export const NO_FACETS: FacetFilters = {
  genre: [],
  publisher: [],
  tag: [],
  author: [],
  author_role: [],
  language: [],
  comic_format: [],
  story_arc: [],
  ageMax: null,
  unrated: null,
  yearFrom: null,
  yearTo: null,
};

/** A whole number within bounds, else null. */
export function whole(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : null;
}

const isRole = (value: string): value is AuthorRole => (AUTHOR_ROLES as readonly string[]).includes(value);

export function parseFacets(params: Pick<URLSearchParams, 'get' | 'getAll'>): FacetFilters {
  const many = (name: MultiFilter) => {
    const values = params.getAll(name).filter((value) => value !== '');
    const kept = name === 'author_role' ? values.filter(isRole) : values;
    return [...new Set(kept.map((value) => value.slice(0, MAX_VALUE_LENGTH)))].slice(0, MAX_VALUES);
  };
  const unrated = params.get('unrated');
  return {
    ...(Object.fromEntries(MULTI_FILTERS.map((name) => [name, many(name)])) as MultiFilters),
    ageMax: whole(params.get('age_max'), 0, MAX_AGE),
    unrated: unrated === 'include' || unrated === 'exclude' ? unrated : null,
    yearFrom: whole(params.get('year_from'), 1, 9999),
    yearTo: whole(params.get('year_to'), 1, 9999),
  };
}

/** Adds the facets to a query string, in a stable order (the same state is always the same URL). */
export function appendFacets(params: URLSearchParams, facets: FacetFilters): void {
  for (const name of MULTI_FILTERS) for (const value of facets[name]) params.append(name, value);
  if (facets.ageMax !== null) params.set('age_max', String(facets.ageMax));
  if (facets.unrated) params.set('unrated', facets.unrated);
  if (facets.yearFrom !== null) params.set('year_from', String(facets.yearFrom));
  if (facets.yearTo !== null) params.set('year_to', String(facets.yearTo));
}

/** The facets as the operations' parameters, those not set left out. */
export function facetInput(facets: FacetFilters) {
  const multi: Partial<Record<MultiFilter, string[]>> = {};
  for (const name of MULTI_FILTERS) if (facets[name].length > 0) multi[name] = facets[name];
  return {
    ...(multi as Omit<typeof multi, 'author_role'> & { author_role?: AuthorRole[] }),
    ...(facets.ageMax !== null ? { age_max: facets.ageMax } : {}),
    ...(facets.unrated ? { unrated: facets.unrated } : {}),
    ...(facets.yearFrom !== null ? { year_from: facets.yearFrom } : {}),
    ...(facets.yearTo !== null ? { year_to: facets.yearTo } : {}),
  };
}

/** How many facet values are chosen (each value of a repeatable filter, the age limit, "rated only", each year). */
export function chosenFacetCount(facets: FacetFilters): number {
  return (
    MULTI_FILTERS.reduce((sum, name) => sum + facets[name].length, 0) +
    [facets.ageMax, facets.unrated, facets.yearFrom, facets.yearTo].filter((value) => value !== null).length
  );
}

/**
 * A role as a label of its own ("Writer", "Cover artist", "Scénariste"): the credits' translation, which is written
 * to sit inside a sentence ("As writer"), with its first letter up.
 */
export function roleLabel(LL: TranslationFunctions, locale: string, role: string): string {
  const roles = LL.authorRoles as Record<string, (() => string) | undefined>;
  const word = roles[role]?.() ?? role;
  return word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
}

/** A chip of what filters a list: its words, and what taking it off does. */
export interface ChosenChip {
  key: string;
  label: string;
  remove: () => void;
}
