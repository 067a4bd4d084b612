import { appendFacets, facetInput, NO_FACETS, parseFacets, type FacetFilters } from '../filters/facets.js';

export { AUTHOR_ROLES, MULTI_FILTERS, type AuthorRole, type MultiFilter } from '../filters/facets.js';

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

/** Series per page: divisible by 2, 3, 4, 5 and 6, so a full page fills the grid's rows at most widths. */
export const PAGE_SIZE = 60;
/** The contract's limits (openapi.yaml: SearchQuery maxLength, Page maximum). */
const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 1_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SeriesFilters extends FacetFilters {
  q: string;
  libraryId: string | null;
  readingStatus: ReadingStatus | null;
  seriesStatus: string | null;
  hasMissing: boolean | null;
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
  ...NO_FACETS,
  sort: DEFAULT_SORT,
  page: 1,
  view: null,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function parseFilters(params: Pick<URLSearchParams, 'get' | 'getAll'>): SeriesFilters {
  const page = Number(params.get('page'));
  const missing = params.get('has_missing');
  const library = params.get('library_id');
  const status = params.get('series_status')?.trim() ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    libraryId: library && UUID.test(library) ? library : null,
    readingStatus: oneOf(READING_STATUSES, params.get('reading_status')),
    seriesStatus: status === '' ? null : status.slice(0, MAX_QUERY_LENGTH),
    hasMissing: missing === 'true' ? true : missing === 'false' ? false : null,
    ...parseFacets(params),
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
  appendFacets(params, filters);
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
  return {
    ...(filters.q.trim() !== '' ? { q: filters.q.trim() } : {}),
    ...(filters.libraryId ? { library_id: filters.libraryId } : {}),
    ...(filters.readingStatus ? { reading_status: filters.readingStatus } : {}),
    ...(filters.seriesStatus ? { series_status: filters.seriesStatus } : {}),
    ...(filters.hasMissing !== null ? { has_missing: filters.hasMissing } : {}),
    ...facetInput(filters),
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
