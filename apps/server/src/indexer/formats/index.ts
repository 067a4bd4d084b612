// The format layer: what the indexer and the page/thumbnail endpoints call to read books. Design notes and the
// decisions behind the limits are in README.md next to this file.
import { formatForContainer } from './book-format.js';
import { inspectComic, readComicCover, readComicPage } from './comic-book.js';
import { BookFileError, toBookFileError } from './errors.js';
import { hasEpubContainer, inspectEpub, readEpubCover } from './epub-book.js';
import { inspectPdf, measurePdfPages, renderPdfCover, renderPdfPage } from './pdf-book.js';
import { measureComicPages, type MeasuredPage } from './page-sizes.js';
import type { RarArchive } from './rar-archive.js';
import { SevenZipArchive } from './seven-zip-archive.js';
import { FileSample } from './file-sample.js';
import { sniffContainer, sniffHead, type Container } from './sniff.js';
import { TarArchive } from './tar-archive.js';
import type { BookFormat, BookInspection, PageImage, RawImage } from './types.js';
import { ZipArchive, zipEntryFingerprint } from './zip-archive.js';
import { NeedsFullReader, ZipDirectory } from './zip-directory.js';

/**
 * The RAR reader is imported on the first RAR: its glue (node-unrar-js) weighs ~0.4 MB of heap in every process that
 * loads this module (the server, its analysis thread), and only the reader processes open RAR books.
 */
async function openRar(path: string, signal?: AbortSignal): Promise<RarArchive> {
  const { RarArchive } = await import('./rar-archive.js');
  return RarArchive.open(path, signal);
}

export { formatFromExtension } from './book-format.js';
export { BookFileError, toBookFileError, type BookFileErrorKind } from './errors.js';
export { readEmbeddedMetadata, type ReadMetadataOptions } from './embedded-metadata.js';
export { FileSample } from './file-sample.js';
export { sniffContainer, sniffHead, type Container } from './sniff.js';
export { imageDimensions, type MeasuredPage } from './page-sizes.js';
export type {
  BookFormat,
  BookInspection,
  EmbeddedMetadata,
  PageImage,
  PageMediaType,
  RawImage,
  StoryArc,
} from './types.js';

export interface InspectOptions {
  /** Aborts between steps (archive listing, metadata parsing); a running WASM call finishes first. */
  signal?: AbortSignal;
  /** The container when the caller has sniffed it already (saves reading the head again). */
  container?: Container;
  /** The file opened already (see FileSample): a plain ZIP is then listed and read from it, without yauzl. */
  sample?: FileSample;
}

/**
 * Runs an operation and turns whatever it throws into a BookFileError (see toBookFileError for what passes through).
 * Messages never contain the path: the caller knows it, and API responses should not leak server paths.
 */
async function guarded<T>(signal: AbortSignal | undefined, operation: () => Promise<T>): Promise<T> {
  try {
    signal?.throwIfAborted();
    return await operation();
  } catch (err) {
    throw toBookFileError(err, 'the book', signal);
  }
}

/** Opens the ZIP, works out whether it is read as an EPUB or a comic, and always closes it. */
async function withZip<T>(
  path: string,
  claimed: BookFormat,
  signal: AbortSignal | undefined,
  use: (zip: ZipArchive, format: BookFormat) => Promise<T>,
): Promise<T> {
  const zip = await ZipArchive.open(path, signal);
  try {
    return await use(zip, formatForContainer(claimed, 'zip', hasEpubContainer(zip)));
  } finally {
    zip.close();
  }
}

/** A ZIP inspected from the bytes a FileSample holds; null when it is not plain, for ZipArchive (yauzl) to read. */
async function inspectPlainZip(
  sample: FileSample,
  claimed: BookFormat,
  signal: AbortSignal | undefined,
): Promise<BookInspection | null> {
  try {
    const zip = await ZipDirectory.open(sample);
    const real = formatForContainer(claimed, 'zip', hasEpubContainer(zip));
    return await (real === 'epub' ? inspectEpub(zip, signal) : inspectComic(zip, 'cbz', signal, zipEntryFingerprint));
  } catch (err) {
    if (err instanceof NeedsFullReader) return null;
    throw err;
  }
}

/**
 * Page count and embedded metadata. `format` is what the file name claims; the file's first bytes decide how it is
 * read, and the result's `format` says what it really is.
 */
