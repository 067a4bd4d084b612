import { describe, expect, it } from 'vitest';
import { seriesNameFromVolumeTitle, volumeNumberFromTitle } from '../src/index.js';

describe('seriesNameFromVolumeTitle', () => {
  it.each([
    ['Blacksad Vol. 1', 'Blacksad'],
    ['Akira, Tome 3 : Rébellion', 'Akira'],
    ['Monster (4)', 'Monster'],
    ['Bone 7', 'Bone'],
    ['Blacksad - Tome 2 - Arctic Nation', 'Blacksad'],
    ['Saga — Vol. 3', 'Saga'],
    ['Les Légendaires – T.12', 'Les Légendaires'],
    ['Batman #12', 'Batman'],
    ['Saga Volume 10: The War', 'Saga'],
    ['Astérix, t. 4 : Astérix gladiateur', 'Astérix'],
    ['One Piece vol 100', 'One Piece'],
    ['Akira : Tome 3', 'Akira'],
    ['  Spirou et Fantasio  ', 'Spirou et Fantasio'],
    // No marker, no trailing number: nothing to strip.
    ['Le Petit Prince', 'Le Petit Prince'],
    // A letter glued to "t." is not a marker.
    ['Robot. 3', 'Robot.'],
    // Removing would leave nothing: the next rule applies instead.
    ['Tome 3', 'Tome'],
    ['1984', '1984'],
    ['Volcano 2', 'Volcano'],
  ])('%s → %s', (title, expected) => {
    expect(seriesNameFromVolumeTitle(title)).toBe(expected);
  });
});

describe('volumeNumberFromTitle', () => {
  it.each<[string, number | null]>([
    ['Blacksad Vol. 1', 1],
    ['Akira, Tome 3 : Rébellion', 3],
    ['Saga volume 10', 10],
    ['Batman #12', 12],
    ['Les Légendaires T.12', 12],
    ['Astérix t. 4 - Astérix gladiateur', 4],
    ['One Piece vol 100', 100],
    ['Tome 03 - La Fin', 3],
    ['Dragon Ball Vol. 1.5', 1.5],
    // Explicit marker wins over a trailing parenthesised number.
    ['Monster Vol. 2 (2006)', 2],
    ['Monster (4)', 4],
    // Bare trailing numbers are part of names in provider titles.
    ['Bone 7', null],
    ['1984', null],
    ['Paris 2024', null],
    ['Le Petit Prince', null],
    ['Volcano 2', null],
    ['Robot. 3', null],
  ])('%s → %s', (title, expected) => {
    expect(volumeNumberFromTitle(title)).toBe(expected);
  });
});
