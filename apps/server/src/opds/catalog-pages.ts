import { createHash } from 'node:crypto';
import type { BookEntry } from '../repositories/book.repository.js';
import type { SeriesFilters, SeriesSummary } from '../repositories/series.repository.js';
import type { BookService } from '../services/book.service.js';
import type { LibraryService } from '../services/library.service.js';
import type { SeriesService } from '../services/series.service.js';
import { feedFacets, filterQuery, isFiltered, type FeedFacetGroup } from './feed-facets.js';
import { withQuery, type QueryValues } from './feed-links.js';
import type { FeedFilters } from './request-values.js';

/**
 * What each catalog document shows, independent of how it is written (OPDS 1.2 Atom or OPDS 2.0 JSON): the feed
 * builders render these, so both versions list the same things in the same order. Every list comes from the
 * services' paged, cached list queries (one query for a page, never one per entry).
 */

export const ITEMS_PER_PAGE = 50;
/** A series feed holds a whole series on one page but for the longest runs. */
export const BOOKS_PER_SERIES_PAGE = 200;
/** How many books the root's groups show (OPDS 2.0). */
export const GROUP_SIZE = 10;
/** Libraries are few; the root lists them all (up to this many). */
const MAX_LIBRARIES = 500;

export interface Paging {
  page: number;
  limit: number;
  total: number;
}

/** A link to another feed: a library, a series, or one of the root's lists. */
export interface NavigationItem {
  id: string;
  title: string;
  /** Path under the version root (`series/<id>`); the builders add the root. */
  path: string;
  target: 'navigation' | 'acquisition';
  summary: string | null;
  updated: Date | null;
  count: number | null;
  series?: SeriesSummary;
  /** The series whose cover pictures an entry that is not a series (a collection: its first one the reader sees). */
  coverOf?: SeriesSummary;
}

export interface CatalogPage {
  /** Stable id of the document (`urn:uuid:` of its key). */
  id: string;
  title: string;
  kind: 'navigation' | 'acquisition';
  /** Path under the version root, '' for the root. */
  path: string;
  query: QueryValues;
  /** Path of the parent document. */
  up: string;
  paging: Paging | null;
  navigation: NavigationItem[];
  books: BookEntry[];
  /** Whether entries name their series (lists across series) or not (a series' own feed). */
  booksNameSeries: boolean;
  /** OPDS 2.0 root groups. */
  groups: { title: string; path: string; total: number; books: BookEntry[] }[];
  /** Facet groups of a feed of series (links to this document's path with their query). */
  facets: FeedFacetGroup[];
}

