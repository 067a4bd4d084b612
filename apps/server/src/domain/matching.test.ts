import { describe, expect, it } from 'vitest';
import { confidence, normaliseTitle, type LocalSeriesFacts } from './matching.js';

const local = (name: string, extra: Partial<LocalSeriesFacts> = {}): LocalSeriesFacts => ({
  name,
  totalVolumes: null,
  highestVolume: null,
  ...extra,
});
const candidate = (title: string, totalVolumes: number | null = null, alternativeTitles: string[] = []) => ({
  title,
  totalVolumes,
  alternativeTitles,
});

describe('normaliseTitle', () => {
  it.each([
    ['Les Légendaires', 'legendaires'],
    ['Légendaires (Les)', 'legendaires'],
    ['Légendaires (les)', 'legendaires'],
    ["L'Arabe du futur", 'arabe du futur'],
    ['Arabe du futur (L’)', 'arabe du futur'],
    ['The Walking Dead', 'walking dead'],
    ['Walking Dead, The', 'walking dead'],
    ['Astérix & Obélix', 'asterix and obelix'],
    ['Spider-Man: Blue', 'spider man blue'],
    ['  ONE   PIECE ', 'one piece'],
    ['Lanfeust de Troy', 'lanfeust de troy'],
    ['La', 'la'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseTitle(input)).toBe(expected);
  });
});

describe('confidence', () => {
  it('is 100 for titles equal after normalisation', () => {
    expect(confidence(local('Les Légendaires'), candidate('Légendaires (Les)'))).toBe(100);
    expect(confidence(local('the walking dead'), candidate('Walking Dead, The', 193))).toBe(100);
    expect(confidence(local('One Piece'), candidate('ONE PIECE'))).toBe(100);
  });

  it('stays 100 when the counts agree or one side does not know', () => {
    expect(confidence(local('Blacksad', { totalVolumes: 7 }), candidate('Blacksad', 7))).toBe(100);
    expect(confidence(local('Blacksad', { totalVolumes: 7 }), candidate('Blacksad', null))).toBe(100);
    expect(confidence(local('Blacksad', { highestVolume: 5 }), candidate('Blacksad', 7))).toBe(100);
  });

  it('drops below 100 when the counts disagree', () => {
    expect(confidence(local('Blacksad', { totalVolumes: 6 }), candidate('Blacksad', 7))).toBeLessThan(100);
    // The library holds volume 12 of a series the provider says has 7 volumes: another series of that name.
    expect(confidence(local('Blacksad', { highestVolume: 12 }), candidate('Blacksad', 7))).toBeLessThan(100);
  });

  it('ranks containing titles above loose resemblance, and both below an exact title', () => {
    const exact = confidence(local('Blacksad'), candidate('Blacksad'));
    const containing = confidence(local('Blacksad'), candidate('Blacksad Intégrale'));
    const loose = confidence(local('Blacksad'), candidate('Black Sabbath'));
    const unrelated = confidence(local('Blacksad'), candidate('Thorgal'));
    expect(exact).toBe(100);
    expect(containing).toBeLessThan(100);
    expect(containing).toBeGreaterThan(loose);
    expect(loose).toBeGreaterThan(unrelated);
    expect(unrelated).toBeLessThan(30);
  });

  it('counts an alternative title as evidence, never as a certainty', () => {
    const score = confidence(local('Shingeki no Kyojin'), candidate('Attack on Titan', null, ['Shingeki no Kyojin']));
    expect(score).toBe(99);
  });

  it('is always an integer between 0 and 100', () => {
    for (const [a, b] of [
      ['', 'x'],
      ['x', ''],
      ['A', 'B'],
      ['Naruto', 'Boruto: Naruto Next Generations'],
    ] as const) {
      const score = confidence(local(a), candidate(b));
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
  });
});
