import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './support/test-database.js';

// The release before issue 34's parser: its last migration (named apart on each database). The database is built by
// the migrations of that version, filled as it stored books, then brought up to date as a server start would.
const PREVIOUS_VERSION = {
  sqlite: 'Migration20261129010252_user_access_changed_at',
  postgresql: 'Migration20261129010253_user_access_changed_at',
};
const LIBRARY = '00000000-0000-4000-8000-000000000001';
const BD = '00000000-0000-4000-8000-000000000011';
const SOLO = '00000000-0000-4000-8000-000000000012';
const book = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const file = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
/** PostgreSQL answers numeric columns as numbers or strings depending on their type; compare them as numbers. */
const plain = (value: unknown) => (typeof value === 'string' && /^\d/.test(value) ? Number(value) : value);

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the migration that re-reads stored file names for their numbers and titles', () => {
  it('gives books the numbers and titles of today’s parser, keeping locked titles and titles from metadata', async () => {
    database = await createTestDatabase();
    const orm = await MikroORM.init(await ormOptions(loadConfig({ DATABASE_URL: database.url }).database));
    try {
      await orm.migrator.up({ to: PREVIOUS_VERSION[testDatabaseKind()] });
      const connection = orm.em.fork().getConnection();
      const run = (sql: string, params: unknown[] = []) => connection.execute(sql, params, 'run');
      const now = new Date().toISOString();
      await run(
        `insert into libraries (id, name, root_path, created_at, updated_at) values (?, 'Comics', 'comics', ?, ?)`,
        [LIBRARY, now, now],
      );
      for (const [id, name] of [
        [BD, 'BD'],
        [SOLO, 'Solo Leveling'],
      ] as const) {
        await run(
          `insert into series (id, library_id, name, folder_path, authors, publishers, genres, locked_fields, sort_name,
                               created_at, updated_at)
             values (?, ?, ?, ?, '[]', '[]', '[]', '[]', ?, ?, ?)`,
          [id, LIBRARY, name, name, name.toLowerCase(), now, now],
        );
      }
      // What the previous parser stored: its numbers and titles (or those of embedded metadata, or an admin's).
      const rows: [number, string, string, string, number | null, number | null, string, string[]][] = [
        // The series before the number was kept in the title.
        [
          1,
          BD,
          'BD/Spirou - T01 - La Corne du rhinocéros.cbz',
          'Spirou - La Corne du rhinocéros',
          1,
          null,
          'regular',
          [],
        ],
        // The same, locked by the admin: it stays.
        [2, BD, 'BD/Spirou - T02 - Il y a un sorcier.cbz', 'Spirou - Il y a un sorcier', 2, null, 'regular', ['title']],
        // A title from ComicInfo is none the parser gave: it stays.
        [3, BD, 'BD/Spirou - T03 - Les Chapeaux noirs.cbz', 'Les Chapeaux noirs de Spirou', 3, null, 'regular', []],
        // No number was read: the whole name was the title.
        [
          4,
          BD,
          'BD/Michel Vaillant 5 Nr. 13 aan de start.cbz',
          'Michel Vaillant 5 Nr. 13 aan de start',
          null,
          null,
          'regular',
          [],
        ],
        // A name without title words was titled by its series alone.
        [5, BD, 'BD/Saga 018.cbz', 'Saga', 18, null, 'regular', []],
        // `Vol.2000` was the volume and the issue a chapter.
        [6, BD, 'BD/Batman Vol.2000 #57.cbz', 'Batman Vol.2000 #57', 2000, 57, 'regular', []],
        // A Korean chapter counter the previous parser did not know; its volume and kind are locked.
        [7, SOLO, 'Solo Leveling/Solo Leveling 13회.cbz', '13회', 4, null, 'regular', ['volume', 'kind']],
      ];
      for (const [n, series, path, title, volume, chapter, kind, locked] of rows) {
        await run(
          `insert into books (id, library_id, series_id, title, volume, chapter, volume_kind, format, authors,
                              locked_fields, search_text, sort_series, volume_sort, sort_title, created_at, updated_at)
             values (?, ?, ?, ?, ?, ?, ?, 'cbz', '["Franquin"]', ?, 'x', 'x', ?, 'x', ?, ?)`,
          [book(n), LIBRARY, series, title, volume, chapter, kind, JSON.stringify(locked), volume ?? 1e9, now, now],
        );
        await run(
          `insert into book_files (id, book_id, library_id, path, format, size_bytes, mtime_ms, created_at, updated_at)
             values (?, ?, ?, ?, 'cbz', 10, 1, ?, ?)`,
          [file(n), book(n), LIBRARY, path, now, now],
        );
      }

      await orm.migrator.up();

      const books = await connection.execute<Record<string, unknown>[]>(
        `select title, volume, chapter, volume_kind, publish_date, sort_title, search_text from books order by id`,
      );
      expect(books.map((row) => [row.title, plain(row.volume), plain(row.chapter), row.volume_kind])).toEqual([
        ['La Corne du rhinocéros', 1, null, 'regular'],
        ['Spirou - Il y a un sorcier', 2, null, 'regular'],
        ['Les Chapeaux noirs de Spirou', 3, null, 'regular'],
        ['Nr. 13 aan de start', 5, null, 'regular'],
        ['Saga 018', 18, null, 'regular'],
        ['Batman Vol.2000 #57', 57, null, 'regular'],
        ['Solo Leveling 13회', 4, 13, 'regular'],
      ]);
      // The run's year fills the missing date; the search and sort columns follow the title.
      expect(books[5]!.publish_date).toBe('2000-01-01');
      expect(books[0]!.sort_title).toBe('la corne du rhinoceros');
      expect(books[0]!.search_text).toBe('bd | la corne du rhinoceros | franquin');
      // A book the re-parse leaves as it was is not written at all (its columns are still those inserted above).
      expect([books[1]!.sort_title, books[2]!.sort_title]).toEqual(['x', 'x']);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  }, 60_000);
});
