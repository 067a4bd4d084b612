import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './support/test-database.js';

// The release before chapters: its last migration. The database is built by the migrations of that version, filled
// as it stored books (no chapter columns), then brought up to date as a server start would.
const PREVIOUS_VERSION = 'Migration20261125100000_job_completed_with_errors';
const LIBRARY = '00000000-0000-4000-8000-000000000001';
const KAIJU = '00000000-0000-4000-8000-000000000011';
const BERSERK = '00000000-0000-4000-8000-000000000012';
const book = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const file = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
/** PostgreSQL answers numeric columns as numbers or strings depending on their type; compare them as numbers. */
const plain = (value: unknown) => (typeof value === 'string' && /^\d/.test(value) ? Number(value) : value);

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the migration that re-reads stored file names', () => {
  it('stores the chapters and numbers of existing books, keeps locked fields, progress and triggers', async () => {
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
      for (const [id, name] of [
        [KAIJU, 'Kaiju'],
        [BERSERK, 'Berserk'],
      ] as const) {
        await run(
          `insert into series (id, library_id, name, folder_path, authors, publishers, genres, locked_fields, sort_name,
                               created_at, updated_at)
             values (?, ?, ?, ?, '[]', '[]', '[]', '[]', ?, ?, ?)`,
          [id, LIBRARY, name, name, name.toLowerCase(), now, now],
        );
      }
      // What the previous version stored: volumes and kinds of its parser, no chapters.
      const rows: [number, string, string, number | null, string, string[], string | null][] = [
        [1, KAIJU, 'Kaiju/Kaiju c010.cbz', null, 'chapter', [], null],
        [2, BERSERK, 'Berserk/Berserk v01 c001-008.cbz', 1, 'regular', [], null],
        // Edited and locked by the admin: volume 7, a regular volume; its chapter is not locked.
        [3, KAIJU, 'Kaiju/Kaiju c002.cbz', 7, 'regular', ['volume', 'kind'], null],
        // The volume came from ComicInfo: the name says nothing, so it stays.
        [4, BERSERK, 'Berserk/The Prototype.cbz', 12, 'regular', [], null],
        // The year of the name fills a missing date; a locked date, even empty, stays empty.
        [5, BERSERK, 'Berserk/Berserk v03 (2019).cbz', 3, 'regular', [], null],
        [6, BERSERK, 'Berserk/Berserk v04 (2020).cbz', 4, 'regular', ['publish_date'], null],
      ];
      for (const [n, series, path, volume, kind, locked] of rows) {
        await run(
          `insert into books (id, library_id, series_id, title, volume, volume_kind, format, authors, locked_fields,
                              sort_series, volume_sort, sort_title, created_at, updated_at)
             values (?, ?, ?, ?, ?, ?, 'cbz', '[]', ?, 'x', ?, 't', ?, ?)`,
          [book(n), LIBRARY, series, path, volume, kind, JSON.stringify(locked), volume ?? 1e9, now, now],
        );
        await run(
          `insert into book_files (id, book_id, library_id, path, format, size_bytes, mtime_ms, created_at, updated_at)
             values (?, ?, ?, ?, 'cbz', 10, 1, ?, ?)`,
          [file(n), book(n), LIBRARY, path, now, now],
        );
      }
      // Progress is kept for the first admin (a later migration gives it to them).
      await run(
        `insert into users (id, username, password_hash, created_at, updated_at)
           values ('00000000-0000-4000-8000-000000000401', 'admin', 'x', ?, ?)`,
        [now, now],
      );
      await run(
        `insert into reading_progress (id, book_id, status, current_page, updated_at)
           values ('00000000-0000-4000-8000-000000000301', ?, 'reading', 2, ?)`,
        [book(1), now],
      );
      const triggers = async () =>
        (testDatabaseKind() === 'sqlite'
          ? await connection.execute<{ name: string }[]>(`select name from sqlite_master where type = 'trigger'`)
          : await connection.execute<{ name: string }[]>(`select tgname as name from pg_trigger where not tgisinternal`)
        ).map((row) => row.name);
      const triggersBefore = await triggers();

      await orm.migrator.up();

      const books = await connection.execute<Record<string, unknown>[]>(
        `select id, volume, volume_end, chapter, chapter_end, volume_kind, volume_sort, chapter_sort, publish_date
           from books order by id`,
      );
      const numbers = (row: Record<string, unknown>) =>
        [row.volume, row.volume_end, row.chapter, row.chapter_end, row.volume_kind].map(plain);
      expect(books.map(numbers)).toEqual([
        [null, null, 10, null, 'chapter'],
        [1, null, 1, 8, 'regular'],
        [7, null, 2, null, 'regular'],
        [12, null, null, null, 'regular'],
        [3, null, null, null, 'regular'],
        [4, null, null, null, 'regular'],
      ]);
      expect(books.map((row) => [Number(row.volume_sort), Number(row.chapter_sort)])).toEqual([
        [1e9, 10],
        [1, 1],
        [7, 2],
        [12, 1e9],
        [3, 1e9],
        [4, 1e9],
      ]);
      expect(books.map((row) => row.publish_date)).toEqual([null, null, null, null, '2019-01-01', null]);
      expect(await connection.execute('select book_id, current_page from reading_progress')).toEqual([
        { book_id: book(1), current_page: 2 },
      ]);
      const series = await connection.execute<Record<string, unknown>[]>(
        'select name, owned_count, chapter_count, first_chapter, last_chapter from series order by name',
      );
      const counts = (row: Record<string, unknown>) =>
        [row.name, row.owned_count, row.chapter_count, row.first_chapter, row.last_chapter].map(plain);
      expect(series.map(counts)).toEqual([
        ['Berserk', 4, 0, null, null],
        ['Kaiju', 1, 1, 10, 10],
      ]);
      // Later migrations add triggers of their own (new tables): every trigger there was is still there.
      expect(await triggers()).toEqual(expect.arrayContaining(triggersBefore));
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  }, 60_000);
});
