import type { Container } from '../container.js';
import {
  apiTokenDto,
  bookDetailsDto,
  bookDto,
  jobDetailsDto,
  jobDto,
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
import { setUp, signIn, signOut } from '../http/sign-in.js';
import type { SignInLimiter } from '../http/sign-in-limiter.js';
import { OperationInputs } from './operation-input.js';
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
      status: operation('getAuthStatus').query(async ({ ctx }) => ({
        setup_required: await services.auth.setupRequired(),
        authenticated: ctx.principal !== null,
      })),
      setup: operation('setupAdmin').mutation(async ({ ctx, input }) =>
        userDto((await setUp(ctx.req, ctx.res, services.auth, input.body)).user),
      ),
      signIn: operation('login').mutation(async ({ ctx, input }) =>
        userDto((await signIn(ctx.req, ctx.res, services.auth, signIns, input.body)).user),
      ),
      signOut: operation('logout').mutation(async ({ ctx }) => {
        await signOut(ctx.req, ctx.res, services.auth);
        return { signedOut: true };
      }),
      me: operation('getCurrentPrincipal').query(({ ctx }) => principalDto(ctx.principal!)),
      setLocale: operation('updateCurrentUser').mutation(async ({ ctx, input }) =>
        userDto(await services.auth.setLocale(ctx.principal!, input.body.locale)),
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
      create: operation('createLibrary').mutation(async ({ input }) => {
        const body = input.body;
        return libraryDto(
          await services.libraries.create({
            name: body.name,
            rootPath: body.root_path,
            metadataProvider: body.metadata_provider,
            fallbackMetadataProvider: body.fallback_metadata_provider,
            metadataRefreshMode: body.metadata_refresh_mode,
          }),
        );
      }),
      update: operation('updateLibrary').mutation(async ({ input }) => {
        const body = input.body;
        return libraryDto(
          await services.libraries.update(input.library_id, {
            name: body.name,
            rootPath: body.root_path,
            metadataProvider: body.metadata_provider,
            fallbackMetadataProvider: body.fallback_metadata_provider,
            metadataRefreshMode: body.metadata_refresh_mode,
          }),
        );
      }),
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
          },
          page,
          limit,
        );
        return pageDto(
          result.items.map((item) => seriesItemDto(item, API_ROOT)),
          result.total,
          page,
          limit,
        );
      }),
      statuses: operation('listSeriesStatuses').query(async () => ({ items: await services.series.statuses() })),
      get: operation('getSeries').query(async ({ input }) =>
        seriesDetailsDto(await services.series.details({ id: input.series_id }), API_ROOT),
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
      update: operation('updateSeries').mutation(async ({ input }) => {
        const body = input.body;
        const updated = await services.series.update(
          { id: input.series_id },
          {
            status: body.status,
            authors: body.authors,
            description: body.description,
            publishers: body.publishers,
            startYear: body.start_year,
            totalVolumes: body.total_volumes,
            genres: body.genres,
            language: body.language,
            lockedFields: body.locked_fields,
          },
        );
        return seriesDetailsDto(updated, API_ROOT);
      }),
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
      get: operation('getBook').query(async ({ input }) =>
        bookDetailsDto(await services.books.get(input.book_id), API_ROOT),
      ),
      update: operation('updateBook').mutation(async ({ input }) => {
        const body = input.body;
        const updated = await services.books.update(input.book_id, {
          title: body.title,
          authors: body.authors,
          summary: body.summary,
          isbn: body.isbn,
          publishDate: body.publish_date,
          language: body.language,
          lockedFields: body.locked_fields,
        });
        return bookDetailsDto(updated, API_ROOT);
      }),
      setProgress: operation('setBookProgress').mutation(async ({ input }) =>
        readingProgressDto(
          await services.books.setProgress(input.book_id, {
            status: input.body.status,
            currentPage: input.body.current_page,
          }),
        ),
      ),
    }),
    tokens: router({
      list: operation('listTokens').query(async () => ({ items: (await services.auth.listTokens()).map(apiTokenDto) })),
      create: operation('createToken').mutation(async ({ input }) => {
        const body = input.body;
        const created = await services.auth.createToken(
          body.name,
          body.scope,
          body.expires_at ? new Date(body.expires_at) : null,
        );
        return { ...apiTokenDto(created.token), token: created.secret };
      }),
      remove: operation('deleteToken').mutation(async ({ input }) => {
        await services.auth.deleteToken(input.token_id);
        return { deleted: input.token_id };
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
      events: operation('streamJobEvents').subscription(async function* ({ input, signal }) {
        await services.jobs.require(input.job_id);
        for await (const event of services.jobs.events(
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
    plugins: router({
      list: operation('listPlugins').query(async () => ({
        items: (await services.plugins.list()).map(pluginInfoDto),
      })),
    }),
    settings: router({
      get: operation('getSettings').query(async () => settingsDto(await services.settings.view())),
    }),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
