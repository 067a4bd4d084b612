import {
  FACET_VALUE_LIMIT,
  type FacetCount,
  type FacetName,
  type Facets,
  type MetadataFilters,
} from '../domain/catalog-filters.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { ListCache } from './list-cache.js';
import { viewerIsRestricted, visibleLibrarySql } from './library-access.js';
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
 * Where a facet's rows are read from: `alone` when nothing but the viewer's libraries filters the items (the facet
 * rows, which carry their library, are counted without visiting the items); `items` from the filtered items' ids
 * materialised first (`i.id`), for the counts of every value; `direct` from the rows of the values asked for, each
 * joined to its item, for a few values.
 */
type RowsFrom = 'alone' | 'items' | 'direct';

/**
 * How one facet is counted: the value column, what is counted, and the tables to read, with `joins` (what the
 * filter's conditions need) after the books (`b`) or series (`s`) table. Column facets read the items' table.
 */
function facetSource(
  level: Level,
  facet: FacetName,
  joins: Sql,
  filters: MetadataFilters,
  from: RowsFrom,
): Sql & { value: string; count: string; fromItems: boolean } {
  const alias = level === 'book' ? 'b' : 's';
  const table = level === 'book' ? 'books b' : 'series s';
  const rowsTable = level === 'book' ? 'book_facets' : 'series_facets';
  const rowItem = level === 'book' ? 'fc.book_id' : 'fc.series_id';
  const item = { alone: rowItem, items: 'i.id', direct: `${alias}.id` }[from];
  // From the items, `cross join` keeps SQLite reading the rows item by item (its planner would otherwise walk every
  // row of the facet and look each item up).
  const rowsFrom = {
    alone: `${rowsTable} fc`,
    items: `items i cross join ${rowsTable} fc`,
    direct: `${rowsTable} fc join ${table} on ${alias}.id = ${rowItem} ${joins.sql}`,
  }[from];
  const rows = (where: string, params: unknown[], value: string, count = 'count(*)') => ({
    sql: `from ${rowsFrom} where ${where}${from === 'items' ? ` and ${rowItem} = i.id` : ''}`,
    params: from === 'direct' ? [...joins.params, ...params] : params,
    value,
    count,
    fromItems: from === 'items',
  });
  const column = (source: string, where: string, value: string, count = 'count(*)') => ({
    sql: `from ${source} ${joins.sql} where ${where}`,
    params: [...joins.params],
    value,
    count,
    fromItems: false,
  });
  switch (facet) {
    case 'genre':
    case 'publisher':
    case 'tag':
      // One row per (item, value): count(*) counts items.
      return rows('fc.facet = ?', [facet], 'fc.value');
    case 'story_arc':
      if (level === 'book') return rows('fc.facet = ?', [facet], 'fc.value');
      // The books' arcs: a series counts once for each arc one of its books has.
      return from === 'items'
        ? {
            sql: `from items i cross join books fb cross join book_facets fc
              where fb.series_id = i.id and fc.book_id = fb.id and fc.facet = ?`,
            params: [facet],
            value: 'fc.value',
            count: 'count(distinct i.id)',
            fromItems: true,
          }
        : {
            sql: `from book_facets fc join books fb on fb.id = fc.book_id join series s on s.id = fb.series_id
              where fc.facet = ?`,
            params: [facet],
            value: 'fc.value',
            count: 'count(distinct s.id)',
            fromItems: false,
          };
    case 'author': {
      // A person may hold several roles on an item: distinct items. The roles asked for narrow the credits counted.
      const roles = filters.authorRole ?? [];
      const where = roles.length > 0 ? ` and fc.role in (${placeholders(roles.length)})` : '';
      return rows(`fc.facet = 'author'${where}`, roles, 'fc.value', `count(distinct ${item})`);
    }
    case 'author_role': {
      const authors = filters.author ?? [];
      const where = authors.length > 0 ? ` and fc.value in (${placeholders(authors.length)})` : '';
      return rows(`fc.facet = 'author' and fc.role <> ''${where}`, authors, 'fc.role', `count(distinct ${item})`);
    }
    case 'language':
      return column(table, `${alias}.language is not null`, `${alias}.language`);
    case 'comic_format':
      // A series counts once for each format one of its books has.
      return level === 'book'
        ? column(table, 'b.comic_format is not null', 'b.comic_format')
        : column(
            'series s join books fb on fb.series_id = s.id',
            'fb.comic_format is not null',
            'fb.comic_format',
            'count(distinct s.id)',
          );
    case 'age_max':
      return column(table, '1 = 1', `${alias}.age_rating_age`);
  }
}

