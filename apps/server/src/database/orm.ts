import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options } from '@mikro-orm/sql';
import type { DatabaseConfig } from '../config.js';
import { ALL_ENTITIES } from '../entities/index.js';
import { refuseUninlinableParameters } from './inlined-parameters.js';
import { postgresqlMigrations } from './migrations/postgresql/index.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';

export type DatabaseKind = DatabaseConfig['kind'];
export type Orm = MikroORM;

/**
 * Tables the entities do not describe, so the schema diff must leave them alone: Agenda's own, and the SQLite
 * catalog version row that triggers keep (see repositories/catalog-version.ts).
 */
export const FOREIGN_TABLES = ['agenda_jobs', 'agenda_logs', 'catalog_state'];

/** The driver of the configured database only: each one loads its client library, tens of MB of memory. */
export async function ormOptions(config: DatabaseConfig): Promise<Options> {
  const common = {
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    // Entities are plain definitions; no reflection or discovery from the file system.
    discovery: { warnWhenNoEntities: true, checkDuplicateTableNames: true },
    allowGlobalContext: false,
    debug: false,
    // The catalog-version triggers differ per dialect (migration catalog_version), so the entities do not declare
    // them; the schema diff must not drop them.
    schemaGenerator: { skipTables: FOREIGN_TABLES, ignoreTriggers: true },
    // Parameters are written into the SQL text by MikroORM 7, never bound: see inlined-parameters.ts.
    onQuery: refuseUninlinableParameters,
  } satisfies Options;
  if (config.kind === 'sqlite') {
    const { SqliteDriver } = await import('@mikro-orm/sqlite');
    return {
      ...common,
      driver: SqliteDriver,
      dbName: config.path,
      // Each migration in its own transaction: one that rebuilds a table must turn foreign keys off, which SQLite
      // ignores inside a transaction (see Migration20261125090000_cb7_cbt_partial_hash).
      migrations: { migrationsList: sqliteMigrations, snapshot: false, silent: true, allOrNothing: false },
    };
  }
  const { PostgreSqlDriver } = await import('@mikro-orm/postgresql');
  return {
    ...common,
    driver: PostgreSqlDriver,
    clientUrl: config.url,
    // A mistyped database name must fail, not start an empty library in a new database.
    ensureDatabase: false,
    pool: { min: 0, max: 10 },
    migrations: { migrationsList: postgresqlMigrations, snapshot: false, silent: true },
  };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Orm> {
  const orm = await MikroORM.init(await ormOptions(config));
  if (config.kind === 'sqlite') {
    // WAL lets readers go on while the indexer writes; NORMAL sync is safe under WAL.
    const connection = orm.em.getConnection();
    await connection.execute('pragma journal_mode = wal');
    await connection.execute('pragma synchronous = normal');
    await connection.execute('pragma busy_timeout = 5000');
    // better-sqlite3 is built with a 16 MB page cache per connection (SQLite's own default is 2 MB). A scan of a 100k
    // library reads a database of 240 MB and fills it; the pages it misses are in the system's file cache anyway.
    await connection.execute('pragma cache_size = -2000');
  }
  await orm.migrator.up();
  return orm;
}

/** SQL that would bring the database to the entities; empty when migrations and entities agree. */
export async function pendingSchemaChanges(orm: Orm): Promise<string> {
  const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
  return sql.trim();
}
