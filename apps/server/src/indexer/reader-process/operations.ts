import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { inspectBook, readCover, readPage, type PageImage } from '../formats/index.js';
import type { ReaderRequest, ReaderResults } from './protocol.js';

const THUMBNAIL_WIDTH = 300;
const THUMBNAIL_HEIGHT = 400;

// Each image uses one libvips thread: parallelism comes from several books at once. No operation cache: every
// cover is seen once, and the cache only holds memory.
sharp.concurrency(1);
sharp.cache(false);

/**
 * Cover thumbnails fitted inside 300×400 without enlarging. JPEG rather than WebP: every OPDS reader (e-ink ones
 * included) shows JPEG, and it encodes about three times faster (ADR 6).
 */
async function writeThumbnail(file: string, format: ReaderRequest['format'], output: string): Promise<boolean> {
  const cover = await readCover(file, format);
  if (!cover) return false;
  await mkdir(path.dirname(output), { recursive: true });
  await sharp(cover.data, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: false })
    .toFile(output);
  return true;
}

async function scaledPage(request: Extract<ReaderRequest, { op: 'page' }>): Promise<PageImage> {
  const image = await readPage(request.path, request.format, request.page, { container: request.container });
  const toJpeg = request.jpeg === true && image.mediaType !== 'image/jpeg';
  if (request.width === undefined && !toJpeg) return image;
  const png = image.mediaType === 'image/png' && request.jpeg !== true;
  let pipeline = sharp(image.data, { limitInputPixels: 200_000_000 });
  if (request.width !== undefined) pipeline = pipeline.resize({ width: request.width, withoutEnlargement: true });
  // JPEG has no transparency: transparent areas of PNG, GIF or WebP pages become white, like paper.
  const data = await (png ? pipeline.png() : pipeline.flatten({ background: '#ffffff' }).jpeg()).toBuffer();
  return { data, mediaType: png ? 'image/png' : 'image/jpeg' };
}

/** What a reader process does for one request. */
export async function runReaderRequest(request: ReaderRequest): Promise<ReaderResults[keyof ReaderResults]> {
  switch (request.op) {
    case 'inspect':
      return inspectBook(request.path, request.format, { container: request.container });
    case 'thumbnail':
      return writeThumbnail(request.path, request.format, request.output);
    case 'page':
      return scaledPage(request);
  }
}
