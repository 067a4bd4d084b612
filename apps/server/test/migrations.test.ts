import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, pendingSchemaChanges } from '../src/database/orm.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './support/test-database.js';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('migrations', () => {
  it('build the schema from an empty database, and the schema matches the entities', async () => {
    database = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: database.url });
    const orm = await openDatabase(config.database);
    try {
      const executed = await orm.migrator.getExecuted();
      expect(executed.length).toBeGreaterThan(0);
      expect(await orm.migrator.getPending()).toEqual([]);
      expect(await pendingSchemaChanges(orm)).toBe('');
    } finally {
      await orm.close(true);
    }
  });

  it('are idempotent: a second start finds nothing to do and keeps the data', async () => {
    database = await createTestDatabase();
    const { database: dbConfig } = loadConfig({ DATABASE_URL: database.url });
    const first = await openDatabase(dbConfig);
    await first.em
      .fork()
      .getConnection()
      .execute(`insert into settings (key, value, updated_at) values ('probe', '"kept"', ?)`, [new Date()]);
    const executed = (await first.migrator.getExecuted()).length;
    await first.close(true);
    const second = await openDatabase(dbConfig);
    try {
      expect((await second.migrator.getExecuted()).length).toBe(executed);
      const rows = await second.em
        .fork()
        .getConnection()
        .execute<{ key: string }[]>(`select key from settings where key = 'probe'`);
      expect(rows).toHaveLength(1);
    } finally {
      await second.close(true);
    }
  });

  // journal_mode and cache_size are SQLite pragmas; PostgreSQL has its own write-ahead log and buffers.
  // The page cache: better-sqlite3's build default is 16 MB, which a 100k-file scan filled (issue 22, server memory).
  it.runIf(testDatabaseKind() === 'sqlite')('uses WAL and a 2 MB page cache on SQLite', async () => {
    database = await createTestDatabase();
    const { database: dbConfig } = loadConfig({ DATABASE_URL: database.url });
    const orm = await openDatabase(dbConfig);
    try {
      const connection = orm.em.fork().getConnection();
      const [wal] = await connection.execute<{ journal_mode: string }[]>('pragma journal_mode');
      expect(wal?.journal_mode).toBe('wal');
      const [cache] = await connection.execute<{ cache_size: number }[]>('pragma cache_size');
      expect(cache?.cache_size).toBe(-2000);
    } finally {
      await orm.close(true);
    }
  });
});
