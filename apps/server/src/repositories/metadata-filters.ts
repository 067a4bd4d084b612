import {
  FACET_VALUE_LIMIT,
  type FacetCount,
  type FacetName,
  type Facets,
  type MetadataFilters,
} from '../domain/catalog-filters.js';
import type { EntityManager } from '@mikro-orm/sql';
import { placeholders, toNumber } from './sql-values.js';

/** A piece of SQL with its parameters, in the order they appear. */
export interface Sql {
  sql: string;
  params: unknown[];
}

/** Books (`b`) or series (`s`): where the single-valued columns are and which facet table holds the lists. */
export type Level = 'book' | 'series';

const LIST_FACETS = { genre: 'genre', publisher: 'publisher', tag: 'tag', storyArc: 'story_arc' } as const;

function inList(column: string, values: readonly unknown[]): Sql {
  return { sql: `${column} in (${placeholders(values.length)})`, params: [...values] };
}

/** Items (by `b.id` or `s.id`) holding one of `values` in `facet` (and one of `roles`, for authors). */
function holding(level: Level, facet: string, values?: readonly string[], roles?: readonly string[]): Sql {
  const parts = [`fh.facet = ?`];
  const params: unknown[] = [facet];
  for (const [column, list] of [
    ['fh.value', values],
    ['fh.role', roles],
  ] as const) {
    if (!list) continue;
    parts.push(`${column} in (${placeholders(list.length)})`);
    params.push(...list);
  }
  // Story arcs are the books': a series holds one when one of its books does.
  if (level === 'series' && facet === 'story_arc')
    return {
      sql: `s.id in (select hb.series_id from book_facets fh join books hb on hb.id = fh.book_id where ${parts.join(' and ')})`,
      params,
    };
  return level === 'book'
    ? { sql: `b.id in (select fh.book_id from book_facets fh where ${parts.join(' and ')})`, params }
    : { sql: `s.id in (select fh.series_id from series_facets fh where ${parts.join(' and ')})`, params };
}

function year(value: number): string {
  return String(value).padStart(4, '0');
}

/**
 * The conditions of the metadata filters on `b` (books) or `s` (series): a list matches any of its values, every
 * filter given must match. `except` leaves out one facet's own filter, so that facet counts its alternatives.
 */
export function metadataConditions(level: Level, filters: MetadataFilters, except?: FacetName): Sql[] {
  const alias = level === 'book' ? 'b' : 's';
  const conditions: Sql[] = [];
  for (const [key, facet] of Object.entries(LIST_FACETS) as [keyof typeof LIST_FACETS, FacetName][]) {
    const values = filters[key];
    if (values && except !== facet) conditions.push(holding(level, facet, values));
  }
  const authors = except === 'author' ? undefined : filters.author;
  const roles = except === 'author_role' ? undefined : filters.authorRole;
  if (authors || roles) conditions.push(holding(level, 'author', authors, roles));
  if (filters.language && except !== 'language') conditions.push(inList(`${alias}.language`, filters.language));
  if (filters.comicFormat && except !== 'comic_format') {
    const formats = inList('cf.comic_format', filters.comicFormat);
    conditions.push(
      level === 'book'
        ? inList('b.comic_format', filters.comicFormat)
        : { sql: `s.id in (select cf.series_id from books cf where ${formats.sql})`, params: formats.params },
    );
  }
  if (except !== 'age_max') {
    const age = `${alias}.age_rating_age`;
    const unrated = filters.unrated ?? 'include';
    if (filters.ageMax !== undefined)
      conditions.push({
        sql: unrated === 'include' ? `(${age} <= ? or ${age} is null)` : `${age} <= ?`,
        params: [filters.ageMax],
      });
    else if (unrated === 'exclude') conditions.push({ sql: `${age} is not null`, params: [] });
  }
  if (level === 'book') {
    // `publish_date` is YYYY-MM-DD text: a year's range is a range of the text, read from its index.
    if (filters.yearFrom !== undefined)
      conditions.push({ sql: 'b.publish_date >= ?', params: [`${year(filters.yearFrom)}-01-01`] });
    if (filters.yearTo !== undefined)
      conditions.push({ sql: 'b.publish_date <= ?', params: [`${year(filters.yearTo)}-12-31`] });
  } else {
    if (filters.yearFrom !== undefined) conditions.push({ sql: 's.start_year >= ?', params: [filters.yearFrom] });
    if (filters.yearTo !== undefined) conditions.push({ sql: 's.start_year <= ?', params: [filters.yearTo] });
  }
  return conditions;
}

/** The values a request filters on for a facet: always listed, even past the limit or with no item. */
function selected(filters: MetadataFilters, facet: FacetName): readonly (string | number)[] {
  switch (facet) {
    case 'genre':
    case 'publisher':
    case 'tag':
    case 'author':
    case 'language':
      return filters[facet] ?? [];
    case 'author_role':
      return filters.authorRole ?? [];
    case 'comic_format':
      return filters.comicFormat ?? [];
    case 'story_arc':
      return filters.storyArc ?? [];
    case 'age_max':
      return [];
  }
}

