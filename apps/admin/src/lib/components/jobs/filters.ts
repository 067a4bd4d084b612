import { JOB_STATUSES, JOB_TYPES, type JobStatus, type JobType } from './types.js';

/**
 * The jobs list's state (type, status, library, page) as it lives in the URL: shareable, and the back button steps
 * through filter changes. Parsing is forgiving (a hand-edited URL never becomes a 400); defaults are left out.
 */
export interface JobFilters {
  type: JobType | null;
  status: JobStatus | null;
  libraryId: string | null;
  page: number;
}

export const JOBS_PAGE_SIZE = 25;
const MAX_PAGE = 1_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function parseJobFilters(params: Pick<URLSearchParams, 'get'>): JobFilters {
  const page = Number(params.get('page'));
  const library = params.get('library_id');
  return {
    type: oneOf(JOB_TYPES, params.get('type')),
    status: oneOf(JOB_STATUSES, params.get('status')),
    libraryId: library && UUID.test(library) ? library : null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function jobFiltersToSearch(filters: JobFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.libraryId) params.set('library_id', filters.libraryId);
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** A filter change goes back to page 1; a page change keeps the filters. */
export function changeJobFilters(current: JobFilters, change: Partial<JobFilters>): JobFilters {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

export function jobListInput(filters: JobFilters) {
  return {
    page: filters.page,
    limit: JOBS_PAGE_SIZE,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.libraryId ? { library_id: filters.libraryId } : {}),
  };
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** A duration in the page's language: "1 min 5 s", "850 ms" (Intl's units, no library). */
export function formatDuration(locale: string, ms: number): string {
  const unit = (value: number, name: 'hour' | 'minute' | 'second' | 'millisecond') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  if (ms < 1000) return unit(Math.round(ms), 'millisecond');
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(unit(hours, 'hour'));
  if (minutes > 0) parts.push(unit(minutes, 'minute'));
  if (rest > 0 || parts.length === 0) parts.push(unit(rest, 'second'));
  return parts.join(' ');
}
