import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FIELD_ISSUE_CODES, PROBLEM_KINDS, PROVIDER_FAILURE_KINDS } from '../../src/domain/problem-codes.js';

/**
 * Every code the server can send in a problem has an English and a French sentence in the admin
 * (apps/admin/src/i18n/<locale>/problems.ts): a code added to the server without its sentences fails here.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
type Sentences = Record<string, Record<string, unknown>>;
// Imported by URL: the admin's files lie outside this package's tsconfig rootDir (TS6059).
const translations: Record<'en' | 'fr', Sentences> = {
  en: (
    (await import(new URL('../../../admin/src/i18n/en/problems.ts', import.meta.url).href)) as { default: Sentences }
  ).default,
  fr: (
    (await import(new URL('../../../admin/src/i18n/fr/problems.ts', import.meta.url).href)) as { default: Sentences }
  ).default,
};

interface SchemaNode {
  enum?: string[];
  properties?: Record<string, SchemaNode>;
}
const schemas = (
  parse(readFileSync(path.join(repoRoot, 'openapi.yaml'), 'utf8')) as {
    components: { schemas: Record<string, SchemaNode> };
  }
).components.schemas;

describe('problem codes', () => {
  it('are the ones openapi.yaml lists', () => {
    expect(schemas.Problem!.properties!.type!.enum).toEqual(
      PROBLEM_KINDS.map((kind) => `urn:shelfmark:problem:${kind}`),
    );
    expect(schemas.ProblemFieldError!.properties!.code!.enum).toEqual([...FIELD_ISSUE_CODES]);
    expect(schemas.ProviderFailureKind!.enum).toEqual([...PROVIDER_FAILURE_KINDS]);
  });

  describe.each(['en', 'fr'] as const)('in the admin, %s', (locale) => {
    const sentences = translations[locale];
    const missing = (section: string, keys: readonly string[]) =>
      keys.filter((key) => {
        const sentence = sentences[section]?.[key];
        return typeof sentence !== 'string' || sentence.trim() === '';
      });

    it('have a sentence for every kind of problem', () => {
      expect(
        missing(
          'kinds',
          PROBLEM_KINDS.map((kind) => kind.replace(/-/g, '_')),
        ),
      ).toEqual([]);
    });

    it('have a sentence for every field error code', () => {
      expect(missing('codes', FIELD_ISSUE_CODES)).toEqual([]);
    });

    it('have a sentence for every kind of provider failure', () => {
      expect(missing('failures', PROVIDER_FAILURE_KINDS)).toEqual([]);
    });
  });
});
