import { describe, expect, it } from 'vitest';
import en from './en/index.js';
import fr from './fr/index.js';
import { GLOSSARY } from './glossary.js';

/** Every string of a translation, with the key path it sits at. */
function strings(tree: unknown, at = ''): [string, string][] {
  if (typeof tree === 'string') return [[at, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => strings(value, at ? `${at}.${key}` : key));
}

/** A word or phrase as a whole word, whatever its case, plural included ("volume", "Volumes"). */
const wordOf = (term: string) =>
  new RegExp(`(^|[^\\p{L}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?(?![\\p{L}])`, 'iu');

describe('one term per concept in each language (i18n/glossary.ts)', () => {
  for (const [lang, translation] of [
    ['en', en],
    ['fr', fr],
  ] as const) {
    it(`${lang}: no string uses a synonym the glossary sets aside`, () => {
      const found = GLOSSARY.flatMap((entry) =>
        entry[lang].avoid.flatMap((term) =>
          strings(translation)
            .filter(([, text]) => wordOf(term).test(text.replace(/\{[^{}]*\}/g, ' ')))
            .map(([key, text]) => `${key}: "${text}" says "${term}" where the glossary says "${entry[lang].use}"`),
        ),
      );
      expect(found).toEqual([]);
    });

    it(`${lang}: the term the glossary chose is the one in use`, () => {
      for (const entry of GLOSSARY) {
        expect(
          strings(translation).some(([, text]) => wordOf(entry[lang].use).test(text)),
          `${entry.concept}: "${entry[lang].use}"`,
        ).toBe(true);
      }
    });
  }

  it('catches the synonym it exists for', () => {
    expect(wordOf('volume').test('Volumes manquants')).toBe(true);
    expect(wordOf('volume').test('Tomes manquants')).toBe(false);
    expect(wordOf('tome').test('Automne')).toBe(false);
  });
});
