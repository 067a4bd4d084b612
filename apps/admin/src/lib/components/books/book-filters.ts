import { appendFacets, facetInput, NO_FACETS, parseFacets, type FacetFilters } from '../filters/facets.js';
import {
  BOOK_FORMATS,
  BOOK_SORTS,
  PARSE_STATUSES,
  READING_STATUSES,
  type BookFormat,
  type BookListQuery,
  type BookSort,
  type ParseStatus,
  type ReadingStatus,
} from './book-types.js';

/**
 * The books list's state, as the URL holds it (shareable, and the back button goes back to the last filter): the
 * list's own filters, then the facets it shares with the series list (filters/facets.ts).
 */
export interface BookFilters extends FacetFilters {
  q: string;
  library_id: string;
  series: string;
  reading_status: ReadingStatus | '';
  format: BookFormat | '';
  parse_status: ParseStatus | '';
  sort: BookSort;
  /** A plain list, or the cover grid the series list has. */
  view: BookView;
  page: number;
}

export const BOOK_VIEWS = ['list', 'grid'] as const;
export type BookView = (typeof BOOK_VIEWS)[number];

export const PAGE_SIZE = 50;
export const DEFAULT_SORT: BookSort = 'series';

/** The list's own filters, in the URL's order; the facets follow them. */
const OWN_FILTERS = ['q', 'library_id', 'series', 'reading_status', 'format', 'parse_status'] as const;

export const DEFAULT_FILTERS: BookFilters = {
  q: '',
  library_id: '',
  series: '',
  reading_status: '',
  format: '',
  parse_status: '',
  ...NO_FACETS,
  sort: DEFAULT_SORT,
  view: 'list',
  page: 1,
};

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | '' =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** Reads the filters from a URL's query; anything unknown or malformed falls back to "no filter" (never a 400). */
export function filtersFromUrl(params: Pick<URLSearchParams, 'get' | 'getAll'>): BookFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const library = params.get('library_id') ?? '';
  return {
    q: params.get('q')?.trim() ?? '',
    library_id: /^[0-9a-f-]{36}$/i.test(library) ? library : '',
    series: params.get('series') ?? '',
    reading_status: oneOf(READING_STATUSES, params.get('reading_status')),
    format: oneOf(BOOK_FORMATS, params.get('format')),
    parse_status: oneOf(PARSE_STATUSES, params.get('parse_status')),
    ...parseFacets(params),
    sort: oneOf(BOOK_SORTS, params.get('sort')) || DEFAULT_SORT,
    view: oneOf(BOOK_VIEWS, params.get('view')) || 'list',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string for those filters: only what differs from the defaults, so a plain list is a plain URL. */
export function filtersToUrl(filters: BookFilters): string {
  const params = new URLSearchParams();
  for (const key of OWN_FILTERS) if (filters[key] !== '') params.set(key, filters[key]);
  appendFacets(params, filters);
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.view !== DEFAULT_FILTERS.view) params.set('view', filters.view);
  if (filters.page !== 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * What filters the list, as GET /books' parameters (no page, no sort): the `books.facets` input, and what a saved
 * filter of the books holds.
 */
export function filterInput(filters: BookFilters) {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.library_id ? { library_id: filters.library_id } : {}),
    ...(filters.series ? { series: filters.series } : {}),
    ...(filters.reading_status ? { reading_status: filters.reading_status } : {}),
    ...(filters.format ? { format: filters.format } : {}),
    ...(filters.parse_status ? { parse_status: filters.parse_status } : {}),
    ...facetInput(filters),
  };
}

/** The tRPC input of `books.list` for those filters. */
export function listQuery(filters: BookFilters): BookListQuery {
  return { ...filterInput(filters), sort: filters.sort, page: filters.page, limit: PAGE_SIZE };
}

/** Whether anything filters the list (the search included; the sort, page and view do not). */
export function isFiltered(filters: BookFilters): boolean {
  return Object.keys(filterInput(filters)).length > 0;
}

/** A changed filter starts again at page 1: page 7 of another filter means nothing. */
export function withFilter(filters: BookFilters, change: Partial<Omit<BookFilters, 'page'>>): BookFilters {
  return { ...filters, ...change, page: 1 };
}
