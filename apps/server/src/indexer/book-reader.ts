import {
  FileSample,
  inspectBook,
  readPage,
  sniffContainer,
  sniffHead,
  toBookFileError,
  type BookFormat,
  type BookInspection,
  type Container,
  type MeasuredPage,
  type PageImage,
} from './formats/index.js';
import { partialMd5OfSample } from './partial-hash.js';
import type { ReaderPool } from './reader-process/reader-pool.js';

/**
 * Where each book is read. ZIP-based books (CBZ, EPUB) and tar-based ones (CBT) are read in the server: yauzl,
 * tar-stream and the XML parser are plain JavaScript whose memory the garbage collector takes back. PDF, RAR and 7z
 * files need MuPDF, UnRAR and 7-Zip compiled to WASM, whose heaps only ever grow, and images need libvips: those go
 * to the reader processes (reader-pool.ts).
 */
const readInServer = (container: Container): boolean => container === 'zip' || container === 'tar';

export class BookReader {
  constructor(private readonly pool: ReaderPool) {}

  /** Page count and embedded metadata (see formats/index.ts inspectBook). */
  async inspect(file: string, format: BookFormat, signal?: AbortSignal): Promise<BookInspection> {
    const container = await this.sniff(file);
    if (readInServer(container)) return inspectBook(file, format, { signal, container });
    return this.pool.run({ op: 'inspect', path: file, format, container }, signal);
  }

  /**
   * The inspection (or why it failed) and KOReader's partial hash (null when the file cannot be read), from one
   * opening of the file: its head and tail serve the sniff, the hash's first samples and a plain ZIP's listing.
   */
  async inspectAndHash(
    file: string,
    format: BookFormat,
    signal?: AbortSignal,
  ): Promise<{ inspection?: BookInspection; error?: unknown; partialHash: string | null }> {
    let sample: FileSample;
    try {
      sample = await FileSample.open(file);
    } catch (error) {
      return { error: toBookFileError(error, 'the book'), partialHash: null };
    }
    try {
      const hashing = partialMd5OfSample(sample).catch(() => null);
      try {
        const container = sniffHead(sample.size, sample.head);
        const inspection = readInServer(container)
          ? await inspectBook(file, format, { signal, container, sample })
          : await this.pool.run({ op: 'inspect', path: file, format, container }, signal);
        return { inspection, partialHash: await hashing };
      } catch (error) {
        // As inspect() throws it: the sniff's and inspectBook's errors are BookFileErrors already, the pool's its own.
        return { error, partialHash: await hashing };
      }
    } finally {
      await sample.close();
    }
  }

  /**
   * Page `page` (1-based), scaled down to `width` pixels when given; with `jpeg`, always a JPEG (libvips runs only
   * in the reader processes, so a ZIP page that needs converting goes there).
   */
  async page(
    file: string,
    format: BookFormat,
    page: number,
    width?: number,
    options: { jpeg?: boolean } = {},
  ): Promise<PageImage> {
    const container = await this.sniff(file);
    if (readInServer(container) && width === undefined) {
      const image = await readPage(file, format, page, { container });
      if (!options.jpeg || image.mediaType === 'image/jpeg') return image;
    }
    return this.pool.run({
      op: 'page',
      path: file,
      format,
      page,
      container,
      ...(width === undefined ? {} : { width }),
      ...(options.jpeg ? { jpeg: true } : {}),
    });
  }

  /**
   * Every page's type and size from its image header. Always in a reader process, ZIP included: a 300-page book is
   * 300 entries opened and inflated a little, work that would otherwise sit on the server's event loop.
   */
  async pages(file: string, format: BookFormat, signal?: AbortSignal): Promise<MeasuredPage[]> {
    const container = await this.sniff(file);
    return this.pool.run({ op: 'pages', path: file, format, container }, signal);
  }

  /** The container a file really is (its first bytes), whatever its name says. */
  container(file: string): Promise<Container> {
    return this.sniff(file);
  }

  /** Writes the cover thumbnail (JPEG) to `output`; false when the book has no usable cover. */
  thumbnail(file: string, format: BookFormat, output: string, signal?: AbortSignal): Promise<boolean> {
    return this.pool.run({ op: 'thumbnail', path: file, format, output }, signal);
  }

  private async sniff(file: string): Promise<Container> {
    try {
      return await sniffContainer(file);
    } catch (error) {
      throw toBookFileError(error, 'the book');
    }
  }
}
