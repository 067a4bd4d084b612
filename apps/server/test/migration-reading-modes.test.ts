import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './support/test-database.js';

// The release before reading modes: its last migration. A database built by that version's migrations, with a
// library, a series, a book file and a user, is brought up to date as a server start would.
const PREVIOUS_VERSION = 'Migration20261126040000_koreader_sync';
const LIBRARY = '00000000-0000-4000-8000-000000000001';
const SERIES = '00000000-0000-4000-8000-000000000011';
const BOOK = '00000000-0000-4000-8000-000000000101';
const FILE = '00000000-0000-4000-8000-000000000201';
const USER = '00000000-0000-4000-8000-000000000021';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the migration to reading modes', () => {
  it('keeps every row, gives libraries ltr and series no direction, and new rows go with their user, series and file', async () => {
    database = await createTestDatabase();
    const orm = await MikroORM.init(await ormOptions(loadConfig({ DATABASE_URL: database.url }).database));
    try {
      await orm.migrator.up({ to: PREVIOUS_VERSION });
      const connection = orm.em.fork().getConnection();
      const run = (sql: string, params: unknown[] = []) => connection.execute(sql, params, 'run');
      const now = new Date().toISOString();
      await run(
        `insert into libraries (id, name, root_path, created_at, updated_at) values (?, 'Manga', 'manga', ?, ?)`,
        [LIBRARY, now, now],
      );
      await run(
        `insert into series (id, library_id, name, folder_path, authors, publishers, genres, locked_fields, sort_name,
                             created_at, updated_at)
           values (?, ?, 'Kaiju', 'Kaiju', '[]', '[]', '["language"]', '["language"]', 'kaiju', ?, ?)`,
        [SERIES, LIBRARY, now, now],
      );
      await run(
        `insert into books (id, library_id, series_id, title, volume, volume_kind, format, page_count, authors,
                            locked_fields, sort_series, volume_sort, sort_title, created_at, updated_at)
           values (?, ?, ?, 'Kaiju v1', 1, 'regular', 'cbz', 10, '[]', '[]', 'kaiju', 1, 't', ?, ?)`,
        [BOOK, LIBRARY, SERIES, now, now],
      );
      await run(
        `insert into book_files (id, book_id, library_id, path, format, size_bytes, mtime_ms, parse_status,
                                 created_at, updated_at)
           values (?, ?, ?, 'Kaiju/Kaiju v1.cbz', 'cbz', 1000, 5, 'ok', ?, ?)`,
        [FILE, BOOK, LIBRARY, now, now],
      );
      await run(
        `insert into users (id, username, password_hash, created_at, updated_at) values (?, 'ann', 'x', ?, ?)`,
        [USER, now, now],
      );

      await orm.migrator.up();

      expect(await connection.execute('select default_reading_direction from libraries')).toEqual([
        { default_reading_direction: 'ltr' },
      ]);
      expect(await connection.execute('select name, reading_direction from series')).toEqual([
        { name: 'Kaiju', reading_direction: null },
      ]);
      expect(await connection.execute('select id from books')).toEqual([{ id: BOOK }]);
      await run(
        `insert into series_reader_settings (id, user_id, series_id, reading_direction, layout, updated_at)
           values ('00000000-0000-4000-8000-000000000301', ?, ?, 'rtl', 'double', ?)`,
        [USER, SERIES, now],
      );
      await run(
        `insert into book_pages (book_file_id, number, media_type, width, height, file_size, file_mtime_ms)
           values (?, 1, 'image/jpeg', 1600, 2400, 1000, 5)`,
        [FILE],
      );
      if (testDatabaseKind() === 'sqlite') {
        expect(await connection.execute('pragma foreign_key_check')).toEqual([]);
      }
      // One reader's settings per series: a second row for the same pair is refused.
      await expect(
        run(
          `insert into series_reader_settings (id, user_id, series_id, updated_at)
             values ('00000000-0000-4000-8000-000000000302', ?, ?, ?)`,
          [USER, SERIES, now],
        ),
      ).rejects.toThrow();
      await run('delete from users where id = ?', [USER]);
      expect(await connection.execute('select id from series_reader_settings')).toEqual([]);
      await run('delete from book_files where id = ?', [FILE]);
      expect(await connection.execute('select number from book_pages')).toEqual([]);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  }, 60_000);
});
