import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

import type * as MuPdfModule from 'mupdf';

import { dateFromPdf } from './dates.js';
import { BookFileError } from './errors.js';
import { MAX_LIST_VALUES, MAX_SUMMARY_LENGTH, PDF_RENDER_MAX_DPI, PDF_RENDER_MAX_SIDE } from './limits.js';
import { cleanLine, htmlToText, splitList, uniqueNames } from './text.js';
import type { BookInspection, EmbeddedMetadata, PageImage, RawImage } from './types.js';

type MuPdf = typeof MuPdfModule;
type MuDocument = InstanceType<MuPdf['Document']>;

/** MuPDF's first error messages of the current call, to explain failures. */
let mupdfErrors: string[] = [];
let loading: Promise<MuPdf> | undefined;

/**
 * Loaded on first use: the WASM module is large and top-level-awaits its own start-up. MuPDF's log is process-wide;
 * it goes to stderr by default, and its warnings ("trying to repair broken xref") are noise for a library scan.
 */
function loadMuPdf(): Promise<MuPdf> {
  loading ??= import('mupdf').then((mupdf) => {
    mupdf.setLog({
      error: (message) => void (mupdfErrors.length < 10 && mupdfErrors.push(message)),
      warning: () => undefined,
    });
    return mupdf;
  });
  return loading;
}

/**
 * Opens a PDF through a stream over its file descriptor, so MuPDF reads the parts it needs instead of the whole file.
 * Everything after this is synchronous, so the descriptor and the document are released before anything else runs.
 */
function withDocument<T>(mupdf: MuPdf, path: string, use: (document: MuDocument) => T): T {
  const fd = openSync(path, 'r');
  let closed = false;
  const close = (): void => {
    if (!closed) closeSync(fd);
    closed = true;
  };
  mupdfErrors = [];
  let stream: InstanceType<MuPdf['Stream']> | undefined;
  let document: MuDocument | undefined;
  try {
    const size = fstatSync(fd).size;
    stream = new mupdf.Stream({
      fileSize: () => size,
      // An exception must not unwind through MuPDF's WASM frames; a short read makes it report a broken file.
      read: (memory, offset, length, position) => {
        try {
          return readSync(fd, memory, offset, length, position);
        } catch {
          return 0;
        }
      },
      close,
    });
    try {
      document = mupdf.Document.openDocument(stream, 'application/pdf');
    } catch (err) {
      throw corrupt('the PDF cannot be opened', err);
    }
    if (document.needsPassword()) throw new BookFileError('encrypted', 'the PDF is password-protected');
    return use(document);
  } finally {
    document?.destroy();
    stream?.destroy();
    close();
    // MuPDF keeps decoded images and fonts in its store (up to 256 MB) for the next use of the same document, but
    // every call opens its own: kept, they only grow the WASM heap, which never shrinks (200 PDF covers: +200 MB).
    mupdf.emptyStore();
  }
}

function corrupt(what: string, err: unknown): BookFileError {
  const detail = mupdfErrors[0] ?? (err instanceof Error ? err.message : String(err));
  return new BookFileError('corrupt', `${what}: ${detail}`, { cause: err });
}

function countPages(document: MuDocument): number {
  let count: number;
  try {
    count = document.countPages();
  } catch (err) {
    throw corrupt('the PDF page tree is unreadable', err);
  }
  if (count <= 0) throw new BookFileError('empty', 'the PDF has no pages');
  return count;
}

/**
 * Info dictionary. Author is split on `,`, `;`, `&` and ` and ` because PDF has a single Author string for all of
 * them; URLs are dropped (ImageMagick and some scanners put their home page there). Every author is role `author`:
 * the info dictionary says nothing of who did what. Keywords are tags, split on `,` and `;` (writers use either).
 */
function readMetadata(document: MuDocument): EmbeddedMetadata {
  const info = (key: string): string | undefined => document.getMetaData(`info:${key}`);
  const metadata: EmbeddedMetadata = {};
  const title = cleanLine(info('Title'));
  if (title !== undefined) metadata.title = title;
  const authors = uniqueNames((info('Author') ?? '').split(/[,;&]|\s+and\s+/i)).filter(
    (name) => !/^(https?:\/\/|www\.)/i.test(name),
  );
  if (authors.length > 0) metadata.authors = authors.map((name) => ({ name, role: 'author' as const }));
  const summary = htmlToText(info('Subject'), MAX_SUMMARY_LENGTH);
  if (summary !== undefined) metadata.summary = summary;
  const publishDate = dateFromPdf(info('CreationDate'));
  if (publishDate !== undefined) metadata.publishDate = publishDate;
  const tags = uniqueNames(splitList(info('Keywords')), MAX_LIST_VALUES);
  if (tags.length > 0) metadata.tags = tags;
  return metadata;
}

