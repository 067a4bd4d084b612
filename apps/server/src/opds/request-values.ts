import type { Request } from 'express';
import { ValidationError } from '../domain/errors.js';
import { READING_STATUSES, type ReadingStatus } from '../entities/reading-progress.entity.js';

/** Far beyond any library, and small enough that page × size stays an exact integer in SQL. */
const MAX_PAGE = 1_000_000;
const MAX_WIDTH = 10_000;
const MAX_QUERY_LENGTH = 200;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/;

function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return single(value[0]);
  return typeof value === 'string' ? value : undefined;
}

export { idParam } from '../http/path-id.js';

/** `page` of a paged feed, from 1 (absent: 1). */
export function pageParam(req: Request): number {
  const raw = single(req.query.page);
  if (raw === undefined || raw === '') return 1;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PAGE) {
    throw new ValidationError(`page must be a whole number from 1 to ${MAX_PAGE}`, [
      { path: '/query/page', message: `must be a whole number from 1 to ${MAX_PAGE}`, code: 'invalid' },
    ]);
  }
  return Number(raw);
}

/** The search terms (`q`, or `query` as OPDS 2.0 templates name it). */
export function searchParam(req: Request): string {
  const raw = single(req.query.q) ?? single(req.query.query) ?? '';
  const q = raw.trim();
  const problem =
    q === ''
      ? 'must not be empty'
      : q.length > MAX_QUERY_LENGTH
        ? `must be at most ${MAX_QUERY_LENGTH} characters`
        : CONTROL.test(q)
          ? 'must not contain control characters'
          : null;
  if (problem) throw new ValidationError(`q ${problem}`, [{ path: '/query/q', message: problem, code: 'invalid' }]);
  return q;
}

/** The 0-based page number of an OPDS-PSE request. */
export function pageNumberParam(req: Request): number {
  const raw = String(req.params.pageNumber ?? '');
  if (!/^\d{1,6}$/.test(raw)) {
    throw new ValidationError('pageNumber must be a whole number from 0', [
      { path: '/path/pageNumber', message: 'must be a whole number from 0', code: 'invalid' },
    ]);
  }
  return Number(raw);
}

/** `maxWidth` of an OPDS-PSE request; an app that leaves the template unfilled asks for the full size. */
export function maxWidthParam(req: Request): number | undefined {
  const raw = single(req.query.maxWidth);
  if (raw === undefined || raw === '' || raw === '{maxWidth}') return undefined;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_WIDTH) {
    throw new ValidationError(`maxWidth must be a whole number from 1 to ${MAX_WIDTH}`, [
      { path: '/query/maxWidth', message: `must be a whole number from 1 to ${MAX_WIDTH}`, code: 'invalid' },
    ]);
  }
  return Number(raw);
}

/**
 * The filters a feed of series takes, as its facet links write them: `genre`, `publisher` and `author` (repeatable,
 * any of the values matches, exactly as stored) and `reading_status`. The limits are the REST filters' own
 * (openapi.yaml's FilterNames); anything else is a 400 naming the parameter, before any query runs.
 */
export interface FeedFilters {
  genre?: string[];
  publisher?: string[];
  author?: string[];
  readingStatus?: ReadingStatus;
}

const MAX_FILTER_VALUES = 20;
const MAX_FILTER_LENGTH = 200;

function names(req: Request, name: 'genre' | 'publisher' | 'author'): string[] | undefined {
  const raw: unknown = req.query[name];
  if (raw === undefined) return undefined;
  const given: unknown[] = Array.isArray(raw) ? raw : [raw];
  const values = given.filter((value): value is string => typeof value === 'string');
  const problem =
    values.length < given.length
      ? 'must be text (repeat the parameter for several values)'
      : values.length > MAX_FILTER_VALUES
        ? `must be given at most ${MAX_FILTER_VALUES} times`
        : values.some((value) => value === '' || value.length > MAX_FILTER_LENGTH)
          ? `must be from 1 to ${MAX_FILTER_LENGTH} characters`
          : values.some((value) => CONTROL.test(value))
            ? 'must not contain control characters'
            : null;
  if (problem) {
    throw new ValidationError(`${name} ${problem}`, [{ path: `/query/${name}`, message: problem, code: 'invalid' }]);
  }
  // The same value twice filters as once; the links and the feed's id are written from the distinct values.
  return [...new Set(values)];
}

export function feedFiltersParam(req: Request): FeedFilters {
  const filters: FeedFilters = {};
  for (const name of ['genre', 'publisher', 'author'] as const) {
    const values = names(req, name);
    if (values) filters[name] = values;
  }
  const status: unknown = req.query.reading_status;
  if (status !== undefined) {
    if (typeof status !== 'string' || !(READING_STATUSES as readonly string[]).includes(status)) {
      const problem = `must be one of ${READING_STATUSES.join(', ')}`;
      throw new ValidationError(`reading_status ${problem}`, [
        { path: '/query/reading_status', message: problem, code: 'invalid' },
      ]);
    }
    filters.readingStatus = status as ReadingStatus;
  }
  return filters;
}
