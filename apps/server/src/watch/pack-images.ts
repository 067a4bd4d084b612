import { createWriteStream } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { naturalCompare } from '../indexer/formats/natural-sort.js';

/** The images a folder of pages may hold (what the comic readers show). */
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.avif', '.jxl', '.bmp']);

export function isImageName(name: string): boolean {
  return IMAGE_EXTENSIONS.has(path.extname(name).toLowerCase());
}

/**
 * Packs a folder of images (a scan unpacked by the download client) into a CBZ at `target`: the images stored as
 * they are (already compressed), in natural order, under their names relative to the folder. Written under a hidden
 * name, flushed, then renamed: no half-made CBZ ever has the final name.
 */
export async function packImages(folder: string, images: readonly string[], target: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const image of [...images].sort(naturalCompare)) {
    zip.addFile(path.join(folder, ...image.split('/')), image, { compress: false });
  }
  zip.end();
  const temporary = path.join(path.dirname(target), `.packing-${path.basename(target)}`);
  try {
    await pipeline(zip.outputStream, createWriteStream(temporary, { flags: 'wx' }));
    const handle = await open(temporary, 'r+');
    await handle.sync().finally(() => handle.close());
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
