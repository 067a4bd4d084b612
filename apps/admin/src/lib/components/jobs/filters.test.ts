import { describe, expect, it } from 'vitest';
import { batchFiltersToSearch, parseBatchFilters } from './batch-filters.js';
import { changeJobFilters, formatDuration, jobFiltersToSearch, jobListInput, parseJobFilters } from './filters.js';

const LIBRARY = '3e9a7c1b-2d4f-4a6e-8b0c-1d2e3f4a5b6c';

describe('jobs list filters in the URL', () => {
  it('reads known values and drops the rest', () => {
    const filters = parseJobFilters(
      new URLSearchParams(`type=metadata_batch&status=completed_with_errors&library_id=${LIBRARY}&page=3`),
    );
    expect(filters).toEqual({ type: 'metadata_batch', status: 'completed_with_errors', libraryId: LIBRARY, page: 3 });
    expect(parseJobFilters(new URLSearchParams('type=nope&status=x&library_id=abc&page=-2'))).toEqual({
      type: null,
      status: null,
      libraryId: null,
      page: 1,
    });
  });

  it('writes a short, stable URL and round-trips', () => {
    const filters = { type: 'scan' as const, status: null, libraryId: LIBRARY, page: 2 };
    const search = jobFiltersToSearch(filters);
    expect(search).toBe(`?type=scan&library_id=${LIBRARY}&page=2`);
    expect(parseJobFilters(new URLSearchParams(search))).toEqual(filters);
    expect(jobFiltersToSearch({ type: null, status: null, libraryId: null, page: 1 })).toBe('');
  });

  it('goes back to page 1 on a filter change, not on a page change', () => {
    const current = { type: null, status: null, libraryId: null, page: 4 };
    expect(changeJobFilters(current, { status: 'failed' }).page).toBe(1);
    expect(changeJobFilters(current, { page: 5 }).page).toBe(5);
  });

  it('asks the server only for what is set', () => {
    expect(jobListInput({ type: null, status: 'running', libraryId: null, page: 1 })).toEqual({
      page: 1,
      limit: 25,
      status: 'running',
    });
  });
});

describe('durations', () => {
  it('says milliseconds, seconds and minutes', () => {
    expect(formatDuration('en', 850)).toBe('850ms');
    expect(formatDuration('en', 65_000)).toBe('1m 5s');
    expect(formatDuration('en', 3_600_000)).toBe('1h');
  });
});

describe('batch results filters in the URL', () => {
  it('reads an outcome and a page, and writes them back', () => {
    const filters = parseBatchFilters(new URLSearchParams('outcome=low_confidence&page=2'));
    expect(filters).toEqual({ outcome: 'low_confidence', page: 2 });
    expect(batchFiltersToSearch(filters)).toBe('?outcome=low_confidence&page=2');
    expect(parseBatchFilters(new URLSearchParams('outcome=bogus'))).toEqual({ outcome: null, page: 1 });
    expect(batchFiltersToSearch({ outcome: null, page: 1 })).toBe('');
  });
});
