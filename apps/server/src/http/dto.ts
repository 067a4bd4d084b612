import type { ApiToken } from '../entities/api-token.entity.js';
import type { Job } from '../entities/job.entity.js';
import type { User } from '../entities/user.entity.js';
import type { Principal } from '../services/auth.service.js';
import type { JobDetails } from '../services/job.service.js';
import type { LibraryView } from '../services/library.service.js';

/** Entity → wire shapes (snake_case, RFC 3339 dates) as openapi.yaml defines them. */

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export function userDto(user: User) {
  return { id: user.id, username: user.username, locale: user.locale, created_at: user.createdAt.toISOString() };
}

export function principalDto(principal: Principal) {
  return {
    kind: principal.kind,
    scope: principal.scope,
    username: principal.username,
    token_id: principal.tokenId,
  };
}

export function apiTokenDto(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    prefix: `smk_${token.prefix}`,
    created_at: token.createdAt.toISOString(),
    last_used_at: iso(token.lastUsedAt),
    expires_at: iso(token.expiresAt),
  };
}

export function libraryDto({ library, counts }: LibraryView) {
  return {
    id: library.id,
    name: library.name,
    root_path: library.rootPath,
    metadata_provider: library.metadataProvider,
    fallback_metadata_provider: library.fallbackMetadataProvider,
    metadata_refresh_mode: library.metadataRefreshMode,
    book_count: counts.bookCount,
    series_count: counts.seriesCount,
    last_scanned_at: iso(library.lastScannedAt),
    created_at: library.createdAt.toISOString(),
    updated_at: library.updatedAt.toISOString(),
  };
}

export function pageDto<T>(items: T[], total: number, page: number, limit: number) {
  return { items, total, page, limit };
}

export function jobDto(job: Job) {
  const percent =
    job.status === 'succeeded'
      ? 100
      : job.total
        ? Math.min(100, Math.round((job.processed / job.total) * 1000) / 10)
        : null;
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    library_id: job.library?.id ?? null,
    progress: { processed: job.processed, total: job.total, percent, current_item: job.currentItem },
    error: job.error,
    item_errors_count: job.itemErrorsCount,
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
    cancel_requested: job.cancelRequested,
  };
}

export function jobDetailsDto({ job, itemErrors }: JobDetails) {
  return {
    ...jobDto(job),
    params: job.params,
    report: job.report,
    item_errors: itemErrors.map((error) => ({
      item: error.item,
      message: error.message,
      at: error.createdAt.toISOString(),
    })),
  };
}
