import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { readCover, type BookFormat } from '../indexer/formats/index.js';
import type { Logger } from '../logger.js';

const WIDTH = 300;
const HEIGHT = 400;

/** Cover thumbnails under DATA_DIR/thumbnails, as WebP, fitted inside 300×400 without enlarging. */
export class ThumbnailService {
  readonly directory: string;

  constructor(
    dataDir: string,
    readonly concurrency: number,
    private readonly logger: Logger,
  ) {
    this.directory = path.join(dataDir, 'thumbnails');
    // Each thumbnail uses one libvips thread; parallelism comes from `concurrency` thumbnails at once.
    sharp.concurrency(1);
  }

  /** Writes the thumbnail of a book and returns its file name, or null when the book has no usable cover. */
  async generate(file: string, format: BookFormat, bookId: string): Promise<string | null> {
    try {
      const cover = await readCover(file, format);
      if (!cover) return null;
      await mkdir(this.directory, { recursive: true });
      const name = `${bookId}.webp`;
      await sharp(cover.data, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize(WIDTH, HEIGHT, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(path.join(this.directory, name));
      return name;
    } catch (error) {
      this.logger.debug({ err: error, bookId }, 'no thumbnail');
      return null;
    }
  }

  pathOf(name: string): string {
    return path.join(this.directory, path.basename(name));
  }
}
