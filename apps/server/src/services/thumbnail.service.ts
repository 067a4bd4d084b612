import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { readCover, type BookFormat } from '../indexer/formats/index.js';
import type { Logger } from '../logger.js';

/** Stored as the thumbnail path of a book whose file has no usable cover. */
export const NO_THUMBNAIL = '';
const WIDTH = 300;
const HEIGHT = 400;

/**
 * Cover thumbnails under DATA_DIR/thumbnails, fitted inside 300×400 without enlarging. JPEG rather than WebP:
 * every OPDS reader (e-ink ones included) shows JPEG, and it encodes about three times faster.
 */
export class ThumbnailService {
  readonly directory: string;

  constructor(
    dataDir: string,
    readonly concurrency: number,
    private readonly logger: Logger,
  ) {
    this.directory = path.join(dataDir, 'thumbnails');
    // Each thumbnail uses one libvips thread; parallelism comes from `concurrency` thumbnails at once.
    // No operation cache: every cover is seen once, and the cache only holds memory.
    sharp.concurrency(1);
    sharp.cache(false);
  }

  /**
   * Writes the thumbnail of a book and returns its file name, or NO_THUMBNAIL when the book has no usable
   * cover (recorded so later scans do not try again until the file changes).
   */
  async generate(file: string, format: BookFormat, bookId: string): Promise<string> {
    try {
      const cover = await readCover(file, format);
      if (!cover) return NO_THUMBNAIL;
      await mkdir(this.directory, { recursive: true });
      const name = `${bookId}.jpg`;
      await sharp(cover.data, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize(WIDTH, HEIGHT, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: false })
        .toFile(path.join(this.directory, name));
      return name;
    } catch (error) {
      this.logger.debug({ err: error, bookId }, 'no thumbnail');
      return NO_THUMBNAIL;
    }
  }

  pathOf(name: string): string {
    return path.join(this.directory, path.basename(name));
  }
}
