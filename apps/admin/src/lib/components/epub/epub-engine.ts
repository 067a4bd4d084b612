import type { EPUB } from 'foliate-js/epub.js';
import { withBase } from '../../paths.js';
import { emptyBookDocument, isSanitised, sanitiseBookResource } from './book-sanitiser.js';
import { OPAQUE_TYPE, XHTML_TYPE, bookType, isDocumentType, isPassiveType } from './book-types.js';
import { decideLink, type BookLink } from './book-urls.js';

/** foliate-js's `<foliate-view>`: the parts the reader drives. */
export interface FoliateView extends HTMLElement {
  book: {
    toc?: TocItem[];
    rendition?: { layout?: string };
    dir?: string;
    metadata?: { title?: unknown };
  };
  /** `atEnd`: on the last page (the reflowable renderer says; the fixed-layout one does not). */
  renderer: HTMLElement & { setStyles?(css: string): void; next(): Promise<void>; atEnd?: boolean };
  isFixedLayout: boolean;
  lastLocation: Relocation | null;
  open(book: unknown): Promise<void>;
  init(options: { lastLocation?: string | null; showTextStart?: boolean }): Promise<void>;
  goTo(target: string | number): Promise<unknown>;
  goToFraction(fraction: number): Promise<void>;
  prev(): Promise<void>;
  next(): Promise<void>;
  goLeft(): Promise<void>;
  goRight(): Promise<void>;
  search(options: { query: string }): AsyncGenerator<SearchEvent>;
  clearSearch(): void;
  close(): void;
}

export interface TocItem {
  label: string;
  href: string;
  subitems?: TocItem[] | null;
}

export interface Relocation {
  fraction?: number;
  cfi?: string;
  tocItem?: { label?: string; href?: string } | null;
  location?: { current: number; next: number; total: number };
}

export type SearchEvent =
  | 'done'
  | { progress: number }
  | { label: string; subitems: { cfi: string; excerpt: { pre: string; match: string; post: string } }[] };

interface Listing {
  entries: { path: string; size: number }[];
}

/**
 * Whether an archive entry's name is a plain path: no empty, `.` or `..` segment, no leading `/`, no `\`, and the
 * same once decoded (`%2e%2e`, `%2f`). Any other name would be resolved by the browser's URL parser into another path on this
 * server, fetched from the admin page with the reader's session; the server lists only plain names anyway.
 */
export function isPlainName(name: string): boolean {
  if (name === '' || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A `%` that starts no escape is a plain character.
    }
    return segment !== '' && decoded !== '.' && decoded !== '..' && !/[\\/]/.test(decoded);
  });
}

/**
 * The book's own address on the /epub route, one segment at a time so that names with spaces or `#` survive. A
 * name that is not plain (isPlainName) is refused: `..` is `..` however it is encoded, and would leave /epub.
 */
export function resourceUrl(bookId: string, name: string): string {
  if (!isPlainName(name)) throw new Error(`Not a file of the book: ${name}`);
  const path = name
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return withBase(`/epub/${encodeURIComponent(bookId)}/${path}`);
}

/** Files of the book the engine never gets from the server: what stands in for each (an empty document, or nothing). */
type Withheld = Map<string, string | null>;

/**
 * Every manifest item's type as a browser would read it (book-types.ts), written back where the engine reads it:
 * foliate-js sends only the four exact spellings it knows through the 'data' event (the sanitiser) and loads
 * anything else as it is, spine items included. A file that is neither a document, a style sheet nor inert (a
 * script, bytes of any kind) is never fetched; a spine item that is not a document afterwards (an image, a script…)
 * is shown as an empty document.
 */
function settleTypes(book: EPUB, withheld: Withheld) {
  const { manifest, spine } = book.resources;
  for (const item of manifest) {
    item.mediaType = bookType(item.mediaType ?? '');
    if (item.mediaType === OPAQUE_TYPE) withheld.set(item.href, null);
  }
  for (const { idref } of spine) {
    const item = manifest.find((candidate) => candidate.id === idref);
    if (item && !isDocumentType(item.mediaType!)) {
      item.mediaType = XHTML_TYPE;
      withheld.set(item.href, emptyBookDocument().text);
    }
  }
}

