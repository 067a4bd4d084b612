import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

type Json<T> = T | string;
const list = <T>(value: Json<T[]> | null): T[] => (typeof value === 'string' ? JSON.parse(value) : (value ?? []));

/**
 * The facet rows (book_facets, series_facets) hold exactly the values of the JSON lists of every book and series:
 * what the triggers must keep true whoever wrote the row.
 */
export async function expectFacetRowsInStep(server: TestServer): Promise<void> {
  const connection = server.container.orm.em.fork().getConnection();
  const expected = (owner: string, library: string, row: Record<string, any>, arcs: boolean) => {
    const values = [
      ...list<string>(row.genres).map((value) => ['genre', value, '']),
      ...list<string>(row.publishers).map((value) => ['publisher', value, '']),
      ...list<string>(row.tags).map((value) => ['tag', value, '']),
      ...list<{ name: string; role: string }>(row.authors).map((author) => ['author', author.name, author.role]),
      ...(arcs ? list<{ name: string }>(row.story_arcs).map((arc) => ['story_arc', arc.name, '']) : []),
    ];
    return [...new Set(values.map((value) => JSON.stringify([owner, ...value, library])))].sort();
  };
  const books = await connection.execute<Record<string, any>[]>(
    'select id, library_id, genres, publishers, tags, authors, story_arcs from books',
  );
  const series = await connection.execute<Record<string, any>[]>(
    'select id, library_id, genres, publishers, tags, authors from series',
  );
  const stored = async (table: string, key: string) =>
    (
      await connection.execute<Record<string, string>[]>(
        `select ${key} as owner, facet, value, role, library_id from ${table}`,
      )
    )
      .map((row) => JSON.stringify([row.owner, row.facet, row.value, row.role, row.library_id]))
      .sort();
  expect(await stored('book_facets', 'book_id')).toEqual(
    books.flatMap((row) => expected(row.id, row.library_id, row, true)).sort(),
  );
  expect(await stored('series_facets', 'series_id')).toEqual(
    series.flatMap((row) => expected(row.id, row.library_id, row, false)).sort(),
  );
}
