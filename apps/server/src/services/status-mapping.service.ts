import { NotFoundError, ValidationError } from '../domain/errors.js';
import {
  compareForListing,
  resolveStatus,
  SEED_STATUS_RULES,
  statusKey,
  type StatusRule,
} from '../domain/status-normalisation.js';
import type { NormalisedSeriesStatus } from '../entities/status-mapping.entity.js';
import type { StatusMappingRepository, StatusMappingRow } from '../repositories/status-mapping.repository.js';

/** The normalised series statuses and the table that maps raw provider statuses to them. */
export class StatusMappingService {
  constructor(private readonly mappings: StatusMappingRepository) {}

  /**
   * Raw provider status → the status a series stores: the normalised status, or the raw value in its stored form
   * (domain/status-normalisation.ts statusKey) when unmapped, which is then listed in settings, ready to be mapped.
   * A blank raw status gives '' (no status) and adds nothing. Safe inside the caller's transaction.
   */
  async normalise(raw: string): Promise<string> {
    const key = statusKey(raw);
    if (key === '') return '';
    const mapped = resolveStatus(key, await this.mappings.mapped());
    if (mapped !== null) return mapped;
    await this.mappings.insertAbsent([{ providerStatus: key, mappedStatus: null }]);
    return key;
  }

  /** What `normalise` would give, without adding an unknown status to the table (a preview writes nothing). */
  async peek(raw: string): Promise<string> {
    const key = statusKey(raw);
    if (key === '') return '';
    return resolveStatus(key, await this.mappings.mapped()) ?? key;
  }

  async list(): Promise<StatusMappingRow[]> {
    return (await this.mappings.all()).sort(compareForListing);
  }

  /** Creates or changes the mapping of a provider status, and re-normalises the series it affects. */
  async upsert(providerStatus: string, mappedStatus: NormalisedSeriesStatus | null): Promise<StatusMappingRow> {
    const key = statusKey(providerStatus);
    if (key === '') {
      throw new ValidationError('provider_status must not be blank.', [
        { path: '/body/provider_status', message: 'must not be blank', code: 'blank' },
      ]);
    }
    return this.mappings.transaction(async (tx) => {
      const before = await tx.lockAll();
      await tx.insertAbsent([{ providerStatus: key, mappedStatus }]);
      await tx.setMapping(key, mappedStatus);
      await this.renormalise(tx, before);
      const saved = await tx.findByProviderStatus(key);
      if (!saved) throw new Error(`status mapping "${key}" vanished inside its transaction`);
      return saved;
    });
  }

  /** Sets the mapping to null and keeps the row, so the provider status stays listed; 404 when absent. */
  async unmap(id: string): Promise<StatusMappingRow> {
    return this.mappings.transaction(async (tx) => {
      const before = await tx.lockAll();
      const target = before.find((mapping) => mapping.id === id);
      if (!target) throw new NotFoundError('Status mapping', id);
      await tx.setMapping(target.providerStatus, null);
      await this.renormalise(tx, before);
      return { ...target, mappedStatus: null };
    });
  }

  /**
   * Adds the seed mappings that are absent. A present row is never touched, even unmapped: it may be the admin's
   * choice. Idempotent, and safe when two processes start at once: conflicting inserts are skipped, and the
   * transaction writes before it reads, so SQLite cannot refuse to upgrade a read snapshot another process outdated.
   */
  async ensureSeeded(): Promise<void> {
    const before = await this.mappings.all();
    const present = new Set(before.map((mapping) => mapping.providerStatus));
    const absent = SEED_STATUS_RULES.filter((rule) => !present.has(rule.providerStatus));
    if (absent.length === 0) return;
    await this.mappings.transaction(async (tx) => {
      await tx.insertAbsent(absent);
      await this.renormalise(tx, before);
    });
  }

  /**
   * Re-normalises the series whose raw status resolves differently against the table now than `before` (so a
   * series whose status was set by hand and whose raw status still resolves the same is left alone). The table is
   * read again rather than derived from the change, so a row a concurrent sync inserted is taken as it really is.
   * A raw value that has become unmapped is added to the table, like any unmapped status.
   */
  private async renormalise(tx: StatusMappingRepository, before: readonly StatusRule[]): Promise<void> {
    const after = await tx.all();
    const newlyUnmapped: StatusRule[] = [];
    for (const raw of await tx.seriesRawStatuses()) {
      // Resolved in stored-key form, so a raw status written with other spacing or case resolves as normalise() does.
      const key = statusKey(raw);
      const next = resolveStatus(key, after);
      if (next === resolveStatus(key, before)) continue;
      await tx.restatusSeries(raw, next ?? key);
      if (next === null && key !== '') newlyUnmapped.push({ providerStatus: key, mappedStatus: null });
    }
    await tx.insertAbsent(newlyUnmapped);
  }
}
