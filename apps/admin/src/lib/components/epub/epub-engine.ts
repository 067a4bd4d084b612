import { withBase } from '../../paths.js';
import { hardenDocument, isBookDocument } from './book-hardening.js';

/** foliate-js's `<foliate-view>`: the parts the reader drives. */
export interface FoliateView extends HTMLElement {
  book: {
    toc?: TocItem[];
    rendition?: { layout?: string };
    dir?: string;
    metadata?: { title?: unknown };
  };
  renderer: HTMLElement & { setStyles?(css: string): void; next(): Promise<void> };
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

/** The book's own address on the /epub route, one segment at a time so that names with spaces or `#` survive. */
export function resourceUrl(bookId: string, name: string): string {
  const path = name
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return withBase(`/epub/${encodeURIComponent(bookId)}/${path}`);
}

/**
 * Opens the book in a new `<foliate-view>` inside `host`. The engine reads the book's files one by one from the
 * /epub route (never the whole file), so a 5 MB book starts with a few small requests; every (X)HTML document is
 * hardened before it becomes a frame (book-hardening.ts).
 */
export async function openBook(bookId: string, host: HTMLElement): Promise<FoliateView> {
  const response = await fetch(withBase(`/epub/${encodeURIComponent(bookId)}`), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The book's files could not be listed (${response.status}).`);
  const listing = (await response.json()) as Listing;
  const sizes = new Map(listing.entries.map((entry) => [entry.path, entry.size]));
  // Manifests written on Windows or macOS disagree with the archive on case: the route finds either.
  const lowerCase = new Map(listing.entries.map((entry) => [entry.path.toLowerCase(), entry.path]));
  const known = (name: string) => (sizes.has(name) ? name : lowerCase.get(name.toLowerCase()));

  const fetchEntry = async (name: string) => {
    const real = known(name);
    if (real === undefined) return null;
    const answer = await fetch(resourceUrl(bookId, real), { credentials: 'same-origin' });
    if (!answer.ok) throw new Error(`${real} could not be loaded (${answer.status}).`);
    return answer;
  };
  const loader = {
    loadText: async (name: string) => (await fetchEntry(name))?.text() ?? null,
    loadBlob: async (name: string) => (await fetchEntry(name))?.blob() ?? new Blob([]),
    getSize: (name: string) => sizes.get(known(name) ?? '') ?? 0,
  };

  await import('foliate-js/view.js');
  const { EPUB } = await import('foliate-js/epub.js');
  const book = await new EPUB(loader).init();
  book.transformTarget.addEventListener('data', (event) => {
    const detail = (event as CustomEvent<{ data: unknown; type: string }>).detail;
    const type = detail.type;
    if (!isBookDocument(type)) return;
    const hardened = Promise.resolve(detail.data).then((data) => hardenDocument(String(data), type));
    detail.data = hardened.then((result) => result.text);
    detail.type = hardened.then((result) => result.type) as unknown as string;
  });
  const view = document.createElement('foliate-view') as FoliateView;
  host.append(view);
  await view.open(book);
  return view;
}
