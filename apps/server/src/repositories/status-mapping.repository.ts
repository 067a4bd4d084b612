import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { Series } from '../entities/series.entity.js';
import { StatusMapping, type NormalisedSeriesStatus } from '../entities/status-mapping.entity.js';
import type { StatusRule } from '../domain/status-normalisation.js';
import { lockedForEdit } from './row-locks.js';
import { chunks, toStringList, type SqlDialect } from './sql-values.js';

export interface StatusMappingRow extends StatusRule {
  id: string;
}

interface MappingRecord {
  id: string;
  provider_status: string;
  mapped_status: NormalisedSeriesStatus | null;
}

const row = (record: MappingRecord): StatusMappingRow => ({
  id: record.id,
  providerStatus: record.provider_status,
  mappedStatus: record.mapped_status,
});

/** The status-mapping table, and the series statuses it decides. */
export class StatusMappingRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly dialect: SqlDialect,
  ) {}

  /** Runs the work in one transaction, through a repository bound to it. */
  transaction<T>(work: (tx: StatusMappingRepository) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(new StatusMappingRepository(em, this.dialect)));
  }

  async all(): Promise<StatusMappingRow[]> {
    const records = await this.em.execute<MappingRecord[]>(
      'select id, provider_status, mapped_status from status_mappings',
    );
    return records.map(row);
  }

  async mapped(): Promise<StatusRule[]> {
    const records = await this.em.execute<MappingRecord[]>(
      'select id, provider_status, mapped_status from status_mappings where mapped_status is not null',
    );
    return records.map(row);
  }

  /**
   * Every row, locked until the transaction ends (PostgreSQL), so two admins changing mappings at once each
   * re-normalise against the other's committed change. SQLite has no row locks: its writers are serialised by
   * the database lock.
   */
  async lockAll(): Promise<StatusMappingRow[]> {
    const entities = await this.em.find(
      StatusMapping,
      {},
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, fields: ['id', 'providerStatus', 'mappedStatus'] },
    );
    return entities.map((entity) => ({
      id: entity.id,
      providerStatus: entity.providerStatus,
      mappedStatus: entity.mappedStatus ?? null,
    }));
  }

  async findByProviderStatus(providerStatus: string): Promise<StatusMappingRow | null> {
    const [record] = await this.em.execute<MappingRecord[]>(
      'select id, provider_status, mapped_status from status_mappings where provider_status = ?',
      [providerStatus],
    );
    return record ? row(record) : null;
  }

  /**
   * Inserts the rules whose provider status is absent and leaves present ones alone. A conflict is skipped by
   * the database rather than raised, so a concurrent insert of the same value never fails, not even inside a
   * PostgreSQL transaction (where a caught unique violation would still abort it).
   */
  async insertAbsent(rules: readonly StatusRule[]): Promise<void> {
    const now = new Date();
    for (const batch of chunks(rules)) {
      await this.em
        .createQueryBuilder(StatusMapping)
        .insert(
          batch.map((rule) => ({
            id: randomUUID(),
            providerStatus: rule.providerStatus,
            mappedStatus: rule.mappedStatus,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflict('providerStatus')
        .ignore()
        .execute();
    }
  }

  async setMapping(providerStatus: string, mappedStatus: NormalisedSeriesStatus | null): Promise<void> {
    await this.em.nativeUpdate(StatusMapping, { providerStatus }, { mappedStatus, updatedAt: new Date() });
  }

  /** The distinct raw statuses series carry, as stored: a handful of provider words, whatever the library size. */
  async seriesRawStatuses(): Promise<string[]> {
    const records = await this.em.execute<{ raw_status: string }[]>(
      'select distinct raw_status from series where raw_status is not null',
    );
    return records.map((record) => record.raw_status);
  }

  /**
   * Gives `status` to the series with this raw status, except those whose status is locked: the lock keeps
   * provider-derived values off the field, and a mapping change is one. Returns how many changed.
   */
  async restatusSeries(rawStatus: string, status: string): Promise<number> {
    // Locked until the transaction ends (row-locks.ts): a status the admin locks meanwhile waits for this change, or
    // is seen by it; without it a lock committed between this read and the update was written over.
    const records = await this.em.execute<{ id: string; locked_fields: string[] | string | null }[]>(
      `select id, locked_fields from series where raw_status = ? and (status is null or status <> ?)
        order by id${lockedForEdit(this.dialect)}`,
      [rawStatus, status],
    );
    const ids = records
      .filter((record) => !toStringList(record.locked_fields).includes('status'))
      .map((record) => record.id);
    const now = new Date();
    for (const batch of chunks(ids)) {
      await this.em.nativeUpdate(Series, { id: { $in: batch } }, { status, updatedAt: now });
    }
    return ids.length;
  }
}
