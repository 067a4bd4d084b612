import { resolve } from '$app/paths';

/**
 * Where the admin is served: `''` at the root of a host, `'/shelfmark'` under a reverse proxy's sub-path. Known at
 * run time, never built in: the build uses relative paths (SvelteKit's `paths.relative`, the default), so the HTML
 * shell the server sends for `/series/42` loads `../_app/…` and sets SvelteKit's base path to
 * `new URL('..', location).pathname` without its last slash. Behind a proxy that strips `/shelfmark`, the browser is
 * at `/shelfmark/series/42` and the base is `/shelfmark`. Nothing is configured.
 *
 * (`$app/paths` no longer exports `base` in SvelteKit 3: `resolve('/')` is it with a slash. Outside a page, in unit
 * tests, there is none.)
 */
const root: string = resolve('/');
const base = root.startsWith('/') ? root.slice(0, -1) : '';

/**
 * Every address the admin writes, of its own pages (links, `goto`) and of the server (tRPC, images, downloads), goes
 * through here, so the admin works at the root of a host or under a sub-path without a rebuild.
 *
 * `path` is root-relative (`/series/42`, `/api/v1/books/1/thumbnail` as tRPC answers `thumbnail_url`, a provider's
 * cover as `/api/v1/covers/remote?…`); an absolute URL, a protocol-relative or a relative one is returned as it is.
 */
export function withBase(path: string): string;
export function withBase(path: string | null): string | null;
export function withBase(path: string | null): string | null {
  if (path === null || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${base}${path}`;
}

/** The admin's own pathname (`/series/42`) of the browser's (`/shelfmark/series/42`). */
export function withoutBase(pathname: string): string {
  if (base === '' || (pathname !== base && !pathname.startsWith(`${base}/`))) return pathname;
  return pathname.slice(base.length) || '/';
}