/** A name-based UUID (RFC 9562 version 5) so that a document's id is the same on every request. */
export function stableId(key: string): string {
  const hash = createHash('sha1').update(`shelfmark-opds:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function page(
  base: Omit<CatalogPage, 'navigation' | 'books' | 'groups' | 'booksNameSeries' | 'query' | 'paging' | 'facets'> &
    Partial<CatalogPage>,
): CatalogPage {
  return { navigation: [], books: [], groups: [], booksNameSeries: true, query: {}, paging: null, facets: [], ...base };
}

/**
 * What a feed of series filtered by `filters` is called: its own id and title when unfiltered; else an id of its
 * path and filters (another list, another feed), and a title naming the authors it is narrowed to.
 */
function filteredFeed(path: string, id: string, title: string, filters: FeedFilters): { id: string; title: string } {
  if (!isFiltered(filters)) return { id, title };
  const authors = filters.author?.join(', ');
  return {
    id: stableId(withQuery(path, filterQuery(filters))),
    title:
      authors === undefined ? title : path === 'series' ? `Series by ${authors}` : `${title}: series by ${authors}`,
  };
}

export function seriesItem(series: SeriesSummary): NavigationItem {
  const expected = series.totalVolumes;
  const books = `${series.bookCount} book${series.bookCount === 1 ? '' : 's'}`;
  const chapters =
    series.firstChapter === null
      ? books
      : `${series.chapterCount} chapter${series.chapterCount === 1 ? '' : 's'} (Ch. ${series.firstChapter}–${series.lastChapter})`;
  // Volume counts say nothing of a series made only of chapters: its chapters are shown instead.
  const counts =
    series.ownedCount === 0 && series.chapterCount > 0
      ? chapters
      : expected !== null
        ? `${series.ownedCount} of ${expected} volumes owned`
        : books;
  const status = series.status ? `Status: ${series.status}. ` : '';
  return {
    id: `urn:uuid:${series.id}`,
    title: series.name,
    path: `series/${series.id}`,
    target: 'acquisition',
    summary: `${status}${counts}.${series.description ? `\n\n${series.description}` : ''}`,
    updated: series.updatedAt,
    count: series.bookCount,
    series,
  };
}

/** The root's entries to collections, reading lists and want to read (issue 32). */
export const SHELF_NAVIGATION: NavigationItem[] = [
  {
    id: stableId('collections'),
    title: 'Collections',
    path: 'collections',
    target: 'navigation',
    summary: 'Series grouped across libraries',
    updated: null,
    count: null,
  },
  {
    id: stableId('reading-lists'),
    title: 'Reading lists',
    path: 'reading-lists',
    target: 'navigation',
    summary: 'Your reading lists and the shared ones, each in its reading order',
    updated: null,
    count: null,
  },
  {
    id: stableId('want-to-read'),
    title: 'Want to read',
    path: 'want-to-read',
    target: 'navigation',
    summary: 'The series you want to read, the most recently added first',
    updated: null,
    count: null,
  },
];

export class CatalogPages {
  constructor(
    private readonly libraries: LibraryService,
    private readonly series: SeriesService,
    private readonly books: BookService,
  ) {}

  async root(withGroups: boolean): Promise<CatalogPage> {
    const { items } = await this.libraries.page(1, MAX_LIBRARIES);
    const navigation: NavigationItem[] = items.map(({ library, counts }) => ({
      id: `urn:uuid:${library.id}`,
      title: library.name,
      path: `libraries/${library.id}`,
      target: 'navigation',
      summary: `${counts.seriesCount} series, ${counts.bookCount} books`,
      updated: library.updatedAt,
      count: counts.seriesCount,
    }));
    navigation.push(
      {
        id: stableId('series'),
        title: 'All series',
        path: 'series',
        target: 'navigation',
        summary: 'Every series of every library, by name',
        updated: null,
        count: null,
      },
      {
        id: stableId('recent'),
        title: 'Recently added',
        path: 'recent',
        target: 'acquisition',
        summary: 'The newest books first',
        updated: null,
        count: null,
      },
      {
        id: stableId('continue'),
        title: 'Continue reading',
        path: 'continue',
        target: 'acquisition',
        summary: 'Books in progress, the most recently read first',
        updated: null,
        count: null,
      },
      ...SHELF_NAVIGATION,
    );
    const groups: CatalogPage['groups'] = [];
    if (withGroups) {
      const [recent, reading] = await Promise.all([
        this.books.entries({}, 'recently_added', 1, GROUP_SIZE),
        this.books.entries({ readingStatus: 'reading' }, 'recently_read', 1, GROUP_SIZE),
      ]);
      groups.push({ title: 'Continue reading', path: 'continue', total: reading.total, books: reading.items });
      groups.push({ title: 'Recently added', path: 'recent', total: recent.total, books: recent.items });
    }
    return page({ id: stableId('root'), title: 'Shelfmark', kind: 'navigation', path: '', up: '', navigation, groups });
  }

  /** A library's series, narrowed by the feed's filters, with the facets that narrow them further. */
  async library(libraryId: string, pageNumber: number, filters: FeedFilters = {}): Promise<CatalogPage> {
    const { library } = await this.libraries.get(libraryId);
    return this.seriesFeed(
      `libraries/${library.id}`,
      `urn:uuid:${library.id}`,
      library.name,
      { libraryId },
      pageNumber,
      filters,
    );
  }

  /** Every series the reader may see, narrowed by the feed's filters (`author`: an author's feed). */
  allSeries(pageNumber: number, filters: FeedFilters = {}): Promise<CatalogPage> {
    return this.seriesFeed('series', stableId('series'), 'All series', {}, pageNumber, filters);
  }

  private async seriesFeed(
    path: string,
    id: string,
    title: string,
    scope: SeriesFilters,
    pageNumber: number,
    filters: FeedFilters,
  ): Promise<CatalogPage> {
    const [{ items, total }, facets] = await Promise.all([
      this.series.page({ ...scope, ...filters }, pageNumber, ITEMS_PER_PAGE),
      feedFacets(this.series, scope, filters),
    ]);
    return page({
      ...filteredFeed(path, id, title, filters),
      kind: 'navigation',
      path,
      query: filterQuery(filters),
      up: '',
      paging: { page: pageNumber, limit: ITEMS_PER_PAGE, total },
      navigation: items.map(seriesItem),
      facets,
    });
  }

  /** A series' books in volume order, hors-séries after the numbered run (the stored volume order). */
  async seriesBooks(seriesId: string, pageNumber: number): Promise<CatalogPage> {
    const series = await this.series.get(seriesId);
    const { items, total } = await this.books.entries({ seriesId }, 'series', pageNumber, BOOKS_PER_SERIES_PAGE);
    return page({
      id: `urn:uuid:${series.id}`,
      title: series.name,
      kind: 'acquisition',
      path: `series/${series.id}`,
      up: `libraries/${series.libraryId}`,
      paging: { page: pageNumber, limit: BOOKS_PER_SERIES_PAGE, total },
      books: items,
      booksNameSeries: false,
    });
  }

  async recentlyAdded(pageNumber: number): Promise<CatalogPage> {
    const { items, total } = await this.books.entries({}, 'recently_added', pageNumber, ITEMS_PER_PAGE);
    return page({
      id: stableId('recent'),
      title: 'Recently added',
      kind: 'acquisition',
      path: 'recent',
      up: '',
      paging: { page: pageNumber, limit: ITEMS_PER_PAGE, total },
      books: items,
    });
  }

  async continueReading(pageNumber: number): Promise<CatalogPage> {
    const { items, total } = await this.books.entries(
      { readingStatus: 'reading' },
      'recently_read',
      pageNumber,
      ITEMS_PER_PAGE,
    );
    return page({
      id: stableId('continue'),
      title: 'Continue reading',
      kind: 'acquisition',
      path: 'continue',
      up: '',
      paging: { page: pageNumber, limit: ITEMS_PER_PAGE, total },
      books: items,
    });
  }

  /**
   * Series then books whose title matches `q` (the REST `q` matching: case, accents and ligatures folded), as one
   * list paged as a whole: the series first, then the books.
   */
  async search(q: string, pageNumber: number): Promise<CatalogPage> {
    const limit = ITEMS_PER_PAGE;
    const offset = (pageNumber - 1) * limit;
    const seriesFirst = await this.series.page({ q }, pageNumber, limit);
    const seriesTotal = seriesFirst.total;
    const bookOffset = Math.max(0, offset - seriesTotal);
    const bookLimit = limit - seriesFirst.items.length;
    // Books are paged on their own offset; a page straddling both lists takes the first books.
    const books =
      bookLimit > 0
        ? await this.bookSlice(q, bookOffset, bookLimit)
        : { items: [] as BookEntry[], total: (await this.books.entries({ q }, 'series', 1, 1)).total };
    return page({
      id: stableId(`search:${q}`),
      title: `Search: ${q}`,
      kind: 'acquisition',
      path: 'search',
      query: { q },
      up: '',
      paging: { page: pageNumber, limit, total: seriesTotal + books.total },
      navigation: seriesFirst.items.map(seriesItem),
      books: books.items,
    });
  }

  /** `limit` books from `offset`, through the services' page-sized queries (at most two pages). */
  private async bookSlice(q: string, offset: number, limit: number): Promise<{ items: BookEntry[]; total: number }> {
    const first = Math.floor(offset / ITEMS_PER_PAGE) + 1;
    const start = offset % ITEMS_PER_PAGE;
    const a = await this.books.entries({ q }, 'series', first, ITEMS_PER_PAGE);
    let items = a.items.slice(start, start + limit);
    if (items.length < limit && start > 0 && a.items.length === ITEMS_PER_PAGE) {
      const b = await this.books.entries({ q }, 'series', first + 1, ITEMS_PER_PAGE);
      items = items.concat(b.items.slice(0, limit - items.length));
    }
    return { items, total: a.total };
  }
}
