import { Router, type Response } from 'express';
import type { Logger } from '../logger.js';
import type { OpdsServices } from './opds.routes.js';
import { idParam, maxWidthParam, pageNumberParam } from './request-values.js';

const IMAGE_CACHE = 'private, max-age=86400';

function sendFile(res: Response, file: string, next: (error?: unknown) => void, options: object = {}): void {
  res.sendFile(file, { dotfiles: 'allow', ...options }, (error) => {
    if (error && !res.headersSent) next(error);
  });
}

/** A book's file, cover, thumbnail and pages for reading apps (OPDS acquisition, images and page streaming). */
export function bookMediaRoutes(services: OpdsServices, logger: Logger): Router {
  const router = Router();
  const { bookFiles, books, settings } = services;

  router.get('/:bookId/file', async (req, res, next) => {
    const file = await bookFiles.locate(idParam(req, 'bookId', 'Book'));
    res.attachment(file.fileName);
    res.type(file.contentType);
    // Range requests (206/416) and conditional GETs: apps resume large downloads.
    sendFile(res, file.absolute, next, { acceptRanges: true, lastModified: true });
  });

  router.get('/:bookId/thumbnail', async (req, res, next) => {
    const thumbnail = await bookFiles.thumbnail(idParam(req, 'bookId', 'Book'));
    res.type('image/jpeg').set('Cache-Control', IMAGE_CACHE);
    sendFile(res, thumbnail, next);
  });

  // The full-size cover: the first page as JPEG; EPUBs, which have no pages, give their cover thumbnail.
  router.get('/:bookId/cover', async (req, res, next) => {
    const bookId = idParam(req, 'bookId', 'Book');
    const file = await bookFiles.locate(bookId);
    if (file.format === 'epub') {
      const thumbnail = await bookFiles.thumbnail(bookId);
      res.type('image/jpeg').set('Cache-Control', IMAGE_CACHE);
      sendFile(res, thumbnail, next);
      return;
    }
    const image = await bookFiles.page(bookId, 1, undefined, { jpeg: true });
    res.type(image.mediaType).set('Cache-Control', IMAGE_CACHE).send(image.data);
  });

  /**
   * OPDS-PSE: {pageNumber} counts from 0 (PSE 1.2) where REST and the services count from 1; the shift is made
   * here and only here. Always JPEG, the one type the feed declares; {maxWidth} only ever scales down.
   */
  router.get('/:bookId/pages/:pageNumber', async (req, res) => {
    const bookId = idParam(req, 'bookId', 'Book');
    const page = pageNumberParam(req) + 1;
    const image = await bookFiles.page(bookId, page, maxWidthParam(req), { jpeg: true });
    // Recorded before the page is sent, so the app's next feed already shows it.
    if (req.method === 'GET') {
      try {
        await books.pageStreamed(bookId, page, await settings.opdsPseMarksRead());
      } catch (error) {
        // The page can still be served; a progress write that fails is only logged.
        logger.warn({ err: error, bookId }, 'reading progress from page streaming not saved');
      }
    }
    res.type(image.mediaType).set('Cache-Control', IMAGE_CACHE).send(image.data);
  });
  return router;
}
