import type { LabelRow } from '../repositories/label.repository.js';
import type { SignInView } from '../services/sign-in-settings.js';
import path from 'node:path';
import type { StoredPage } from '../repositories/book-page.repository.js';
import type { ReaderSettingsView } from '../services/reader-settings.service.js';
import { DEFAULT_READING_DIRECTION, readingDirectionOrNull } from '../domain/reading-direction.js';
import { toNullableNumber } from '../repositories/sql-values.js';
import type { ConnectionTest, ShelfmarkPlugin } from '@shelfmark/plugin-sdk';
import { canGrab, textIn } from '@shelfmark/plugin-sdk';
import type { ApiToken } from '../entities/api-token.entity.js';
import type { MetadataBatchResult } from '../entities/metadata-batch-result.entity.js';
import type { MetadataLink } from '../entities/metadata-link.entity.js';
import type { Job, JobStage } from '../entities/job.entity.js';
import { isJobErrorCode, isJobItemErrorCode } from '../domain/job-messages.js';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';
import type { Series } from '../entities/series.entity.js';
import type { UserWithLibraries } from '../repositories/user.repository.js';
import { seriesReadingStatus } from '../domain/series-counts.js';
import { seriesCoverSource } from '../domain/series-cover.js';
import type { BookDetails, BookSummary } from '../repositories/book.repository.js';
import type { SeriesSummary } from '../repositories/series.repository.js';
import type { BatchReport } from '../services/metadata-batch.service.js';
import type { RefreshEntry } from '../services/metadata-refresh.service.js';
import type { SyncReport } from '../services/metadata-sync.service.js';
import type { Candidate, MissingVolumes } from '../services/metadata.service.js';
import type { PluginView } from '../services/plugin.service.js';
import type { FoundRelease } from '../services/release.service.js';
import type { StatusMappingRow } from '../repositories/status-mapping.repository.js';
import type { SettingsView } from '../services/settings.service.js';
import type { Principal } from '../services/auth.service.js';
import type { JobDetails } from '../services/job.service.js';
import type { SeriesDetails } from '../services/series.service.js';
import type { LibraryView } from '../services/library.service.js';
import type { BackupFile } from '../services/backup.service.js';

/** Entity → wire shapes (snake_case, RFC 3339 dates) as openapi.yaml defines them. */

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export function userDto({ user, libraryIds }: UserWithLibraries) {
  return {
    id: user.id,
    username: user.username,
    // Only ever shown to an administrator or to the user themselves: the users operations are the admin's.
    email: user.email ?? null,
    role: user.role,
    library_ids: libraryIds,
    age_max: user.ageMax ?? null,
    allow_unrated: user.allowUnrated,
    labels_include: user.labelsInclude,
    labels_exclude: user.labelsExclude,
    disabled: user.disabled,
    locale: user.locale,
    theme: user.theme,
    created_at: user.createdAt.toISOString(),
  };
}

export function labelDto(label: LabelRow) {
  return { id: label.id, name: label.name, series_count: label.seriesCount };
}

export function authStatusDto(
  setupRequired: boolean,
  principal: Principal | null | undefined,
  ssoButtonLabel: string | null,
) {
  return {
    sso_button_label: ssoButtonLabel,
    setup_required: setupRequired,
    authenticated: Boolean(principal),
    username: principal?.kind === 'session' ? principal.username : null,
  };
}

export function principalDto(principal: Principal) {
  return {
    kind: principal.kind,
    scope: principal.scope,
    username: principal.username,
    user_id: principal.userId,
    role: principal.viewer.role,
    library_ids: principal.viewer.libraryIds === null ? null : [...principal.viewer.libraryIds],
    token_id: principal.tokenId,
  };
}

export function apiTokenDto(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    prefix: `smk_${token.prefix}`,
    user_id: token.user?.id ?? null,
    username: token.user?.username ?? null,
    created_at: token.createdAt.toISOString(),
    last_used_at: iso(token.lastUsedAt),
    expires_at: iso(token.expiresAt),
  };
}

