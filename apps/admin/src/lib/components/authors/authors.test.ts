import { describe, expect, it } from 'vitest';
import { authorNames, authorsFromNames } from './authors.js';

describe('authors in the edit forms', () => {
  it('shows each person once, and keeps the roles of the names left in', () => {
    const current = [
      { name: 'Jean Van Hamme', role: 'writer' as const },
      { name: 'William Vance', role: 'penciller' as const },
      { name: 'William Vance', role: 'cover' as const },
    ];
    expect(authorNames(current)).toEqual(['Jean Van Hamme', 'William Vance']);
    expect(authorsFromNames(['william vance', 'Someone New'], current)).toEqual([
      { name: 'William Vance', role: 'penciller' },
      { name: 'William Vance', role: 'cover' },
      { name: 'Someone New', role: 'author' },
    ]);
  });
});
