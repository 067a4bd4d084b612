import { describe, expect, it } from 'vitest';
import { insertValues } from './sql-values.js';

describe('a multi-row insert of plain values', () => {
  it('gives one placeholder per value, row after row, and null for a value left undefined', () => {
    const { sql, params } = insertValues(
      'book_files',
      ['id', 'path', 'partial_hash'],
      [
        ['a', 'One/One 01.cbz', 'f00d'],
        ['b', 'Two/Two 01.cbz', undefined],
      ],
    );
    expect(sql).toBe('insert into book_files (id, path, partial_hash) values (?, ?, ?), (?, ?, ?)');
    // Written into the statement's text, an undefined value would read as a column named "undefined".
    expect(params).toEqual(['a', 'One/One 01.cbz', 'f00d', 'b', 'Two/Two 01.cbz', null]);
  });
});