/**
 * How one facet is counted: the value column, what is counted, and the tables to read, with `joins` (what the
 * other conditions need) after the books (`b`) or series (`s`) table.
 */
function facetSource(
  level: Level,
  facet: FacetName,
  joins: Sql,
  filters: MetadataFilters,
): Sql & { value: string; count: string } {
  const alias = level === 'book' ? 'b' : 's';
  const table = level === 'book' ? 'books b' : 'series s';
  const own =
    level === 'book'
      ? 'book_facets fc join books b on b.id = fc.book_id'
      : 'series_facets fc join series s on s.id = fc.series_id';
  // Story arcs and comic formats are the books': a series counts once for each value one of its books has.
  const throughBooks = 'books fb join series s on s.id = fb.series_id';
  const source = (from: string, where: string, params: unknown[], value: string, count = 'count(*)') => ({
    sql: `from ${from} ${joins.sql} where ${where}`,
    params: [...joins.params, ...params],
    value,
    count,
  });
  switch (facet) {
    case 'genre':
    case 'publisher':
    case 'tag':
      // One row per (item, value): count(*) counts items.
      return source(own, 'fc.facet = ?', [facet], 'fc.value');
    case 'story_arc':
      return level === 'book'
        ? source(own, 'fc.facet = ?', [facet], 'fc.value')
        : source(
            'book_facets fc join books fb on fb.id = fc.book_id join series s on s.id = fb.series_id',
            'fc.facet = ?',
            [facet],
            'fc.value',
            'count(distinct s.id)',
          );
    case 'author': {
      // A person may hold several roles on an item: distinct items. The roles asked for narrow the credits counted.
      const roles = filters.authorRole ?? [];
      const where = roles.length > 0 ? ` and fc.role in (${placeholders(roles.length)})` : '';
      return source(own, `fc.facet = 'author'${where}`, roles, 'fc.value', `count(distinct ${alias}.id)`);
    }
    case 'author_role': {
      const authors = filters.author ?? [];
      const where = authors.length > 0 ? ` and fc.value in (${placeholders(authors.length)})` : '';
      return source(
        own,
        `fc.facet = 'author' and fc.role <> ''${where}`,
        authors,
        'fc.role',
        `count(distinct ${alias}.id)`,
      );
    }
    case 'language':
      return source(table, `${alias}.language is not null`, [], `${alias}.language`);
    case 'comic_format':
      return level === 'book'
        ? source(table, 'b.comic_format is not null', [], 'b.comic_format')
        : source(throughBooks, 'fb.comic_format is not null', [], 'fb.comic_format', 'count(distinct s.id)');
    case 'age_max':
      return source(table, '1 = 1', [], `${alias}.age_rating_age`);
  }
}

/**
 * Counts each value of each facet asked for under the filters, each facet without its own filter. `base` gives the
 * filtered rows for a facet: the joins its other conditions need after `books b` or `series s`, and the
 * conditions, the viewer's libraries among them.
 */
export async function countFacets(
  em: EntityManager,
  level: Level,
  names: readonly FacetName[],
  filters: MetadataFilters,
  base: (except: FacetName) => Promise<{ joins: Sql; where: Sql[] }>,
): Promise<Facets> {
  const facets: Facets = {};
  for (const name of [...new Set(names)]) {
    const { joins, where } = await base(name);
    const source = facetSource(level, name, joins, filters);
    const conditions = where.map((condition) => ` and ${condition.sql}`).join('');
    const params = [...source.params, ...where.flatMap((condition) => condition.params)];
    const query = (extra: Sql, limit: string) =>
      em.execute<{ value: string | number | null; n: number | string }[]>(
        `select ${source.value} as value, ${source.count} as n ${source.sql}${conditions}${extra.sql}
          group by ${source.value} order by n desc, value${limit}`,
        [...params, ...extra.params],
      );
    const rows = await query({ sql: '', params: [] }, ` limit ${FACET_VALUE_LIMIT}`);
    const counts: FacetCount<string | number | null>[] = rows.map((row) => ({
      value: row.value === null || name !== 'age_max' ? row.value : toNumber(row.value),
      count: toNumber(row.n),
    }));
    const missing = selected(filters, name).filter((value) => !counts.some((count) => count.value === value));
    if (missing.length > 0) {
      const found = await query(
        { sql: ` and ${source.value} in (${placeholders(missing.length)})`, params: missing },
        '',
      );
      for (const value of missing) {
        const row = found.find((candidate) => candidate.value === value);
        counts.push({ value, count: row ? toNumber(row.n) : 0 });
      }
    }
    (facets as Record<string, unknown>)[name] = counts;
  }
  return facets;
}
