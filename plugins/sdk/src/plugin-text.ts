import type { PluginText } from './types.js';

/** ISO 639-1, optionally with a region (`fr`, `pt-BR`): the keys a translated text may have. */
const LANGUAGE_TAG = /^[a-z]{2}(?:-[A-Z]{2})?$/;

/**
 * The text in the first of `languages` it has (an exact tag, then its primary language: `fr-CA` finds `fr`), else
 * its English. Plain strings are English and come back as they are (plugins written before SDK 1.2).
 */
export function textIn(text: PluginText, languages: string | readonly string[]): string {
  if (typeof text === 'string') return text;
  const wanted = typeof languages === 'string' ? [languages] : languages;
  const translations = text as Readonly<Record<string, string | undefined>>;
  for (const tag of wanted) {
    const exact = translations[tag];
    if (typeof exact === 'string' && exact.trim() !== '') return exact;
    const primary = translations[tag.split('-')[0]!.toLowerCase()];
    if (typeof primary === 'string' && primary.trim() !== '') return primary;
  }
  return text.en;
}

/**
 * What is wrong with a value given as a plugin text, or null: a non-blank string, or an object of non-blank strings
 * keyed by language tag, English (`en`) included since it is the fallback.
 */
export function pluginTextProblem(text: unknown): string | null {
  if (typeof text === 'string') return text.trim() === '' ? 'is blank' : null;
  if (typeof text !== 'object' || text === null || Array.isArray(text)) {
    return 'should be a string or an object of strings by language';
  }
  const entries = Object.entries(text as Record<string, unknown>);
  if (!entries.some(([tag]) => tag === 'en')) return 'has no English (en), the fallback for other languages';
  for (const [tag, value] of entries) {
    if (!LANGUAGE_TAG.test(tag)) return `has ${JSON.stringify(tag)}, which is not a language tag such as en or fr`;
    if (typeof value !== 'string' || value.trim() === '') return `is blank in ${tag}`;
  }
  return null;
}
