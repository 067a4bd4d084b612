import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The release before character references were decoded: its last migration. The database is built by that
// version's migrations, filled as it stored books, then brought up to date as a server start would.
const PREVIOUS_VERSION = 'Migration20261126141000_watch_reason_code';
const TAGGED = '00000000-0000-4000-8000-000000000001';
const CLEAN = '00000000-0000-4000-8000-000000000002';
const seriesId = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const book = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const file = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
const folder = (n: number) => `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`;

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the migration that re-reads metadata stored with character references', () => {
  it('marks changed the files whose book or series holds one, and forgets their libraries folders only', async () => {
    database = await createTestDatabase();
    const orm = await MikroORM.init(await ormOptions(loadConfig({ DATABASE_URL: database.url }).database));
    try {
      await orm.migrator.up({ to: PREVIOUS_VERSION });
      const connection = orm.em.fork().getConnection();
      const run = (sql: string, params: unknown[] = []) => connection.execute(sql, params, 'run');
      const now = new Date().toISOString();
      for (const [id, name] of [
        [TAGGED, 'Tagged'],
        [CLEAN, 'Clean'],
      ] as const) {
        await run(`insert into libraries (id, name, root_path, created_at, updated_at) values (?, ?, ?, ?, ?)`, [
          id,
          name,
          name.toLowerCase(),
          now,
          now,
        ]);
        await run(`insert into directory_mtimes (id, library_id, path, mtime_ms) values (?, ?, '', 5)`, [
          folder(id === TAGGED ? 1 : 2),
          id,
        ]);
      }
      const series: [number, string, string][] = [
        [1, TAGGED, 'L&#8217;Arabe du futur'],
        [2, TAGGED, 'Plain'],
        [3, CLEAN, 'Plain'],
      ];
      for (const [n, library, name] of series) {
        await run(
          `insert into series (id, library_id, name, folder_path, authors, publishers, genres, locked_fields, sort_name,
                               created_at, updated_at)
             values (?, ?, ?, ?, '[]', '[]', '[]', '[]', ?, ?, ?)`,
          [seriesId(n), library, name, name, name.toLowerCase(), now, now],
        );
      }
      // [book, library, series, title, summary, authors]: what the previous parser stored.
      const books: [number, string, number, string, string | null, string[]][] = [
        [1, TAGGED, 1, 'Tome 1', null, []],
        [2, TAGGED, 2, 'Caf&#xE9;', null, []],
        [3, TAGGED, 2, 'Two', 'Un &#233;t&#233;', []],
        [4, TAGGED, 2, 'Three', null, ['Ren&#233;']],
        [5, TAGGED, 2, 'Untouched', 'Plain words & more', ['Ann']],
        [7, TAGGED, 2, 'Named', 'Un&nbsp;été', []],
        [6, CLEAN, 3, 'Clean', null, []],
      ];
      for (const [n, library, inSeries, title, summary, authors] of books) {
        await run(
          `insert into books (id, library_id, series_id, title, summary, volume_kind, format, authors, locked_fields,
                              sort_series, volume_sort, sort_title, created_at, updated_at)
             values (?, ?, ?, ?, ?, 'regular', 'cbz', ?, '[]', 'x', 1, 't', ?, ?)`,
          [book(n), library, seriesId(inSeries), title, summary, JSON.stringify(authors), now, now],
        );
        await run(
          `insert into book_files (id, book_id, library_id, path, format, size_bytes, mtime_ms, created_at, updated_at)
             values (?, ?, ?, ?, 'cbz', 10, 1000, ?, ?)`,
          [file(n), book(n), library, `${n}.cbz`, now, now],
        );
      }

      await orm.migrator.up();

      const files = await connection.execute<{ book_id: string; mtime_ms: number | string }[]>(
        'select book_id, mtime_ms from book_files order by book_id',
      );
      expect(files.map((row) => Number(row.mtime_ms))).toEqual([999, 999, 999, 999, 1000, 1000, 999]);
      const folders = await connection.execute<{ library_id: string }[]>('select library_id from directory_mtimes');
      expect(folders).toEqual([{ library_id: CLEAN }]);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  }, 60_000);
});
