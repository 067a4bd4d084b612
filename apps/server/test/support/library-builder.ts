import { mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { buildZip } from '../formats/support/zip-writer.js';

let pageCache: Buffer | undefined;
/** A small real JPEG, so covers decode and thumbnails can be made. */
export async function samplePage(): Promise<Buffer> {
  pageCache ??= await sharp({ create: { width: 60, height: 90, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
  return pageCache;
}

export interface ComicOptions {
  pages?: number;
  comicInfo?: Record<string, string | number>;
  /** The first page's image (the cover), instead of the sample page. */
  cover?: Buffer;
}

export async function comicBuffer(options: ComicOptions = {}): Promise<Buffer> {
  const page = await samplePage();
  const entries = Array.from({ length: options.pages ?? 3 }, (_, i) => ({
    name: `page${i + 1}.jpg`,
    data: i === 0 && options.cover ? options.cover : page,
  }));
  if (options.comicInfo) {
    const fields = Object.entries(options.comicInfo)
      .map(([key, value]) => `  <${key}>${String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${key}>`)
      .join('\n');
    entries.push({
      name: 'ComicInfo.xml',
      data: Buffer.from(`<?xml version="1.0"?>\n<ComicInfo>\n${fields}\n</ComicInfo>\n`),
    });
  }
  return buildZip(entries);
}

/**
 * Replaces a CBZ the way most tools save files: write a temporary file, then rename it over the old one
 * (which, unlike rewriting in place, changes the folder's mtime).
 */
export async function replaceComic(root: string, relative: string, options: ComicOptions = {}): Promise<void> {
  const file = path.join(root, relative);
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  await writeFile(temporary, await comicBuffer(options));
  await rename(temporary, file);
}

/** Writes a CBZ under `root` (folders created), optionally with a fixed mtime. */
export async function writeComic(
  root: string,
  relative: string,
  options: ComicOptions & { mtime?: Date } = {},
): Promise<string> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await comicBuffer(options));
  if (options.mtime) await utimes(file, options.mtime, options.mtime);
  return file;
}
