import { describe, expect, it } from 'vitest';
import { offersReport, offersSharing } from './reading-list-actions.js';

describe('offersSharing', () => {
  it('is an administrator’s, on their own lists only', () => {
    expect(offersSharing({ mine: true, imported: false }, true)).toBe(true);
    expect(offersSharing({ mine: false, imported: false }, true)).toBe(false);
    expect(offersSharing({ mine: true, imported: true }, false)).toBe(false);
  });
});

describe('offersReport', () => {
  it('is the owner’s, on an imported list only', () => {
    expect(offersReport({ mine: true, imported: true })).toBe(true);
    expect(offersReport({ mine: true, imported: false })).toBe(false);
    expect(offersReport({ mine: false, imported: true })).toBe(false);
  });
});
