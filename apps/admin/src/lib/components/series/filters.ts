import type { components } from '../../../../../server/src/contract/openapi-types.js';

type ContractAuthorRole = components['schemas']['AuthorRole'];

/**
 * The series list's whole state (search, filters, page and view) as it lives in the URL: one source of truth that
 * makes a list shareable and lets the back button step through filter changes. Parsing is forgiving (a hand-edited
 * or stale URL never becomes a 400 from the server); writing leaves defaults out so URLs stay short.
 */

export const READING_STATUSES = ['unread', 'reading', 'read'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];
export const SERIES_VIEWS = ['grid', 'table'] as const;
export type SeriesView = (typeof SERIES_VIEWS)[number];
/** GET /series `sort` (openapi.yaml): the URL leaves the default, name_asc, out. */
export const SERIES_SORTS = [
  'name_asc',
  'name_desc',
  'added_desc',
  'added_asc',
  'updated_desc',
  'updated_asc',
  'year_desc',
  'year_asc',
] as const;
export type SeriesSort = (typeof SERIES_SORTS)[number];
export const DEFAULT_SORT: SeriesSort = 'name_asc';

/**
 * GET /series' repeatable filters (openapi.yaml): any of a parameter's values matches, different parameters must all
 * match. Named as the parameters, in the URL as in the call (`genre=Action&genre=Aventure`); each is a facet.
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
/** The contract's most values of one parameter (FilterNames maxItems). */
const MAX_VALUES = 20;
const MAX_AGE = 18;

/** Series per page: divisible by 2, 3, 4, 5 and 6, so a full page fills the grid's rows at most widths. */
export const PAGE_SIZE = 60;
/** The contract's limits (openapi.yaml: SearchQuery maxLength, Page maximum). */
const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 1_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type MultiFilters = { [K in MultiFilter]: string[] };

export interface SeriesFilters extends MultiFilters {
  q: string;
  libraryId: string | null;
  readingStatus: ReadingStatus | null;
  seriesStatus: string | null;
  hasMissing: boolean | null;
  /** The largest age rating kept; `unrated` says whether series without one stay (the server's default: they do). */
  ageMax: number | null;
  unrated: 'include' | 'exclude' | null;
  yearFrom: number | null;
  yearTo: number | null;
  sort: SeriesSort;
  page: number;
  /** Null when the URL does not say: the page then uses the view last chosen in this browser. */
  view: SeriesView | null;
}

export const NO_FILTERS: SeriesFilters = {
  q: '',
  libraryId: null,
  readingStatus: null,
  seriesStatus: null,
  hasMissing: null,
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
  sort: DEFAULT_SORT,
  page: 1,
  view: null,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/** A whole number within bounds, else null (a hand-edited URL is never a 400). */
function whole(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : null;
}

export function parseFilters(params: Pick<URLSearchParams, 'get' | 'getAll'>): SeriesFilters {
  const page = Number(params.get('page'));
  const missing = params.get('has_missing');
  const library = params.get('library_id');
  const status = params.get('series_status')?.trim() ?? '';
  const many = (name: MultiFilter) => {
    const values = params.getAll(name).filter((value) => value !== '');
    const kept = name === 'author_role' ? values.filter((value) => oneOf(AUTHOR_ROLES, value) !== null) : values;
    return [...new Set(kept.map((value) => value.slice(0, MAX_QUERY_LENGTH)))].slice(0, MAX_VALUES);
  };
  const unrated = params.get('unrated');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    libraryId: library && UUID.test(library) ? library : null,
    readingStatus: oneOf(READING_STATUSES, params.get('reading_status')),
    seriesStatus: status === '' ? null : status.slice(0, MAX_QUERY_LENGTH),
    hasMissing: missing === 'true' ? true : missing === 'false' ? false : null,
    ...(Object.fromEntries(MULTI_FILTERS.map((name) => [name, many(name)])) as MultiFilters),
    ageMax: whole(params.get('age_max'), 0, MAX_AGE),
    unrated: unrated === 'include' || unrated === 'exclude' ? unrated : null,
    yearFrom: whole(params.get('year_from'), 1, 9999),
    yearTo: whole(params.get('year_to'), 1, 9999),
    sort: oneOf(SERIES_SORTS, params.get('sort')) ?? DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    view: oneOf(SERIES_VIEWS, params.get('view')),
  };
}

