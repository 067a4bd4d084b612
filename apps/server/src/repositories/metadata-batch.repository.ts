import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import {
  MetadataBatchResult,
  type BatchOutcome,
  type ProviderFailure,
} from '../entities/metadata-batch-result.entity.js';
import type { JobItemError } from '../domain/job-messages.js';
import { chunks, placeholders, toNumber } from './sql-values.js';

export interface BatchResultInput {
  seriesId: string;
  seriesName: string;
  outcome: BatchOutcome;
  provider: string | null;
  fallbackUsed: boolean;
  candidateCount: number;
  bestConfidence: number | null;
  bestCandidate: { provider: string; externalId: string; title: string } | null;
  linkId: string | null;
  /** Why the series is `error` or `skipped`: stored as its words, code and values. */
  error: JobItemError | null;
  providerErrors: ProviderFailure[];
}

/** The order results are listed in (openapi.yaml listMetadataBatchResults). */
const OUTCOME_ORDER: BatchOutcome[] = [
  'auto_matched',
  'low_confidence',
  'too_many_results',
  'no_results',
  'error',
  'skipped',
  'already_linked',
];

/** Per-series results of metadata batches, and what a batch reads of a library. */
export class MetadataBatchRepository {
  constructor(private readonly em: EntityManager) {}

  /** Series of the library that hold books, by name; only those of `ids` when given (a selection). */
  async seriesOfLibrary(libraryId: string, ids?: readonly string[]): Promise<{ id: string; name: string }[]> {
    if (ids === undefined) {
      return this.em.execute<{ id: string; name: string }[]>(
        'select id, name from series where library_id = ? and book_count > 0 order by sort_name, name',
        [libraryId],
      );
    }
    const rows: { id: string; name: string; sort_name: string }[] = [];
    for (const chunk of chunks(ids)) {
      rows.push(
        ...(await this.em.execute<{ id: string; name: string; sort_name: string }[]>(
          `select id, name, sort_name from series where library_id = ? and book_count > 0 and id in (${placeholders(chunk.length)})`,
          [libraryId, ...chunk],
        )),
      );
    }
    return rows
      .sort((a, b) => (a.sort_name < b.sort_name ? -1 : a.sort_name > b.sort_name ? 1 : a.name < b.name ? -1 : 1))
      .map(({ id, name }) => ({ id, name }));
  }

  /** Of these series ids, those that are not series of the library. */
  async notInLibrary(libraryId: string, ids: readonly string[]): Promise<string[]> {
    const found = new Set<string>();
    for (const chunk of chunks(ids)) {
      const rows = await this.em.execute<{ id: string }[]>(
        `select id from series where library_id = ? and id in (${placeholders(chunk.length)})`,
        [libraryId, ...chunk],
      );
      for (const row of rows) found.add(row.id);
    }
    return ids.filter((id) => !found.has(id));
  }

  /** Names of the series this batch already handled: a resumed batch skips them. */
  async handled(jobId: string): Promise<Set<string>> {
    const rows = await this.em.execute<{ series_name: string }[]>(
      'select series_name from metadata_batch_results where job_id = ?',
      [jobId],
    );
    return new Set(rows.map((row) => row.series_name));
  }

  /** Records a series' result once; a second record of the same series (a resumed batch) is ignored. */
  async record(jobId: string, result: BatchResultInput): Promise<void> {
    try {
      await this.em.fork().insert(MetadataBatchResult, {
        id: randomUUID(),
        job: jobId,
        series: result.seriesId,
        seriesName: result.seriesName,
        outcome: result.outcome,
        provider: result.provider,
        fallbackUsed: result.fallbackUsed,
        candidateCount: result.candidateCount,
        bestConfidence: result.bestConfidence,
        bestCandidate: result.bestCandidate,
        link: result.linkId,
        error: result.error?.text ?? null,
        errorCode: result.error?.code ?? null,
        errorParams: result.error?.params ?? null,
        providerErrors: result.providerErrors.length > 0 ? result.providerErrors : null,
        createdAt: new Date(),
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }

  async counts(jobId: string): Promise<Record<BatchOutcome, number>> {
    const rows = await this.em.execute<{ outcome: BatchOutcome; n: number | string }[]>(
      'select outcome, count(*) as n from metadata_batch_results where job_id = ? group by outcome',
      [jobId],
    );
    const counts = Object.fromEntries(OUTCOME_ORDER.map((outcome) => [outcome, 0])) as Record<BatchOutcome, number>;
    for (const row of rows) counts[row.outcome] = toNumber(row.n);
    return counts;
  }

  async page(
    jobId: string,
    outcome: BatchOutcome | undefined,
    offset: number,
    limit: number,
  ): Promise<{ items: MetadataBatchResult[]; total: number }> {
    const where = { job: jobId, ...(outcome ? { outcome } : {}) };
    const em = this.em.fork();
    const total = await em.count(MetadataBatchResult, where);
    const rank = OUTCOME_ORDER.map((value, index) => `when '${value}' then ${index}`).join(' ');
    const ids = await em.execute<{ id: string }[]>(
      `select id from metadata_batch_results where job_id = ?${outcome ? ' and outcome = ?' : ''}
        order by case outcome ${rank} end, series_name, id limit ? offset ?`,
      [jobId, ...(outcome ? [outcome] : []), limit, offset],
    );
    if (ids.length === 0) return { items: [], total };
    const rows = await em.find(MetadataBatchResult, { id: { $in: ids.map((row) => row.id) } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { items: ids.flatMap((row) => byId.get(row.id) ?? []), total };
  }
}