/** The facets counted from the facet rows (the others are columns of the items). */
const OWN_ROWS = new Set<FacetName>(['genre', 'publisher', 'tag', 'author', 'author_role', 'story_arc']);

/**
 * Counts each value of each facet asked for under the filters, each facet without its own filter. `base` gives the
 * filtered rows for a facet: the joins its other conditions need after `books b` or `series s`, the conditions
 * (the viewer's libraries among them), and whether those libraries are the only condition (`bare`).
 *
 * Each facet's counts are also remembered on their own, keyed by their query: choosing a second tag changes every
 * facet's counts but the tags' own (they are counted without the tag filter), and those are the costly ones, counted
 * over nearly every item when the other filters are broad.
 */
export async function countFacets(
  em: EntityManager,
  cache: ListCache,
  level: Level,
  names: readonly FacetName[],
  filters: MetadataFilters,
  base: (except: FacetName) => Promise<{ joins: Sql; where: Sql[]; bare: boolean }>,
): Promise<Facets> {
  const facets: Facets = {};
  for (const name of [...new Set(names)]) {
    const filtered = await base(name);
    // A restricted reader's items are not every item of their libraries: their facet rows are read through them.
    const alone =
      filtered.bare && !viewerIsRestricted() && OWN_ROWS.has(name) && !(level === 'series' && name === 'story_arc');
    const visible = visibleLibrarySql('fc.library_id');
    const where = alone ? (visible ? [visible] : []) : filtered.where;
    const whereParams = where.flatMap((condition) => condition.params);
    const conditions = where.map((condition) => ` and ${condition.sql}`).join('');
    const alias = level === 'book' ? 'b' : 's';
    const table = level === 'book' ? 'books b' : 'series s';
    const itemsWhere = where.length === 0 ? '' : ` where ${where.map((condition) => condition.sql).join(' and ')}`;
    /** The count of each value (`values`: only these), read the cheapest way for that. */
    const query = (values: readonly unknown[] | null, limit: string): Sql => {
      const from: RowsFrom = alone ? 'alone' : values ? 'direct' : 'items';
      const source = facetSource(level, name, alone ? { sql: '', params: [] } : filtered.joins, filters, from);
      const only = values ? ` and ${source.value} in (${placeholders(values.length)})` : '';
      const tail = `group by ${source.value} order by n desc, value${limit}`;
      if (source.fromItems)
        return {
          sql: `with items(id) as materialized (select ${alias}.id from ${table} ${filtered.joins.sql}${itemsWhere})
            select ${source.value} as value, ${source.count} as n ${source.sql}${only} ${tail}`,
          params: [...filtered.joins.params, ...whereParams, ...source.params, ...(values ?? [])],
        };
      return {
        sql: `select ${source.value} as value, ${source.count} as n ${source.sql}${conditions}${only} ${tail}`,
        params: [...source.params, ...whereParams, ...(values ?? [])],
      };
    };
    const run = async ({ sql, params }: Sql) =>
      (await em.execute<{ value: string | number | null; n: number | string }[]>(sql, params)).map((row) => ({
        value: row.value === null || name !== 'age_max' ? row.value : toNumber(row.value),
        count: toNumber(row.n),
      }));
    const top = query(null, ` limit ${FACET_VALUE_LIMIT}`);
    const { items } = await cache.remember(JSON.stringify(['facet', top]), async () => ({ items: await run(top) }));
    const counts: FacetCount<string | number | null>[] = [...items];
    // The values filtered on are always listed: those past the most frequent are counted on their own.
    const missing = selected(filters, name).filter((value) => !counts.some((count) => count.value === value));
    if (missing.length > 0) {
      const found = await run(query(missing, ''));
      for (const value of missing)
        counts.push({ value, count: found.find((candidate) => candidate.value === value)?.count ?? 0 });
    }
    (facets as Record<string, unknown>)[name] = counts;
  }
  return facets;
}
