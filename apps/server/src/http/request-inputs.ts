import type { OperationBody, OperationQuery } from '../contract/operation-types.js';
import type { MetadataFilters } from '../domain/catalog-filters.js';
import type { BookEdit } from '../services/book.service.js';
import type { LibraryInput } from '../services/library.service.js';
import type { MatchInput } from '../services/metadata.service.js';
import type { ReaderSettingsEdit } from '../services/reader-settings.service.js';
import type { SeriesEdit } from '../services/series.service.js';
import type { SeriesCoverChoice } from '../services/series-cover.service.js';
import { ValidationError } from '../domain/errors.js';
import type { SettingsUpdate } from '../services/settings.service.js';
import type { UserUpdateInput } from '../services/user.service.js';
import type { SettingValue } from '@shelfmark/plugin-sdk';

/**
 * Wire bodies (snake_case, from openapi.yaml) → service inputs, the other direction of dto.ts. Shared by REST
 * routes and tRPC procedures, so the two transports cannot map a request differently.
 */

/** An account as the admin creates or edits it (the same fields for both; those left out keep their value). */
export function userInput(body: OperationBody<'updateUser'>): UserUpdateInput {
  return {
    username: body.username,
    password: body.password,
    role: body.role,
    libraryIds: body.library_ids,
    disabled: body.disabled,
    ageMax: body.age_max,
    allowUnrated: body.allow_unrated,
    labelsInclude: body.labels_include,
    labelsExclude: body.labels_exclude,
    email: body.email,
  };
}

export function libraryInput(body: OperationBody<'updateLibrary'>): LibraryInput {
  return {
    name: body.name,
    rootPath: body.root_path,
    metadataProvider: body.metadata_provider,
    fallbackMetadataProvider: body.fallback_metadata_provider,
    metadataRefreshMode: body.metadata_refresh_mode,
    watch: body.watch,
    scanSchedule: body.scan_schedule,
    defaultReadingDirection: body.default_reading_direction,
    importMode: body.import_mode,
    namingTemplate: body.naming_template,
  };
}

export function seriesEdit(body: OperationBody<'updateSeries'>): SeriesEdit {
  return {
    status: body.status,
    authors: body.authors,
    description: body.description,
    imprint: body.imprint,
    tags: body.tags,
    ageRating: body.age_rating,
    publishers: body.publishers,
    startYear: body.start_year,
    totalVolumes: body.total_volumes,
    genres: body.genres,
    language: body.language,
    readingDirection: body.reading_direction,
    lockedFields: body.locked_fields,
  };
}

export function bookEdit(body: OperationBody<'updateBook'>): BookEdit {
  return {
    title: body.title,
    volume: body.volume,
    volumeEnd: body.volume_end,
    chapter: body.chapter,
    chapterEnd: body.chapter_end,
    kind: body.kind,
    authors: body.authors,
    summary: body.summary,
    isbn: body.isbn,
    publishDate: body.publish_date,
    language: body.language,
    count: body.count,
    genres: body.genres,
    publishers: body.publishers,
    imprint: body.imprint,
    tags: body.tags,
    ageRating: body.age_rating,
    webLinks: body.web_links,
    storyArcs: body.story_arcs,
    seriesGroup: body.series_group,
    characters: body.characters,
    teams: body.teams,
    locations: body.locations,
    comicFormat: body.comic_format,
    blackAndWhite: body.black_and_white,
    lockedFields: body.locked_fields,
  };
}

