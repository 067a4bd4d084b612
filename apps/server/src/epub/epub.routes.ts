import { clientWentAway } from '../http/client-gone.js';
import { pipeline } from 'node:stream';
import { Router } from 'express';
import { NotFoundError, UnauthorizedError } from '../domain/errors.js';
import { resolvePrincipal } from '../http/credentials.js';
import { idParam } from '../http/path-id.js';
import type { AuthService } from '../services/auth.service.js';
import { archivePath, type EpubResourceService } from '../services/epub-resource.service.js';
import { runAsViewer } from '../services/viewer-context.js';
import { problem, sendProblem } from '../http/problem.js';
import { epubSecurityHeaders, onlyFetched } from './epub-headers.js';

/**
 * Kept by the browser, privately, and checked on each use against the book file's version (its ETag): a book
 * replaced on disk is never shown as a mix of old and new files.
 */
const RESOURCE_CACHE = 'private, no-cache';

/**
 * The files inside an EPUB for the admin's reader, outside /api/v1 (like /opds and /koreader) because it takes
 * nested paths: `GET /epub/{book_id}` lists the book's files with their sizes, `GET /epub/{book_id}/{path…}` answers
 * one file, streamed from the archive. Signed in as for pages (a Bearer token or the admin's session); a book the
 * caller cannot see is 404, like one that does not exist. Read-only: any other method is 405. Only fetched: a
 * request a browser makes to show the file as a page, or as part of one, is 403 (epub-headers.ts).
 */
export function epubRoutes(auth: AuthService, epub: EpubResourceService): Router {
  const router = Router();
  router.use(epubSecurityHeaders);
  router.use(onlyFetched);
  router.use(async (req, _res, next) => {
    req.principal = await resolvePrincipal(req, auth, ['bearer', 'session']);
    if (!req.principal) throw new UnauthorizedError('Sign in, or send an API token, to read this book.');
    runAsViewer(req.principal.viewer, next);
  });

  router.get('/:bookId', async (req, res) => {
    const entries = await epub.entries(idParam(req, 'bookId', 'Book'));
    res.set('Cache-Control', 'private, no-cache').json({ entries });
  });

  router.get('/:bookId/*path', async (req, res) => {
    const bookId = idParam(req, 'bookId', 'Book');
    const segments = (req.params as { path?: string[] }).path ?? [];
    const path = archivePath(segments);
    if (path === null) throw new NotFoundError('EPUB resource', segments.join('/').slice(0, 200));
    const resource = await epub.resource(bookId, path);
    const etag = `W/"${resource.version}"`;
    res.set({ ETag: etag, 'Cache-Control': RESOURCE_CACHE });
    if (req.headers['if-none-match'] === etag) {
      resource.stream.destroy();
      res.status(304).end();
      return;
    }
    res.status(200);
    res.set({ 'Content-Type': resource.contentType, 'Content-Length': String(resource.size) });
    if (req.method === 'HEAD') {
      resource.stream.destroy();
      res.end();
      return;
    }
    // pipeline() destroys both sides whichever ends first (a reader closed mid-load included), so the archive the
    // stream holds open is always closed; a failure after the headers can only cut the response short.
    pipeline(resource.stream, res, (error) => {
      if (!error) return;
      if (clientWentAway(error, req, res))
        req.log.debug({ bookId, code: error.code }, 'EPUB resource: client went away');
      else req.log.warn({ err: error, bookId }, 'EPUB resource stream failed');
    });
  });

  router.all(['/:bookId', '/:bookId/*path'], (req, res) => {
    res.setHeader('Allow', 'GET, HEAD');
    sendProblem(res, problem(405, 'method-not-allowed', 'Method not allowed', `${req.method} is not allowed here.`));
  });
  return router;
}
