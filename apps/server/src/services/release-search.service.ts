import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from '../entities/job.entity.js';
import { DomainError, ProviderFailureError, ValidationError } from '../domain/errors.js';
import { providerItemError, refusalOf } from '../domain/job-messages.js';
import { rankCandidates } from '../domain/release-candidates.js';
import { volumeStatusAt } from '../domain/wanted-volumes.js';
import type { JobContext } from '../jobs/job-context.js';
import type { ReleaseCandidateRepository } from '../repositories/release-candidate.repository.js';
import type { WantedRepository, WantedRow } from '../repositories/wanted.repository.js';
import type { JobService } from './job.service.js';
import type { ReleaseService } from './release.service.js';
import type { SettingsService } from './settings.service.js';

/** One wanted volume to search. */
export interface VolumeRef {
  seriesId: string;
  volume: number;
}

export interface ReleaseSearchSelection {
  /** These volumes only; left out, every wanted volume not grabbed nor imported (of `libraryId` when given). */
  volumes?: VolumeRef[];
  libraryId?: string;
}

/** Failures after which no other volume can be searched either: the job stops, rather than failing each volume. */
const FATAL_FAILURES = new Set(['refused_key', 'not_configured', 'wrong_url']);

/**
 * `release_search`: searches the release indexer for wanted volumes, one query per volume (`"<series>" <volume>`),
 * spaced by RELEASE_SEARCH_INTERVAL_SECONDS on top of the plugin's own rate limit, and stores each volume's best
 * candidates with the time of the search. It runs as the system (jobs/job-runtime: every job does), since only an
 * admin, who sees every library, may start it; a resumed job skips the volumes it already searched.
 */
export class ReleaseSearchService {
  constructor(
    private readonly releases: ReleaseService,
    private readonly candidates: ReleaseCandidateRepository,
    private readonly wanted: WantedRepository,
    private readonly settings: SettingsService,
    private readonly jobs: JobService,
    private readonly intervalMs: number,
    /** GRAB_EXPIRY_HOURS: an expired grab leaves its volume to search again, written as expired yet or not. */
    private readonly grabExpiryMs: number,
  ) {}

  async start(selection: ReleaseSearchSelection): Promise<{ job: Job; created: boolean }> {
    if (selection.volumes !== undefined) {
      const wanted = new Set((await this.wanted.wanted({})).map(volumeKey));
      const strangers = selection.volumes.filter((volume) => !wanted.has(volumeKey(volume)));
      if (strangers.length > 0) {
        throw new ValidationError(`${strangers.length} of the volumes are not wanted volumes.`, [
          {
            path: '/body/volumes',
            message: `not wanted: ${strangers
              .slice(0, 5)
              .map((volume) => `${volume.seriesId} ${volume.volume}`)
              .join(', ')}`,
            code: 'notWanted',
          },
        ]);
      }
    }
    return this.jobs.start('release_search', null, {
      ...(selection.volumes === undefined
        ? {}
        : { volumes: selection.volumes.map((volume) => ({ series_id: volume.seriesId, volume: volume.volume })) }),
      ...(selection.libraryId === undefined ? {} : { library_id: selection.libraryId }),
    });
  }

  async run(context: JobContext): Promise<Record<string, unknown>> {
    const volumes = await this.volumesOf(context.params);
    const done = await this.candidates.searchedBy(context.jobId);
    const language = (await this.settings.view()).providerLanguage;
    let processed = volumes.filter((volume) => done.has(volumeKey(volume))).length;
    let found = 0;
    let searched = 0;
    context.progress({ total: volumes.length, processed, currentItem: null });
    for (const volume of volumes) {
      if (done.has(volumeKey(volume))) continue;
      context.throwIfCancelled();
      const item = `${volume.seriesName} ${volume.volume}`;
      context.progress({ currentItem: item });
      if (searched > 0 && this.intervalMs > 0) {
        await sleep(this.intervalMs, undefined, { signal: context.signal }).catch(() => context.throwIfCancelled());
      }
      const query = `"${volume.seriesName.replace(/"/g, ' ').replace(/\s+/g, ' ').trim()}" ${volume.volume}`;
      searched++;
      try {
        const answer = await this.releases.searchOne(query, context.signal);
        const ranked = rankCandidates(answer.releases, volume.seriesName, volume.volume, language);
        found += ranked.length;
        await this.candidates.saveSearch({
          ...volume,
          query,
          categories: answer.categories,
          provider: answer.provider,
          searchedAt: new Date(),
          failureCode: null,
          jobId: context.jobId,
          candidates: ranked,
        });
      } catch (error) {
        context.throwIfCancelled();
        if (!(error instanceof DomainError)) throw error;
        const failure = error.providerFailure?.failure ?? null;
        // A refused key or a missing setting fails every volume alike: the job says it once.
        if (failure === null || FATAL_FAILURES.has(failure)) throw error;
        context.itemError(item, providerItemError(refusalOf(error)));
        if (error instanceof ProviderFailureError) {
          await this.candidates.saveSearch({
            ...volume,
            query,
            categories: [],
            provider: error.providerId,
            searchedAt: new Date(),
            failureCode: failure,
            jobId: context.jobId,
            candidates: [],
          });
        }
      }
      processed++;
      context.progress({ processed });
    }
    return { total_volumes: volumes.length, processed, candidates: found };
  }

  /** The job's volumes, in the wanted list's order: its selection, or the wanted volumes nobody grabbed. */
  private async volumesOf(params: Record<string, unknown>): Promise<WantedRow[]> {
    const libraryId = typeof params.library_id === 'string' ? params.library_id : undefined;
    const rows = await this.wanted.wanted(libraryId === undefined ? {} : { libraryId });
    if (!Array.isArray(params.volumes)) {
      const now = Date.now();
      return rows.filter((row) => volumeStatusAt(row.lastGrab, now, this.grabExpiryMs).status === 'missing');
    }
    const chosen = new Set(
      (params.volumes as { series_id: string; volume: number }[]).map((volume) =>
        volumeKey({ seriesId: volume.series_id, volume: volume.volume }),
      ),
    );
    return rows.filter((row) => chosen.has(volumeKey(row)));
  }
}

function volumeKey(volume: VolumeRef): string {
  return `${volume.seriesId}\n${volume.volume}`;
}