/** `covers`: a candidate passed back as the search returned it carries the server's cover address, not the provider's. */
export function matchInput(
  body: OperationBody<'matchMetadata'>,
  covers: { originalOf(value: string | null | undefined): string | null | undefined },
): MatchInput {
  const candidate = body.candidate;
  return {
    libraryId: body.library_id,
    seriesName: body.series_name,
    provider: body.provider,
    externalId: body.external_id,
    confidence: body.confidence,
    title: body.title,
    candidate: candidate && {
      ...(candidate.external_id === undefined ? {} : { externalId: candidate.external_id }),
      title: candidate.title,
      alternativeTitles: candidate.alternative_titles,
      authors: candidate.authors,
      description: candidate.description,
      publishers: candidate.publishers,
      startYear: candidate.start_year,
      totalVolumes: candidate.total_volumes,
      rawStatus: candidate.status,
      genres: candidate.genres,
      language: candidate.language,
      coverUrl: covers.originalOf(candidate.cover_url),
      externalUrl: candidate.external_url,
      readingDirection: candidate.reading_direction,
    },
  };
}

export function settingsUpdate(body: OperationBody<'updateSettings'>): SettingsUpdate {
  const indexer = body.release_indexer;
  return {
    providerLanguage: body.provider_language,
    uiLanguage: body.ui_language,
    opdsPseMarksRead: body.opds_pse_marks_read,
    backupSchedule: body.backup_schedule,
    backupKeep: body.backup_keep,
    releaseIndexer: indexer && { url: indexer.url, apiKey: indexer.api_key, categories: indexer.categories },
    importFolders: body.import_folders,
    // The contract takes any JSON values here; SettingsService checks each against its plugin field's type.
    plugins: body.plugins as Record<string, Record<string, SettingValue>> | undefined,
    signIn: body.sign_in && {
      oidc: body.sign_in.oidc && {
        issuer: body.sign_in.oidc.issuer,
        clientId: body.sign_in.oidc.client_id,
        clientSecret: body.sign_in.oidc.client_secret,
        scopes: body.sign_in.oidc.scopes,
        buttonLabel: body.sign_in.oidc.button_label,
        createUsers: body.sign_in.oidc.create_users,
        linkByEmail: body.sign_in.oidc.link_by_email,
        adminGroup: body.sign_in.oidc.admin_group,
        defaultRole: body.sign_in.oidc.default_role,
        defaultLibraryIds: body.sign_in.oidc.default_library_ids,
      },
      localPasswords: body.sign_in.local_passwords,
      breakGlassUserId: body.sign_in.break_glass_user_id,
    },
  };
}

/** `book_id` goes with `book` only: the contract cannot say so without a oneOf that ajv's messages make opaque. */
export function seriesCoverChoice(body: OperationBody<'chooseSeriesCover'>): SeriesCoverChoice {
  if (body.source === 'book') {
    if (body.book_id === undefined) {
      throw new ValidationError("A book_id is needed to choose a book's cover.", [
        { path: 'book_id', message: 'required with source book', code: 'required' },
      ]);
    }
    return { source: 'book', bookId: body.book_id };
  }
  if (body.book_id !== undefined) {
    throw new ValidationError('book_id goes with source book only.', [
      { path: 'book_id', message: 'only with source book', code: 'exclusive' },
    ]);
  }
  return { source: 'first_book' };
}

export function readerSettingsEdit(body: OperationBody<'setSeriesReaderSettings'>): ReaderSettingsEdit {
  return {
    readingDirection: body.reading_direction,
    layout: body.layout,
    fit: body.fit,
    scrollFit: body.scroll_fit,
    maxWidth: body.max_width,
    background: body.background,
  };
}

type FilterQuery = OperationQuery<'listSeries'> | OperationQuery<'listBooks'>;

/** The metadata filters of a list or facets request, the same for REST and tRPC (both validated by the contract). */
export function metadataFilters(query: FilterQuery): MetadataFilters {
  return {
    genre: query.genre,
    publisher: query.publisher,
    tag: query.tag,
    author: query.author,
    authorRole: query.author_role,
    ageMax: query.age_max,
    unrated: query.unrated,
    language: query.language,
    yearFrom: query.year_from,
    yearTo: query.year_to,
    comicFormat: query.comic_format,
    storyArc: query.story_arc,
  };
}
