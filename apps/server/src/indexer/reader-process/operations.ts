import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  BookFileError,
  imageDimensions,
  inspectBook,
  measurePages,
  readCover,
  readPage,
  THUMBNAIL_BOX,
  type PageImage,
} from '../formats/index.js';
import type { ReaderRequest, ReaderResults } from './protocol.js';

// Each image uses one libvips thread: parallelism comes from several books at once. No operation cache: every
// cover is seen once, and the cache only holds memory.
sharp.concurrency(1);
sharp.cache(false);

/**
 * One libvips pipeline at a time in a process: a reader runs two requests at once so that one reads its file while
 * the other decodes, and two decodes at once would only share its core. A PNG or WebP page cannot be shrunk while it
 * is decoded, so a 1600×2400 one holds 8–15 MB of pixels: two at once were the reader's peak.
 */
let imageQueue: Promise<unknown> = Promise.resolve();

function oneImageAtATime<T>(run: () => Promise<T>): Promise<T> {
  const result = imageQueue.then(run);
  imageQueue = result.catch(() => undefined);
  return result;
}

/**
 * Runs a libvips pipeline on an image read from a book. Whatever it throws (a corrupt header, a truncated JPEG, an
 * image past the pixel limit) is the book's fault, never the machine's: the pipeline only reads memory and writes
 * memory, so no file system error can come from it.
 */
async function processImage(what: string, pipeline: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await oneImageAtATime(pipeline);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const kind = /pixel limit/i.test(message) ? 'too_large' : 'corrupt';
    throw new BookFileError(kind, `${what} cannot be decoded: ${message}`, { cause: error });
  }
}

/**
 * Cover thumbnails fitted inside 300×400 without enlarging. JPEG rather than WebP: every OPDS reader (e-ink ones
 * included) shows JPEG, and it encodes about three times faster (ADR 6).
 */
async function writeThumbnail(request: Extract<ReaderRequest, { op: 'thumbnail' }>): Promise<boolean> {
  const { path: file, format, output } = request;
  const cover = await readCover(file, format, THUMBNAIL_BOX, request.container);
  if (!cover) return false;
  const thumbnail = await processImage('the cover', () =>
    sharp(cover.data, { limitInputPixels: 100_000_000, ...('raw' in cover ? { raw: cover.raw } : {}) })
      .rotate()
      .resize(THUMBNAIL_BOX.width, THUMBNAIL_BOX.height, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer(),
  );
  await writeMakingFolder(output, thumbnail);
  return true;
}

/** Writes `file`, making its folder only when it is missing: a scan writes thousands of thumbnails to one folder. */
async function writeMakingFolder(file: string, data: Buffer): Promise<void> {
  try {
    await writeFile(file, data);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }
}

async function scaledPage(request: Extract<ReaderRequest, { op: 'page' }>): Promise<PageImage> {
  const image = await readPage(request.path, request.format, request.page, { container: request.container });
  // The page's own size rides along, so the server can record it for a solid archive's entry (book-pages.service).
  const original = imageDimensions(image.data);
  if (original) image.original = { ...original, mediaType: image.mediaType };
  const toJpeg = request.jpeg === true && image.mediaType !== 'image/jpeg';
  if (request.width === undefined && !toJpeg) return image;
  const png = image.mediaType === 'image/png' && request.jpeg !== true;
  const data = await processImage(`page ${request.page}`, () => {
    let pipeline = sharp(image.data, { limitInputPixels: 200_000_000 });
    if (request.width !== undefined) pipeline = pipeline.resize({ width: request.width, withoutEnlargement: true });
    // JPEG has no transparency: transparent areas of PNG, GIF or WebP pages become white, like paper.
    return (png ? pipeline.png() : pipeline.flatten({ background: '#ffffff' }).jpeg()).toBuffer();
  });
  return { data, mediaType: png ? 'image/png' : 'image/jpeg', ...(image.original ? { original: image.original } : {}) };
}

/** What a reader process does for one request. */
export async function runReaderRequest(request: ReaderRequest): Promise<ReaderResults[keyof ReaderResults]> {
  switch (request.op) {
    case 'inspect':
      return inspectBook(request.path, request.format, { container: request.container });
    case 'pages':
      return measurePages(request.path, request.format, { container: request.container });
    case 'thumbnail':
      return writeThumbnail(request);
    case 'page':
      return scaledPage(request);
  }
}
