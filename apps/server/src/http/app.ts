import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import express, { type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Container } from '../container.js';
import { serializeError } from '../logger.js';
import { epubRoutes } from '../epub/epub.routes.js';
import { kosyncRoutes } from '../kosync/kosync.routes.js';
import { opdsRoutes } from '../opds/opds.routes.js';
import { trpcMiddleware } from '../trpc/express.js';
import { authorize } from './authorize.js';
import { docsRoutes } from './docs.routes.js';
import { errorHandler } from './error-handler.js';
import { inputGuard } from './input-guard.js';
import { notImplemented } from './not-implemented.js';
import { loadOpenApi, type LoadedSpec } from './openapi-document.js';
import { openApiValidation, type ValidationOptions } from './openapi-validation.js';
import { OperationRouter } from './operation-router.js';
import { problem, sendProblem } from './problem.js';
import { authRoutes, type LoginLimit } from './routes/auth.routes.js';
import { oidcRoutes } from './routes/oidc.routes.js';
import { forwardAuth } from './forward-auth.js';
import { SignInLimiter } from './sign-in-limiter.js';
import { bookFileRoutes } from './routes/book-file.routes.js';
import { bookRoutes } from './routes/book.routes.js';
import { metadataJobRoutes } from './routes/metadata-jobs.routes.js';
import { metadataRoutes } from './routes/metadata.routes.js';
import { pluginRoutes } from './routes/plugin.routes.js';
import { releaseRoutes } from './routes/release.routes.js';
import { wantedRoutes } from './routes/wanted.routes.js';
import { releaseGrabRoutes } from './routes/release-grab.routes.js';
import { importRoutes } from './routes/import.routes.js';
import { statusMappingRoutes } from './routes/status-mapping.routes.js';
import { seriesRoutes } from './routes/series.routes.js';
import { seriesCoverRoutes } from './routes/series-cover.routes.js';
import { bookUploadRoutes } from './routes/book-upload.routes.js';
import {
  abandonedUploads,
  refuseDeclaredOversize,
  removeStagedUploads,
  sweepStagedUploads,
  uploaderOptions,
  uploadStagingDirectory,
} from './uploads.js';
import { collectionRoutes } from './routes/collection.routes.js';
import { readingListRoutes } from './routes/reading-list.routes.js';
import { savedFilterRoutes } from './routes/saved-filter.routes.js';
import { labelRoutes } from './routes/label.routes.js';
import { folderRoutes } from './routes/folder.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { jobRoutes } from './routes/job.routes.js';
import { backupRoutes } from './routes/backup.routes.js';
import { libraryRoutes } from './routes/library.routes.js';
import { tokenRoutes } from './routes/token.routes.js';
import { userRoutes } from './routes/user.routes.js';
import { responseLogLevel } from './client-gone.js';

export interface AppOptions extends ValidationOptions {
  spec?: LoadedSpec;
  /** The built admin app (SvelteKit adapter-node handler), served for every path the API does not own. */
  adminHandler?: RequestHandler;
  loginLimit?: LoginLimit;
}

