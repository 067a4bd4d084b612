import { describe, expect, it } from 'vitest';
import { SDK_API_VERSION, pluginTextProblem, textIn, type PluginManifest } from '../src/index.js';
import { manifestProblems } from '../src/testing/shapes.js';

describe('textIn', () => {
  const apiKey = { en: 'API key', fr: 'Clé d’API' };

  it('answers the first wanted language the text has', () => {
    expect(textIn(apiKey, 'fr')).toBe('Clé d’API');
    expect(textIn(apiKey, ['de', 'fr', 'en'])).toBe('Clé d’API');
    expect(textIn(apiKey, ['en', 'fr'])).toBe('API key');
  });

  it('finds a region’s primary language', () => {
    expect(textIn(apiKey, ['fr-CA'])).toBe('Clé d’API');
    expect(textIn({ en: 'Colour', 'en-US': 'Color' }, ['en-US'])).toBe('Color');
  });

  it('falls back to English for a language the plugin does not give, or none asked', () => {
    expect(textIn(apiKey, ['de'])).toBe('API key');
    expect(textIn(apiKey, [])).toBe('API key');
    expect(textIn({ en: 'Base URL' }, 'fr')).toBe('Base URL');
  });

  it('answers a plain string (a 1.0 or 1.1 plugin) as it is, whatever the language', () => {
    expect(textIn('Base URL', 'fr')).toBe('Base URL');
  });
});

describe('pluginTextProblem', () => {
  it('accepts a non-blank string or strings by language with English', () => {
    expect(pluginTextProblem('API key')).toBeNull();
    expect(pluginTextProblem({ en: 'API key', fr: 'Clé d’API', 'pt-BR': 'Chave da API' })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(pluginTextProblem('  ')).toBe('is blank');
    expect(pluginTextProblem({ fr: 'Clé d’API' })).toBe('has no English (en), the fallback for other languages');
    expect(pluginTextProblem({ en: 'API key', fr: '' })).toBe('is blank in fr');
    expect(pluginTextProblem({ en: 'API key', french: 'Clé' })).toMatch(/"french", which is not a language tag/);
    expect(pluginTextProblem({ en: 'API key', fr: 3 })).toBe('is blank in fr');
    expect(pluginTextProblem(['API key'])).toBe('should be a string or an object of strings by language');
    expect(pluginTextProblem(null)).toBe('should be a string or an object of strings by language');
  });
});

describe('manifestProblems with translated settings', () => {
  const manifest: PluginManifest = {
    id: 'comicvine',
    displayName: 'ComicVine',
    version: '1.2.0',
    apiVersion: SDK_API_VERSION,
    settings: [
      {
        key: 'api_key',
        type: 'string',
        label: { en: 'API key', fr: 'Clé d’API' },
        help: { en: 'Your own key.', fr: 'Votre propre clé.' },
        secret: true,
      },
      // Plain English stays valid beside translated fields.
      { key: 'base_url', type: 'url', label: 'Base URL', help: 'Change only for a proxy.' },
    ],
  };

  it('accept labels and help in several languages', () => {
    expect(manifestProblems(manifest)).toEqual([]);
  });

  it('refuse a translated label without English and a blank translated help', () => {
    const problems = manifestProblems({
      ...manifest,
      settings: [{ key: 'api_key', type: 'string', label: { fr: 'Clé d’API' } as never, help: { en: 'Key', fr: ' ' } }],
    });
    expect(problems).toEqual([
      'manifest.settings[0].label has no English (en), the fallback for other languages',
      'manifest.settings[0].help is blank in fr',
    ]);
  });
});
