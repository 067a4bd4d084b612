// Caps that keep hostile files from exhausting memory or CPU. Every one is checked against the size an archive
// declares (to refuse early) and against the bytes actually produced (because declarations can lie).

const MIB = 1024 * 1024;

/** Largest single page image we decompress. A 600 dpi double-page scan in PNG is about 60 MB. */
export const MAX_PAGE_BYTES = 100 * MIB;

/** Largest ComicInfo.xml, container.xml or OPF we decompress and parse; real ones are a few KB. */
export const MAX_XML_BYTES = 2 * MIB;

/** Deepest element nesting accepted in XML; ComicInfo and OPF need four or five levels. */
export const MAX_XML_DEPTH = 64;

/** Most entries an archive may list. Real comics hold a few hundred pages; the cap bounds listing time. */
export const MAX_ARCHIVE_ENTRIES = 50_000;

/**
 * In a solid RAR every entry before the one we want must be decompressed (and thrown away) first. This bounds that
 * work, so a page after a declared 40 GB entry is refused instead of burning minutes of CPU.
 */
export const MAX_SOLID_PREFIX_BYTES = 512 * MIB;

/** Rendered PDF pages fit in this many pixels on their longer side… */
export const PDF_RENDER_MAX_SIDE = 1600;
/** …and are never rendered above this resolution, so tiny pages are not blown up into blurry posters. */
export const PDF_RENDER_MAX_DPI = 300;

/** Longest title, series, language or author name kept; longer text is cut. */
export const MAX_TEXT_LENGTH = 1000;
/** Longest summary kept. */
export const MAX_SUMMARY_LENGTH = 65_535;
/** Most authors kept for one book. */
export const MAX_AUTHORS = 100;
/** Most values kept in one list (genres, tags, publishers, characters, teams, locations, story arcs). */
export const MAX_LIST_VALUES = 100;
/** Most web links kept for one book, and the longest one; longer addresses are dropped, not cut (a cut URL is wrong). */
export const MAX_WEB_LINKS = 20;
export const MAX_URL_LENGTH = 2000;
