import type { EntityManager } from '@mikro-orm/sql';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Logger } from '../logger.js';

/**
 * A number that changes whenever what the browsing lists show (libraries, series, books, files, progress) has
 * changed, in this process or another. Null when it cannot be known: callers must not cache then.
 */
export interface CatalogVersion {
  current(): Promise<number | null>;
  close(): Promise<void>;
}

/** SQLite: triggers bump one row on every write (migration catalog_version); reading it is a primary-key lookup. */
export class SqliteCatalogVersion implements CatalogVersion {
  constructor(private readonly em: EntityManager) {}

  async current(): Promise<number | null> {
    const [row] = await this.em.execute<{ version: number }[]>('select version from catalog_state where id = 1');
    return row ? Number(row.version) : null;
  }

  async close(): Promise<void> {}
}

const CHANNEL = 'shelfmark_catalog';
const RECONNECT_MS = 2000;

/**
 * PostgreSQL: statement triggers NOTIFY on every write, delivered at commit; a dedicated connection listens and
 * counts. While it is not listening (start, lost connection) the version is unknown, so nothing stale is served.
 */
export class PostgresCatalogVersion implements CatalogVersion {
  private version = 0;
  private listening = false;
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  /**
   * A round trip on the listening connection first: notifications of transactions committed before it arrive
   * before its answer, so a client that just wrote sees its write (read-your-writes), not a cached list.
   */
  async current(): Promise<number | null> {
    const client = this.client;
    if (!this.listening || !client) return null;
    const ok = await this.sync(client);
    return ok && this.listening && this.client === client ? this.version : null;
  }

  /** The round trip on the wire, and the one every request arriving meanwhile shares (sent when it returns). */
  private sent: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;

  /**
   * Requests share round trips: one already on the wire may have left before a request arrived, so latecomers
   * join the next one. At most two are pending however many requests wait, instead of one each in a queue.
   */
  private sync(client: pg.Client): Promise<boolean> {
    if (this.sent === null) return (this.sent = this.send(client));
    this.queued ??= this.sent.then(() => {
      this.queued = null;
      return (this.sent ??= this.send(client));
    });
    return this.queued;
  }

  private send(client: pg.Client): Promise<boolean> {
    const promise: Promise<boolean> = client
      .query('select 1')
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        if (this.sent === promise) this.sent = null;
      });
    return promise;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.listening = false;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    // Imported here: a server on SQLite never loads the PostgreSQL driver.
    const { Client } = (await import('pg')).default;
    const client = new Client({ connectionString: this.url });
    client.on('notification', () => {
      this.version++;
    });
    client.on('error', (error) => {
      this.logger.warn({ err: { type: error.name, message: error.message } }, 'catalog listener lost; caching off');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      this.client = client;
      // Writes made while nobody listened are unknown: start from a version no cached entry carries.
      this.version++;
      this.listening = true;
    } catch (error) {
      this.logger.warn({ err: { type: (error as Error).name, message: (error as Error).message } }, 'catalog listener');
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    this.version++;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, RECONNECT_MS);
    this.retry.unref();
  }
}

export async function openCatalogVersion(
  config: DatabaseConfig,
  em: EntityManager,
  logger: Logger,
): Promise<CatalogVersion> {
  if (config.kind === 'sqlite') return new SqliteCatalogVersion(em);
  const version = new PostgresCatalogVersion(config.url, logger);
  await version.start();
  return version;
}
