import { NO_PROVIDER } from '../entities/library.entity.js';
import type { BatchOutcome, MetadataBatchResult } from '../entities/metadata-batch-result.entity.js';
import type { Job } from '../entities/job.entity.js';
import type { Series } from '../entities/series.entity.js';
import { DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { JobContext } from '../jobs/job-context.js';
import type { BatchResultInput, MetadataBatchRepository } from '../repositories/metadata-batch.repository.js';
import type { MetadataRepository } from '../repositories/metadata.repository.js';
import type { JobService } from './job.service.js';
import type { LibraryService } from './library.service.js';
import type { Candidate, MetadataService } from './metadata.service.js';

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
  ) {}

  async start(libraryId: string): Promise<{ job: Job; created: boolean }> {
    const library = await this.libraries.require(libraryId);
    if (library.metadataProvider === NO_PROVIDER) {
      throw new ValidationError(
        'This library has no metadata provider (metadata_provider is "none"); choose one before a batch.',
        [{ path: '/body/library_id', message: 'the library has no metadata provider' }],
      );
    }
    return this.jobs.start('metadata_batch', libraryId, {});
  }

  async run(context: JobContext): Promise<Record<string, unknown>> {
    const library = await this.libraries.require(context.libraryId!);
    const primary = library.metadataProvider;
    const fallback =
      library.fallbackMetadataProvider === NO_PROVIDER || library.fallbackMetadataProvider === primary
        ? null
        : library.fallbackMetadataProvider;
    if (primary === NO_PROVIDER) throw new ValidationError('This library has no metadata provider.');
    const series = await this.batches.seriesOfLibrary(library.id);
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
          evaluation = await this.evaluate(entity, primary, fallback, context.signal);
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
    return { total_series: series.length, processed };
  }

  private async evaluate(
    series: Series,
    primary: string,
    fallback: string | null,
    signal: AbortSignal,
  ): Promise<Evaluation> {
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
    };
    if (linked) return base;

    let provider = primary;
    let candidates: Candidate[] = [];
    let error: string | null = null;
    try {
      candidates = await this.metadata.searchWith(primary, series, signal);
    } catch (failure) {
      error = failureMessage(failure);
      if (error === null) throw failure;
    }
    // The fallback is asked when the primary found nothing or failed (the rule, broader than SPEC's).
    if (candidates.length === 0 && fallback !== null) {
      try {
        candidates = await this.metadata.searchWith(fallback, series, signal);
        provider = fallback;
        base.fallbackUsed = true;
        error = null;
      } catch (failure) {
        const message = failureMessage(failure);
        if (message === null) throw failure;
        provider = fallback;
        base.fallbackUsed = true;
        error = error === null ? message : `${error} Fallback: ${message}`;
      }
    }
    const best = candidates[0];
    const evaluation: Evaluation = {
      ...base,
      provider,
      candidateCount: candidates.length,
      bestConfidence: best?.confidence ?? null,
      bestCandidate: best ? { provider: best.provider, externalId: best.externalId, title: best.title } : null,
    };
    if (candidates.length === 0) return { ...evaluation, outcome: error === null ? 'no_results' : 'error', error };
    const certain = candidates.filter((candidate) => candidate.confidence === 100);
    if (certain.length > 1) return { ...evaluation, outcome: 'too_many_results' };
    if (certain.length === 0) return { ...evaluation, outcome: 'low_confidence' };
    try {
      const linkId = await this.metadata.applyCandidate(series, certain[0]!, signal);
      return { ...evaluation, outcome: 'auto_matched', linkId };
    } catch (failure) {
      const message = failureMessage(failure);
      if (message === null) throw failure;
      return { ...evaluation, outcome: 'error', error: `Auto-apply failed: ${message}` };
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
