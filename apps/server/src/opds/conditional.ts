import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { viewerCacheKey } from '../domain/viewer.js';
import type { Freshness } from '../services/catalog-freshness.js';
import { currentViewer } from '../services/viewer-context.js';

/**
 * Validators of one catalog document: its ETag changes with the catalog version, with what the document's links
 * depend on (its URL and the link base) and with who asks (whose progress it shows, which libraries it lists: the
 * viewer's cache key), so it never needs the feed itself to be built, and one reader's ETag never matches a feed
 * rendered for another (the rendered-feed cache is keyed by it too).
 */
export function validatorsFor(freshness: Freshness, req: Request, base: string) {
  const viewer = viewerCacheKey(currentViewer());
  const hash = createHash('sha1')
    .update(`${freshness.tag}\n${req.originalUrl}\n${base}\n${viewer}`)
    .digest('base64url');
  return { etag: `W/"${hash.slice(0, 22)}"`, modifiedAt: freshness.modifiedAt, lastModified: freshness.lastModified };
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * RFC 9110 §13.2.2: If-None-Match (weak comparison) decides when present, else If-Modified-Since, compared with the
 * date of the catalog as this reader now sees it (which may not have been sent yet: see Freshness.lastModified).
 */
export function isNotModified(req: Request, etag: string, modifiedAt: Date): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  const since = req.headers['if-modified-since'];
  if (since === undefined) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && modifiedAt.getTime() <= time;
}

export function setValidators(res: Response, etag: string, lastModified: Date | null): void {
  res.setHeader('ETag', etag);
  if (lastModified) res.setHeader('Last-Modified', lastModified.toUTCString());
  // Feeds hold reading progress: kept by the app, but checked with the server each time.
  res.setHeader('Cache-Control', 'private, no-cache');
}
