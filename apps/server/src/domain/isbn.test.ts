import { describe, expect, it } from 'vitest';
import { normaliseIsbn } from './isbn.js';

describe('normaliseIsbn', () => {
  it.each([
    ['978-2-203-00101-5', '9782203001015'],
    ['9780306406157', '9780306406157'],
    ['0-306-40615-2', '0306406152'],
    ['080442957x', '080442957X'],
    ['2 203 00101 1', '2203001011'],
  ])('accepts %s', (input, expected) => {
    expect(normaliseIsbn(input)).toBe(expected);
  });

  it.each(['978-2-203-00101-4', '0-306-40615-3', '12345', '97823X3001014', ''])('refuses %s', (input) => {
    expect(normaliseIsbn(input)).toBeNull();
  });
});
