import { XMLBuilder } from 'fast-xml-parser';
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
import { bookPaths, seriesCoverPath, V1_ROOT, withQuery, type QueryValues } from './feed-links.js';
import { xmlSafe } from './xml-text.js';
import { atomCredits, subjectsOf } from './book-credits.js';
import { authorFeed } from './feed-facets.js';

export const ATOM_NAVIGATION = 'application/atom+xml;profile=opds-catalog;kind=navigation';
export const ATOM_ACQUISITION = 'application/atom+xml;profile=opds-catalog;kind=acquisition';
export const OPENSEARCH_TYPE = 'application/opensearchdescription+xml';

const REL = {
  acquisition: 'http://opds-spec.org/acquisition',
  image: 'http://opds-spec.org/image',
  thumbnail: 'http://opds-spec.org/image/thumbnail',
  stream: 'http://vaemendis.net/opds-pse/stream',
  facet: 'http://opds-spec.org/facet',
};

const NAMESPACES = {
  '@_xmlns': 'http://www.w3.org/2005/Atom',
  '@_xmlns:opds': 'http://opds-spec.org/2010/catalog',
  '@_xmlns:dcterms': 'http://purl.org/dc/terms/',
  '@_xmlns:opensearch': 'http://a9.com/-/spec/opensearch/1.1/',
  '@_xmlns:pse': 'http://vaemendis.net/opds-pse/ns',
  '@_xmlns:calibre': 'http://calibre.kovidgoyal.net/2009/metadata',
  // Atom Threading (RFC 4685): thr:count, the series a facet would list.
  '@_xmlns:thr': 'http://purl.org/syndication/thread/1.0',
};

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  suppressEmptyNode: true,
  // Else an attribute whose value is "true" (opds:activeFacet) is written bare, which is no XML.
  suppressBooleanAttributes: false,
});

type Node = Record<string, unknown>;

/** Every string of the tree made XML-safe (see xml-text.ts) before the builder escapes it. */
function clean(value: unknown): unknown {
  if (typeof value === 'string') return xmlSafe(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clean(inner)]));
  }
  return value;
}

export function renderXml(root: Node): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(clean(root))}`;
}

function link(rel: string, href: string, type?: string, extra: Node = {}): Node {
  return { '@_rel': rel, '@_href': href, ...(type ? { '@_type': type } : {}), ...extra };
}

const text = (value: string) => ({ '@_type': 'text', '#text': value });

function feedHref(base: string, path: string, query: QueryValues = {}): string {
  return withQuery(`${base}${V1_ROOT}${path === '' ? '' : `/${path}`}`, query);
}

function navigationEntry(base: string, item: NavigationItem, updated: string): Node {
  const type = item.target === 'navigation' ? ATOM_NAVIGATION : ATOM_ACQUISITION;
  const links = [link('subsection', feedHref(base, item.path), type, { '@_title': item.title })];
  const series = item.series;
  const pictured = series ?? item.coverOf;
  if (pictured?.coverImage) {
    const cover = `${base}${seriesCoverPath(pictured.id, pictured.coverImage)}`;
    links.push(link(REL.image, cover, 'image/jpeg'), link(REL.thumbnail, cover, 'image/jpeg'));
  } else if (pictured?.coverBookId) {
    links.push(link(REL.image, `${base}${bookPaths.cover(pictured.coverBookId)}`, 'image/jpeg'));
    links.push(link(REL.thumbnail, `${base}${bookPaths.thumbnail(pictured.coverBookId)}`, 'image/jpeg'));
  } else if (pictured?.providerCoverUrl && /^https?:\/\/[^\s<>"{}|\\^`]+$/.test(pictured.providerCoverUrl)) {
    // The provider's image: its type is not known here, so none is claimed.
    links.push(link(REL.image, pictured.providerCoverUrl));
  }
  return {
    title: item.title,
    id: item.id,
    updated: (item.updated ?? new Date(updated)).toISOString(),
    ...(series?.status ? { category: { '@_term': series.status, '@_label': series.status } } : {}),
    content: text(item.summary ?? ''),
    link: links,
  };
}