export interface App {
  express: Express;
  /** operationIds that have a handler; every other operation of the spec answers 501. */
  implemented: ReadonlySet<string>;
  spec: LoadedSpec;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Builds the HTTP application; listening, signals and shutdown belong to main.ts. */
export function createApp(container: Container, options: AppOptions = {}): App {
  const spec = options.spec ?? loadOpenApi();
  const { services, logger, orm } = container;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  // TRUST_PROXY: whose X-Forwarded-* headers set req.ip, req.protocol and req.host (off unless configured).
  app.set('trust proxy', container.config.trustProxy);

  // Before the request logger: a trusted proxy's user header is read, and every such header dropped, first.
  app.use(forwardAuth(container.config.forwardAuth));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
      customLogLevel: (_req, res) => responseLogLevel(res),
      customErrorMessage: (_req, res) => `request answered ${res.statusCode}`,
      // Our serializers take the raw objects (pino-http would otherwise hand them pre-serialized copies).
      wrapSerializers: false,
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    // A window this server's page opened, or that opened it, from another site gets no handle on it (window.opener,
    // the popup's reference): it cannot move the admin's tab. The admin's Content-Security-Policy is its own (ADR 17).
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    next();
  });
  app.use((_req, _res, next) => {
    RequestContext.create(orm.em, next);
  });
  app.use(docsRoutes(spec));

  const routes = new OperationRouter(spec);
  healthRoutes(routes, services.health);
  // One limiter for every way of signing in to the admin (REST and tRPC).
  const signIns = new SignInLimiter(options.loginLimit ?? { attempts: 10, windowMs: 15 * 60 * 1000 });
  authRoutes(routes, services.auth, services.oidc, signIns);
  oidcRoutes(routes, services.auth, services.oidc, container.config.publicUrl, spec.basePath);
  tokenRoutes(routes, services.auth);
  userRoutes(routes, services.users);
  libraryRoutes(routes, services.libraries, services.scans);
  jobRoutes(routes, services.jobs);
  backupRoutes(routes, services.backups);
  bookFileRoutes(routes, services.bookFiles, services.bookPages);
  bookRoutes(routes, services.books);
  seriesRoutes(routes, services.series, services.readerSettings, services.remoteCovers);
  seriesCoverRoutes(routes, services.seriesCovers, services.remoteCovers);
  bookUploadRoutes(routes, services.bookUploads);
  pluginRoutes(routes, services.plugins, services.settings);
  statusMappingRoutes(routes, services.statusMappings);
  releaseRoutes(routes, services.releases);
  wantedRoutes(routes, services.wanted);
  releaseGrabRoutes(routes, services.releaseSearches, services.releaseGrabs);
  importRoutes(routes, services.imports);
  metadataRoutes(routes, services.metadata, services.remoteCovers);
  metadataJobRoutes(routes, services.metadataBatch, services.metadataRefresh);
  folderRoutes(routes, services.folders);
  collectionRoutes(routes, services.collections, services.remoteCovers);
  readingListRoutes(routes, services.readingLists, services.wantToRead, services.remoteCovers);
  savedFilterRoutes(routes, services.savedFilters);
  labelRoutes(routes, services.labels);

  app.use(spec.basePath, express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] }));
  // RFC 9110: HEAD is GET without the body. The contract lists GET only, so HEAD is validated and routed as GET;
  // Node already knows the exchange is HEAD and sends no body.
  app.use(spec.basePath, (req, _res, next) => {
    if (req.method === 'HEAD') req.method = 'GET';
    next();
  });
  const staging = uploadStagingDirectory(container.config.dataDir);
  const uploadLimits = { uploadBookFile: container.config.bookUploadMaxBytes };
  void sweepStagedUploads(staging, logger);
  app.use(
    openApiValidation(
      spec,
      // Before the uploader: a caller without the scope is refused before any byte of a file is read.
      [
        authorize(spec.document, services.auth),
        notImplemented(routes.implemented),
        inputGuard(),
        refuseDeclaredOversize(uploadLimits),
        removeStagedUploads(logger),
      ],
      uploaderOptions(spec.document, staging, uploadLimits),
      options,
    ),
  );
  app.use(abandonedUploads(logger));
  app.use(spec.basePath, routes.router);
  app.use(spec.basePath, (req, res) => {
    sendProblem(
      res,
      problem(404, 'not-found', 'Not found', `No API operation at ${req.method} ${req.baseUrl}${req.path}.`),
    );
  });
  app.use('/trpc', trpcMiddleware(container, spec, signIns));
  app.use('/opds', opdsRoutes(services, logger.child({ area: 'opds' })));
  app.use('/epub', epubRoutes(services.auth, services.epubResources));
  app.use('/koreader', kosyncRoutes(services.auth, services.kosync, logger.child({ area: 'kosync' })));
  if (options.adminHandler) app.use(options.adminHandler);
  app.use(errorHandler(logger));
  return { express: app, implemented: routes.implemented, spec };
}
