import { describe, expect, it } from 'vitest';
import { libraryInitials } from './library-initials.js';

describe("a library's initials in the collapsed navigation", () => {
  it('takes the first letters of two words, or two letters of one', () => {
    expect(libraryInitials('Bandes dessinées')).toBe('BD');
    expect(libraryInitials('Comics')).toBe('Co');
    expect(libraryInitials('manga (VF)')).toBe('MV');
    expect(libraryInitials('Économie & société')).toBe('ÉS');
  });

  it('skips punctuation, keeps digits and other scripts, and never answers empty', () => {
    expect(libraryInitials('  -- 2000 AD --')).toBe('2A');
    expect(libraryInitials('漫画')).toBe('漫画');
    expect(libraryInitials('—')).toBe('?');
  });
});