/**
 * Links in the book's documents: the engine follows `a[href]` itself, inside the book (its 'link' event), and
 * hands every other address to its 'external-link' event, which would `window.open()` it unless cancelled. That
 * event is always cancelled here and the address, decided on its parsed URL, goes to `onLinkOut` (the reader asks
 * before opening an http(s) one). A link the engine does not see (an `<area>`, an SVG `xlink:href`: the sanitiser
 * leaves neither) and a middle click would move the book's frame itself: cancelled too.
 */
function guardLinks(view: FoliateView, onLinkOut: (link: BookLink) => void) {
  view.addEventListener('external-link', (event) => {
    event.preventDefault();
    const { href } = (event as CustomEvent<{ href: unknown }>).detail;
    onLinkOut(decideLink(String(href), '', location.origin));
  });
  view.addEventListener('load', (event) => {
    const { doc } = (event as CustomEvent<{ doc: Document }>).detail;
    const stop = (click: Event) => {
      const target = click.target instanceof Element ? click.target.closest('a, area') : null;
      if (!target) return;
      const seenByEngine = click.type === 'click' && target.localName === 'a' && target.hasAttribute('href');
      if (!seenByEngine) click.preventDefault();
    };
    doc.addEventListener('click', stop, { capture: true });
    doc.addEventListener('auxclick', stop, { capture: true });
  });
}

/**
 * Opens the book in a new `<foliate-view>` inside `host`. The engine reads the book's files one by one from the
 * /epub route (never the whole file), so a 5 MB book starts with a few small requests; every document and style
 * sheet is sanitised before the engine uses it (book-sanitiser.ts), and a link that leaves the book goes to
 * `onLinkOut`, never to the browser.
 */
export async function openBook(
  bookId: string,
  host: HTMLElement,
  { onLinkOut }: { onLinkOut: (link: BookLink) => void },
): Promise<FoliateView> {
  const response = await fetch(withBase(`/epub/${encodeURIComponent(bookId)}`), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The book's files could not be listed (${response.status}).`);
  const listing = (await response.json()) as Listing;
  const entries = listing.entries.filter((entry) => isPlainName(entry.path));
  const sizes = new Map(entries.map((entry) => [entry.path, entry.size]));
  // Manifests written on Windows or macOS disagree with the archive on case: the route finds either.
  const lowerCase = new Map(entries.map((entry) => [entry.path.toLowerCase(), entry.path]));
  const known = (name: string) =>
    !isPlainName(name) ? undefined : sizes.has(name) ? name : lowerCase.get(name.toLowerCase());

  const fetchEntry = async (name: string) => {
    const real = known(name);
    if (real === undefined) return null;
    const answer = await fetch(resourceUrl(bookId, real), { credentials: 'same-origin' });
    if (!answer.ok) throw new Error(`${real} could not be loaded (${answer.status}).`);
    return answer;
  };
  const withheld: Withheld = new Map();
  const loader = {
    loadText: async (name: string) =>
      withheld.has(name) ? withheld.get(name)! : ((await fetchEntry(name))?.text() ?? null),
    loadBlob: async (name: string) =>
      withheld.has(name) ? new Blob([withheld.get(name) ?? '']) : ((await fetchEntry(name))?.blob() ?? new Blob([])),
    getSize: (name: string) => sizes.get(known(name) ?? '') ?? 0,
  };

  await import('foliate-js/view.js');
  const { EPUB: Epub } = await import('foliate-js/epub.js');
  const book = await new Epub(loader).init();
  settleTypes(book, withheld);
  // Every resource the engine turns into a blob: URL passes here, after it replaced the book's own references: a
  // document or a style sheet comes out sanitised, an inert file as it is, anything else as bytes nothing shows.
  book.transformTarget.addEventListener('data', (event) => {
    const detail = (event as CustomEvent<{ data: unknown; type: string; name: string }>).detail;
    const { type, name } = detail;
    const place = { origin: location.origin, path: name };
    if (typeof withheld.get(name) === 'string') {
      ({ text: detail.data, type: detail.type } = emptyBookDocument());
    } else if (isSanitised(type)) {
      const sanitised = Promise.resolve(detail.data).then((data) => sanitiseBookResource(String(data), type, place));
      detail.data = sanitised.then((result) => result.text);
      detail.type = sanitised.then((result) => result.type) as unknown as string;
    } else if (isPassiveType(type)) {
      detail.type = bookType(type);
    } else {
      detail.data = new Blob([]);
      detail.type = OPAQUE_TYPE;
    }
  });
  const view = document.createElement('foliate-view') as FoliateView;
  guardLinks(view, onLinkOut);
  host.append(view);
  await view.open(book);
  return view;
}