function bookEntry(base: string, book: BookEntry, nameSeries: boolean): Node {
  const links: Node[] = [
    link(REL.acquisition, `${base}${bookPaths.file(book.id)}`, mediaTypeOf(book.format), {
      '@_length': String(book.sizeBytes),
      '@_title': 'Download',
    }),
  ];
  if (book.hasCover) {
    links.push(link(REL.image, `${base}${bookPaths.cover(book.id)}`, 'image/jpeg'));
    links.push(link(REL.thumbnail, `${base}${bookPaths.thumbnail(book.id)}`, 'image/jpeg'));
  }
  if (streamsPages(book)) {
    const progress =
      book.currentPage !== null && book.readingStatus !== 'unread'
        ? {
            // PSE numbers lastRead from 1 like our progress (only the {pageNumber} of URLs counts from 0).
            '@_pse:lastRead': String(book.currentPage),
            ...(book.lastReadAt
              ? {
                  // PSE 1.2's text names it lastReadUpdate, its example and every server lastReadDate: both.
                  '@_pse:lastReadDate': book.lastReadAt.toISOString(),
                  '@_pse:lastReadUpdate': book.lastReadAt.toISOString(),
                }
              : {}),
          }
        : {};
    links.push(
      link(REL.stream, `${base}${bookPaths.pageTemplate(book.id)}`, 'image/jpeg', {
        '@_pse:count': String(book.pageCount),
        ...progress,
      }),
    );
  }
  const language = languageTag(book.language);
  const position = seriesPosition(book);
  const issued = publishedDate(book.publishDate);
  const credits = atomCredits(book.authors);
  // Each author leads to their feed (Thorium follows atom:uri; its value is percent-encoded, never a path).
  const authors = credits.authors.map(({ name }) => {
    const feed = authorFeed(name);
    return { name, uri: feedHref(base, feed.path, feed.query) };
  });
  const subjects = subjectsOf(book.genres, book.tags);
  return {
    title: displayTitle(book, nameSeries),
    id: `urn:uuid:${book.id}`,
    updated: book.updatedAt.toISOString(),
    author: authors,
    ...(credits.contributors.length > 0 ? { 'dcterms:contributor': credits.contributors } : {}),
    ...(book.publishers.length > 0 ? { 'dcterms:publisher': book.publishers } : {}),
    ...(subjects.length > 0
      ? { category: subjects.map(({ name, scheme }) => ({ '@_term': name, '@_label': name, '@_scheme': scheme })) }
      : {}),
    ...(book.isbn ? { 'dcterms:identifier': `urn:isbn:${book.isbn}` } : {}),
    ...(language ? { 'dcterms:language': language } : {}),
    ...(issued ? { 'dcterms:issued': issued } : {}),
    ...(book.seriesName !== null
      ? {
          'dcterms:isPartOf': book.seriesName,
          'calibre:series': book.seriesName,
          ...(position !== null ? { 'calibre:series_index': String(position) } : {}),
        }
      : {}),
    'dcterms:format': mediaTypeOf(book.format),
    ...(book.summary ? { summary: text(book.summary) } : {}),
    content: text(book.summary ?? ''),
    link: links,
  };
}

function pagingLinks(base: string, page: CatalogPage, type: string): Node[] {
  const paging = page.paging;
  if (!paging) return [];
  const last = Math.max(1, Math.ceil(paging.total / paging.limit));
  const at = (n: number) => feedHref(base, page.path, { ...page.query, page: n === 1 ? undefined : n });
  const links = [link('first', at(1), type)];
  if (paging.page > 1) links.push(link('previous', at(Math.min(paging.page - 1, last)), type));
  if (paging.page < last) links.push(link('next', at(paging.page + 1), type));
  links.push(link('last', at(last), type));
  return links;
}

/** OPDS 1.2 §4.3 facet links: each group's facets, the active one marked, each with its count (thr:count). */
function facetLinks(base: string, page: CatalogPage, type: string): Node[] {
  return page.facets.flatMap((group) =>
    group.facets.map((facet) =>
      link(REL.facet, feedHref(base, page.path, facet.query), type, {
        '@_title': facet.title,
        '@_opds:facetGroup': group.title,
        ...(facet.active ? { '@_opds:activeFacet': 'true' } : {}),
        ...(facet.count !== null ? { '@_thr:count': String(facet.count) } : {}),
      }),
    ),
  );
}

/** An OPDS 1.2 navigation or acquisition feed for `page`. */
export function atomFeed(base: string, page: CatalogPage, updated: Date): string {
  const type = page.kind === 'navigation' ? ATOM_NAVIGATION : ATOM_ACQUISITION;
  const updatedText = updated.toISOString();
  const self = feedHref(base, page.path, {
    ...page.query,
    page: page.paging && page.paging.page > 1 ? page.paging.page : undefined,
  });
  const feed: Node = {
    ...NAMESPACES,
    id: page.id,
    title: page.title,
    updated: updatedText,
    author: { name: 'Shelfmark' },
    link: [
      link('self', self, type),
      link('start', feedHref(base, ''), ATOM_NAVIGATION),
      link('up', feedHref(base, page.up), ATOM_NAVIGATION),
      link('search', `${base}${V1_ROOT}/opensearch.xml`, OPENSEARCH_TYPE, { '@_title': 'Search' }),
      ...pagingLinks(base, page, type),
      ...facetLinks(base, page, type),
    ],
    ...(page.paging
      ? {
          'opensearch:totalResults': String(page.paging.total),
          'opensearch:itemsPerPage': String(page.paging.limit),
          'opensearch:startIndex': String((page.paging.page - 1) * page.paging.limit + 1),
        }
      : {}),
    entry: [
      ...page.navigation.map((item) => navigationEntry(base, item, updatedText)),
      ...page.books.map((book) => bookEntry(base, book, page.booksNameSeries)),
    ],
  };
  return renderXml({ feed });
}

/** The OpenSearch description apps read to learn the search URL. */
export function openSearchDescription(base: string): string {
  return renderXml({
    OpenSearchDescription: {
      '@_xmlns': 'http://a9.com/-/spec/opensearch/1.1/',
      ShortName: 'Shelfmark',
      Description: 'Search series and books by title, author or series name',
      InputEncoding: 'UTF-8',
      OutputEncoding: 'UTF-8',
      Url: [
        {
          '@_type': ATOM_ACQUISITION,
          '@_template': `${base}${V1_ROOT}/search?q={searchTerms}&page={startPage?}`,
          '@_pageOffset': '1',
        },
        { '@_type': 'application/atom+xml', '@_template': `${base}${V1_ROOT}/search?q={searchTerms}` },
      ],
    },
  });
}
