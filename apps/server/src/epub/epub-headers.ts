import type { RequestHandler } from 'express';
import { ForbiddenError } from '../domain/errors.js';

/**
 * What a book's files may do if a browser ever showed one: nothing scripted, nothing fetched from elsewhere, framed
 * by nobody. The reader's engine only fetches these files and shows each document from the admin's page (ADR 16);
 * this header covers a response shown any other way, and `sandbox` makes it a unique origin without scripts.
 */
export const EPUB_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'none'",
  "object-src 'none'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data: blob:",
  "media-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  'sandbox allow-same-origin',
].join('; ');

export const epubSecurityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', EPUB_CONTENT_SECURITY_POLICY);
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  // The answer depends on what the request is for (below): a browser's cache must not hand a fetched file to a tab.
  res.vary('Sec-Fetch-Dest');
  next();
};

/**
 * What the admin's engine sends (Fetch Metadata): `Sec-Fetch-Dest: empty`, a fetch(). A client that sends no
 * Fetch Metadata (an old browser, curl, a script with a token) is not a page either. Any other destination would
 * make a book's file a page or a part of one on the admin's origin: a tab or a frame opened on it (`document`,
 * `iframe`, `frame`, `fencedframe`), an `<object>` or `<embed>`, or a page's script, style, image, font or worker
 * (a `<script src>` pointing here would pass the admin's `script-src 'self'`). All are refused before anything is
 * read, the sign-in included.
 */
export const onlyFetched: RequestHandler = (req, _res, next) => {
  const destination = req.headers['sec-fetch-dest'];
  if (destination !== undefined && destination !== 'empty') {
    throw new ForbiddenError(
      "A book's files are read by the admin's reader, never opened as a page or embedded in one " +
        `(Sec-Fetch-Dest: ${destination.slice(0, 40)}).`,
    );
  }
  next();
};
