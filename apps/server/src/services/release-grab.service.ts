import { DomainError, NotFoundError } from '../domain/errors.js';
import { grabStatusAt } from '../domain/wanted-volumes.js';
import type { GrabStatus } from '../entities/release-grab.entity.js';
import type {
  GrabRow,
  ReleaseCandidateRepository,
  StoredCandidate,
} from '../repositories/release-candidate.repository.js';
import type { ReleaseService } from './release.service.js';
import { currentViewer } from './viewer-context.js';

/**
 * Grabs: a stored search candidate (named by its id, never by a link a client sends) handed to the release indexer's
 * download client through the plugin's `grab`, and recorded whatever the outcome. A plugin failure is recorded as
 * `failed` with its SDK failure kind, which the admin translates; a refusal of the request itself (no plugin, not
 * configured, a plugin that cannot grab) records nothing.
 */
export class ReleaseGrabService {
  constructor(
    private readonly releases: ReleaseService,
    private readonly candidates: ReleaseCandidateRepository,
    /** GRAB_EXPIRY_HOURS, in ms. */
    private readonly expiryMs: number,
  ) {}

  /** A volume's stored candidates (best first), or every stored candidate of a series. */
  list(seriesId: string, volume?: number): Promise<StoredCandidate[]> {
    return this.candidates.candidates({ seriesId, volume });
  }

  async grab(candidateId: string, signal?: AbortSignal): Promise<GrabRow> {
    const [candidate] = await this.candidates.candidates({ id: candidateId });
    if (candidate === undefined) throw new NotFoundError('Release candidate', candidateId);
    const base = {
      seriesId: candidate.seriesId,
      seriesName: candidate.seriesName,
      volume: candidate.volume,
      title: candidate.release.title,
      sizeBytes: candidate.release.sizeBytes,
      protocol: candidate.release.protocol,
      indexer: candidate.release.indexer,
      userId: currentViewer().userId,
    };
    try {
      const result = await this.releases.grab(
        {
          guid: candidate.release.guid,
          title: candidate.release.title,
          indexerData: candidate.indexerData,
          query: { query: candidate.query, categories: candidate.categories },
          searchedAt: candidate.searchedAt.toISOString(),
        },
        signal,
      );
      return await this.candidates.recordGrab({
        ...base,
        provider: result.provider,
        status: 'grabbed',
        failureCode: null,
        failureMessage: null,
      });
    } catch (error) {
      const failure = error instanceof DomainError ? error.providerFailure : undefined;
      // Only the plugin's failures are grabs that failed; a refused request is the caller's to fix, not a record.
      if (failure === undefined || failure.failure === 'not_configured') throw error;
      return this.candidates.recordGrab({
        ...base,
        provider: failure.provider,
        status: 'failed',
        failureCode: failure.failure,
        failureMessage: (error as Error).message.slice(0, 2000),
      });
    }
  }

  /** The grabs, newest first; a grab whose file has not come in within the expiry reads `expired`. */
  async page(
    status: GrabStatus | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: GrabRow[]; total: number }> {
    // Written before reading, so that the filter and the counts agree with what is shown.
    await this.candidates.expireGrabs(new Date(Date.now() - this.expiryMs));
    const result = await this.candidates.grabPage(status, (page - 1) * limit, limit);
    const now = Date.now();
    return {
      total: result.total,
      items: result.items.map((grab) => ({
        ...grab,
        status: grabStatusAt({ status: grab.status, at: grab.grabbedAt }, now, this.expiryMs),
      })),
    };
  }
}
