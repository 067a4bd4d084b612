import type { Container } from '../container.js';
import {
  apiTokenDto,
  backupDto,
  authStatusDto,
  batchReportDto,
  batchResultDto,
  candidateDto,
  connectionTestDto,
  metadataLinkDto,
  missingVolumesDto,
  refreshReportDto,
  releaseDto,
  statusMappingDto,
  syncReportDto,
  bookDetailsDto,
  bookDto,
  bookPagesDto,
  readerSettingsDto,
  jobDetailsDto,
  jobDto,
  libraryCreatedDto,
  libraryDto,
  pageDto,
  pluginInfoDto,
  principalDto,
  readingProgressDto,
  seriesItemDto,
  seriesDetailsDto,
  settingsDto,
  userDto,
} from '../http/dto.js';
import type { LoadedSpec } from '../http/openapi-document.js';
import {
  bookEdit,
  libraryInput,
  matchInput,
  metadataFilters,
  readerSettingsEdit,
  seriesCoverChoice,
  seriesEdit,
  settingsUpdate,
  userInput,
} from '../http/request-inputs.js';
import { setUp, signIn, signOut, updateOwnAccount } from '../http/sign-in.js';
import { callerLanguages } from '../http/caller-languages.js';
import { releaseCandidateDto, releaseGrabDto, wantedVolumeDto } from '../http/wanted-dto.js';
import { importEntryDto, importRecordDto } from '../http/import-dto.js';
import type { SignInLimiter } from '../http/sign-in-limiter.js';
import { OperationInputs } from './operation-input.js';
import { savedFilterRouter } from './saved-filter-router.js';
import { labelRouter } from './label-router.js';
import { shelfRouters } from './shelf-routers.js';
import { operationProcedures, router, toTrpcError } from './procedures.js';
import { tracked } from '@trpc/server';
import { NotFoundError } from '../domain/errors.js';

/** Where REST serves its files (thumbnails): DTO links point there, as they do for REST clients. */
const API_ROOT = '/api/v1';

/**
 * The admin app's API: one procedure per admin action, each the tRPC twin of a REST operation (same input schema,
 * same scope, same service call, same DTO). Only its type leaves the server (`import type { AppRouter }`).
 */
