import type { Author, AuthorRole } from '../authors/authors.js';

/** The order credits are read in, as on a comic's credits page: who wrote it, who drew it, then the others. */
const ROLE_ORDER: readonly AuthorRole[] = [
  'author',
  'writer',
  'penciller',
  'inker',
  'colorist',
  'letterer',
  'cover',
  'editor',
  'translator',
];

/** The book's people grouped by role, roles in credits order, names in the file's order. */
export function creditsByRole(authors: readonly Author[]): { role: AuthorRole; names: string[] }[] {
  return ROLE_ORDER.flatMap((role) => {
    const names = authors.filter((author) => author.role === role).map((author) => author.name);
    return names.length > 0 ? [{ role, names }] : [];
  });
}

/**
 * A web link as the page shows it: only http(s) addresses (the server keeps no other, but the page does not rely
 * on it), labelled with their host so the reader sees where a link goes before following it.
 */
export function shownLink(address: string): { href: string; host: string } | null {
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { href: url.href, host: url.host };
  } catch {
    return null;
  }
}

/** A language tag in the page's language ("fr" → "French" on an English page); the tag itself when unknown. */
export function languageName(tag: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
