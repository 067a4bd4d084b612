import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The release before authors had roles: its last migration (named one second apart on the two databases).
const PREVIOUS_VERSION = {
  sqlite: 'Migration20261129010252_user_access_changed_at',
  postgresql: 'Migration20261129010253_user_access_changed_at',
};
const LIBRARY = '00000000-0000-4000-8000-000000000001';
const SERIES = '00000000-0000-4000-8000-000000000002';
const LINKED_SERIES = '00000000-0000-4000-8000-000000000003';
const COMIC = '00000000-0000-4000-8000-000000000011';
const EPUB = '00000000-0000-4000-8000-000000000012';
const SYNCED_COMIC = '00000000-0000-4000-8000-000000000013';
const LINK = '00000000-0000-4000-8000-000000000021';
const BOOK_RECORD = '00000000-0000-4000-8000-000000000022';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

const list = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

describe('the migration that gives authors their role and values their source', () => {
  it('makes ComicInfo names writers, other names authors, and keeps locks and provider values', async () => {
    database = await createTestDatabase();
    const orm = await MikroORM.init(await ormOptions(loadConfig({ DATABASE_URL: database.url }).database));
    try {
      await orm.migrator.up({ to: PREVIOUS_VERSION[database.kind] });
      const connection = orm.em.fork().getConnection();
      const run = (sql: string, params: unknown[] = []) => connection.execute(sql, params, 'run');
      const now = new Date().toISOString();
      await run(`insert into libraries (id, name, root_path, created_at, updated_at) values (?, 'Old', 'old', ?, ?)`, [
        LIBRARY,
        now,
        now,
      ]);
      const series = (id: string, name: string, authors: string, description: string | null, locks: string) =>
        run(
          `insert into series (id, library_id, name, folder_path, authors, description, publishers, genres,
                               locked_fields, sort_name, start_year, created_at, updated_at)
             values (?, ?, ?, ?, ?, ?, '[]', '[]', ?, ?, 2001, ?, ?)`,
          [id, LIBRARY, name, name, authors, description, locks, name.toLowerCase(), now, now],
        );
      await series(SERIES, 'Typed', '["Someone"]', null, '["authors"]');
      await series(LINKED_SERIES, 'Linked', '["Eiichiro Oda"]', 'A pirate', '[]');
      const book = (id: string, seriesId: string, format: string, authors: string, summary: string | null) =>
        run(
          `insert into books (id, library_id, series_id, title, volume_kind, format, authors, summary, locked_fields,
                              sort_series, volume_sort, sort_title, created_at, updated_at)
             values (?, ?, ?, ?, 'regular', ?, ?, ?, '["summary"]', 'x', 1, 'x', ?, ?)`,
          [id, LIBRARY, seriesId, id, format, authors, summary, now, now],
        );
      await book(COMIC, SERIES, 'cbz', '["Alan Moore","Dave Gibbons"]', 'From the file');
      await book(EPUB, SERIES, 'epub', '["Jules Verne"]', null);
      await book(SYNCED_COMIC, LINKED_SERIES, 'cbr', '["Eiichiro Oda"]', 'From the provider');
      await run(
        `insert into external_metadata_links (id, series_id, provider, external_id, status, candidate, matched_at,
                                              approved_at, created_at, updated_at)
           values (?, ?, 'anilist', '30013', 'approved', '{}', ?, ?, ?, ?)`,
        [LINK, LINKED_SERIES, now, now, now, now],
      );
      await run(
        `insert into external_book_metadata (id, link_id, book_id, volume_number, authors, summary, created_at)
           values (?, ?, ?, 1, '["Eiichiro Oda"]', 'From the provider', ?)`,
        [BOOK_RECORD, LINK, SYNCED_COMIC, now],
      );

      await orm.migrator.up();

      const books = new Map(
        (
          await connection.execute<Record<string, unknown>[]>(
            'select id, authors, summary, locked_fields, metadata_sources, genres, story_arcs from books',
          )
        ).map((row) => [row.id as string, row]),
      );
      expect(list(books.get(COMIC)!.authors)).toEqual([
        { name: 'Alan Moore', role: 'writer' },
        { name: 'Dave Gibbons', role: 'writer' },
      ]);
      expect(list(books.get(COMIC)!.metadata_sources)).toEqual({});
      expect(list(books.get(COMIC)!.locked_fields)).toEqual(['summary']);
      expect(list(books.get(COMIC)!.genres)).toEqual([]);
      expect(list(books.get(COMIC)!.story_arcs)).toEqual([]);
      expect(list(books.get(EPUB)!.authors)).toEqual([{ name: 'Jules Verne', role: 'author' }]);
      // The provider's names and summary stay, and a scan will not replace them.
      expect(list(books.get(SYNCED_COMIC)!.authors)).toEqual([{ name: 'Eiichiro Oda', role: 'author' }]);
      expect(books.get(SYNCED_COMIC)!.summary).toBe('From the provider');
      expect(list(books.get(SYNCED_COMIC)!.metadata_sources)).toEqual({ authors: 'provider', summary: 'provider' });

      const seriesRows = new Map(
        (
          await connection.execute<Record<string, unknown>[]>(
            'select id, authors, description, locked_fields, metadata_sources, tags from series',
          )
        ).map((row) => [row.id as string, row]),
      );
      expect(list(seriesRows.get(SERIES)!.authors)).toEqual([{ name: 'Someone', role: 'author' }]);
      expect(list(seriesRows.get(SERIES)!.locked_fields)).toEqual(['authors']);
      expect(list(seriesRows.get(SERIES)!.metadata_sources)).toEqual({ authors: 'admin' });
      expect(list(seriesRows.get(LINKED_SERIES)!.metadata_sources)).toEqual({
        authors: 'provider',
        description: 'provider',
      });
      expect(seriesRows.get(LINKED_SERIES)!.description).toBe('A pirate');
      expect(list(seriesRows.get(LINKED_SERIES)!.tags)).toEqual([]);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  }, 60_000);
});
