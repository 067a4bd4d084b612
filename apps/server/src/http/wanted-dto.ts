import type { ProviderFailureKind } from '../domain/problem-codes.js';
import type { GrabRow, StoredCandidate } from '../repositories/release-candidate.repository.js';
import type { WantedVolume } from '../services/wanted.service.js';

/** One wanted volume as REST and tRPC give it (openapi.yaml `WantedVolume`). */
export function wantedVolumeDto(item: WantedVolume) {
  return {
    series_id: item.seriesId,
    series_name: item.seriesName,
    library_id: item.libraryId,
    series_status: item.seriesStatus,
    volume: item.volume,
    title: item.title,
    status: item.status,
    last_grab:
      item.lastGrab === null
        ? null
        : { id: item.lastGrab.id, status: item.lastGrab.status, grabbed_at: item.lastGrab.at.toISOString() },
  };
}

/** A stored search candidate (openapi.yaml `ReleaseCandidate`): never its opaque indexer data. */
export function releaseCandidateDto(candidate: StoredCandidate) {
  return {
    id: candidate.id,
    series_id: candidate.seriesId,
    series_name: candidate.seriesName,
    volume: candidate.volume,
    rank: candidate.rank,
    exact: candidate.exact,
    title: candidate.release.title,
    size: candidate.release.sizeBytes,
    protocol: candidate.release.protocol,
    indexer: candidate.release.indexer,
    seeders: candidate.release.seeders,
    leechers: candidate.release.leechers,
    publish_date: candidate.release.publishDate,
    info_url: candidate.release.infoUrl,
    volumes: candidate.volumes,
    searched_at: candidate.searchedAt.toISOString(),
  };
}

/** A grab as recorded (openapi.yaml `ReleaseGrab`). */
export function releaseGrabDto(grab: GrabRow) {
  return {
    id: grab.id,
    series_id: grab.seriesId,
    series_name: grab.seriesName,
    volume: grab.volume,
    title: grab.title,
    size: grab.sizeBytes,
    protocol: grab.protocol,
    indexer: grab.indexer,
    provider: grab.provider,
    status: grab.status,
    failure: grab.failureCode as ProviderFailureKind | null,
    message: grab.failureMessage,
    grabbed_by: grab.grabbedBy,
    grabbed_at: grab.grabbedAt.toISOString(),
  };
}
