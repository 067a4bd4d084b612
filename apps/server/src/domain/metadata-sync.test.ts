import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SERIES_SYNC_FIELDS,
  bookDate,
  bookIsbn,
  matchVolumes,
  planSync,
  type FieldValue,
  type LocalBook,
} from './metadata-sync.js';

const EMPTY = {
  status: null,
  authors: [],
  description: null,
  publishers: [],
  start_year: null,
  total_volumes: null,
  genres: [],
  language: null,
  reading_direction: null,
  cover_url: null,
};

describe('planSync', () => {
  it('fills and replaces with the offered values and reports old → new', () => {
    const plan = planSync(
      SERIES_SYNC_FIELDS,
      { ...EMPTY, description: 'old', authors: ['A'] },
      { description: 'new', authors: ['A'], start_year: 1997 },
      new Set(),
    );
    expect(plan.updated).toEqual([
      { field: 'description', old: 'old', new: 'new' },
      { field: 'start_year', old: null, new: 1997 },
    ]);
    expect(plan.changes).toEqual({ description: 'new', start_year: 1997 });
    expect(plan.skipped).toEqual([]);
  });

  it('skips a locked field whenever a value is offered, even an identical one', () => {
    const plan = planSync(
      SERIES_SYNC_FIELDS,
      { ...EMPTY, description: 'mine', authors: ['A'] },
      { description: 'theirs', authors: ['A'], genres: [] },
      new Set(['description', 'authors', 'genres']),
    );
    expect(plan.skipped).toEqual(['authors', 'description']);
    expect(plan.updated).toEqual([]);
  });

  it('never clears: empty strings, empty lists and nulls are not values', () => {
    const plan = planSync(
      SERIES_SYNC_FIELDS,
      { ...EMPTY, description: 'kept', authors: ['A'], total_volumes: 3 },
      { description: '  ', authors: [], total_volumes: null },
      new Set(),
    );
    expect(plan.updated).toEqual([]);
  });

  const value: fc.Arbitrary<FieldValue> = fc.oneof(
    fc.constant(null),
    fc.string({ maxLength: 6 }),
    fc.integer({ min: 0, max: 50 }),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  );
  const record = fc.record(
    Object.fromEntries(SERIES_SYNC_FIELDS.map((field) => [field, value])) as Record<
      (typeof SERIES_SYNC_FIELDS)[number],
      fc.Arbitrary<FieldValue>
    >,
  );

  it('property: a locked field never changes, nothing is ever cleared, every change is reported', () => {
    fc.assert(
      fc.property(record, record, fc.subarray([...SERIES_SYNC_FIELDS]), (current, offered, locks) => {
        const locked = new Set<string>(locks);
        const plan = planSync(SERIES_SYNC_FIELDS, current, offered, locked);
        const after = { ...current, ...plan.changes };
        for (const field of SERIES_SYNC_FIELDS) {
          if (locked.has(field)) expect(after[field]).toEqual(current[field]);
          const was = current[field];
          const wasSet =
            was !== null &&
            !(typeof was === 'string' && was.trim() === '') &&
            !(Array.isArray(was) && was.length === 0);
          const now = after[field];
          if (wasSet) expect(now === null || (Array.isArray(now) && now.length === 0) || now === '').toBe(false);
        }
        expect(plan.updated.map((change) => change.field).sort()).toEqual(Object.keys(plan.changes).sort());
        for (const field of plan.skipped) expect(locked.has(field)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('bookDate and bookIsbn', () => {
  it.each([
    ['2012', '2012-01-01'],
    ['2012-10', '2012-10-01'],
    ['2012-10-10', '2012-10-10'],
    ['2012-02-30', null],
    ['octobre 2012', null],
    [null, null],
  ])('date %s → %s', (input, expected) => {
    expect(bookDate(input)).toBe(expected);
  });

  it('keeps valid ISBNs only, canonical', () => {
    expect(bookIsbn('978-2-203-00101-5')).toBe('9782203001015');
    expect(bookIsbn('9782203001014')).toBeNull();
  });
});

describe('matchVolumes', () => {
  const book = (id: string, volume: number | null, extra: Partial<LocalBook> = {}): LocalBook => ({
    id,
    title: `Book ${id}`,
    volume,
    volumeEnd: null,
    volumeKind: 'regular',
    ...extra,
  });

  it('matches by volume number first, then by title, each book once', () => {
    const matches = matchVolumes(
      [book('a', 1), book('b', 2), book('c', null, { title: 'Le Gardien' })],
      [
        { volumeNumber: 2, title: 'whatever' },
        { volumeNumber: 1, title: 'x' },
        { volumeNumber: 9, title: 'Le gardien' },
        { volumeNumber: 1, title: 'duplicate' },
        { volumeNumber: 3, title: null },
      ],
    );
    expect(matches.map((m) => m.syncTo)).toEqual(['b', 'a', 'c', null, null]);
  });

  it('lets an omnibus hold the volumes of its range without taking their metadata', () => {
    const matches = matchVolumes(
      [book('omnibus', 1, { volumeEnd: 3 })],
      [1, 2, 3, 4].map((n) => ({ volumeNumber: n, title: null })),
    );
    expect(matches).toEqual([
      { syncTo: 'omnibus', heldBy: 'omnibus' },
      { syncTo: null, heldBy: 'omnibus' },
      { syncTo: null, heldBy: 'omnibus' },
      { syncTo: null, heldBy: null },
    ]);
  });

  it('never matches a hors-série by number', () => {
    const matches = matchVolumes([book('hs', 1, { volumeKind: 'hors_serie' })], [{ volumeNumber: 1, title: 'Tome 1' }]);
    expect(matches[0]).toEqual({ syncTo: null, heldBy: null });
  });
});
