import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions } from '../src/database/orm.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The migration before the one that forgets the thumbnails of strips.
const PREVIOUS_VERSION = 'Migration20261129100000_reader_scroll_fit_max_width';
const LIBRARY = '00000000-0000-4000-8000-000000000001';
const SERIES = '00000000-0000-4000-8000-000000000002';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the migration that remakes the thumbnails of strips', () => {
  it('forgets only the thumbnails of books whose first page is a strip, and keeps "no cover" as it is', async () => {
    database = await createTestDatabase();
    const orm = await MikroORM.init(await ormOptions(loadConfig({ DATABASE_URL: database.url }).database));
    try {
      await orm.migrator.up({ to: PREVIOUS_VERSION });
      const connection = orm.em.fork().getConnection();
      const run = (sql: string, params: unknown[] = []) => connection.execute(sql, params, 'run');
      const now = new Date().toISOString();
      await run(`insert into libraries (id, name, root_path, created_at, updated_at) values (?, 'Old', 'old', ?, ?)`, [
        LIBRARY,
        now,
        now,
      ]);
      await run(
        `insert into series (id, library_id, name, folder_path, authors, publishers, genres, locked_fields, sort_name,
                             created_at, updated_at)
           values (?, ?, 'S', 'S', '[]', '[]', '[]', '[]', 's', ?, ?)`,
        [SERIES, LIBRARY, now, now],
      );
      // [name, first page's width × height (null: not measured), stored thumbnail]
      const books: [string, [number, number] | null, string][] = [
        ['strip', [800, 12_000], 'strip.jpg'],
        ['page', [1200, 1800], 'page.jpg'],
        ['unmeasured', null, 'unmeasured.jpg'],
        ['coverless-strip', [400, 2000], ''],
      ];
      for (const [index, [name, size, thumbnail]] of books.entries()) {
        const book = `00000000-0000-4000-8000-00000000010${index}`;
        const file = `00000000-0000-4000-8000-00000000020${index}`;
        await run(
          `insert into books (id, library_id, series_id, title, volume_kind, format, authors, locked_fields,
                              sort_series, volume_sort, sort_title, created_at, updated_at)
             values (?, ?, ?, ?, 'regular', 'cbz', '[]', '[]', 'x', 1, 'x', ?, ?)`,
          [book, LIBRARY, SERIES, name, now, now],
        );
        await run(
          `insert into book_files (id, book_id, library_id, path, format, size_bytes, mtime_ms, parse_status,
                                   thumbnail_path, created_at, updated_at)
             values (?, ?, ?, ?, 'cbz', 1000, 5, 'ok', ?, ?, ?)`,
          [file, book, LIBRARY, `S/${name}.cbz`, thumbnail, now, now],
        );
        if (size) {
          await run(
            `insert into book_pages (book_file_id, number, media_type, width, height, file_size, file_mtime_ms)
               values (?, 1, 'image/jpeg', ?, ?, 1000, 5)`,
            [file, size[0], size[1]],
          );
        }
      }

      await orm.migrator.up();

      const rows = await connection.execute<{ title: string; thumbnail_path: string | null }[]>(
        `select b.title, f.thumbnail_path from book_files f join books b on b.id = f.book_id order by b.title`,
      );
      expect(rows).toEqual([
        { title: 'coverless-strip', thumbnail_path: '' },
        { title: 'page', thumbnail_path: 'page.jpg' },
        { title: 'strip', thumbnail_path: null },
        { title: 'unmeasured', thumbnail_path: 'unmeasured.jpg' },
      ]);
    } finally {
      await orm.close();
    }
  });
});
