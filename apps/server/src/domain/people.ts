/**
 * The people of a book and their part in it. One vocabulary for every source: ComicInfo's role elements, OPF's
 * `marc:relators` codes and `opf:role`, provider plugins and what an admin types.
 */
export const AUTHOR_ROLES = [
  'writer',
  'penciller',
  'inker',
  'colorist',
  'letterer',
  'cover',
  'editor',
  'translator',
  'author',
] as const;
export type AuthorRole = (typeof AUTHOR_ROLES)[number];

export interface Author {
  name: string;
  role: AuthorRole;
}

/** ComicInfo's element for each role, in the order covers credit them. */
export const COMIC_INFO_ROLE_ELEMENTS: ReadonlyArray<readonly [element: string, role: AuthorRole]> = [
  ['Writer', 'writer'],
  ['Penciller', 'penciller'],
  ['Inker', 'inker'],
  ['Colorist', 'colorist'],
  ['Letterer', 'letterer'],
  ['CoverArtist', 'cover'],
  ['Editor', 'editor'],
  ['Translator', 'translator'],
];

/**
 * MARC relator codes (the ones OPF files use) and the few spelled-out roles seen in the wild, lowercased. A creator
 * with no role, or one not listed here, is an `author`: the generic creator.
 */
const RELATOR_ROLES: Readonly<Record<string, AuthorRole>> = {
  aut: 'author',
  cre: 'author',
  wam: 'writer',
  wat: 'writer',
  sce: 'writer',
  aus: 'writer',
  art: 'penciller',
  ill: 'penciller',
  pnc: 'penciller',
  ink: 'inker',
  clr: 'colorist',
  ltr: 'letterer',
  cov: 'cover',
  edt: 'editor',
  edc: 'editor',
  trl: 'translator',
  writer: 'writer',
  artist: 'penciller',
  illustrator: 'penciller',
  penciller: 'penciller',
  inker: 'inker',
  colorist: 'colorist',
  colourist: 'colorist',
  letterer: 'letterer',
  cover: 'cover',
  editor: 'editor',
  translator: 'translator',
  author: 'author',
};

/** The role a relator code or role name stands for; any case, surrounding spaces ignored. Unknown → `author`. */
export function roleOfRelator(code: string | undefined | null): AuthorRole {
  return listedRoleOfRelator(code) ?? 'author';
}

/**
 * The role only when the code or name is one listed above; undefined otherwise. For contributors, whose part is
 * unknown when the code is: a `dc:contributor` is not an author by default, as a `dc:creator` is.
 */
export function listedRoleOfRelator(code: string | undefined | null): AuthorRole | undefined {
  if (!code) return undefined;
  const key = code
    .trim()
    .toLowerCase()
    .replace(/^marc:/, '');
  return Object.hasOwn(RELATOR_ROLES, key) ? RELATOR_ROLES[key] : undefined;
}

export const isAuthorRole = (value: unknown): value is AuthorRole =>
  typeof value === 'string' && (AUTHOR_ROLES as readonly string[]).includes(value);

/** Each (name, role) once, first spelling kept, names compared without case; order kept. */
export function uniqueAuthors(authors: readonly Author[]): Author[] {
  const seen = new Set<string>();
  const kept: Author[] = [];
  for (const author of authors) {
    const key = `${author.role}\u0000${author.name.toLocaleLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(author);
  }
  return kept;
}

/** Names only, each once, in order: what search text and the plugin SDK's plain `authors` lists hold. */
export function authorNames(authors: readonly Author[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const { name } of authors) {
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/**
 * A provider's plain names as authors (the plugin SDK's `authors: string[]`): a name the book or series already
 * credits keeps its role(s), any other is an `author`.
 */
export function authorsFromNames(names: readonly string[], current: readonly Author[] = []): Author[] {
  return uniqueAuthors(
    names.flatMap((name) => {
      const known = current.filter((author) => author.name.toLocaleLowerCase() === name.toLocaleLowerCase());
      return known.length > 0 ? known : [{ name, role: 'author' as const }];
    }),
  );
}
