import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the throwaway databases are created: 127.0.0.1:5432 as `postgres` (trust), unless PG* say otherwise. */
export const pgHost = () => process.env.PGHOST ?? '127.0.0.1';
export const pgPort = () => Number(process.env.PGPORT ?? '5432');
export const pgUser = () => process.env.PGUSER ?? 'postgres';

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: pgHost(),
    port: pgPort(),
    user: pgUser(),
    database: 'postgres',
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  name: string;
  /** DATABASE_URL for the server under test. */
  url: string;
  drop(): Promise<void>;
}

/** A new empty PostgreSQL database; `drop()` removes it even while connections remain. */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  // Generated, lower-case and prefixed: safe to splice into SQL without quoting.
  const name = `shelfmark_e2e_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  return {
    name,
    url: `postgres://${encodeURIComponent(pgUser())}@${pgHost()}:${pgPort()}/${name}`,
    drop: async () => {
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export async function databaseExists(name: string): Promise<boolean> {
  return withAdminClient(async (client) => {
    const result = await client.query('select 1 from pg_database where datname = $1', [name]);
    return result.rowCount === 1;
  });
}