export function libraryDto({ library, counts, watch }: LibraryView) {
  return {
    id: library.id,
    name: library.name,
    root_path: library.rootPath,
    metadata_provider: library.metadataProvider,
    fallback_metadata_provider: library.fallbackMetadataProvider,
    metadata_refresh_mode: library.metadataRefreshMode,
    watch: library.watch,
    watch_mode: watch.mode,
    watch_reason: watch.reason?.text ?? null,
    watch_reason_code: watch.reason?.code ?? null,
    scan_schedule: library.scanSchedule,
    default_reading_direction: readingDirectionOrNull(library.defaultReadingDirection) ?? DEFAULT_READING_DIRECTION,
    import_mode: library.importMode,
    naming_template: library.namingTemplate,
    book_count: counts.bookCount,
    unreadable_book_count: counts.unreadableBookCount,
    series_count: counts.seriesCount,
    last_scanned_at: iso(library.lastScannedAt),
    created_at: library.createdAt.toISOString(),
    updated_at: library.updatedAt.toISOString(),
  };
}

/** A created library with the scan its creation started. */
export function libraryCreatedDto(created: LibraryView & { scanJob: Job | null }) {
  return { ...libraryDto(created), scan_job: created.scanJob ? jobDto(created.scanJob) : null };
}

export function backupDto(backup: BackupFile) {
  return { name: backup.name, size: backup.size, created_at: backup.createdAt.toISOString() };
}

export function pageDto<T>(items: T[], total: number, page: number, limit: number) {
  return { items, total, page, limit };
}

/**
 * A stored message code as the API gives it: one this server does not know (written by a newer one) is given as none,
 * with no values, so that clients fall back to the words.
 */
function knownCode<Code extends string>(
  code: string | null | undefined,
  params: Record<string, string | number> | null | undefined,
  known: (value: unknown) => value is Code,
): { code: Code | null; params: Record<string, string | number> | null } {
  return known(code) ? { code, params: params ?? {} } : { code: null, params: null };
}

export function jobDto(job: Job) {
  const errorCode = knownCode(job.errorCode, job.errorParams, isJobErrorCode);
  const percent =
    job.status === 'succeeded' || job.status === 'completed_with_errors'
      ? 100
      : job.total
        ? Math.min(100, Math.round((job.processed / job.total) * 1000) / 10)
        : null;
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    library_id: job.library?.id ?? null,
    progress: {
      processed: job.processed,
      total: job.total,
      percent,
      current_item: job.currentItem,
      stage: job.stage as JobStage | null,
    },
    error: job.error,
    error_code: errorCode.code,
    error_params: errorCode.params,
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
      ...knownCode(error.code, error.params, isJobItemErrorCode),
      at: error.createdAt.toISOString(),
    })),
  };
}

/** A book file's parse error beside its words: its item error code and values (none for older rows, see knownCode). */
function parseErrorCode(file: Pick<BookSummary, 'parseErrorCode' | 'parseErrorParams'>) {
  const { code, params } = knownCode(file.parseErrorCode, file.parseErrorParams, isJobItemErrorCode);
  return { parse_error_code: code, parse_error_params: params };
}

export function bookDto(book: BookSummary, apiRoot: string) {
  return {
    id: book.id,
    library_id: book.libraryId,
    series_id: book.seriesId,
    series: book.seriesName,
    title: book.title,
    volume: book.volume,
    volume_end: book.volumeEnd,
    chapter: book.chapter,
    chapter_end: book.chapterEnd,
    kind: book.volumeKind,
    format: book.format,
    size_bytes: book.sizeBytes,
    page_count: book.pageCount,
    parse_status: book.parseStatus,
    parse_error: book.parseError,
    ...parseErrorCode(book),
    authors: book.authors,
    reading_status: book.readingStatus,
    current_page: book.currentPage,
    last_read_at: book.lastReadAt?.toISOString() ?? null,
    thumbnail_url: book.hasCover ? `${apiRoot}/books/${book.id}/thumbnail` : null,
    created_at: book.createdAt.toISOString(),
    updated_at: book.updatedAt.toISOString(),
  };
}

export function bookDetailsDto(book: BookDetails, apiRoot: string) {
  return {
    ...bookDto(book, apiRoot),
    summary: book.summary,
    isbn: book.isbn,
    publish_date: book.publishDate,
    language: book.language,
    count: book.count,
    genres: book.genres,
    publishers: book.publishers,
    imprint: book.imprint,
    tags: book.tags,
    age_rating: book.ageRating,
    age_rating_age: book.ageRatingAge,
    web_links: book.webLinks,
    story_arcs: book.storyArcs,
    series_group: book.seriesGroup,
    characters: book.characters,
    teams: book.teams,
    locations: book.locations,
    comic_format: book.comicFormat,
    black_and_white: book.blackAndWhite,
    metadata_sources: book.metadataSources,
    locked_fields: book.lockedFields,
    reading_position: book.readingPosition,
    reading_percentage: book.readingPercentage,
    file: {
      path: book.file.path,
      mtime: book.file.mtime.toISOString(),
      parse_status: book.file.parseStatus,
      parse_error: book.file.parseError,
      ...parseErrorCode(book.file),
    },
  };
}

