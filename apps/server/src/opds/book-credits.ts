import type { Author, AuthorRole } from '../domain/people.js';

/**
 * Who made a book, as each catalog format says it. OPDS 1.2 (Atom) has one kind of person an app reliably shows,
 * `atom:author`: the people who wrote and drew the book get it, so an app that reads nothing else still credits
 * them. The others (colorists, letterers, cover artists, editors, translators) are `dcterms:contributor`, each with
 * its role as an attribute, as OPF writes `dc:contributor` with `opf:role`; Atom lets extension elements carry
 * attributes, so the RELAX NG grammar still holds.
 */
const ATOM_AUTHOR_ROLES: ReadonlySet<AuthorRole> = new Set(['writer', 'author', 'penciller', 'inker']);

export interface AtomCredits {
  authors: { name: string }[];
  contributors: { '@_role': AuthorRole; '#text': string }[];
}

export function atomCredits(authors: readonly Author[]): AtomCredits {
  const credited = new Set<string>();
  const result: AtomCredits = { authors: [], contributors: [] };
  for (const { name, role } of authors) {
    if (ATOM_AUTHOR_ROLES.has(role)) {
      // One atom:author per person, even when they both wrote and drew the book.
      const key = name.toLocaleLowerCase();
      if (credited.has(key)) continue;
      credited.add(key);
      result.authors.push({ name });
    } else {
      result.contributors.push({ '@_role': role, '#text': name });
    }
  }
  return result;
}

/**
 * The Readium Web Publication Manifest's contributor keys (OPDS 2 metadata). It has a key for almost every role;
 * a cover artist is an `artist` with the role `cover`, as it has no key of its own.
 */
const OPDS2_KEYS: Readonly<Record<AuthorRole, string>> = {
  writer: 'author',
  author: 'author',
  penciller: 'penciler',
  inker: 'inker',
  colorist: 'colorist',
  letterer: 'letterer',
  cover: 'artist',
  editor: 'editor',
  translator: 'translator',
};

type Opds2Contributor = { name: string; role?: string };

export function opds2Credits(authors: readonly Author[]): Record<string, Opds2Contributor[]> {
  const credits: Record<string, Opds2Contributor[]> = {};
  const seen = new Set<string>();
  for (const { name, role } of authors) {
    const key = OPDS2_KEYS[role];
    const once = `${key}\u0000${name.toLocaleLowerCase()}`;
    if (seen.has(once)) continue;
    seen.add(once);
    (credits[key] ??= []).push(role === 'cover' ? { name, role: 'cover' } : { name });
  }
  return credits;
}

/** Genres and tags as subjects, told apart by their scheme (URNs: the catalog names no web address it does not own). */
export const SUBJECT_SCHEMES = { genre: 'urn:shelfmark:genre', tag: 'urn:shelfmark:tag' } as const;

export interface Subject {
  name: string;
  scheme: string;
}

export function subjectsOf(genres: readonly string[], tags: readonly string[]): Subject[] {
  return [
    ...genres.map((name) => ({ name, scheme: SUBJECT_SCHEMES.genre })),
    ...tags.map((name) => ({ name, scheme: SUBJECT_SCHEMES.tag })),
  ];
}
