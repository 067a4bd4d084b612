import { describe, expect, it } from 'vitest';
import { formatAge, formatVolumes } from './format.js';

describe('formatVolumes', () => {
  it('folds runs of three or more into a range and keeps pairs and halves apart', () => {
    expect(formatVolumes([5, 1, 2, 3, 7, 8, 7.5], 'en')).toBe('1–3, 5, 7, 7.5, 8');
    expect(formatVolumes([1, 2], 'en')).toBe('1, 2');
    expect(formatVolumes([], 'en')).toBe('');
  });
});

describe('formatAge', () => {
  it('says how long ago in the page language', () => {
    const now = Date.parse('2024-03-20T10:00:00Z');
    expect(formatAge('2024-03-17T10:00:00Z', 'en', now)).toBe('3 days ago');
    expect(formatAge('2024-03-17T10:00:00Z', 'fr', now)).toBe('il y a 3 jours');
    expect(formatAge('2023-03-17T10:00:00Z', 'en', now)).toBe('last year');
  });
});