export function readingProgressDto(progress: {
  bookId: string;
  status: ReadingStatus;
  currentPage: number | null;
  position: string | null;
  percentage: number | null;
  device: string | null;
  lastReadAt: Date | null;
  updatedAt: Date;
}) {
  return {
    book_id: progress.bookId,
    status: progress.status,
    current_page: progress.currentPage,
    position: progress.position,
    percentage: progress.percentage,
    device: progress.device,
    last_read_at: progress.lastReadAt?.toISOString() ?? null,
    updated_at: progress.updatedAt.toISOString(),
  };
}

/** A release-indexer connection test (POST /releases/test). */
export function connectionTestDto(result: ConnectionTest & { provider: string }) {
  return {
    ok: result.ok,
    message: result.message,
    indexer_count: result.indexerCount ?? null,
    provider: result.provider,
    failure: result.ok ? null : (result.failure ?? 'bad_response'),
  };
}

/** Writes the server's address of a provider's cover (RemoteCoverService.pathOf). */
export interface CoverPaths {
  pathOf(url: string | null | undefined, apiRoot: string): string | null;
}

export function seriesItemDto(series: SeriesSummary, apiRoot: string, covers: CoverPaths) {
  return {
    id: series.id,
    library_id: series.libraryId,
    name: series.name,
    book_count: series.bookCount,
    read_count: series.readCount,
    reading_status: seriesReadingStatus(series),
    status: series.status,
    total_volumes: series.totalVolumes,
    owned_count: series.ownedCount,
    missing_count: series.missingCount,
    chapter_count: series.chapterCount,
    first_chapter: series.firstChapter,
    last_chapter: series.lastChapter,
    cover_url:
      series.coverImage !== null
        ? `${apiRoot}${seriesCoverImagePath(series.id, series.coverImage)}`
        : series.coverBookId !== null
          ? `${apiRoot}/books/${series.coverBookId}/thumbnail`
          : covers.pathOf(series.providerCoverUrl, apiRoot),
    want_to_read: series.wantToRead,
  };
}

/** An uploaded cover's address below the API root; `v` (the upload's random name) gives each upload its own. */
export function seriesCoverImagePath(seriesId: string, image: string): string {
  return `/series/${seriesId}/cover/image?v=${encodeURIComponent(path.basename(image, '.jpg'))}`;
}

/**
 * Where the series' cover comes from, as the admin chose it (openapi.yaml `SeriesCoverChoice`); the chosen book as the
 * viewer may see it (`SeriesDetails.chosenCoverBookId`).
 */
export function seriesCoverChoiceDto(series: Series, chosenBookId: string | null) {
  const source = seriesCoverSource(series.coverSource);
  return { source, book_id: source === 'book' ? chosenBookId : null };
}

export function seriesMetadataDto(series: Series) {
  return {
    id: series.id,
    library_id: series.library.id,
    name: series.name,
    // `?? null`: nullable entity properties are typed optional; the contract always sends them, null when unset.
    status: series.status ?? null,
    authors: series.authors,
    description: series.description ?? null,
    publishers: series.publishers,
    start_year: series.startYear ?? null,
    total_volumes: series.totalVolumes ?? null,
    genres: series.genres,
    language: series.language ?? null,
    reading_direction: readingDirectionOrNull(series.readingDirection),
    imprint: series.imprint ?? null,
    tags: series.tags,
    age_rating: series.ageRating ?? null,
    age_rating_age: series.ageRatingAge ?? null,
    // Only while the description is the one taken from that book: another source's text is not "from volume N".
    description_from_volume:
      series.metadataSources.description === 'file' ? toNullableNumber(series.descriptionFromVolume ?? null) : null,
    metadata_sources: series.metadataSources,
    locked_fields: series.lockedFields,
    updated_at: series.updatedAt.toISOString(),
  };
}

