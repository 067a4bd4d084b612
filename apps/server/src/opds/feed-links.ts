import type { Request } from 'express';

/** Where OPDS lives under the server root; every link a feed writes starts with `base + OPDS_ROOT`. */
export const OPDS_ROOT = '/opds';
export const V1_ROOT = `${OPDS_ROOT}/v1.2`;
export const V2_ROOT = `${OPDS_ROOT}/v2`;

const SAFE_PREFIX = /^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/;

/**
 * What links start with. Behind a trusted reverse proxy (TRUST_PROXY) that says how it is reached
 * (X-Forwarded-Proto/-Host/-Prefix), links are absolute, so they stay right when the proxy serves Shelfmark at a
 * sub-path; otherwise they are root-relative and follow whatever address the app typed.
 */
export function linkBase(req: Request): string {
  if (!forwardedHeadersTrusted(req)) return '';
  const forwarded = ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-prefix'].some(
    (name) => req.headers[name] !== undefined,
  );
  if (!forwarded) return '';
  return `${req.protocol}://${req.host}${forwardedPrefix(req)}`;
}

/** The absolute address of this server as the client reached it (for documents whose ids must be absolute URIs). */
export function absoluteBase(req: Request): string {
  const base = linkBase(req);
  return base !== '' ? base : `${req.protocol}://${req.host}`;
}

function forwardedHeadersTrusted(req: Request): boolean {
  const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  return trust !== undefined && trust(req.socket.remoteAddress ?? '', 0);
}

function forwardedPrefix(req: Request): string {
  const header = req.headers['x-forwarded-prefix'];
  const value = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().replace(/\/+$/, '') ?? '';
  return SAFE_PREFIX.test(value) ? value : '';
}

/** The values of a feed's query string: a list repeats its key (a repeatable filter), undefined is left out. */
export type QueryValues = Record<string, string | number | readonly string[] | undefined>;

/**
 * `path` with a query string of the defined values, in the order given. Every key and value is percent-encoded
 * (UTF-8): a value, however hostile (quotes, `../`, `<`, `&`, `#`), only ever lands in the query of `path`.
 */
export function withQuery(path: string, query: QueryValues): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of typeof value === 'object' ? value : [String(value)]) pairs.push([key, one]);
  }
  if (pairs.length === 0) return path;
  return `${path}?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`;
}

/** A series' uploaded cover (under OPDS_ROOT); `v`, the upload's random name, gives each upload its own address. */
export function seriesCoverPath(seriesId: string, image: string): string {
  return withQuery(`${OPDS_ROOT}/series/${seriesId}/cover`, { v: image.replace(/\.jpg$/, '') });
}

/** Paths of the book resources shared by both catalog versions (under OPDS_ROOT, Basic authentication). */
export const bookPaths = {
  file: (id: string) => `${OPDS_ROOT}/books/${id}/file`,
  cover: (id: string) => `${OPDS_ROOT}/books/${id}/cover`,
  thumbnail: (id: string) => `${OPDS_ROOT}/books/${id}/thumbnail`,
  /** OPDS-PSE template: the app replaces {pageNumber} (from 0) and {maxWidth}. */
  pageTemplate: (id: string) => `${OPDS_ROOT}/books/${id}/pages/{pageNumber}?maxWidth={maxWidth}`,
};
