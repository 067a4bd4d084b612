import { BATCH_OUTCOMES, type BatchOutcome } from './types.js';

/** A batch's results view (outcome filter and page) as it lives in the URL: `?outcome=low_confidence&page=2`. */
export interface BatchResultFilters {
  outcome: BatchOutcome | null;
  page: number;
}

export const RESULTS_PAGE_SIZE = 25;

export function parseBatchFilters(params: Pick<URLSearchParams, 'get'>): BatchResultFilters {
  const page = Number(params.get('page'));
  const outcome = params.get('outcome');
  return {
    outcome: BATCH_OUTCOMES.find((candidate) => candidate === outcome) ?? null,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

export function batchFiltersToSearch(filters: BatchResultFilters): string {
  const params = new URLSearchParams();
  if (filters.outcome) params.set('outcome', filters.outcome);
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}
