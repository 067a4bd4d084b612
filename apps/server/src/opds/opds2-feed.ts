import type { BookEntry } from '../repositories/book.repository.js';
import type { CatalogPage, NavigationItem } from './catalog-pages.js';
import {
  displayTitle,
  languageTag,
  mediaTypeOf,
  publishedDate,
  seriesPosition,
  streamsPages,
} from './book-presentation.js';
import { bookPaths, V2_ROOT, withQuery, type QueryValues } from './feed-links.js';
import { opds2Credits, subjectsOf } from './book-credits.js';
import { authorFeed } from './feed-facets.js';

export const OPDS2_TYPE = 'application/opds+json';
export const OPDS2_PUBLICATION_TYPE = 'application/opds-publication+json';
export const AUTHENTICATION_TYPE = 'application/opds-authentication+json';
export const AUTHENTICATION_REL = 'http://opds-spec.org/auth/document';

interface Link {
  href: string;
  rel?: string;
  type?: string;
  title?: string;
  templated?: boolean;
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

function feedHref(base: string, path: string, query: QueryValues = {}): string {
  return withQuery(`${base}${V2_ROOT}${path === '' ? '' : `/${path}`}`, query);
}

function navigationLink(base: string, item: NavigationItem): Link {
  return {
    href: feedHref(base, item.path),
    title: item.title,
    type: OPDS2_TYPE,
    rel: 'subsection',
    ...(item.count !== null ? { properties: { numberOfItems: item.count } } : {}),
  };
}

/** Every contributor leads to their feed (the contributor's `links`, as Thorium follows them). */
function linkedCredits(base: string, credits: ReturnType<typeof opds2Credits>) {
  return Object.fromEntries(
    Object.entries(credits).map(([key, people]) => [
      key,
      people.map((person) => {
        const feed = authorFeed(person.name);
        return { ...person, links: [{ href: feedHref(base, feed.path, feed.query), type: OPDS2_TYPE }] };
      }),
    ]),
  );
}

/** OPDS 2.0 facets: a group per facet, the active link `rel: self`, each with its count (numberOfItems). */
function facets(base: string, page: CatalogPage) {
  return page.facets.map((group) => ({
    metadata: { title: group.title },
    links: group.facets.map((facet): Link => ({
      href: feedHref(base, page.path, facet.query),
      type: OPDS2_TYPE,
      title: facet.title,
      ...(facet.active ? { rel: 'self' } : {}),
      ...(facet.count !== null ? { properties: { numberOfItems: facet.count } } : {}),
    })),
  }));
}

function publication(base: string, book: BookEntry, nameSeries: boolean) {
  const language = languageTag(book.language);
  const position = seriesPosition(book);
  const published = publishedDate(book.publishDate);
  const subjects = subjectsOf(book.genres, book.tags);
  const links: Link[] = [
    {
      rel: 'http://opds-spec.org/acquisition',
      href: `${base}${bookPaths.file(book.id)}`,
      type: mediaTypeOf(book.format),
      ...(book.sizeBytes > 0 ? { size: book.sizeBytes } : {}),
    },
  ];
  if (streamsPages(book)) {
    links.push({
      rel: 'http://vaemendis.net/opds-pse/stream',
      href: `${base}${bookPaths.pageTemplate(book.id)}`,
      type: 'image/jpeg',
      templated: true,
    });
  }
  return {
    metadata: {
      '@type': 'http://schema.org/Book',
      title: displayTitle(book, nameSeries),
      identifier: book.isbn ? `urn:isbn:${book.isbn}` : `urn:uuid:${book.id}`,
      modified: book.updatedAt.toISOString(),
      // Names only until OPDS gives roles (contributors by role): the feed as before the roles were stored.
      ...linkedCredits(base, opds2Credits(book.authors)),
      ...(book.publishers.length > 0 ? { publisher: book.publishers } : {}),
      ...(subjects.length > 0 ? { subject: subjects } : {}),
      ...(language ? { language } : {}),
      ...(published ? { published } : {}),
      ...(book.summary ? { description: book.summary } : {}),
      ...(book.pageCount !== null && book.pageCount > 0 ? { numberOfPages: book.pageCount } : {}),
      ...(book.seriesName !== null
        ? {
            belongsTo: {
              series: [{ name: book.seriesName, ...(position !== null ? { position } : {}) }],
            },
          }
        : {}),
    },
    links,
    ...(book.hasCover
      ? {
          images: [
            {
              href: `${base}${bookPaths.thumbnail(book.id)}`,
              type: 'image/jpeg',
              rel: 'http://opds-spec.org/image/thumbnail',
            },
            { href: `${base}${bookPaths.cover(book.id)}`, type: 'image/jpeg', rel: 'http://opds-spec.org/image' },
          ],
        }
      : {}),
  };
}

function pagingLinks(base: string, page: CatalogPage): Link[] {
  const paging = page.paging;
  if (!paging) return [];
  const last = Math.max(1, Math.ceil(paging.total / paging.limit));
  const at = (n: number) => feedHref(base, page.path, { ...page.query, page: n === 1 ? undefined : n });
  const links: Link[] = [{ rel: 'first', href: at(1), type: OPDS2_TYPE }];
  if (paging.page > 1) links.push({ rel: 'previous', href: at(Math.min(paging.page - 1, last)), type: OPDS2_TYPE });
  if (paging.page < last) links.push({ rel: 'next', href: at(paging.page + 1), type: OPDS2_TYPE });
  links.push({ rel: 'last', href: at(last), type: OPDS2_TYPE });
  return links;
}

/** An OPDS 2.0 feed for `page`. */
export function opds2Feed(base: string, page: CatalogPage, updated: Date) {
  const self = feedHref(base, page.path, {
    ...page.query,
    page: page.paging && page.paging.page > 1 ? page.paging.page : undefined,
  });
  const navigation = page.navigation.map((item) => navigationLink(base, item));
  const publications = page.books.map((book) => publication(base, book, page.booksNameSeries));
  const groups = page.groups
    .filter((group) => group.books.length > 0)
    .map((group) => ({
      metadata: { title: group.title, numberOfItems: group.total },
      links: [{ rel: 'self', href: feedHref(base, group.path), type: OPDS2_TYPE, title: group.title }],
      publications: group.books.map((book) => publication(base, book, true)),
    }));
  // A feed must hold at least one collection: an empty page still leads back to the catalog.
  if (navigation.length === 0 && publications.length === 0 && groups.length === 0) {
    navigation.push({ href: feedHref(base, ''), title: 'Back to the catalog', type: OPDS2_TYPE, rel: 'start' });
  }
  return {
    metadata: {
      title: page.title,
      modified: updated.toISOString(),
      ...(page.paging
        ? {
            numberOfItems: page.paging.total,
            itemsPerPage: page.paging.limit,
            currentPage: page.paging.page,
          }
        : {}),
    },
    links: [
      { rel: 'self', href: self, type: OPDS2_TYPE },
      { rel: 'start', href: feedHref(base, ''), type: OPDS2_TYPE },
      { rel: 'up', href: feedHref(base, page.up), type: OPDS2_TYPE },
      { rel: 'search', href: `${feedHref(base, 'search')}{?query}`, type: OPDS2_TYPE, templated: true },
      { rel: AUTHENTICATION_REL, href: `${base}${V2_ROOT}/auth`, type: AUTHENTICATION_TYPE },
      ...pagingLinks(base, page),
    ],
    ...(navigation.length > 0 ? { navigation } : {}),
    ...(publications.length > 0 ? { publications } : {}),
    ...(groups.length > 0 ? { groups } : {}),
    ...(page.facets.length > 0 ? { facets: facets(base, page) } : {}),
  };
}

/** OPDS Authentication 1.0: HTTP Basic, an API token (or the administrator's password) as the password. */
export function authenticationDocument(absoluteBase: string) {
  return {
    id: `${absoluteBase}${V2_ROOT}/auth`,
    title: 'Shelfmark',
    description: 'Sign in with any user name and an API token as the password (a read token is enough).',
    links: [{ rel: 'start', href: `${absoluteBase}${V2_ROOT}`, type: OPDS2_TYPE }],
    authentication: [
      {
        type: 'http://opds-spec.org/auth/basic',
        labels: { login: 'User name (any)', password: 'API token' },
      },
    ],
  };
}
