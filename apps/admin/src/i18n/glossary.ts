/**
 * One term per concept in each language: the words a translation uses for Shelfmark's concepts, and the synonyms it
 * must not use for them (the admin once said both "Volumes manquants" and "Tomes manquants"). glossary.test.ts reads
 * every string of both translations against it. Add a concept here before giving it a second name anywhere.
 */
export interface GlossaryEntry {
  concept: string;
  en: { use: string; avoid: readonly string[] };
  fr: { use: string; avoid: readonly string[] };
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: 'a numbered book of a series (the file-name parser’s volume)',
    en: { use: 'volume', avoid: ['tome'] },
    // The French of BD and manga: "T. 3" on covers, "tome" in words.
    fr: { use: 'tome', avoid: ['volume'] },
  },
  {
    concept: 'an API token (a secret that signs an app in)',
    // (A provider's "API key" is another concept: the service's secret, not Shelfmark's.)
    en: { use: 'token', avoid: ['access key'] },
    fr: { use: 'jeton', avoid: ['token'] },
  },
  {
    concept: 'a folder of books the server indexes',
    en: { use: 'library', avoid: ['collection folder'] },
    fr: { use: 'bibliothèque', avoid: ['librairie'] },
  },
  {
    concept: 'a plugin that gives series metadata',
    en: { use: 'provider', avoid: ['metadata source'] },
    fr: { use: 'fournisseur', avoid: ['source de métadonnées'] },
  },
];
