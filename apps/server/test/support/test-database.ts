import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TestDatabaseKind = 'sqlite' | 'postgresql';

export function testDatabaseKind(): TestDatabaseKind {
  const kind = process.env.SHELFMARK_TEST_DB ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgresql')
    throw new Error(`SHELFMARK_TEST_DB=${kind} is not sqlite or postgresql`);
  return kind;
}

export interface TestDatabase {
  kind: TestDatabaseKind;
  /** DATABASE_URL for the server under test. */
  url: string;
  drop(): Promise<void>;
}

const pgHost = () => process.env.PGHOST ?? '127.0.0.1';
const pgPort = () => process.env.PGPORT ?? '5432';
const pgUser = () => process.env.PGUSER ?? 'postgres';

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ host: pgHost(), port: Number(pgPort()), user: pgUser(), database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database of the kind under test: a SQLite file in a temp folder, or a new PostgreSQL database. */
export async function createTestDatabase(kind = testDatabaseKind()): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'shelfmark-db-'));
    // Retried: a connection closing as the folder goes may still be removing its -wal or -shm (ENOTEMPTY).
    const drop = () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    return { kind, url: `sqlite:${path.join(dir, 'test.db')}`, drop };
  }
  const name = `shelfmark_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  return {
    kind,
    url: `postgres://${pgUser()}@${pgHost()}:${pgPort()}/${name}`,
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
