/** How the reader lays a reflowable book out; kept in the browser (localStorage), the same for every book. */
export interface ReaderSettings {
  flow: 'paginated' | 'scrolled';
  /** Percent of the book's own size. */
  fontSize: number;
  fontFamily: 'book' | 'serif' | 'sans';
  lineHeight: 'book' | 'tight' | 'normal' | 'loose';
  margin: 'narrow' | 'normal' | 'wide';
  theme: 'light' | 'sepia' | 'dark';
}

export const FONT_SIZES = [70, 80, 90, 100, 110, 120, 140, 160, 180, 200] as const;
const LINE_HEIGHTS = { tight: 1.2, normal: 1.5, loose: 1.9 } as const;
/** Pixels between the text and the frame's edges, and the widest line, per margin choice. */
export const MARGINS = {
  narrow: { gap: '3%', margin: '24px', maxInline: '900px' },
  normal: { gap: '6%', margin: '48px', maxInline: '720px' },
  wide: { gap: '10%', margin: '72px', maxInline: '600px' },
} as const;

export const DEFAULT_SETTINGS: ReaderSettings = {
  flow: 'paginated',
  fontSize: 100,
  fontFamily: 'book',
  lineHeight: 'book',
  margin: 'normal',
  theme: 'light',
};

const KEY = 'shelfmark.epub-reader';

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export function loadSettings(storage: Pick<Storage, 'getItem'>, prefersDark: boolean): ReaderSettings {
  let saved: Partial<ReaderSettings>;
  try {
    saved = (JSON.parse(storage.getItem(KEY) ?? '{}') ?? {}) as Partial<ReaderSettings>;
  } catch {
    saved = {};
  }
  return {
    flow: oneOf(saved.flow, ['paginated', 'scrolled'], DEFAULT_SETTINGS.flow),
    fontSize: FONT_SIZES.includes(saved.fontSize as (typeof FONT_SIZES)[number])
      ? (saved.fontSize as number)
      : DEFAULT_SETTINGS.fontSize,
    fontFamily: oneOf(saved.fontFamily, ['book', 'serif', 'sans'], DEFAULT_SETTINGS.fontFamily),
    lineHeight: oneOf(saved.lineHeight, ['book', 'tight', 'normal', 'loose'], DEFAULT_SETTINGS.lineHeight),
    margin: oneOf(saved.margin, ['narrow', 'normal', 'wide'], DEFAULT_SETTINGS.margin),
    theme: oneOf(saved.theme, ['light', 'sepia', 'dark'], prefersDark ? 'dark' : 'light'),
  };
}

export function storeSettings(storage: Pick<Storage, 'setItem'>, settings: ReaderSettings): void {
  try {
    storage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private browsing or a full storage: the choice lasts for this visit.
  }
}

export function stepFontSize(current: number, direction: 1 | -1): number {
  const index = FONT_SIZES.findIndex((size) => size >= current);
  const next = Math.min(FONT_SIZES.length - 1, Math.max(0, (index < 0 ? FONT_SIZES.length - 1 : index) + direction));
  return FONT_SIZES[next]!;
}

/** The theme's paper and ink, read from the design tokens (the book's frames cannot see the admin's CSS). */
export interface ThemeColours {
  paper: string;
  ink: string;
  link: string;
}

/**
 * The style sheet given to every document of the book. The values come in as custom properties, so that the book's
 * own sizes stay relative (its headings stay larger than its text) and "book" leaves the publisher's choice alone.
 */
export function bookStyles(settings: ReaderSettings, colours: ThemeColours): string {
  const family =
    settings.fontFamily === 'serif'
      ? 'Georgia, "Times New Roman", serif'
      : settings.fontFamily === 'sans'
        ? 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
        : null;
  const lineHeight = settings.lineHeight === 'book' ? null : LINE_HEIGHTS[settings.lineHeight];
  return [
    `:root { --sm-paper: ${colours.paper}; --sm-ink: ${colours.ink}; --sm-link: ${colours.link};`,
    ` --sm-size: ${settings.fontSize}%; color-scheme: ${settings.theme === 'dark' ? 'dark' : 'light'}; }`,
    // Transparent: the reader's stage shows the paper, so a theme changed after a chapter loaded repaints at once
    // (the engine keeps the background a document had when it loaded).
    'html { background: transparent !important; color: var(--sm-ink) !important; }',
    'html { font-size: var(--sm-size) !important; }',
    'body { background: none !important; color: inherit !important; }',
    settings.theme === 'light'
      ? ''
      : 'body *:not(img, svg, image, video) { color: inherit !important; background-color: transparent !important; }',
    'a:any-link { color: var(--sm-link) !important; }',
    family ? `html, body, p, li, div, span, blockquote, td { font-family: ${family} !important; }` : '',
    lineHeight ? `p, li, blockquote, dd, div { line-height: ${lineHeight} !important; }` : '',
    'img, svg, video { max-width: 100%; }',
  ].join('\n');
}