export function inspectBook(path: string, format: BookFormat, options: InspectOptions = {}): Promise<BookInspection> {
  const { signal } = options;
  return guarded(signal, async () => {
    // Opened here when the caller has not, unless the container is known and is not a ZIP.
    const opened = options.sample || (options.container ?? 'zip') !== 'zip' ? null : await FileSample.open(path);
    const sample = options.sample ?? opened;
    try {
      const container = options.container ?? sniffHead(sample!.size, sample!.head);
      if (container === 'pdf') return await inspectPdf(path, signal);
      if (container === 'rar') return await inspectComic(await openRar(path, signal), 'cbr', signal);
      if (container === '7z') return await inspectComic(await SevenZipArchive.open(path, signal), 'cb7', signal);
      if (container === 'tar') return await inspectComic(await TarArchive.open(path, signal), 'cbt', signal);
      const plain = sample && (await inspectPlainZip(sample, format, signal));
      if (plain) return plain;
      return await withZip(path, format, signal, (zip, real) =>
        real === 'epub' ? inspectEpub(zip, signal) : inspectComic(zip, 'cbz', signal, zipEntryFingerprint),
      );
    } finally {
      await opened?.close();
    }
  });
}

/** Page `page` (1-based) as an image: the archive's own bytes for comics, a PNG rendering for PDFs. */
export function readPage(
  path: string,
  format: BookFormat,
  page: number,
  options: Pick<InspectOptions, 'container'> = {},
): Promise<PageImage> {
  return guarded(undefined, async () => {
    const container = options.container ?? (await sniffContainer(path));
    if (container === 'pdf') return renderPdfPage(path, page);
    if (container === 'rar') return readComicPage(await openRar(path), page);
    if (container === '7z') return readComicPage(await SevenZipArchive.open(path), page);
    if (container === 'tar') return readComicPage(await TarArchive.open(path), page);
    return withZip(path, format, undefined, (zip, real) => {
      if (real === 'epub') throw new BookFileError('unsupported', 'EPUB books are reflowable and have no page images');
      return readComicPage(zip, page);
    });
  });
}

/**
 * Every page's media type and size from image headers (PDF: page boxes), in reading order. Entries of a solid RAR or
 * 7z past the first are not read (null sizes): reaching them costs decompressing the pages before them.
 */
export function measurePages(path: string, format: BookFormat, options: InspectOptions = {}): Promise<MeasuredPage[]> {
  const { signal } = options;
  return guarded(signal, async () => {
    const container = options.container ?? (await sniffContainer(path));
    if (container === 'pdf') return measurePdfPages(path, signal);
    if (container === 'rar') return measureComicPages(await openRar(path, signal), signal);
    if (container === '7z') return measureComicPages(await SevenZipArchive.open(path, signal), signal);
    if (container === 'tar') return measureComicPages(await TarArchive.open(path, signal), signal);
    return withZip(path, format, signal, (zip, real) => {
      if (real === 'epub') throw new BookFileError('unsupported', 'EPUB books are reflowable and have no page images');
      return measureComicPages(zip, signal);
    });
  });
}

/** The box thumbnails fit in (ADR 6). */
export const THUMBNAIL_BOX = { width: 300, height: 400 } as const;

/**
 * The cover: for comics the page ComicInfo marks as FrontCover or else the first page, for PDFs page 1 rendered (as
 * pixels, at the size that fits `thumbnailBox`: covers are only made into thumbnails), for EPUBs the OPF's cover
 * image, or null when an EPUB declares none.
 */
export function readCover(
  path: string,
  format: BookFormat,
  thumbnailBox: { width: number; height: number } = THUMBNAIL_BOX,
  sniffed?: Container,
): Promise<PageImage | RawImage | null> {
  return guarded(undefined, async () => {
    const container = sniffed ?? (await sniffContainer(path));
    if (container === 'pdf') return renderPdfCover(path, thumbnailBox);
    if (container === 'rar') return readComicCover(await openRar(path));
    if (container === '7z') return readComicCover(await SevenZipArchive.open(path));
    if (container === 'tar') return readComicCover(await TarArchive.open(path));
    return withZip(path, format, undefined, (zip, real) =>
      real === 'epub' ? readEpubCover(zip) : readComicCover(zip),
    );
  });
}
