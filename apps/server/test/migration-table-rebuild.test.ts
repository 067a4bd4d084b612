import { describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/database/orm.js';
import { Migration20261125090000_cb7_cbt_partial_hash as RebuildBooks } from '../src/database/migrations/sqlite/Migration20261125090000_cb7_cbt_partial_hash.js';
import { createTestDatabase, testDatabaseKind } from './support/test-database.js';

// SQLite rebuilds `books` and `book_files` to change their CHECK constraint: dropping a parent table with foreign
// keys on would cascade to reading progress. Running the migration again over data shows nothing is lost.
describe.runIf(testDatabaseKind() === 'sqlite')('the SQLite table rebuild of books and book_files', () => {
  it('keeps books, files and reading progress, and the catalog triggers', async () => {
    const database = await createTestDatabase();
    const orm = await openDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    const connection = orm.em.fork().getConnection();
    const now = new Date().toISOString();
    try {
      await connection.execute(
        `insert into libraries (id, name, root_path, created_at, updated_at) values ('l1', 'L', 'l', '${now}', '${now}')`,
      );
      await connection.execute(
        `insert into books (id, library_id, title, format, authors, locked_fields, created_at, updated_at)
           values ('b1', 'l1', 'T', 'cbz', '[]', '["title"]', '${now}', '${now}')`,
      );
      await connection.execute(
        `insert into book_files (id, book_id, library_id, path, format, size_bytes, mtime_ms, partial_hash, created_at, updated_at)
           values ('f1', 'b1', 'l1', 'a.cbz', 'cbz', 10, 1, 'abc', '${now}', '${now}')`,
      );
      await connection.execute(
        `insert into users (id, username, password_hash, created_at, updated_at) values ('u1', 'admin', 'x', '${now}', '${now}')`,
      );
      await connection.execute(
        `insert into reading_progress (id, user_id, book_id, status, current_page, updated_at) values ('p1', 'u1', 'b1', 'reading', 2, '${now}')`,
      );
      const migration = new RebuildBooks(orm.em.getDriver(), orm.config);
      await migration.up();
      // The migration adds plain SQL strings only.
      for (const query of migration.getQueries()) await connection.execute(query, [], 'run');

      // The rebuild copies the columns that existed before it; partial_hash starts empty (filled at the next analysis).
      expect(await connection.execute('select id, partial_hash from book_files')).toEqual([
        { id: 'f1', partial_hash: null },
      ]);
      expect(await connection.execute('select id, current_page from reading_progress')).toEqual([
        { id: 'p1', current_page: 2 },
      ]);
      expect(await connection.execute('pragma foreign_key_check')).toEqual([]);
      expect((await connection.execute<{ foreign_keys: number }[]>('pragma foreign_keys'))[0]?.foreign_keys).toBe(1);
      const triggers = await connection.execute<{ name: string }[]>(
        `select name from sqlite_master where type = 'trigger' and tbl_name in ('books', 'book_files') order by name`,
      );
      expect(triggers).toHaveLength(6);
      await connection.execute(`update books set format = 'cb7' where id = 'b1'`);
      await connection.execute(`delete from books where id = 'b1'`);
      expect(await connection.execute('select id from reading_progress')).toEqual([]);
    } finally {
      await orm.close(true);
      await database.drop();
    }
  });
});
