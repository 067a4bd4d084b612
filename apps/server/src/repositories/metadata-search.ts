import type { EntityManager } from '@mikro-orm/sql';
import { fold } from '../domain/search-text.js';
import type { ListCache } from './list-cache.js';
import type { Sql } from './metadata-filters.js';
import { placeholders } from './sql-values.js';

/** The facets `q` also looks into, beside the names (and, for books, the authors already in `search_text`). */
export const SEARCHED_FACETS = {
  book: ['genre', 'publisher', 'tag', 'story_arc'],
  series: ['genre', 'publisher', 'tag', 'author'],
} as const;

/** At most this many values matched per search: a one-letter `q` must not become a statement of 10,000 values. */
const MAX_MATCHED = 500;

interface StoredValue {
  facet: string;
  value: string;
  folded: string;
}

/**
 * The stored facet values `q` matches, accent- and case-blind: neither database folds accents the way
 * domain/search-text does, so the distinct values (a few thousand even in a large library) are folded here, once
 * per catalog version (the list cache), and the matches become an index lookup of exact values.
 */
async function matchingValues(
  em: EntityManager,
  cache: ListCache,
  table: 'book_facets' | 'series_facets',
  facets: readonly string[],
  q: string,
): Promise<Map<string, string[]>> {
  const { items } = await cache.remember(
    JSON.stringify(['facet-values', table, facets]),
    async () => {
      const rows = await em.execute<{ facet: string; value: string }[]>(
        `select distinct facet, value from ${table} where facet in (${placeholders(facets.length)})`,
        [...facets],
      );
      const values: StoredValue[] = rows.map((row) => ({ ...row, folded: fold(row.value) }));
      // One entry, however many values: the cache's weight counts rows of pages.
      return { items: [values] };
    },
    { shared: true },
  );
  const needle = fold(q);
  const matched = new Map<string, string[]>();
  let count = 0;
  for (const stored of items[0] ?? []) {
    if (!stored.folded.includes(needle)) continue;
    if (++count > MAX_MATCHED) break;
    matched.set(stored.facet, [...(matched.get(stored.facet) ?? []), stored.value]);
  }
  return matched;
}

/**
 * What `q` matches beyond the name: items (`b.id` or `s.id`) holding a matched genre, publisher, tag or story arc
 * (or, for series, author). Null when no stored value matches, so the plain name search keeps its index order.
 */
export async function metadataSearch(
  em: EntityManager,
  cache: ListCache,
  level: 'book' | 'series',
  q: string,
): Promise<Sql | null> {
  const table = level === 'book' ? 'book_facets' : 'series_facets';
  const matched = await matchingValues(em, cache, table, SEARCHED_FACETS[level], q);
  const arcs =
    level === 'series' ? await matchingValues(em, cache, 'book_facets', ['story_arc'], q) : new Map<string, string[]>();
  const parts: Sql[] = [];
  const holding = (alias: string, entries: Map<string, string[]>): Sql | null => {
    const conditions = [...entries].map(([facet, values]) => ({
      sql: `(${alias}.facet = ? and ${alias}.value in (${placeholders(values.length)}))`,
      params: [facet, ...values],
    }));
    if (conditions.length === 0) return null;
    return { sql: conditions.map((c) => c.sql).join(' or '), params: conditions.flatMap((c) => c.params) };
  };
  const own = holding('fq', matched);
  if (own)
    parts.push(
      level === 'book'
        ? { sql: `b.id in (select fq.book_id from book_facets fq where ${own.sql})`, params: own.params }
        : { sql: `s.id in (select fq.series_id from series_facets fq where ${own.sql})`, params: own.params },
    );
  const byArc = holding('fq', arcs);
  if (byArc)
    parts.push({
      sql: `s.id in (select qb.series_id from book_facets fq join books qb on qb.id = fq.book_id where ${byArc.sql})`,
      params: byArc.params,
    });
  if (parts.length === 0) return null;
  return { sql: parts.map((part) => part.sql).join(' or '), params: parts.flatMap((part) => part.params) };
}
