import { describe, expect, it } from 'vitest';
import { refuseUninlinableParameters, UninlinableParameterError } from './inlined-parameters.js';

describe('refuseUninlinableParameters', () => {
  it('lets finite numbers, text, dates, buffers and nulls through unchanged', () => {
    const sql = 'select * from books where title = ? and page_count < ? limit ? offset ?';
    expect(refuseUninlinableParameters(sql, ["l'été\ttab", 3.5, 500, 499_999_500, null, new Date(0), [1, 'a']])).toBe(
      sql,
    );
  });

  it('refuses what MikroORM would write into the SQL text as a bare word or a NUL', () => {
    for (const value of [Infinity, -Infinity, NaN, 'a\u0000b', ['ok', '\u0000'], [1, NaN]]) {
      expect(() => refuseUninlinableParameters('select ?', [value])).toThrow(UninlinableParameterError);
    }
  });
});
