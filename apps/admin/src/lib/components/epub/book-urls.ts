import { isPassiveType } from './book-types.js';

/**
 * What a URL written in a book may be, decided on the URL as the browser parses it (WHATWG URL: tabs and newlines
 * dropped, leading C0 controls and spaces stripped, schemes in any case, `\` as `/` in http(s)), never on the text
 * as written: `java&#x09;script:` and `http:/host` are only what the parser makes of them.
 *
 * By the time a document reaches the sanitiser the engine has replaced every reference to the book's own files with
 * a `blob:` URL of this page (foliate-js epub.js, Loader.loadReplaced), so a resource that is anything else points
 * outside the book. Links (`<a href>`) are left as the book wrote them, resolved here against the document's place
 * in the book.
 */

/** A host that names nothing (RFC 2606): a book's files as URLs, to resolve a link against its document. */
const BOOK_ORIGIN = 'https://book.invalid';
/** Two unrelated documents: an address that resolves to a place in each of them is a fragment and nothing else. */
const DOCUMENTS = [`${BOOK_ORIGIN}/one/document`, `${BOOK_ORIGIN}/two/other?query`];

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** A `data:` URL's media type, as fetch reads it (book-types.ts decides what it may be). */
function dataType(url: URL): string {
  return url.pathname.slice(0, Math.max(0, url.pathname.indexOf(',')));
}

/** `#id` (in any spelling): a place in the same document, which fetches nothing. */
export function isFragment(value: string): boolean {
  return DOCUMENTS.every((document) => {
    const url = parse(value, document);
    return url !== null && url.hash !== '' && url.href === `${document}${url.hash}`;
  });
}

/**
 * Whether a resource reference (an image, a style sheet, a font, a `url()`) stays inside the book: one of the
 * engine's `blob:` URLs of this page's origin, a passive `data:` URL, or a fragment. Anything else, relative
 * addresses included, names something the engine did not find in the book.
 */
export function isBookResource(value: string, origin: string): boolean {
  if (isFragment(value)) return true;
  const url = parse(value);
  if (url === null) return false;
  if (url.protocol === 'blob:') return url.origin === origin;
  if (url.protocol === 'data:') return isPassiveType(dataType(url));
  return false;
}

export type BookLink =
  /** A place in the book: `href` is relative to the document, and cannot climb above the book's root. */
  | { kind: 'inside'; href: string }
  /** Another site: `href` is the parsed, absolute address, the only one the reader may open (after asking). */
  | { kind: 'web'; href: string }
  | { kind: 'mail'; href: string }
  /** Anything else (`javascript:`, `data:`, `file:`, `blob:`, this server itself…): never followed. */
  | { kind: 'refused'; href: string };

const encodePath = (path: string) =>
  path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');

/**
 * `target` (a URL path from the book's root) as seen from the folder of `from` (a document's URL path). What comes
 * out is read as a path whatever it holds: a first segment with a `:` (`http:host/x`) would be a scheme and an empty
 * one (`//host/x`) a host, so such a path starts with `./`.
 */
function relativePath(from: string, target: string): string {
  const folders = from.slice(1).split('/').slice(0, -1);
  const parts = target.slice(1).split('/');
  let shared = 0;
  while (shared < folders.length && shared < parts.length - 1 && folders[shared] === parts[shared]) shared++;
  const relative = '../'.repeat(folders.length - shared) + parts.slice(shared).join('/');
  const first = relative.split('/')[0]!;
  return first === '' || first.includes(':') ? `./${relative}` : relative;
}

/**
 * Where a link in the document at `documentPath` (its path in the book) leads, as the engine will resolve it
 * (foliate-js resolveURL: the same parser over the document's path). `origin` is this page's: a link to its host
 * (on any port or scheme) is refused, since a book has no business with the server that shows it.
 */
export function decideLink(value: string, documentPath: string, origin: string): BookLink {
  const document = parse(encodePath(documentPath), `${BOOK_ORIGIN}/`);
  const url = document && parse(value, document.href);
  if (document === null || url === null) return { kind: 'refused', href: value };
  if (url.origin === BOOK_ORIGIN) {
    if (url.pathname === document.pathname && url.hash) return { kind: 'inside', href: url.hash };
    return { kind: 'inside', href: relativePath(document.pathname, url.pathname) + url.hash };
  }
  // A user name or password has no business in a book's link, and would pass for a host when shown
  // (`https://this.server.example:login@tracker.test/`).
  if (url.username !== '' || url.password !== '') return { kind: 'refused', href: url.href };
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== new URL(origin).hostname) {
    return { kind: 'web', href: url.href };
  }
  if (url.protocol === 'mailto:') return { kind: 'mail', href: url.href };
  return { kind: 'refused', href: url.href };
}