/** The info dictionary alone: no page is counted or loaded (the metadata upgrade reads nothing else). */
export async function readPdfMetadata(path: string, signal?: AbortSignal): Promise<EmbeddedMetadata> {
  const mupdf = await loadMuPdf();
  signal?.throwIfAborted();
  return withDocument(mupdf, path, readMetadata);
}

export async function inspectPdf(path: string, signal?: AbortSignal): Promise<BookInspection> {
  const mupdf = await loadMuPdf();
  signal?.throwIfAborted();
  return withDocument(mupdf, path, (document) => ({
    format: 'pdf',
    pageCount: countPages(document),
    metadata: readMetadata(document),
  }));
}

export interface RenderOptions {
  /** Longer side in pixels (default PDF_RENDER_MAX_SIDE). */
  maxSide?: number;
}

/**
 * Loads page `page` (1-based), renders it at the scale `scaleFor` picks for its size in points, and hands the pixmap
 * (RGB, no alpha) to `use`; everything is released before this returns.
 */
async function withRenderedPage<T>(
  path: string,
  page: number,
  scaleFor: (width: number, height: number) => number,
  use: (pixmap: InstanceType<MuPdf['Pixmap']>) => T,
): Promise<T> {
  const mupdf = await loadMuPdf();
  return withDocument(mupdf, path, (document) => {
    const count = countPages(document);
    if (!Number.isInteger(page) || page < 1 || page > count) {
      throw new BookFileError('not_found', `page ${page} does not exist (the book has ${count})`);
    }
    let loaded: ReturnType<MuDocument['loadPage']> | undefined;
    let pixmap: InstanceType<MuPdf['Pixmap']> | undefined;
    try {
      loaded = document.loadPage(page - 1);
      const [x0, y0, x1, y1] = loaded.getBounds();
      const width = x1 - x0;
      const height = y1 - y0;
      if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) {
        throw new Error(`page ${page} has no area`);
      }
      const scale = Math.min(scaleFor(width, height), PDF_RENDER_MAX_DPI / 72);
      pixmap = loaded.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
      return use(pixmap);
    } catch (err) {
      throw corrupt(`page ${page} cannot be rendered`, err);
    } finally {
      pixmap?.destroy();
      loaded?.destroy();
    }
  });
}

/**
 * Each page's size in points from its page box (rotation applied), without rendering anything: what spreads are
 * laid out from. Pages are served as PNG renderings of the same aspect ratio.
 */
export async function measurePdfPages(
  path: string,
  signal?: AbortSignal,
): Promise<{ mediaType: 'image/png'; width: number | null; height: number | null }[]> {
  const mupdf = await loadMuPdf();
  signal?.throwIfAborted();
  return withDocument(mupdf, path, (document) => {
    const count = countPages(document);
    const pages: { mediaType: 'image/png'; width: number | null; height: number | null }[] = [];
    for (let index = 0; index < count; index++) {
      let loaded: ReturnType<MuDocument['loadPage']> | undefined;
      try {
        loaded = document.loadPage(index);
        const [x0, y0, x1, y1] = loaded.getBounds();
        const width = Math.round(x1 - x0);
        const height = Math.round(y1 - y0);
        const known = Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0;
        pages.push({ mediaType: 'image/png', width: known ? width : null, height: known ? height : null });
      } catch {
        // A broken page object: its size stays unknown, and the page route reports the page when it is read.
        pages.push({ mediaType: 'image/png', width: null, height: null });
      } finally {
        loaded?.destroy();
      }
    }
    return pages;
  });
}

/** Renders a page with its longer side at most `maxSide` pixels and at most PDF_RENDER_MAX_DPI, as PNG. */
export function renderPdfPage(path: string, page: number, options: RenderOptions = {}): Promise<PageImage> {
  const maxSide = Math.min(options.maxSide ?? PDF_RENDER_MAX_SIDE, PDF_RENDER_MAX_SIDE);
  return withRenderedPage(
    path,
    page,
    (width, height) => maxSide / Math.max(width, height),
    (pixmap) => ({ data: Buffer.from(pixmap.asPNG()), mediaType: 'image/png' as const }),
  );
}

/**
 * Page 1 rendered straight at the size of its thumbnail (inside `box`), as
 * raw RGB pixels: MuPDF decodes the page's images at a fraction of their size (libjpeg's scaled decoding), and no
 * image is encoded here only to be decoded again by libvips. Rendering at 800 px and passing a JPEG cost 5× more.
 */
export function renderPdfCover(path: string, box: { width: number; height: number }): Promise<RawImage> {
  return withRenderedPage(
    path,
    1,
    (width, height) => Math.min(box.width / width, box.height / height),
    (pixmap) => ({
      // A copy: the pixels live in MuPDF's WASM heap, which the pixmap's destroy() gives back.
      data: Buffer.from(pixmap.getPixels()),
      raw: { width: pixmap.getWidth(), height: pixmap.getHeight(), channels: 3 as const },
    }),
  );
}