export function seriesDetailsDto(
  { series, summary, chosenCoverBookId }: SeriesDetails,
  apiRoot: string,
  covers: CoverPaths,
) {
  return {
    ...seriesItemDto(summary, apiRoot, covers),
    ...seriesMetadataDto(series),
    cover: seriesCoverChoiceDto(series, chosenCoverBookId),
  };
}

/**
 * What a plugin can supply, as the admin lists it: `series.<field>`, `volumes.<field>`, `language`, `search`, and
 * `grab` for a release indexer that can hand a release to its download client (SDK 1.3's optional capability).
 */
function capabilities(plugin: ShelfmarkPlugin): string[] {
  if (plugin.kind === 'release-indexer') return ['search', 'test_connection', ...(canGrab(plugin) ? ['grab'] : [])];
  const { series, volumes, hasVolumes, honoursLanguage } = plugin.capabilities;
  return [
    ...series.map((field) => `series.${field}`),
    ...(hasVolumes ? ['volumes', ...volumes.map((field) => `volumes.${field}`)] : []),
    ...(honoursLanguage ? ['language'] : []),
  ];
}

/** A plugin as `GET /plugins` lists it, its settings' words in the first of `languages` the plugin gives. */
export function pluginInfoDto({ entry, configured }: PluginView, languages: readonly string[]) {
  const plugin = entry.plugin;
  return {
    id: entry.id,
    name: plugin?.manifest.displayName ?? entry.specifier,
    kind: plugin === null ? null : plugin.kind === 'metadata' ? 'metadata_provider' : 'release_indexer',
    version: plugin?.manifest.version ?? null,
    api_version: plugin === null ? null : String(plugin.manifest.apiVersion),
    status: entry.status,
    configured,
    capabilities: plugin === null ? [] : capabilities(plugin),
    settings_schema: (plugin?.manifest.settings ?? []).map((field) => ({
      key: field.key,
      type: field.type,
      label: textIn(field.label, languages),
      help: field.help === undefined ? null : textIn(field.help, languages),
      secret: field.secret === true,
      required: field.required === true,
      // A secret's default is not shown either.
      default: field.secret ? null : (field.default ?? null),
    })),
    last_error: entry.lastError,
  };
}

export function settingsDto(view: SettingsView) {
  return {
    provider_language: view.providerLanguage,
    ui_language: view.uiLanguage,
    opds_pse_marks_read: view.opdsPseMarksRead,
    backup_schedule: view.backupSchedule,
    backup_keep: view.backupKeep,
    release_indexer: {
      url: view.releaseIndexer.url,
      api_key_set: view.releaseIndexer.apiKeySet,
      categories: view.releaseIndexer.categories,
    },
    import_folders: view.importFolders,
    plugins: Object.fromEntries(
      Object.entries(view.plugins).map(([id, state]) => [id, { values: state.values, secrets_set: state.secretsSet }]),
    ),
    sign_in: signInDto(view.signIn),
  };
}

export function candidateDto(candidate: Candidate, apiRoot: string, covers: CoverPaths) {
  return {
    provider: candidate.provider,
    external_id: candidate.externalId,
    title: candidate.title,
    alternative_titles: candidate.alternativeTitles,
    authors: candidate.authors,
    description: candidate.description,
    publishers: candidate.publishers,
    start_year: candidate.startYear,
    total_volumes: candidate.totalVolumes,
    status: candidate.rawStatus,
    genres: candidate.genres,
    language: candidate.language,
    cover_url: covers.pathOf(candidate.coverUrl, apiRoot),
    external_url: candidate.externalUrl,
    reading_direction: readingDirectionOrNull(candidate.readingDirection),
    confidence: candidate.confidence,
  };
}

export function metadataLinkDto(link: MetadataLink) {
  return {
    id: link.id,
    library_id: link.series.library.id,
    series_id: link.series.id,
    series_name: link.series.name,
    provider: link.provider,
    external_id: link.externalId,
    external_url: link.externalUrl ?? null,
    title: link.title ?? null,
    status: link.status,
    confidence: link.confidence ?? null,
    total_volumes_external: link.totalVolumesExternal ?? null,
    matched_at: link.matchedAt.toISOString(),
    approved_at: iso(link.approvedAt),
    synced_at: iso(link.syncedAt),
    created_at: link.createdAt.toISOString(),
    updated_at: link.updatedAt.toISOString(),
  };
}

