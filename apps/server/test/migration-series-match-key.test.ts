import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The release before series had a match key: its last migration. The database is built by that version's
// migrations, filled as it stored series, then brought up to date as a server start would.
const PREVIOUS_VERSION = 'Migration20261129110000_collection_chosen_cover';
const LIBRARY = '00000000-0000-4000-8000-000000000001';
const seriesId = (n: number) => `00000000-0000-4000-8000-${String(n + 2).padStart(12, '0')}`;
// Names whose key differs from their folded name (articles at either end, punctuation, '&', accents), and enough of
// them to span more than one page of the fill (500 series).
const NAMED: Record<string, string> = {
  'The Walking Dead': 'walking dead',
  'Légendaires (Les)': 'legendaires',
  'Astérix & Obélix': 'asterix and obelix',
  "L'Incal": 'incal',
  'Spider-Man: Blue': 'spider man blue',
};
const names = [...Object.keys(NAMED), ...Array.from({ length: 600 }, (_, i) => `Série numéro ${i}, The`)];

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the migration that gives series a match key', () => {
  it('fills the key of every series there is, as the matching normalises its name', async () => {
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
      for (const [i, name] of names.entries())
        await run(
          `insert into series (id, library_id, name, folder_path, authors, publishers, genres, locked_fields, sort_name,
                               created_at, updated_at)
             values (?, ?, ?, ?, '[]', '[]', '[]', '[]', '', ?, ?)`,
          [seriesId(i), LIBRARY, name, name, now, now],
        );

      await orm.migrator.up();

      const rows = await connection.execute<{ id: string; name: string; match_key: string }[]>(
        'select id, name, match_key from series',
      );
      expect(rows).toHaveLength(names.length);
      const keys = Object.fromEntries(rows.map((row) => [row.name, row.match_key]));
      for (const [name, key] of Object.entries(NAMED)) expect(keys[name], name).toBe(key);
      expect(keys['Série numéro 599, The']).toBe('serie numero 599');
      expect(rows.filter((row) => row.match_key === '')).toEqual([]);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  });
});
