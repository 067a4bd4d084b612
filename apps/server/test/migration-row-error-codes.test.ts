import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The release before a book's parse error and a batch result's error had codes: its last migration. The database is
// built by that version's migrations, filled as it stored them, then brought up to date as a server start would.
const PREVIOUS_VERSION = 'Migration20261126151000_reread_character_references';
const LIBRARY = '00000000-0000-4000-8000-000000000001';
const SERIES = '00000000-0000-4000-8000-000000000002';
const BOOK = '00000000-0000-4000-8000-000000000003';
const FILE = '00000000-0000-4000-8000-000000000004';
const JOB = '00000000-0000-4000-8000-000000000005';
const RESULT = '00000000-0000-4000-8000-000000000006';
const PARSE_WORDS = 'corrupt: not a readable ZIP (end of central directory not found)';
const SKIP_WORDS = 'Skipped: provider google_books is unreachable (DNS); the batch stopped asking it for a while.';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the migration that gives row errors codes', () => {
  it('keeps the words of a file and a batch result stored before, with no code', async () => {
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
           values (?, ?, 'Bad', 'Bad', '[]', '[]', '[]', '[]', 'bad', ?, ?)`,
        [SERIES, LIBRARY, now, now],
      );
      await run(
        `insert into books (id, library_id, series_id, title, volume_kind, format, authors, locked_fields,
                            sort_series, volume_sort, sort_title, created_at, updated_at)
           values (?, ?, ?, 'Bad', 'regular', 'cbz', '[]', '[]', 'bad', 1, 'bad', ?, ?)`,
        [BOOK, LIBRARY, SERIES, now, now],
      );
      await run(
        `insert into book_files (id, book_id, library_id, path, format, size_bytes, mtime_ms, parse_status, parse_error,
                                 created_at, updated_at)
           values (?, ?, ?, 'Bad/Bad v01.cbz', 'cbz', 9, 1000, 'error', ?, ?, ?)`,
        [FILE, BOOK, LIBRARY, PARSE_WORDS, now, now],
      );
      await run(
        `insert into jobs (id, type, status, library_id, params, created_at, updated_at)
           values (?, 'metadata_batch', 'completed_with_errors', ?, '{}', ?, ?)`,
        [JOB, LIBRARY, now, now],
      );
      await run(
        `insert into metadata_batch_results (id, job_id, series_id, series_name, outcome, error, created_at)
           values (?, ?, ?, 'Bad', 'skipped', ?, ?)`,
        [RESULT, JOB, SERIES, SKIP_WORDS, now],
      );

      await orm.migrator.up();

      const [file] = await connection.execute<Record<string, unknown>[]>(
        'select parse_status, parse_error, parse_error_code, parse_error_params from book_files',
      );
      expect(file).toEqual({
        parse_status: 'error',
        parse_error: PARSE_WORDS,
        parse_error_code: null,
        parse_error_params: null,
      });
      const [result] = await connection.execute<Record<string, unknown>[]>(
        'select error, error_code, error_params from metadata_batch_results',
      );
      expect(result).toEqual({ error: SKIP_WORDS, error_code: null, error_params: null });
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  }, 60_000);
});
