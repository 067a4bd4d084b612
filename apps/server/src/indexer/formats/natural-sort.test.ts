import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { naturalCompare } from './natural-sort.js';

const sorted = (names: string[]): string[] => [...names].sort(naturalCompare);

describe('naturalCompare', () => {
  it('orders numbers by value, ignoring case', () => {
    expect(sorted(['page10.jpg', 'Page2.jpg', 'page1.jpg', 'page02b.jpg', 'page100.jpg'])).toEqual([
      'page1.jpg',
      'Page2.jpg',
      'page02b.jpg',
      'page10.jpg',
      'page100.jpg',
    ]);
  });

  it('keeps a folder together and compares folders first', () => {
    expect(sorted(['ch10/p1.jpg', 'ch2/p10.jpg', 'ch2/p9.jpg', 'ch1 extra/p1.jpg', 'ch1/p1.jpg'])).toEqual([
      'ch1/p1.jpg',
      'ch1 extra/p1.jpg',
      'ch2/p9.jpg',
      'ch2/p10.jpg',
      'ch10/p1.jpg',
    ]);
  });

  it('handles digit runs longer than a safe integer', () => {
    expect(sorted(['p99999999999999999999.jpg', 'p100000000000000000000.jpg'])).toEqual([
      'p99999999999999999999.jpg',
      'p100000000000000000000.jpg',
    ]);
  });

  it('puts accented letters with their base letter and reads digits in any script', () => {
    expect(sorted(['zebra.jpg', 'Élan.jpg', 'eagle.jpg', 'elan.jpg'])).toEqual([
      'eagle.jpg',
      'elan.jpg',
      'Élan.jpg',
      'zebra.jpg',
    ]);
    expect(sorted(['p١٠.jpg', 'p٩.jpg', 'p10.jpg', 'p9.jpg'])).toEqual(['p9.jpg', 'p٩.jpg', 'p10.jpg', 'p١٠.jpg']);
  });

  it('breaks ties the collator leaves (leading zeros, case) by code unit', () => {
    expect(sorted(['1.jpg', 'a.jpg', '01.jpg', 'A.jpg'])).toEqual(['01.jpg', '1.jpg', 'A.jpg', 'a.jpg']);
  });

  it('is a total order: antisymmetric, reflexive on equal strings, and transitive', () => {
    const name = fc.stringMatching(/^[a-zA-Z0-9 ._/()\-éÉ١٠]{0,12}$/);
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        expect(Math.sign(naturalCompare(a, b)) + Math.sign(naturalCompare(b, a))).toBe(0);
        expect(naturalCompare(a, a)).toBe(0);
        if (naturalCompare(a, b) === 0) expect(a).toBe(b);
        if (naturalCompare(a, b) <= 0 && naturalCompare(b, c) <= 0) expect(naturalCompare(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });
});
