import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  BookFileError,
  imageDimensions,
  inspectBook,
  measurePages,
  readCover,
  readEmbeddedMetadata,
  readPage,
  THUMBNAIL_BOX,
  type PageImage,
} from '../formats/index.js';
import type { ReaderRequest, ReaderResults, UploadedImageFormat } from './protocol.js';
import { thumbnailResize, uprightSize } from './thumbnail-shape.js';

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
 * Cover thumbnails fitted inside 300×400 without enlarging, a strip's cut from its top (thumbnail-shape.ts). JPEG rather than WebP: every OPDS reader (e-ink ones
 * included) shows JPEG, and it encodes about three times faster (ADR 6).
 */
async function writeThumbnail(request: Extract<ReaderRequest, { op: 'thumbnail' }>): Promise<boolean> {
  const { path: file, format, output } = request;
  const cover = await readCover(file, format, THUMBNAIL_BOX, request.container);
  if (!cover) return false;
  const input = { limitInputPixels: 100_000_000, ...('raw' in cover ? { raw: cover.raw } : {}) };
  const thumbnail = await processImage('the cover', async () => {
    // The header only (no pixels decoded): a strip's shape decides where it is cut.
    const size = 'raw' in cover ? cover.raw : uprightSize(await sharp(cover.data, input).metadata());
    return sharp(cover.data, input)
      .rotate()
      .resize(thumbnailResize(size))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer();
  });
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

/** The widest a provider's cover is kept: the admin shows them small (candidates, series cards). */
export const REMOTE_COVER_WIDTH = 600;

/**
 * A cover from another host, decoded here rather than in the server (a crafted image crashes a reader, not the
 * server) and written again from its pixels, so nothing of the file as fetched (metadata, trailing bytes) is served.
 */
async function remoteCover(request: Extract<ReaderRequest, { op: 'cover' }>): Promise<Buffer> {
  return processImage('the cover', () =>
    sharp(request.data, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize({ width: REMOTE_COVER_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer(),
  );
}

/** The most pixels an uploaded cover may have: a 20 MiB file can declare far more than it is worth decoding. */
export const UPLOADED_COVER_PIXEL_LIMIT = 50_000_000;
const UPLOADED_COVER_FORMATS: readonly string[] = ['jpeg', 'png', 'webp'] satisfies UploadedImageFormat[];

/**
 * An uploaded cover: libvips reads the header first (the format it finds in the content, whatever the upload was
 * called), then the image is decoded here, in a reader, and written again as a thumbnail from its pixels alone, so
 * nothing of the file as uploaded (EXIF, GPS, ICC comments, trailing bytes) is ever served.
 */
async function uploadedCover(request: Extract<ReaderRequest, { op: 'uploadedCover' }>): Promise<UploadedImageFormat> {
  const options = { limitInputPixels: UPLOADED_COVER_PIXEL_LIMIT, animated: false } as const;
  let format: string | undefined;
  let pixels: number;
  try {
    const metadata = await sharp(request.path, options).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch (error) {
    // libvips refuses the header of an image past the limit before anything is decoded.
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    throw new BookFileError(tooLarge ? 'too_large' : 'unsupported', tooLarge ? 'too many pixels' : 'not an image', {
      cause: error,
    });
  }
  if (format === undefined || !UPLOADED_COVER_FORMATS.includes(format)) {
    throw new BookFileError('unsupported', `the upload is ${format ?? 'no image'}, not a JPEG, PNG or WebP`);
  }
  if (pixels > UPLOADED_COVER_PIXEL_LIMIT) {
    throw new BookFileError('too_large', `the image has ${pixels} pixels, more than ${UPLOADED_COVER_PIXEL_LIMIT}`);
  }
  const thumbnail = await processImage('the uploaded cover', () =>
    sharp(request.path, options)
      .rotate()
      .resize(THUMBNAIL_BOX.width, THUMBNAIL_BOX.height, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer(),
  );
  await writeMakingFolder(request.output, thumbnail);
  return format as UploadedImageFormat;
}

/** What a reader process does for one request. */
export async function runReaderRequest(request: ReaderRequest): Promise<ReaderResults[keyof ReaderResults]> {
  switch (request.op) {
    case 'inspect':
      return inspectBook(request.path, request.format, { container: request.container });
    case 'metadata':
      return readEmbeddedMetadata(request.path, request.format, { container: request.container });
    case 'pages':
      return measurePages(request.path, request.format, { container: request.container });
    case 'thumbnail':
      return writeThumbnail(request);
    case 'page':
      return scaledPage(request);
    case 'cover':
      return remoteCover(request);
    case 'uploadedCover':
      return uploadedCover(request);
  }
}
