import { describe, expect, it } from 'vitest';
import { isExplicitIsbn, normaliseIsbn, parseIsbn } from './isbn.js';

describe('normaliseIsbn', () => {
  it.each([
    ['978-2-203-00101-5', '9782203001015'],
    ['9780306406157', '9780306406157'],
    ['0-306-40615-2', '0306406152'],
    ['080442957x', '080442957X'],
    ['2 203 00101 1', '2203001011'],
    ['979‑10‑90636‑07‑1', '9791090636071'],
    // Any EAN-13 with a right checksum: the user means it as the book's number.
    ['5901234123457', '5901234123457'],
  ])('accepts %s', (input, expected) => {
    expect(normaliseIsbn(input)).toBe(expected);
  });

  it.each(['978-2-203-00101-4', '0-306-40615-3', '12345', '97823X3001014', 'ISBN 9780306406157', ''])(
    'refuses %s',
    (input) => {
      expect(normaliseIsbn(input)).toBeNull();
    },
  );
});

describe('parseIsbn', () => {
  it.each([
    ['urn:isbn:978-0-306-40615-7', '9780306406157'],
    ['ISBN 0-306-40615-2', '0306406152'],
    ['isbn:080442957X', '080442957X'],
    ['080442957x', '080442957X'],
    ['979‑10‑90636‑07‑1', '9791090636071'],
    ['  9780306406157 ', '9780306406157'],
  ])('%s → %s', (raw, expected) => {
    expect(parseIsbn(raw)).toBe(expected);
  });

  it.each([
    '9780306406158',
    '0306406153',
    '1234567890123',
    '65659',
    'uuid:ba6bf14c',
    '',
    '036000291452',
    '5901234123457',
  ])('rejects %s', (raw) => {
    expect(parseIsbn(raw)).toBeNull();
  });

  it('tells explicit ISBNs from bare numbers', () => {
    expect(isExplicitIsbn('urn:isbn:9780306406157')).toBe(true);
    expect(isExplicitIsbn('ISBN 0306406152')).toBe(true);
    expect(isExplicitIsbn('9780306406157')).toBe(false);
  });
});