/** The query string for a state, defaults left out, in a stable order (the same state is always the same URL). */
export function filtersToSearch(filters: SeriesFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim() !== '') params.set('q', filters.q);
  if (filters.libraryId) params.set('library_id', filters.libraryId);
  if (filters.readingStatus) params.set('reading_status', filters.readingStatus);
  if (filters.seriesStatus) params.set('series_status', filters.seriesStatus);
  if (filters.hasMissing !== null) params.set('has_missing', String(filters.hasMissing));
  for (const name of MULTI_FILTERS) for (const value of filters[name]) params.append(name, value);
  if (filters.ageMax !== null) params.set('age_max', String(filters.ageMax));
  if (filters.unrated) params.set('unrated', filters.unrated);
  if (filters.yearFrom !== null) params.set('year_from', String(filters.yearFrom));
  if (filters.yearTo !== null) params.set('year_to', String(filters.yearTo));
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.view) params.set('view', filters.view);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/**
 * A filter change: any change other than the page itself goes back to page 1 (page 7 of the old results means
 * nothing for the new ones); the view is kept as it is.
 */
export function changeFilters(current: SeriesFilters, change: Partial<SeriesFilters>): SeriesFilters {
  const next = { ...current, ...change };
  const refiltered = (Object.keys(change) as (keyof SeriesFilters)[]).some(
    (key) => key !== 'page' && key !== 'view' && JSON.stringify(change[key]) !== JSON.stringify(current[key]),
  );
  if (refiltered && change.page === undefined) next.page = 1;
  return next;
}

/**
 * What filters the list, as GET /series' parameters (no page, no sort): the `listSeriesFacets` input, and what a saved
 * filter holds.
 */
export function filterInput(filters: SeriesFilters) {
  const multi: Partial<Record<MultiFilter, string[]>> = {};
  for (const name of MULTI_FILTERS) if (filters[name].length > 0) multi[name] = filters[name];
  return {
    ...(filters.q.trim() !== '' ? { q: filters.q.trim() } : {}),
    ...(filters.libraryId ? { library_id: filters.libraryId } : {}),
    ...(filters.readingStatus ? { reading_status: filters.readingStatus } : {}),
    ...(filters.seriesStatus ? { series_status: filters.seriesStatus } : {}),
    ...(filters.hasMissing !== null ? { has_missing: filters.hasMissing } : {}),
    ...(multi as Omit<typeof multi, 'author_role'> & { author_role?: AuthorRole[] }),
    ...(filters.ageMax !== null ? { age_max: filters.ageMax } : {}),
    ...(filters.unrated ? { unrated: filters.unrated } : {}),
    ...(filters.yearFrom !== null ? { year_from: filters.yearFrom } : {}),
    ...(filters.yearTo !== null ? { year_to: filters.yearTo } : {}),
  };
}

/** The `listSeries` input for a state: what decides the results, nothing about how they are shown. */
export function listInput(filters: SeriesFilters) {
  return {
    page: filters.page,
    limit: PAGE_SIZE,
    ...filterInput(filters),
    ...(filters.sort !== DEFAULT_SORT ? { sort: filters.sort } : {}),
  };
}

/** Whether anything filters the list (the search included; the sort, page and view do not). */
export function isFiltered(filters: SeriesFilters): boolean {
  return Object.keys(filterInput(filters)).length > 0;
}

/** The filters only: what "clear all" sets (the sort and view stay). */
export function clearedFilters(): Partial<SeriesFilters> {
  const kept = new Set<keyof SeriesFilters>(['sort', 'page', 'view']);
  return Object.fromEntries(Object.entries(NO_FILTERS).filter(([key]) => !kept.has(key as keyof SeriesFilters)));
}

/** Last page number for a total (at least 1, so an empty result still reads "page 1 of 1"). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
