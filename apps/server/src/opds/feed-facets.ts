import type { FacetCount } from '../domain/catalog-filters.js';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';
import type { SeriesFilters } from '../repositories/series.repository.js';
import type { SeriesService } from '../services/series.service.js';
import type { QueryValues } from './feed-links.js';
import type { FeedFilters } from './request-values.js';

/**
 * Facets of a feed of series (OPDS 1.2 facet links, OPDS 2.0 `facets`): genre, publisher and read state, each
 * value with how many series it would list under the feed's other filters (the counts of GET /series/facets, each
 * facet counted without its own filter, so only what the reader may see).
 *
 * A group is a choice of one: a value's link replaces the group's filter and keeps the other groups' (the page
 * goes back to 1), and each group begins with an "All …" facet that clears it. Reading apps show a group as a list
 * with its active facet marked (KOReader: a ✓ and the thr:count in its menu; Thorium: a side panel with counts) and
 * have no gesture that unselects one, so the way back is a facet of its own; the active facet's link is the feed as
 * it is (following it changes nothing).
 */

/** Values shown per group: the most frequent, then any chosen one beyond them (a feed stays short on a phone). */
export const FACET_VALUES_SHOWN = 20;

export interface FeedFacet {
  title: string;
  /** The feed's whole query with this facet applied (page 1). */
  query: QueryValues;
  count: number | null;
  active: boolean;
}

export interface FeedFacetGroup {
  title: string;
  facets: FeedFacet[];
}

const STATUS_TITLES: Record<ReadingStatus, string> = { unread: 'Unread', reading: 'In progress', read: 'Read' };

/** The filters as a query, in one order (links, and the ids of filtered feeds). */
export function filterQuery(filters: FeedFilters): QueryValues {
  return {
    genre: filters.genre,
    publisher: filters.publisher,
    reading_status: filters.readingStatus,
    author: filters.author,
  };
}

export function isFiltered(filters: FeedFilters): boolean {
  return Object.values(filterQuery(filters)).some((value) => value !== undefined);
}

/** An author's feed: every series credited to them (by name exactly as stored) the reader may see. */
export function authorFeed(name: string): { path: string; query: QueryValues } {
  return { path: 'series', query: filterQuery({ author: [name] }) };
}

function listGroup(
  title: string,
  all: string,
  counts: readonly FacetCount[],
  chosen: readonly string[] | undefined,
  apply: (values: string[] | undefined) => FeedFilters,
): FeedFacetGroup | null {
  const shown = counts.filter((count, i) => i < FACET_VALUES_SHOWN || chosen?.includes(count.value));
  if (shown.length === 0) return null;
  return {
    title,
    facets: [
      { title: all, query: filterQuery(apply(undefined)), count: null, active: chosen === undefined },
      ...shown.map(({ value, count }) => ({
        title: value,
        query: filterQuery(apply([value])),
        count,
        active: chosen?.includes(value) ?? false,
      })),
    ],
  };
}

/** The counts a feed's facets show, each counted under the feed's other filters. */
export interface FacetCounts {
  genre: readonly FacetCount[];
  publisher: readonly FacetCount[];
  readingStatus: readonly FacetCount<ReadingStatus>[];
}

/** The facet groups of a feed under `filters`, from their counts (groups without any value left out). */
export function facetGroups(counts: FacetCounts, filters: FeedFilters): FeedFacetGroup[] {
  const groups = [
    listGroup('Genre', 'All genres', counts.genre, filters.genre, (genre) => ({ ...filters, genre })),
    listGroup('Publisher', 'All publishers', counts.publisher, filters.publisher, (publisher) => ({
      ...filters,
      publisher,
    })),
    {
      title: 'Read state',
      facets: [
        {
          title: 'Read or not',
          query: filterQuery({ ...filters, readingStatus: undefined }),
          count: null,
          active: filters.readingStatus === undefined,
        },
        ...counts.readingStatus.map(({ value, count }) => ({
          title: STATUS_TITLES[value],
          query: filterQuery({ ...filters, readingStatus: value }),
          count,
          active: filters.readingStatus === value,
        })),
      ],
    },
  ];
  return groups.filter((group): group is FeedFacetGroup => group !== null);
}

/** The facet groups of a feed listing the series of `scope` (a library, or every one) under `filters`. */
export async function feedFacets(
  series: SeriesService,
  scope: SeriesFilters,
  filters: FeedFilters,
): Promise<FeedFacetGroup[]> {
  const where: SeriesFilters = { ...scope, ...filters };
  const [facets, readingStatus] = await Promise.all([
    series.facets(where, ['genre', 'publisher']),
    series.readingStatusCounts(where),
  ]);
  return facetGroups({ genre: facets.genre ?? [], publisher: facets.publisher ?? [], readingStatus }, filters);
}