export function createAppRouter(container: Container, spec: LoadedSpec, signIns: SignInLimiter) {
  const { services } = container;
  const operation = operationProcedures(spec.document, new OperationInputs(spec.document));

  return router({
    auth: router({
      status: operation('getAuthStatus').query(async ({ ctx }) =>
        authStatusDto(await services.auth.setupRequired(), ctx.principal, await services.oidc.buttonLabel()),
      ),
      setup: operation('setupAdmin').mutation(async ({ ctx, input }) =>
        userDto(await services.auth.withLibraries((await setUp(ctx.req, ctx.res, services.auth, input.body)).user)),
      ),
      signIn: operation('login').mutation(async ({ ctx, input }) =>
        userDto(
          await services.auth.withLibraries((await signIn(ctx.req, ctx.res, services.auth, signIns, input.body)).user),
        ),
      ),
      signOut: operation('logout').mutation(async ({ ctx }) => {
        await signOut(ctx.req, ctx.res, services.auth);
        return { signedOut: true };
      }),
      me: operation('getCurrentPrincipal').query(({ ctx }) => principalDto(ctx.principal!)),
      setLocale: operation('updateCurrentUser').mutation(async ({ ctx, input }) =>
        userDto(
          await services.auth.withLibraries(
            await services.auth.setPreferences(ctx.principal!, { locale: input.body.locale }),
          ),
        ),
      ),
      setTheme: operation('updateCurrentUser').mutation(async ({ ctx, input }) =>
        userDto(
          await services.auth.withLibraries(
            await services.auth.setPreferences(ctx.principal!, { theme: input.body.theme }),
          ),
        ),
      ),
      /** The caller's own password, with the current one (`password` and `current_password`). */
      changePassword: operation('updateCurrentUser').mutation(async ({ ctx, input }) =>
        userDto(
          await services.auth.withLibraries(
            await updateOwnAccount(ctx.req, services.auth, signIns, ctx.principal!, {
              password: input.body.password,
              current_password: input.body.current_password,
            }),
          ),
        ),
      ),
    }),
    libraries: router({
      list: operation('listLibraries').query(async ({ input }) => {
        const result = await services.libraries.page(input.page ?? 1, input.limit ?? 50);
        return pageDto(result.items.map(libraryDto), result.total, input.page ?? 1, input.limit ?? 50);
      }),
      get: operation('getLibrary').query(async ({ input }) =>
        libraryDto(await services.libraries.get(input.library_id)),
      ),
      create: operation('createLibrary').mutation(async ({ input }) =>
        libraryCreatedDto(
          await services.libraries.create({
            ...libraryInput(input.body),
            name: input.body.name,
            rootPath: input.body.root_path,
          }),
        ),
      ),
      update: operation('updateLibrary').mutation(async ({ input }) =>
        libraryDto(await services.libraries.update(input.library_id, libraryInput(input.body))),
      ),
      previewNaming: operation('previewNamingTemplate').query(({ input }) => ({
        examples: services.libraries.previewNaming(input.template),
      })),
      remove: operation('deleteLibrary').mutation(async ({ input }) => {
        await services.libraries.delete(input.library_id);
        return { deleted: input.library_id };
      }),
      scan: operation('scanLibrary').mutation(async ({ input }) => {
        const { job } = await services.scans.start(input.library_id, input.body?.mode ?? 'incremental');
        return jobDto(job);
      }),
    }),
    folders: router({
      list: operation('listFolders').query(({ input }) => services.folders.list(input.path)),
    }),
    series: router({
      list: operation('listSeries').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.series.page(
          {
            q: input.q,
            libraryId: input.library_id,
            readingStatus: input.reading_status,
            seriesStatus: input.series_status,
            hasMissing: input.has_missing,
            ...metadataFilters(input),
          },
          page,
          limit,
          input.sort ?? 'name_asc',
        );
        return pageDto(
          result.items.map((item) => seriesItemDto(item, API_ROOT, services.remoteCovers)),
          result.total,
          page,
          limit,
        );
      }),
      facets: operation('listSeriesFacets').query(({ input }) =>
        services.series.facets(
          {
            q: input.q,
            libraryId: input.library_id,
            readingStatus: input.reading_status,
            seriesStatus: input.series_status,
            hasMissing: input.has_missing,
            ...metadataFilters(input),
          },
          input.facet,
        ),
      ),
      statuses: operation('listSeriesStatuses').query(async () => ({ items: await services.series.statuses() })),
      get: operation('getSeries').query(async ({ input }) =>
        seriesDetailsDto(await services.series.details({ id: input.series_id }), API_ROOT, services.remoteCovers),
      ),
      books: operation('listSeriesBooks').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.series.bookPage({ id: input.series_id }, page, limit);
        return pageDto(
          result.items.map((book) => bookDto(book, API_ROOT)),
          result.total,
          page,
          limit,
        );
      }),
      update: operation('updateSeries').mutation(async ({ input }) =>
        seriesDetailsDto(
          await services.series.update({ id: input.series_id }, seriesEdit(input.body)),
          API_ROOT,
          services.remoteCovers,
        ),
      ),
      // The non-file half of the cover: an uploaded image goes over REST (tRPC carries no files, ADR 18).
      chooseCover: operation('chooseSeriesCover').mutation(async ({ input }) =>
        seriesDetailsDto(
          await services.seriesCovers.choose({ id: input.series_id }, seriesCoverChoice(input.body)),
          API_ROOT,
          services.remoteCovers,
        ),
      ),
      readerSettings: operation('getSeriesReaderSettings').query(async ({ input }) =>
        readerSettingsDto(await services.readerSettings.get({ id: input.series_id })),
      ),
      setReaderSettings: operation('setSeriesReaderSettings').mutation(async ({ input }) =>
        readerSettingsDto(
          await services.readerSettings.update({ id: input.series_id }, readerSettingsEdit(input.body)),
        ),
      ),
      markRead: operation('markSeriesRead').mutation(async ({ input }) => ({
        changed: await services.series.markRead(
          { libraryId: input.body.library_id, name: input.body.series_name },
          input.body.status,
        ),
      })),
    }),
    books: router({
      list: operation('listBooks').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.books.page(
          {
            q: input.q,
            libraryId: input.library_id,
            series: input.series,
            readingStatus: input.reading_status,
            format: input.format,
            parseStatus: input.parse_status,
            ...metadataFilters(input),
          },
          input.sort ?? 'series',
          page,
          limit,
        );
        return pageDto(
          result.items.map((book) => bookDto(book, API_ROOT)),
          result.total,
          page,
          limit,
        );
      }),
      facets: operation('listBookFacets').query(({ input }) =>
        services.books.facets(
          {
            q: input.q,
            libraryId: input.library_id,
            series: input.series,
            readingStatus: input.reading_status,
            format: input.format,
            parseStatus: input.parse_status,
            ...metadataFilters(input),
          },
          input.facet,
        ),
      ),
      onDeck: operation('listOnDeckBooks').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.books.onDeck(input.library_id, page, limit);
        return pageDto(
          result.items.map((book) => bookDto(book, API_ROOT)),
          result.total,
          page,
          limit,
        );
      }),
      get: operation('getBook').query(async ({ input }) =>
        bookDetailsDto(await services.books.get(input.book_id), API_ROOT),
      ),
      pages: operation('getBookPages').query(async ({ input }) =>
        bookPagesDto(await services.bookPages.list(input.book_id)),
      ),
      update: operation('updateBook').mutation(async ({ input }) =>
        bookDetailsDto(await services.books.update(input.book_id, bookEdit(input.body)), API_ROOT),
      ),
      setProgress: operation('setBookProgress').mutation(async ({ input }) =>
        readingProgressDto(
          await services.books.setProgress(input.book_id, {
            status: input.body.status,
            currentPage: input.body.current_page,
            position: input.body.position,
            percentage: input.body.percentage,
          }),
        ),
      ),
    }),
    tokens: router({
      list: operation('listTokens').query(async ({ ctx }) => ({
        items: (await services.auth.listTokens(ctx.principal!)).map(apiTokenDto),
      })),
      create: operation('createToken').mutation(async ({ ctx, input }) => {
        const body = input.body;
        const created = await services.auth.createToken(
          ctx.principal!,
          body.name,
          body.scope,
          body.expires_at ? new Date(body.expires_at) : null,
        );
        return { ...apiTokenDto(created.token), token: created.secret };
      }),
      remove: operation('deleteToken').mutation(async ({ ctx, input }) => {
        await services.auth.deleteToken(ctx.principal!, input.token_id);
        return { deleted: input.token_id };
      }),
    }),
    users: router({
      list: operation('listUsers').query(async () => ({ items: (await services.users.list()).map(userDto) })),
      get: operation('getUser').query(async ({ input }) => userDto(await services.users.get(input.user_id))),
      create: operation('createUser').mutation(async ({ input }) =>
        userDto(
          await services.users.create({
            ...userInput(input.body),
            username: input.body.username,
            password: input.body.password,
            role: input.body.role,
          }),
        ),
      ),
      update: operation('updateUser').mutation(async ({ input }) =>
        userDto(await services.users.update(input.user_id, userInput(input.body))),
      ),
      remove: operation('deleteUser').mutation(async ({ input }) => {
        await services.users.delete(input.user_id);
        return { deleted: input.user_id };
      }),
    }),
    jobs: router({
      list: operation('listJobs').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.jobs.page(
          { type: input.type, status: input.status, libraryId: input.library_id },
          page,
          limit,
        );
        return pageDto(result.items.map(jobDto), result.total, page, limit);
      }),
      get: operation('getJob').query(async ({ input }) => jobDetailsDto(await services.jobs.get(input.job_id))),
      cancel: operation('cancelJob').mutation(async ({ input }) => jobDto(await services.jobs.cancel(input.job_id))),
      /**
       * Live progress, as REST's event stream: each event is tracked by the same id, so a client that reconnects
       * (tRPC sends lastEventId) resumes without missing the end.
       */
      events: operation('streamJobEvents').subscription(async function* ({ ctx, input, signal }) {
        for await (const event of services.jobs.events(
          ctx.principal!.viewer,
          input.job_id,
          input.lastEventId,
          signal ?? new AbortController().signal,
        )) {
          if (event.kind === 'gone') throw toTrpcError(new NotFoundError('Job', event.jobId));
          yield tracked(event.id, { kind: event.kind, job: jobDto(event.job) });
          if (event.kind === 'end') return;
        }
      }),
    }),
    metadata: router({
      search: operation('searchMetadata').mutation(async ({ input, signal }) => ({
        items: (
          await services.metadata.search(input.body.library_id, input.body.series_name, input.body.provider, signal)
        ).map((candidate) => candidateDto(candidate, API_ROOT, services.remoteCovers)),
      })),
      match: operation('matchMetadata').mutation(async ({ input, signal }) =>
        metadataLinkDto(await services.metadata.match(matchInput(input.body, services.remoteCovers), signal)),
      ),
      approve: operation('approveMetadataLink').mutation(async ({ input, signal }) => {
        const { link, report } = await services.metadata.approve(input.link_id, signal);
        return { link: metadataLinkDto(link), report: syncReportDto(report) };
      }),
      reject: operation('rejectMetadataLink').mutation(async ({ input }) =>
        metadataLinkDto(await services.metadata.reject(input.link_id)),
      ),
      removeLink: operation('deleteMetadataLink').mutation(async ({ input }) => {
        await services.metadata.delete(input.link_id);
        return { deleted: input.link_id };
      }),
      links: operation('listMetadataLinks').query(async ({ input }) => ({
        items: (
          await services.metadata.links({
            libraryId: input.library_id,
            seriesName: input.series_name,
            status: input.status,
            limit: input.limit ?? 200,
          })
        ).map(metadataLinkDto),
      })),
      preview: operation('previewMetadataLink').query(async ({ input, signal }) => ({
        link_id: input.link_id,
        fields: await services.metadata.preview(input.link_id, signal),
      })),
      seriesLinks: operation('listSeriesLinks').query(async ({ input }) => ({
        items: (await services.series.metadataLinks({ id: input.series_id })).map(metadataLinkDto),
      })),
      missing: operation('getMissingVolumes').query(async ({ input }) =>
        missingVolumesDto(await services.metadata.missing(input.link_id)),
      ),
      startBatch: operation('startMetadataBatch').mutation(async ({ input }) =>
        jobDto((await services.metadataBatch.start(input.body.library_id, input.body.series_ids)).job),
      ),
      batchReport: operation('getMetadataBatchReport').query(async ({ input }) =>
        batchReportDto(await services.metadataBatch.report(input.job_id)),
      ),
      batchResults: operation('listMetadataBatchResults').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.metadataBatch.results(input.job_id, input.status, page, limit);
        return pageDto(result.items.map(batchResultDto), result.total, page, limit);
      }),
      startRefresh: operation('startMetadataRefresh').mutation(async ({ input }) =>
        jobDto((await services.metadataRefresh.start(input.body.library_id)).job),
      ),
      refreshReport: operation('getMetadataRefreshReport').query(async ({ input }) =>
        refreshReportDto(await services.metadataRefresh.report(input.job_id)),
      ),
    }),
    releases: router({
      search: operation('searchReleases').mutation(async ({ input, signal }) => {
        const body = input.body;
        const result = await services.releases.search(
          { libraryId: body.library_id, seriesName: body.series_name, volume: body.volume, missing: body.missing },
          signal,
        );
        return { items: result.items.map(releaseDto), queries: result.queries };
      }),
      test: operation('testReleaseIndexer').mutation(async ({ signal }) => {
        const result = await services.releases.test(signal);
        return connectionTestDto(result);
      }),
    }),
    wanted: router({
      list: operation('listWanted').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.wanted.page(
          {
            libraryId: input.library_id,
            seriesId: input.series_id,
            seriesStatus: input.series_status,
            status: input.status,
          },
          page,
          limit,
        );
        return pageDto(result.items.map(wantedVolumeDto), result.total, page, limit);
      }),
      search: operation('startReleaseSearch').mutation(async ({ input }) => {
        const { job } = await services.releaseSearches.start({
          volumes: input.body.volumes?.map((volume) => ({ seriesId: volume.series_id, volume: volume.volume })),
          libraryId: input.body.library_id,
        });
        return jobDto(job);
      }),
      candidates: operation('listReleaseCandidates').query(async ({ input }) => ({
        items: (await services.releaseGrabs.list(input.series_id, input.volume)).map(releaseCandidateDto),
      })),
      grab: operation('grabRelease').mutation(async ({ input, signal }) =>
        releaseGrabDto(await services.releaseGrabs.grab(input.body.candidate_id, signal)),
      ),
      grabs: operation('listReleaseGrabs').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.releaseGrabs.page(input.status, page, limit);
        return pageDto(result.items.map(releaseGrabDto), result.total, page, limit);
      }),
    }),
    imports: router({
      queue: operation('listImports').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.imports.queue(page, limit);
        return pageDto(result.items.map(importEntryDto), result.total, page, limit);
      }),
      import: operation('importQueuedFile').mutation(async ({ input, ctx }) =>
        importEntryDto(
          await services.imports.importEntry(input.import_id, {
            seriesId: input.body.series_id,
            volume: input.body.volume,
            replace: input.body.replace ?? false,
            userId: ctx.principal?.userId ?? undefined,
          }),
        ),
      ),
      ignore: operation('ignoreImport').mutation(async ({ input }) =>
        importEntryDto(await services.imports.ignore(input.import_id)),
      ),
      history: operation('listImportHistory').query(async ({ input }) => {
        const page = input.page ?? 1;
        const limit = input.limit ?? 50;
        const result = await services.imports.history(page, limit);
        return pageDto(result.items.map(importRecordDto), result.total, page, limit);
      }),
      undo: operation('undoImport').mutation(async ({ input, ctx }) =>
        importRecordDto(await services.imports.undo(input.record_id, ctx.principal?.userId ?? undefined)),
      ),
    }),
    statusMappings: router({
      list: operation('listStatusMappings').query(async () => ({
        items: (await services.statusMappings.list()).map(statusMappingDto),
      })),
      set: operation('upsertStatusMapping').mutation(async ({ input }) =>
        statusMappingDto(await services.statusMappings.upsert(input.body.provider_status, input.body.mapped_status)),
      ),
      unmap: operation('unmapStatusMapping').mutation(async ({ input }) =>
        statusMappingDto(await services.statusMappings.unmap(input.id)),
      ),
    }),
    plugins: router({
      list: operation('listPlugins').query(async ({ ctx }) => {
        const languages = callerLanguages(ctx.req);
        return { items: (await services.plugins.list()).map((view) => pluginInfoDto(view, languages)) };
      }),
    }),
    settings: router({
      get: operation('getSettings').query(async () => settingsDto(await services.settings.view())),
      update: operation('updateSettings').mutation(async ({ input }) =>
        settingsDto(await services.settings.update(settingsUpdate(input.body))),
      ),
    }),
    backups: router({
      list: operation('listBackups').query(async () => ({
        items: (await services.backups.list()).map(backupDto),
      })),
      start: operation('startBackup').mutation(async () => jobDto((await services.backups.start()).job)),
    }),
    health: router({
      get: operation('getHealth').query(() => services.health.report()),
    }),
    ...shelfRouters(services, operation),
    savedFilters: savedFilterRouter(services, operation),
    labels: labelRouter(services, operation),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
