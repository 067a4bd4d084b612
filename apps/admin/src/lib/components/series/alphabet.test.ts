import { describe, expect, it } from 'vitest';
import { firstIndexOf, foldName, letterOf } from './alphabet.js';

const NAMES = ['12 Days', 'Akira', 'Éclats de lune', 'eden', 'Harbour Lights', 'Nuit blanche', 'Œuvres', 'Zéro'];
const sorted = [...NAMES].sort((a, b) => (foldName(a) < foldName(b) ? -1 : 1));

describe('A–Z jump', () => {
  it('files a name under its folded first letter, digits and symbols under #', () => {
    expect(letterOf('Éclats de lune')).toBe('E');
    expect(letterOf('Œuvres')).toBe('O');
    expect(letterOf('12 Days')).toBe('#');
    expect(letterOf('¡Hola!')).toBe('#');
  });

  it('finds the first series of a letter with a binary search, and the end when none is at or after it', async () => {
    const asked: number[] = [];
    const nameAt = async (index: number) => {
      asked.push(index);
      return sorted[index] ?? null;
    };
    expect(sorted[await firstIndexOf('E', sorted.length, nameAt)]).toBe('Éclats de lune');
    expect(sorted[await firstIndexOf('I', sorted.length, nameAt)]).toBe('Nuit blanche');
    expect(await firstIndexOf('#', sorted.length, nameAt)).toBe(0);
    expect(await firstIndexOf('Z', sorted.length, nameAt)).toBe(sorted.indexOf('Zéro'));
    expect(asked.length).toBeLessThan(4 * 5);
  });
});
