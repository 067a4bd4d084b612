import { MikroORM } from '@mikro-orm/sql';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ormOptions, pendingSchemaChanges } from '../src/database/orm.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The release whose removed import folders kept their leases: its last migration. The database is built by that
// version's migrations, given the leases it could leave, then brought up to date as a server start would.
const PREVIOUS_VERSION = 'Migration20261130130000_import_folder_leases';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('the migration that removes orphan import folder leases', () => {
  it('deletes the leases past their time (holders that died), and keeps those a running process holds', async () => {
    database = await createTestDatabase();
    const orm = await MikroORM.init(await ormOptions(loadConfig({ DATABASE_URL: database.url }).database));
    try {
      await orm.migrator.up({ to: PREVIOUS_VERSION });
      const connection = orm.em.fork().getConnection();
      const lease = (id: number, folder: string, expiresAtMs: number) =>
        connection.execute(
          'insert into import_folder_leases (id, folder, holder, expires_at_ms) values (?, ?, ?, ?)',
          [`00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, folder, `worker-${id}`, expiresAtMs],
          'run',
        );
      const now = Date.now();
      await lease(1, '/downloads/removed-long-ago', now - 86_400_000);
      await lease(2, '/downloads/removed-a-minute-ago', now - 60_000);
      await lease(3, '/downloads/held', now + 3_600_000);

      await orm.migrator.up();

      const rows = await connection.execute<{ folder: string; holder: string }[]>(
        'select folder, holder from import_folder_leases order by folder',
      );
      expect(rows).toEqual([{ folder: '/downloads/held', holder: 'worker-3' }]);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  });
});
