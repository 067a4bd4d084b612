import { mayMarkFrontCover, parseComicInfo, type ComicInfo } from './comic-info.js';
import { BookFileError } from './errors.js';
import { sniffImageType } from './image-type.js';
import { MAX_PAGE_BYTES, MAX_XML_BYTES } from './limits.js';
import { findComicInfo, selectPages, type ArchiveEntry, type EntryReader } from './page-entries.js';
import type { BookFormat, BookInspection, EmbeddedMetadata, PageImage } from './types.js';
import { decodeXml } from './xml.js';

/** What the comic reader needs from a ZIP or a RAR. */
export type ComicArchive<E extends ArchiveEntry> = EntryReader<E>;

/** Reading order, refusing archives with no page (nothing to show) or with locked pages (nothing we can show). */
function pagesOf<E extends ArchiveEntry>(archive: ComicArchive<E>): E[] {
  const pages = selectPages(archive.entries);
  if (pages.length === 0) throw new BookFileError('empty', 'the archive holds no page images');
  if (pages.some((page) => page.encrypted)) throw new BookFileError('encrypted', 'the pages are password-protected');
  return pages;
}

/**
 * ComicInfo.xml, if any. An oversized or damaged one is an error like any other entry (a 2 MB ComicInfo is hostile).
 * One we cannot decode (locked, or compressed with a method we lack) is skipped: the page count is still true.
 * XML that does not parse is treated as absent, because sloppy taggers are common and the pages are still fine.
 */
async function readComicInfo<E extends ArchiveEntry>(archive: ComicArchive<E>): Promise<ComicInfo | null> {
  const text = await readComicInfoText(archive);
  return text === null ? null : parsedComicInfo(text);
}

/** ComicInfo.xml's text, or null when there is none or it cannot be decoded (see readComicInfo). */
async function readComicInfoText<E extends ArchiveEntry>(archive: ComicArchive<E>): Promise<string | null> {
  const entry = findComicInfo(archive.entries);
  if (!entry) return null;
  try {
    return decodeXml(await archive.read(entry, MAX_XML_BYTES, 'ComicInfo.xml'));
  } catch (err) {
    if (err instanceof BookFileError && (err.kind === 'encrypted' || err.kind === 'unsupported')) return null;
    throw err;
  }
}

function parsedComicInfo(text: string): ComicInfo | null {
  try {
    return parseComicInfo(text);
  } catch {
    return null;
  }
}

/**
 * What ComicInfo.xml says, reading that entry only: no page is listed as a page, read or measured, so an archive
 * whose pages are locked or missing still gives its metadata. `{}` when there is no ComicInfo (see readComicInfo).
 */
export async function readComicMetadata<E extends ArchiveEntry>(
  archive: ComicArchive<E>,
  signal?: AbortSignal,
): Promise<EmbeddedMetadata> {
  signal?.throwIfAborted();
  return (await readComicInfo(archive))?.metadata ?? {};
}

/** The page ComicInfo marks as FrontCover when it exists, else the first page, with its 1-based number. */
function coverPage<E extends ArchiveEntry>(pages: readonly E[], info: ComicInfo | null): { entry: E; page: number } {
  const index = info?.frontCoverIndex ?? 0;
  const chosen = index < pages.length ? index : 0;
  const entry = pages[chosen];
  if (!entry) throw new BookFileError('empty', 'the archive holds no page images');
  return { entry, page: chosen + 1 };
}

/**
 * Page count and metadata; with `fingerprint` (ZIP), the fingerprint of the entry `readComicCover` would make the
 * thumbnail from, so a rescan can tell whether the cover changed.
 */
export async function inspectComic<E extends ArchiveEntry>(
  archive: ComicArchive<E>,
  format: BookFormat,
  signal?: AbortSignal,
  fingerprint?: (entry: E) => string,
): Promise<BookInspection> {
  const pages = pagesOf(archive);
  signal?.throwIfAborted();
  const info = await readComicInfo(archive);
  const inspection: BookInspection = { format, pageCount: pages.length, metadata: info?.metadata ?? {} };
  if (fingerprint) inspection.coverFingerprint = fingerprint(coverPage(pages, info).entry);
  return inspection;
}

async function readImage<E extends ArchiveEntry>(archive: ComicArchive<E>, entry: E, page: number): Promise<PageImage> {
  const data = await archive.read(entry, MAX_PAGE_BYTES, `page ${page} (${entry.name})`);
  const mediaType = sniffImageType(data);
  if (mediaType === null) throw new BookFileError('corrupt', `page ${page} (${entry.name}) is not a readable image`);
  return { data, mediaType };
}

export async function readComicPage<E extends ArchiveEntry>(
  archive: ComicArchive<E>,
  page: number,
): Promise<PageImage> {
  const pages = pagesOf(archive);
  const entry = Number.isInteger(page) ? pages[page - 1] : undefined;
  if (!entry) throw new BookFileError('not_found', `page ${page} does not exist (the book has ${pages.length})`);
  return readImage(archive, entry, page);
}

/** The page ComicInfo marks as FrontCover when it exists, else the first page. */
export async function readComicCover<E extends ArchiveEntry>(archive: ComicArchive<E>): Promise<PageImage> {
  const pages = pagesOf(archive);
  const text = await readComicInfoText(archive);
  const info = text !== null && mayMarkFrontCover(text) ? parsedComicInfo(text) : null;
  const { entry, page } = coverPage(pages, info);
  return readImage(archive, entry, page);
}
