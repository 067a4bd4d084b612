import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** @typedef {NonNullable<import('@sveltejs/kit/vite').Config['csp']>} Csp */

/**
 * The admin's Content-Security-Policy, sent by SvelteKit with every page it renders (`csp` in vite.config.ts). Hash
 * mode: SvelteKit adds the hash of the start-up script it writes into each page; the inline scripts of app.html (the
 * theme before first paint) are hashed here, at build time, because SvelteKit hashes only what it writes itself.
 *
 * The EPUB reader shows each document of a book as a `blob:` frame of the admin's origin, and such a frame inherits
 * this policy (an SVG document included, which cannot carry a policy of its own), so the policy is also the book's
 * outer wall: `blob:` and `data:` appear only where the readers need them. ADR 17 says why each source is there.
 *
 * @param {string} appHtml the text of src/app.html
 * @returns {NonNullable<Csp['directives']>}
 */
export function adminDirectives(appHtml) {
  return {
    'default-src': ['self'],
    'script-src': ['self', ...inlineScriptHashes(appHtml)],
    'style-src': ['self', 'blob:', 'unsafe-inline'],
    'img-src': ['self', 'blob:', 'data:'],
    'font-src': ['self', 'blob:', 'data:'],
    'media-src': ['self', 'blob:'],
    'frame-src': ['blob:'],
    'connect-src': ['self'],
    'object-src': ['none'],
    'base-uri': ['none'],
    'form-action': ['self'],
    'frame-ancestors': ['none'],
  };
}

/**
 * `sha256-…` of every inline `<script>` of the template, as the browser hashes it: the exact text between the tags.
 *
 * @param {string} html
 * @returns {`sha256-${string}`[]}
 */
export function inlineScriptHashes(html) {
  /** @type {`sha256-${string}`[]} */
  const hashes = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/**
 * @param {URL} appHtml where src/app.html is
 * @returns {Csp}
 */
export function adminCsp(appHtml) {
  return { mode: 'hash', directives: adminDirectives(readFileSync(appHtml, 'utf8')) };
}
