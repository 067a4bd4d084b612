import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../domain/errors.js';
import type { Series } from '../entities/series.entity.js';
import type { SeriesCoverSource } from '../domain/series-cover.js';
import type { BookReader } from '../indexer/book-reader.js';
import { BookFileError } from '../indexer/formats/index.js';
import { sniffImageType } from '../indexer/formats/image-type.js';
import type { Logger } from '../logger.js';
import type { SeriesRepository } from '../repositories/series.repository.js';
import type { SeriesDetails, SeriesRef, SeriesService } from './series.service.js';

export type SeriesCoverChoice = { source: 'first_book' } | { source: 'book'; bookId: string };

/** The types an uploaded cover may be, read from its first bytes before any decoder sees it. */
const UPLOADABLE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);
const UPLOADED_NAME = /^[0-9a-f]{32}\.jpg$/;

/**
 * A series' cover as an administrator chooses it: the first book's (the default), one of its books', or an uploaded
 * image. The choice lives on the series, apart from the cover in effect that scans recompute, so rescans keep it.
 * Uploaded images become thumbnails in DATA_DIR/series-covers, under a new random name at every upload: the name
 * versions the cover's address (`cover_url`), so a new image shows at once wherever the old one was cached.
 */
export class SeriesCoverService {
  readonly directory: string;

  constructor(
    private readonly seriesRepository: SeriesRepository,
    private readonly series: SeriesService,
    private readonly reader: BookReader,
    dataDir: string,
    private readonly logger: Logger,
  ) {
    this.directory = path.join(dataDir, 'series-covers');
  }

  async choose(ref: SeriesRef, choice: SeriesCoverChoice): Promise<SeriesDetails> {
    const series = await this.series.metadata(ref);
    if (choice.source === 'book' && !(await this.seriesRepository.hasBookWithCover(series.id, choice.bookId))) {
      throw new ValidationError(`Book ${choice.bookId} is not a book of this series with a cover.`, [
        { path: 'book_id', message: 'Not a book of this series with a cover.', code: 'notInSeries' },
      ]);
    }
    await this.record(series, {
      source: choice.source,
      chosenBookId: choice.source === 'book' ? choice.bookId : null,
      image: null,
    });
    return this.series.details({ id: series.id });
  }

  /**
   * Makes the staged upload the series' cover. The staged file is the caller's (the uploader removes it); this
   * reads it and writes only the re-encoded thumbnail.
   */
  async upload(ref: SeriesRef, staged: string): Promise<SeriesDetails> {
    const series = await this.series.metadata(ref);
    const type = sniffImageType(await head(staged));
    if (type === null || !UPLOADABLE_TYPES.has(type)) {
      throw new UnsupportedMediaTypeError('The image must be a JPEG, PNG or WebP file.');
    }
    const name = `${randomBytes(16).toString('hex')}.jpg`;
    const output = path.join(this.directory, name);
    try {
      await this.reader.uploadedCover(staged, output);
    } catch (error) {
      await rm(output, { force: true });
      if (error instanceof BookFileError && error.kind === 'too_large') {
        throw new PayloadTooLargeError(`The image has too many pixels: ${error.message}.`);
      }
      if (error instanceof BookFileError && (error.kind === 'unsupported' || error.kind === 'corrupt')) {
        throw new UnsupportedMediaTypeError('The image cannot be read as a JPEG, PNG or WebP file.');
      }
      throw error;
    }
    try {
      await this.record(series, { source: 'upload', chosenBookId: null, image: name });
    } catch (error) {
      await rm(output, { force: true });
      throw error;
    }
    return this.series.details({ id: series.id });
  }

  /** The uploaded cover's thumbnail, for a series the viewer may see; 404 when it has none. */
  async image(seriesId: string): Promise<string> {
    const summary = await this.series.get(seriesId);
    if (summary.coverImage === null || !UPLOADED_NAME.test(summary.coverImage)) {
      throw new NotFoundError('Uploaded cover of series', seriesId);
    }
    return path.join(this.directory, summary.coverImage);
  }

  /** Saves the choice, then removes the uploaded image it replaced (after the commit: a failed save keeps it). */
  private async record(
    series: Series,
    cover: { source: SeriesCoverSource; chosenBookId: string | null; image: string | null },
  ): Promise<void> {
    const seriesId = series.id;
    const replaced = await this.seriesRepository.setCover(series, cover);
    if (replaced !== null && UPLOADED_NAME.test(replaced)) {
      await rm(path.join(this.directory, replaced), { force: true }).catch((error: unknown) => {
        this.logger.warn({ err: error, seriesId }, 'replaced series cover not removed');
      });
    }
  }
}

/** The first bytes of a file: enough for every signature sniffImageType knows. */
async function head(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(32);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
