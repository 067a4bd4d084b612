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

/** The books list's state, as the URL holds it (shareable, and the back button goes back to the last filter). */
export interface BookFilters {
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

export const DEFAULT_FILTERS: BookFilters = {
  q: '',
  library_id: '',
  series: '',
  reading_status: '',
  format: '',
  parse_status: '',
  sort: 'series',
  view: 'list',
  page: 1,
};

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | '' =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** Reads the filters from a URL's query; anything unknown or malformed falls back to "no filter" (never a 400). */
export function filtersFromUrl(params: Pick<URLSearchParams, 'get'>): BookFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const library = params.get('library_id') ?? '';
  return {
    q: params.get('q')?.trim() ?? '',
    library_id: /^[0-9a-f-]{36}$/i.test(library) ? library : '',
    series: params.get('series') ?? '',
    reading_status: oneOf(READING_STATUSES, params.get('reading_status')),
    format: oneOf(BOOK_FORMATS, params.get('format')),
    parse_status: oneOf(PARSE_STATUSES, params.get('parse_status')),
    sort: oneOf(BOOK_SORTS, params.get('sort')) || 'series',
    view: oneOf(BOOK_VIEWS, params.get('view')) || 'list',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string for those filters: only what differs from the defaults, so a plain list is a plain URL. */
export function filtersToUrl(filters: BookFilters): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof BookFilters)[]) {
    const value = filters[key];
    if (value !== DEFAULT_FILTERS[key] && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The tRPC input of `books.list` for those filters. */
export function listQuery(filters: BookFilters): BookListQuery {
  return {
    q: filters.q || undefined,
    library_id: filters.library_id || undefined,
    series: filters.series || undefined,
    reading_status: filters.reading_status || undefined,
    format: filters.format || undefined,
    parse_status: filters.parse_status || undefined,
    sort: filters.sort,
    page: filters.page,
    limit: PAGE_SIZE,
  };
}

/** A changed filter starts again at page 1: page 7 of another filter means nothing. */
export function withFilter(filters: BookFilters, change: Partial<Omit<BookFilters, 'page'>>): BookFilters {
  return { ...filters, ...change, page: 1 };
}