export function syncReportDto(report: SyncReport) {
  return {
    series: report.series,
    books: report.books.map((book) => ({
      book_id: book.bookId,
      title: book.title,
      volume: book.volume,
      updated: book.updated,
      skipped: book.skipped,
    })),
    books_matched: report.booksMatched,
    books_unmatched: report.booksUnmatched,
    message: report.message,
  };
}

export function missingVolumesDto(missing: MissingVolumes) {
  return {
    link_id: missing.linkId,
    expected: missing.expected,
    owned: missing.owned,
    missing: missing.missing,
    volumes: missing.volumes.map((volume) => ({
      external_book_id: volume.externalBookId,
      volume_number: volume.volumeNumber,
      title: volume.title,
    })),
  };
}

export function batchReportDto({ job, counts, totalSeries, processed }: BatchReport) {
  const finished = job.finishedAt && job.startedAt ? job.finishedAt.getTime() - job.startedAt.getTime() : null;
  return {
    job_id: job.id,
    status: job.status,
    counts,
    total_series: totalSeries,
    processed,
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
    duration_ms: finished,
  };
}

export function batchResultDto(result: MetadataBatchResult) {
  const errorCode = knownCode(result.errorCode, result.errorParams, isJobItemErrorCode);
  const best = result.bestCandidate as { provider?: string; externalId?: string; title?: string } | null | undefined;
  return {
    series_id: result.series?.id ?? null,
    series_name: result.seriesName,
    outcome: result.outcome,
    provider: result.provider ?? null,
    fallback_used: result.fallbackUsed,
    candidate_count: result.candidateCount,
    best_confidence: result.bestConfidence ?? null,
    best_candidate: best
      ? { provider: best.provider ?? '', external_id: best.externalId ?? '', title: best.title ?? '' }
      : null,
    link_id: result.link?.id ?? null,
    error: result.error ?? null,
    error_code: errorCode.code,
    error_params: errorCode.params,
    errors: result.providerErrors ?? [],
  };
}

export function refreshReportDto({ job, entries }: { job: Job; entries: RefreshEntry[] }) {
  return {
    job_id: job.id,
    status: job.status,
    series: entries.map((entry) => ({
      series_id: entry.seriesId,
      series_name: entry.seriesName,
      link_id: entry.linkId,
      provider: entry.provider,
      report: entry.report === null ? null : syncReportDto(entry.report),
      error: entry.error,
      failure: entry.failure ?? null,
    })),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
  };
}

export function releaseDto(release: FoundRelease) {
  return {
    guid: release.guid,
    title: release.title,
    size: release.sizeBytes,
    indexer: release.indexer,
    protocol: release.protocol,
    seeders: release.seeders,
    leechers: release.leechers,
    publish_date: release.publishDate,
    download_url: release.downloadUrl,
    info_url: release.infoUrl,
    categories: release.categories,
    volumes: release.volumes,
    fills_missing: release.fillsMissing,
  };
}

export function statusMappingDto(mapping: StatusMappingRow) {
  return { id: mapping.id, provider_status: mapping.providerStatus, mapped_status: mapping.mappedStatus };
}

export function bookPagesDto(pages: readonly StoredPage[]) {
  return {
    items: pages.map((page) => ({
      number: page.number,
      media_type: page.mediaType,
      width: page.width,
      height: page.height,
    })),
  };
}

export function readerSettingsDto(view: ReaderSettingsView) {
  return {
    reading_direction: view.readingDirection,
    direction_source: view.directionSource,
    series_reading_direction: view.seriesReadingDirection,
    layout: view.layout,
    fit: view.fit,
    scroll_fit: view.scrollFit,
    max_width: view.maxWidth,
    background: view.background,
  };
}

function signInDto(view: SignInView) {
  const { oidc } = view;
  return {
    oidc: {
      enabled: oidc.enabled,
      issuer: oidc.issuer,
      client_id: oidc.clientId,
      client_secret_set: oidc.clientSecretSet,
      scopes: oidc.scopes,
      button_label: oidc.buttonLabel,
      create_users: oidc.createUsers,
      link_by_email: oidc.linkByEmail,
      admin_group: oidc.adminGroup,
      default_role: oidc.defaultRole,
      default_library_ids: oidc.defaultLibraryIds,
      set_by_environment: oidc.setByEnvironment,
    },
    local_passwords: view.localPasswords,
    break_glass_user_id: view.breakGlassUserId,
  };
}
