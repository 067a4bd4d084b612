import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const PREVIOUS = {
  sqlite: 'Migration20261125222813_user_theme',
  postgresql: 'Migration20261125222814_user_theme',
} as const;

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

// A database made by the version before users had roles: its accounts stay administrators, its tokens go to the
// first administrator (the oldest account), and a library can then be granted.
describe('the users migration over a database of the previous version', () => {
  it('keeps accounts as enabled admins and gives existing tokens to the oldest user', async () => {
    database = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: database.url }).database;
    const orm = await MikroORM.init(await ormOptions(config));
    try {
      await orm.migrator.up({ to: PREVIOUS[database.kind] });
      const connection = orm.em.fork().getConnection();
      const at = (minutes: number) =>
        database!.kind === 'sqlite' ? String(Date.UTC(2026, 0, 1, 0, minutes)) : `'2026-01-01T00:${minutes}:00Z'`;
      const ids = {
        older: '00000000-0000-4000-8000-000000000002',
        newer: '00000000-0000-4000-8000-000000000001',
        token: '00000000-0000-4000-8000-0000000000aa',
        library: '00000000-0000-4000-8000-0000000000bb',
      };
      await connection.execute(
        `insert into users (id, username, password_hash, locale, theme, created_at, updated_at) values
           ('${ids.newer}', 'newer', 'h', 'en', 'system', ${at(30)}, ${at(30)}),
           ('${ids.older}', 'older', 'h', 'fr', 'dark', ${at(10)}, ${at(10)})`,
      );
      await connection.execute(
        `insert into api_tokens (id, name, prefix, token_hash, scope, created_at) values
           ('${ids.token}', 'kobo', 'abcdefabcdef', 'x', 'read', ${at(40)})`,
      );
      await connection.execute(
        `insert into libraries (id, name, root_path, created_at, updated_at) values
           ('${ids.library}', 'L', 'l', ${at(1)}, ${at(1)})`,
      );

      await orm.migrator.up();

      expect(await orm.migrator.getPending()).toEqual([]);
      expect(await pendingSchemaChanges(orm)).toBe('');
      const users = await connection.execute<{ username: string; role: string; disabled: unknown; theme: string }[]>(
        'select username, role, disabled, theme from users order by username',
      );
      expect(users.map((user) => ({ ...user, disabled: Boolean(user.disabled) }))).toEqual([
        { username: 'newer', role: 'admin', disabled: false, theme: 'system' },
        { username: 'older', role: 'admin', disabled: false, theme: 'dark' },
      ]);
      expect(await connection.execute('select id, user_id from api_tokens')).toEqual([
        { id: ids.token, user_id: ids.older },
      ]);

      // Grants cascade from both sides; a token goes with its owner.
      await connection.execute(
        `insert into user_libraries (user_id, library_id) values ('${ids.newer}', '${ids.library}')`,
      );
      await connection.execute(`delete from libraries where id = '${ids.library}'`);
      expect(await connection.execute('select * from user_libraries')).toEqual([]);
      await connection.execute(`delete from users where id = '${ids.older}'`);
      expect(await connection.execute('select id from api_tokens')).toEqual([]);
    } finally {
      await orm.close(true);
    }
  });
});
