import type { TranslationFunctions } from '../../../i18n/i18n-types.js';
import type { BookDetails } from '../books/book-types.js';

export type Author = BookDetails['authors'][number];
export type AuthorRole = Author['role'];

/** Each name once, in order: what the edit forms show (a person credited twice, as writer and artist, is one line). */
export function authorNames(authors: readonly Author[]): string[] {
  const seen = new Set<string>();
  return authors.flatMap(({ name }) => {
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) return [];
    seen.add(key);
    return [name];
  });
}

/**
 * The authors of names typed in a form: a name already credited keeps its roles (the file's writer stays a writer),
 * a new one is an `author`, as the server maps a provider's plain names.
 */
export function authorsFromNames(names: readonly string[], current: readonly Author[]): Author[] {
  const seen = new Set<string>();
  return names.flatMap((name) => {
    const known = current.filter((author) => author.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    return (known.length > 0 ? known : [{ name, role: 'author' as const }]).filter((author) => {
      const key = `${author.role}\u0000${author.name.toLocaleLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
}

/** "Name (role)", the role in the reader's language; the generic `author` says nothing more than the name. */
export function authorLabel(LL: TranslationFunctions, author: Author): string {
  return author.role === 'author' ? author.name : `${author.name} (${LL.authorRoles[author.role]()})`;
}
