import { describe, expect, it } from 'vitest';
import { isAdminOnly, mayOpen } from './access.js';

describe('the pages a reader may open', () => {
  it('keeps management pages for administrators', () => {
    for (const path of [
      '/settings',
      '/libraries',
      '/libraries/new',
      '/libraries/abc/edit',
      '/jobs',
      '/jobs/42',
      '/metadata',
      '/metadata/review',
      '/metadata/batch/1',
      '/users',
      '/series/abc/metadata',
    ]) {
      expect(isAdminOnly(path), path).toBe(true);
      expect(mayOpen('reader', path), path).toBe(false);
      expect(mayOpen('admin', path), path).toBe(true);
    }
  });

  it('lets a reader browse, search, read and manage their tokens', () => {
    for (const path of ['/', '/series', '/series/abc', '/books', '/books/abc', '/read/abc', '/search', '/tokens']) {
      expect(mayOpen('reader', path), path).toBe(true);
    }
  });

  it('does not take a page whose name only starts like one for it', () => {
    expect(isAdminOnly('/jobsearch')).toBe(false);
    expect(isAdminOnly('/series/metadata-of-something')).toBe(false);
  });
});
