import { describe, expect, it } from 'vitest';
import { InvalidPathError } from '../domain/errors.js';
import { LibrariesRoot } from './libraries-root.js';

const root = new LibrariesRoot('/srv/libraries');

describe('LibrariesRoot.normalise', () => {
  it('normalises harmless spellings', () => {
    expect(root.normalise('')).toBe('');
    expect(root.normalise('.')).toBe('');
    expect(root.normalise('Comics/')).toBe('Comics');
    expect(root.normalise('./Comics//Marvel/./')).toBe('Comics/Marvel');
    expect(root.normalise('Bandes dessinées/Astérix')).toBe('Bandes dessinées/Astérix');
    // Three dots and names that merely contain dots are ordinary names.
    expect(root.normalise('.../v1..2')).toBe('.../v1..2');
    expect(root.normalise('100%/x')).toBe('100%/x');
  });

  for (const input of [
    '..',
    'a/../..',
    '%2e%2e',
    '%252e%252e',
    'a/%2E%2E',
    '.%2e',
    'a%2f..',
    'a\\b',
    '~',
    'a\u0000b',
    'a\tb',
    'x'.repeat(256),
    'a/'.repeat(2049),
    // Absolute paths, even inside the root: the contract takes relative paths only.
    '/srv/libraries/Comics',
    '/',
    '//Comics',
  ]) {
    it(`refuses ${JSON.stringify(input.length > 40 ? `${input.slice(0, 20)}…` : input)}`, () => {
      expect(() => root.normalise(input)).toThrow(InvalidPathError);
    });
  }
});
