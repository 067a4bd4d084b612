import type { RequestHandler } from 'express';

/**
 * What a book's files may do once a browser shows them: nothing scripted, nothing fetched from elsewhere, framed by
 * the admin only. The reader's engine works from the admin's page (its frames' sandbox omits `allow-scripts`); this
 * header covers a book's document opened any other way, and `sandbox` makes it a unique origin without scripts.
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
  "frame-ancestors 'self'",
  'sandbox allow-same-origin',
].join('; ');

/** Replaces the app-wide `X-Frame-Options: DENY` (app.ts) on this route only: the admin frames these files. */
export const epubSecurityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', EPUB_CONTENT_SECURITY_POLICY);
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  next();
};
