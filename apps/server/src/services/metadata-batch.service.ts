import { NO_PROVIDER } from '../entities/library.entity.js';
import type { BatchOutcome, MetadataBatchResult, ProviderFailure } from '../entities/metadata-batch-result.entity.js';
import type { Job } from '../entities/job.entity.js';
import type { Series } from '../entities/series.entity.js';
import { DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import {
  autoApplyFailed,
  NO_METADATA_PROVIDER,
  providerItemError,
  providersSkipped,
  refusalOf,
  type ProviderRefusal,
  type SkippedProvider,
} from '../domain/job-messages.js';
import type { JobContext } from '../jobs/job-context.js';
import type { BatchResultInput, MetadataBatchRepository } from '../repositories/metadata-batch.repository.js';
import type { MetadataRepository } from '../repositories/metadata.repository.js';
import type { JobService } from './job.service.js';
import type { LibraryService } from './library.service.js';
import type { Candidate, MetadataService } from './metadata.service.js';
import { ProviderCircuit, type CircuitOptions } from './provider-circuit.js';

export interface BatchReport {
  job: Job;
  counts: Record<BatchOutcome, number>;
  totalSeries: number;
  processed: number;
}

type Evaluation = Omit<BatchResultInput, 'seriesId' | 'seriesName'>;

/** A provider failure or a refusal is recorded for the series; anything else is a bug and stops the batch. */
function failureMessage(error: unknown): string | null {
  return error instanceof DomainError ? error.message : null;
}

/**
 * Three calls in a row that find a provider unreachable stop the batch asking it; after 30 s one call tries again.
 * With the SDK's retries a refused connection costs about 1.5 s a call, so a batch with the network down spends
 * seconds, not minutes, before it records the remaining series as skipped.
 */
const DEFAULT_CIRCUIT: CircuitOptions = { failures: 3, pauseMs: 30_000 };

/**
 * `metadata_batch`: every series of a library searched on the primary provider (then the fallback), matched
 * automatically only when exactly one candidate reaches 100, and the reason recorded otherwise (SPEC §3).
 */
export class MetadataBatchService {
  constructor(
    private readonly batches: MetadataBatchRepository,
    private readonly metadataRepository: MetadataRepository,
    private readonly metadata: MetadataService,
    private readonly libraries: LibraryService,
    private readonly jobs: JobService,
    private readonly circuitOptions: CircuitOptions = DEFAULT_CIRCUIT,
  ) {}

  /** A batch over the library's series, or over `seriesIds` of it only (a selection in the admin). */
  async start(libraryId: string, seriesIds?: readonly string[]): Promise<{ job: Job; created: boolean }> {
    const library = await this.libraries.require(libraryId);
    if (library.metadataProvider === NO_PROVIDER) {
      throw new ValidationError(
        'This library has no metadata provider (metadata_provider is "none"); choose one before a batch.',
        [{ path: '/body/library_id', message: 'the library has no metadata provider', code: 'noMetadataProvider' }],
      );
    }
    if (seriesIds !== undefined) {
      const strangers = await this.batches.notInLibrary(library.id, seriesIds);
      if (strangers.length > 0) {
        throw new ValidationError(`${strangers.length} of series_ids are not series of this library.`, [
          {
            path: '/body/series_ids',
            message: `not series of the library: ${strangers.slice(0, 5).join(', ')}`,
            code: 'notInLibrary',
          },
        ]);
      }
    }
    return this.jobs.start('metadata_batch', libraryId, seriesIds === undefined ? {} : { series_ids: [...seriesIds] });
  }

  async run(context: JobContext): Promise<Record<string, unknown>> {
    const library = await this.libraries.require(context.libraryId!);
    const primary = library.metadataProvider;
    const fallback =
      library.fallbackMetadataProvider === NO_PROVIDER || library.fallbackMetadataProvider === primary
        ? null
        : library.fallbackMetadataProvider;
    if (primary === NO_PROVIDER) {
      const refused = new ValidationError(NO_METADATA_PROVIDER.text);
      refused.jobError = NO_METADATA_PROVIDER;
      throw refused;
    }
    const providers = [primary, ...(fallback === null ? [] : [fallback])].map(
      (id) => new ProviderCircuit(id, this.circuitOptions),
    );
    const selection = context.params.series_ids;
    const series = await this.batches.seriesOfLibrary(
      library.id,
      Array.isArray(selection) ? selection.map(String) : undefined,
    );
    const handled = await this.batches.handled(context.jobId);
    let processed = handled.size;
    context.progress({ total: series.length, processed, currentItem: null });
    for (const { id, name } of series) {
      if (handled.has(name)) continue;
      context.throwIfCancelled();
      context.progress({ currentItem: name });
      const entity = await this.metadataRepository.findSeriesById(id);
      if (entity) {
        let evaluation: Evaluation;
        try {
          evaluation = await this.evaluate(entity, providers, context.signal);
        } catch (error) {
          // A provider call cut short by a cancel or a shutdown ends the job as such, not as a failure.
          context.throwIfCancelled();
          throw error;
        }
        await this.batches.record(context.jobId, { seriesId: id, seriesName: name, ...evaluation });
        if (evaluation.outcome === 'error') context.itemError(name, evaluation.error ?? 'failed');
      }
      processed++;
      context.progress({ processed });
    }
    // Counted from the stored results, so that a batch resumed after a restart still knows its earlier failures.
    const counts = await this.batches.counts(context.jobId);
    if (counts.error + counts.skipped > 0) context.markCompletedWithErrors();
    return { total_series: series.length, processed };
  }

  /**
   * Asks the primary, then the fallback when the primary found nothing or failed (the rule, broader than
   * SPEC's). A provider whose circuit is open is not asked; a series no provider could be asked for is `skipped`.
   */
  private async evaluate(series: Series, providers: ProviderCircuit[], signal: AbortSignal): Promise<Evaluation> {
    const linked = (await this.metadataRepository.approvedLink(series.id))?.id ?? null;
    const base: Evaluation = {
      outcome: 'already_linked',
      provider: null,
      fallbackUsed: false,
      candidateCount: 0,
      bestConfidence: null,
      bestCandidate: null,
      linkId: linked,
      error: null,
      providerErrors: [],
    };
    if (linked) return base;

    let provider: string | null = null;
    let candidates: Candidate[] = [];
    let answered = false;
    const errors: ProviderFailure[] = [];
    let lastRefusal: ProviderRefusal | null = null;
    const skipped: SkippedProvider[] = [];
    for (const [index, circuit] of providers.entries()) {
      if (candidates.length > 0) break;
      if (!circuit.allows()) {
        skipped.push(circuit.skipped);
        continue;
      }
      provider = circuit.providerId;
      base.fallbackUsed = index > 0;
      try {
        candidates = await this.metadata.searchWith(circuit.providerId, series, signal);
        circuit.succeeded();
        answered = true;
      } catch (failure) {
        const message = failureMessage(failure);
        if (message === null) throw failure;
        circuit.failed(failure);
        const kind = failure instanceof DomainError ? failure.providerFailure?.failure : undefined;
        errors.push({ provider: circuit.providerId, message, ...(kind ? { failure: kind } : {}) });
        lastRefusal = refusalOf(failure as DomainError, circuit.providerId);
      }
    }
    const best = candidates[0];
    const evaluation: Evaluation = {
      ...base,
      provider,
      candidateCount: candidates.length,
      bestConfidence: best?.confidence ?? null,
      bestCandidate: best ? { provider: best.provider, externalId: best.externalId, title: best.title } : null,
      providerErrors: errors,
    };
    if (candidates.length === 0) {
      if (answered) return { ...evaluation, outcome: 'no_results' };
      // The last provider's failure (each provider's own is in providerErrors).
      if (lastRefusal !== null) return { ...evaluation, outcome: 'error', error: providerItemError(lastRefusal) };
      return { ...evaluation, outcome: 'skipped', error: providersSkipped(skipped) };
    }
    const certain = candidates.filter((candidate) => candidate.confidence === 100);
    if (certain.length > 1) return { ...evaluation, outcome: 'too_many_results' };
    if (certain.length === 0) return { ...evaluation, outcome: 'low_confidence' };
    try {
      const linkId = await this.metadata.applyCandidate(series, certain[0]!, signal);
      return { ...evaluation, outcome: 'auto_matched', linkId };
    } catch (failure) {
      const message = failureMessage(failure);
      if (message === null) throw failure;
      return {
        ...evaluation,
        outcome: 'error',
        error: autoApplyFailed(refusalOf(failure as DomainError, certain[0]!.provider)),
      };
    }
  }

  async report(jobId: string): Promise<BatchReport> {
    const job = await this.requireBatch(jobId);
    const counts = await this.batches.counts(jobId);
    const processed = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return { job, counts, totalSeries: job.total ?? processed, processed };
  }

  async results(
    jobId: string,
    outcome: BatchOutcome | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: MetadataBatchResult[]; total: number }> {
    await this.requireBatch(jobId);
    return this.batches.page(jobId, outcome, (page - 1) * limit, limit);
  }

  private async requireBatch(jobId: string): Promise<Job> {
    const job = await this.jobs.require(jobId);
    if (job.type !== 'metadata_batch') throw new NotFoundError('Metadata batch job', jobId);
    return job;
  }
}
