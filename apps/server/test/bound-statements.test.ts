import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Orm } from '../src/database/orm.js';
import { executeBatch } from '../src/repositories/bound-statements.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './support/test-database.js';

let database: TestDatabase;
let orm: Orm;

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  await orm.em.getConnection().execute('create table bound_probe (id integer primary key, label text, n integer)');
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

const insert = (rows: number) =>
  `insert into bound_probe (id, label, n) values ${Array.from({ length: rows }, () => '(?, ?, ?)').join(', ')}`;

describe('the batches of a scan, run with bound parameters', () => {
  it('stores and reads values as they are (quotes, question marks, undefined as null), in or out of a transaction', async () => {
    await orm.em.fork().transactional(async (em) => {
      await executeBatch(em, database.kind, insert(2), [1, "it's ? done", 5, 2, undefined, undefined], 'run');
      const rows = await executeBatch<{ id: number; label: string | null; n: number | null }[]>(
        em,
        database.kind,
        'select id, label, n from bound_probe where id in (?, ?) order by id',
        [1, 2],
        'all',
      );
      expect(rows).toEqual([
        { id: 1, label: "it's ? done", n: 5 },
        { id: 2, label: null, n: null },
      ]);
    });
    const outside = await executeBatch<{ label: string }[]>(
      orm.em.fork(),
      database.kind,
      'select label from bound_probe where id = ?',
      [1],
      'all',
    );
    expect(outside).toEqual([{ label: "it's ? done" }]);
  });

  it('refuses what SQL text cannot hold, as em.execute does, on both databases', async () => {
    await expect(
      orm.em.fork().transactional((em) => executeBatch(em, database.kind, insert(1), [20, 'nul\u0000', 1], 'run')),
    ).rejects.toThrow(/NUL character/);
    await expect(
      orm.em.fork().transactional((em) => executeBatch(em, database.kind, insert(1), [21, 'x', Infinity], 'run')),
    ).rejects.toThrow(/is Infinity/);
  });

  it('rolls back with the transaction it ran in', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        await executeBatch(em, database.kind, insert(1), [10, 'gone', 1], 'run');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await orm.em.getConnection().execute('select id from bound_probe where id = 10')).toEqual([]);
  });

  // PostgreSQL compiles statements in its own process: the server runs them as before.
  it.skipIf(testDatabaseKind() === 'postgresql')(
    'compiles a shape once on SQLite, however many batches use it',
    async () => {
      const connection = orm.em.getConnection() as unknown as {
        getNativeClient(): Promise<{ prepare(sql: string): unknown }>;
      };
      const prepare = vi.spyOn(await connection.getNativeClient(), 'prepare');
      await orm.em.fork().transactional(async (em) => {
        for (let batch = 0; batch < 5; batch++) {
          const params = [0, 1, 2].flatMap((i) => [100 + batch * 3 + i, `b${batch}`, i]);
          await executeBatch(em, database.kind, insert(3), params, 'run');
        }
      });
      expect(prepare.mock.calls.filter(([sql]) => sql === insert(3))).toHaveLength(1);
      prepare.mockRestore();
      const stored = await orm.em
        .getConnection()
        .execute<{ count: number }[]>('select count(*) as count from bound_probe where id >= 100');
      expect(Number(stored[0]!.count)).toBe(15);
    },
  );
});
