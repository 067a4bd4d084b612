import { imageSize } from 'image-size';

import type { ComicArchive } from './comic-book.js';
import { BookFileError } from './errors.js';
import { PAGE_EXTENSIONS, sniffImageType } from './image-type.js';
import { MAX_PAGE_BYTES } from './limits.js';
import { selectPages, type ArchiveEntry } from './page-entries.js';
import type { PageMediaType } from './types.js';

/** A page's type and size in pixels, or null sizes when it was not measured (an entry deep in a solid archive). */
export interface MeasuredPage {
  mediaType: PageMediaType;
  width: number | null;
  height: number | null;
}

/**
 * How much of an entry is read to find its size. JPEG puts its frame header after any EXIF and ICC segments, which a
 * scanner or a phone can make tens of KB long; 64 KB finds it in nearly every page, and a page whose header lies
 * further is read whole (measureImage's second try).
 */
export const HEAD_BYTES = 64 * 1024;

/** The type a page's name claims: what an unread page is reported as (the page route sniffs the real bytes). */
export function mediaTypeFromName(name: string): PageMediaType {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return Object.hasOwn(PAGE_EXTENSIONS, extension) ? PAGE_EXTENSIONS[extension]! : 'image/jpeg';
}

/**
 * Width and height from an image's header (image-size parses headers only, never pixels), with EXIF orientation
 * applied for JPEG (a page stored sideways with orientation 6 or 8 is shown turned). Null when the bytes hold no
 * header it can read (a truncated head, an unknown format).
 */
export function imageDimensions(data: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(data);
    if (!(size.width > 0 && size.height > 0)) return null;
    const turned = size.orientation !== undefined && size.orientation >= 5;
    return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

export function measureImage(data: Uint8Array, name: string): MeasuredPage {
  const dimensions = imageDimensions(data);
  return {
    mediaType: sniffImageType(data) ?? mediaTypeFromName(name),
    width: dimensions?.width ?? null,
    height: dimensions?.height ?? null,
  };
}

/** How many page heads a ZIP or tar is read for at once. */
const HEADS_IN_FLIGHT = 8;

/** What page measuring needs from an archive beyond reading whole entries. */
export interface MeasurableArchive<E extends ArchiveEntry> extends ComicArchive<E> {
  /** The first bytes of an entry, when the archive can stop there (ZIP streams, tar offsets). */
  readHead?(entry: E, bytes: number, what: string): Promise<Buffer> | Buffer;
  /** False for an entry that costs the archive's earlier entries to reach (solid RAR or 7z past a block's start). */
  isCheapToRead?(entry: E): boolean;
}

async function measureEntry<E extends ArchiveEntry>(
  archive: MeasurableArchive<E>,
  entry: E,
  number: number,
): Promise<MeasuredPage> {
  const what = `page ${number} (${entry.name})`;
  if (archive.isCheapToRead?.(entry) === false) {
    return { mediaType: mediaTypeFromName(entry.name), width: null, height: null };
  }
  try {
    if (archive.readHead && entry.size > HEAD_BYTES) {
      const head = measureImage(await archive.readHead(entry, HEAD_BYTES, what), entry.name);
      if (head.width !== null) return head;
    }
    return measureImage(await archive.read(entry, MAX_PAGE_BYTES, what), entry.name);
  } catch (error) {
    // One unreadable page (locked, corrupt, too large) leaves its size unknown; the page route reports it when read.
    if (error instanceof BookFileError) return { mediaType: mediaTypeFromName(entry.name), width: null, height: null };
    throw error;
  }
}

/** Every page of a comic archive in reading order, measured from its header where that is cheap. */
export async function measureComicPages<E extends ArchiveEntry>(
  archive: MeasurableArchive<E>,
  signal?: AbortSignal,
): Promise<MeasuredPage[]> {
  const pages = selectPages(archive.entries);
  if (pages.length === 0) throw new BookFileError('empty', 'the archive holds no page images');
  // ZIP and tar heads are read with a few requests in flight, so file reads overlap; RAR and 7z calls are synchronous
  // WASM and gain nothing from it.
  const inFlight = archive.readHead ? HEADS_IN_FLIGHT : 1;
  const measured: MeasuredPage[] = [];
  for (let start = 0; start < pages.length; start += inFlight) {
    signal?.throwIfAborted();
    const batch = pages.slice(start, start + inFlight);
    measured.push(...(await Promise.all(batch.map((entry, i) => measureEntry(archive, entry, start + i + 1)))));
  }
  return measured;
}
