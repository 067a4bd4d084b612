import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './support/test-database.js';

// The release before readers had their own progress: its last migration (each dialect names its own). The database
// is built by the migrations of that version, filled as it stored progress (one record per book, series counts on
// the series), then brought up to date as a server start would.
const PREVIOUS_VERSION =
  testDatabaseKind() === 'sqlite' ? 'Migration20261125222813_user_theme' : 'Migration20261125222814_user_theme';
const LIBRARY = '00000000-0000-4000-8000-000000000001';
const SERIES = '00000000-0000-4000-8000-000000000011';
const FIRST_ADMIN = '00000000-0000-4000-8000-000000000021';
const LATER_USER = '00000000-0000-4000-8000-000000000022';
const book = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const plain = (value: unknown) => (typeof value === 'string' && /^\d/.test(value) ? Number(value) : value);

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function previousVersion() {
  database = await createTestDatabase();
  const orm = await MikroORM.init(await ormOptions(loadConfig({ DATABASE_URL: database.url }).database));
  await orm.migrator.up({ to: PREVIOUS_VERSION });
  const connection = orm.em.fork().getConnection();
  const run = (sql: string, params: unknown[] = []) => connection.execute(sql, params, 'run');
  const now = new Date().toISOString();
  await run(`insert into libraries (id, name, root_path, created_at, updated_at) values (?, 'Manga', 'manga', ?, ?)`, [
    LIBRARY,
    now,
    now,
  ]);
  await run(
    `insert into series (id, library_id, name, folder_path, authors, publishers, genres, locked_fields, sort_name,
                         book_count, read_count, started_count, created_at, updated_at)
       values (?, ?, 'Kaiju', 'Kaiju', '[]', '[]', '[]', '[]', 'kaiju', 3, 1, 2, ?, ?)`,
    [SERIES, LIBRARY, now, now],
  );
  for (const n of [1, 2, 3]) {
    await run(
      `insert into books (id, library_id, series_id, title, volume, volume_kind, format, page_count, authors,
                          locked_fields, sort_series, volume_sort, sort_title, created_at, updated_at)
         values (?, ?, ?, ?, ?, 'regular', 'cbz', 10, '[]', '[]', 'kaiju', ?, 't', ?, ?)`,
      [book(n), LIBRARY, SERIES, `Kaiju v${n}`, n, n, now, now],
    );
  }
  await run(
    `insert into reading_progress (id, book_id, status, current_page, last_read_at, updated_at)
       values ('00000000-0000-4000-8000-000000000301', ?, 'read', 10, ?, ?),
              ('00000000-0000-4000-8000-000000000302', ?, 'reading', 4, ?, ?)`,
    [book(1), now, now, book(3), now, now],
  );
  await run(
    `insert into orphaned_progress (id, library_id, path, file_name, size_bytes, status, current_page, orphaned_at)
       values ('00000000-0000-4000-8000-000000000401', ?, 'Kaiju/Kaiju v9.cbz', 'Kaiju v9.cbz', 10, 'reading', 3, ?)`,
    [LIBRARY, now],
  );
  const triggers = async () =>
    (testDatabaseKind() === 'sqlite'
      ? await connection.execute<{ name: string }[]>(`select name from sqlite_master where type = 'trigger'`)
      : await connection.execute<{ name: string }[]>(`select tgname as name from pg_trigger where not tgisinternal`)
    ).map((row) => row.name);
  return { orm, connection, run, now, triggers };
}

describe('the migration to progress per reader', () => {
  it('gives the progress and set-aside progress to the first admin and builds their series state', async () => {
    const { orm, connection, run, now, triggers } = await previousVersion();
    try {
      // The oldest user is the first admin, whoever was created since.
      await run(
        `insert into users (id, username, password_hash, created_at, updated_at) values (?, 'later', 'x', ?, ?), (?, 'admin', 'x', ?, ?)`,
        [LATER_USER, now, now, FIRST_ADMIN, new Date(Date.parse(now) - 60_000).toISOString(), now],
      );
      const triggersBefore = await triggers();

      await orm.migrator.up();

      expect(
        await connection.execute(
          'select user_id, book_id, status, current_page from reading_progress order by book_id',
        ),
      ).toEqual([
        { user_id: FIRST_ADMIN, book_id: book(1), status: 'read', current_page: 10 },
        { user_id: FIRST_ADMIN, book_id: book(3), status: 'reading', current_page: 4 },
      ]);
      expect(await connection.execute('select user_id, current_page from orphaned_progress')).toEqual([
        { user_id: FIRST_ADMIN, current_page: 3 },
      ]);
      const states = await connection.execute<Record<string, unknown>[]>(
        'select user_id, series_id, read_count, started_count, on_deck_book_id from series_reader_state',
      );
      // A book is being read, so nothing is on deck (it is in "continue reading").
      expect(
        states.map((row) => ({ ...row, read_count: plain(row.read_count), started_count: plain(row.started_count) })),
      ).toEqual([{ user_id: FIRST_ADMIN, series_id: SERIES, read_count: 1, started_count: 2, on_deck_book_id: null }]);
      expect(Number((await connection.execute<{ n: number }[]>('select book_count as n from series'))[0]!.n)).toBe(3);
      // The rebuilt tables keep their catalog triggers, and foreign keys hold.
      // Later migrations add triggers of their own (new tables): every trigger there was is still there.
      expect(await triggers()).toEqual(expect.arrayContaining(triggersBefore));
      if (testDatabaseKind() === 'sqlite') {
        expect(await connection.execute('pragma foreign_key_check')).toEqual([]);
        expect((await connection.execute<{ foreign_keys: number }[]>('pragma foreign_keys'))[0]?.foreign_keys).toBe(1);
      }
      await run(`delete from users where id = ?`, [FIRST_ADMIN]);
      expect(await connection.execute('select id from reading_progress')).toEqual([]);
      expect(await connection.execute('select id from series_reader_state')).toEqual([]);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  }, 60_000);

  it('drops the progress when no user exists: there is nobody to give it to', async () => {
    const { orm, connection } = await previousVersion();
    try {
      await orm.migrator.up();
      expect(await connection.execute('select id from reading_progress')).toEqual([]);
      expect(await connection.execute('select id from orphaned_progress')).toEqual([]);
      expect(await connection.execute('select id from series_reader_state')).toEqual([]);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  }, 60_000);
});
