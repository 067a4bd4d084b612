import { describe, expect, it } from 'vitest';
import { matchCblEntries, type CblCandidate } from './cbl-matching.js';

const book = (bookId: string, seriesName: string, volume: number | null, extra: Partial<CblCandidate> = {}) => ({
  bookId,
  seriesName,
  seriesStartYear: null,
  volume,
  chapter: null,
  year: null,
  ...extra,
});
const entry = (series: string, number: string | null, volume: string | null = null, year: string | null = null) => ({
  series,
  number,
  volume,
  year,
});

describe('matchCblEntries', () => {
  it('matches by series name blind to accents, case and articles, and by number', () => {
    const [match] = matchCblEntries(
      [entry('The Légendaires', '3')],
      [book('b3', 'legendaires', 3), book('b2', 'Légendaires', 2)],
    );
    expect(match).toMatchObject({ status: 'matched', bookId: 'b3' });
  });

  it('tells two series of one name apart by their start year, and is ambiguous when nothing does', () => {
    const candidates = [
      book('old', 'Secret Wars', 1, { seriesStartYear: 1984 }),
      book('new', 'Secret Wars', 1, { seriesStartYear: 2015 }),
    ];
    expect(matchCblEntries([entry('Secret Wars', '1', '2015')], candidates)[0]).toMatchObject({ bookId: 'new' });
    expect(matchCblEntries([entry('Secret Wars', '1')], candidates)[0]).toMatchObject({
      status: 'ambiguous',
      candidateIds: ['old', 'new'],
    });
    const byYear = [book('a', 'X', 1, { year: 1990 }), book('b', 'X', 1, { year: 2001 })];
    expect(matchCblEntries([entry('X', '1', null, '2001')], byYear)[0]).toMatchObject({ bookId: 'b' });
  });

  it('reports as missing an unknown series, an absent number and a number that is not one (1.MU)', () => {
    const candidates = [book('b1', 'Spider-Man', 1)];
    const results = matchCblEntries(
      [entry('Spider-Man', '1.MU'), entry('Spider-Man', '2'), entry('Batman', '1'), entry('Spider-Man', null)],
      candidates,
    );
    expect(results.map((result) => result.status)).toEqual(['missing', 'missing', 'missing', 'missing']);
  });

  it('matches a book numbered by chapter only, and the same entry twice to the same book', () => {
    const results = matchCblEntries(
      [entry('One', '45'), entry('One', '45')],
      [book('c45', 'One', null, { chapter: 45 })],
    );
    expect(results.map((result) => result.bookId)).toEqual(['c45', 'c45']);
  });
});
